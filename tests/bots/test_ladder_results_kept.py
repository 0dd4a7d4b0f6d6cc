"""The ladder's games kept in the repository (`benchmarks/ladder-results.jsonl`), from which
docs/bots.md's ladder figures come: every line a game of today's bots under the rules they were
played under, none twice, and the figures the docs give."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rajas_tui import bots
from rajas_tui.bots import ladder, tournament
from rajas_tui.cli import ladder_file, main

KEPT = Path(__file__).parents[2] / "benchmarks" / "ladder-results.jsonl"
# The rules version the kept games were played under. Version 2 changed a scoring chain that
# arose in none of the bot games measured, so the figures stand as measured under version 1
# (docs/bots.md, "What was run"), rated by `--rules-version 1`; games played under version 2
# start the ladder afresh.
PLAYED_UNDER = 1


def test_every_kept_game_is_one_of_todays_bots_and_none_is_kept_twice() -> None:
    kept = ladder_file.read(KEPT)
    assert kept.existed and not kept.cut_short and not kept.needs_break
    known, passed = ladder_file.usable(kept.records, PLAYED_UNDER)
    # A change that makes a bot choose otherwise changes its fingerprint: its kept games, and
    # the docs' figures from them, are then of bots that no longer play, and are played again.
    assert passed == 0, "games of other bots: play them again with --results"
    assert len(known) == len(kept.records)


@pytest.mark.parametrize(
    ("first", "second", "wins"),
    [
        ("random", "greedy", 100),
        ("random", "easy", 100),
        ("random", "normal", 100),
        ("greedy", "easy", 69),
        ("greedy", "normal", 92),
        ("easy", "normal", 78),
        ("random", "hard", 100),
        ("greedy", "hard", 97),
        ("easy", "hard", 94),
        ("normal", "hard", 87),
    ],
)
def test_a_finished_pairing_is_as_the_docs_say(first: str, second: str, wins: int) -> None:
    games = [
        record
        for record in ladder_file.read(KEPT).records
        if (record.players, record.table) == (2, (first, second))
    ]
    assert sorted(record.index for record in games) == list(range(100))
    assert all(record.seed == record.index + 1 for record in games)
    assert sum(record.winner == second for record in games) == wins
    low, high = tournament.wilson(wins, 100)
    docs = " ".join((KEPT.parents[1] / "docs/bots.md").read_text().split())
    assert f"`{second}` wins {wins} of 100 (Wilson 95% interval {low:.1%}–{high:.1%})" in docs
    assert (first, second) in ladder.tables(bots.KINDS, 2)


def test_the_2_player_ladder_is_as_the_docs_say(capsys: pytest.CaptureFixture[str]) -> None:
    """Every pairing holds its 100 games, and the ratings and the wins that docs/bots.md gives
    are those the kept games give."""
    _every_table_kept(2, 100, 1000)
    _ratings_and_wins_as_the_docs_say(2, "### 2 players", "### 4 players", capsys)


def test_the_4_player_ladder_is_as_the_docs_say(capsys: pytest.CaptureFixture[str]) -> None:
    """Every table of four kinds holds its 34 games, and the ratings and the counts of who
    finished ahead that docs/bots.md gives are those the kept games give."""
    _every_table_kept(4, 34, 170)
    _ratings_and_wins_as_the_docs_say(4, "### 4 players", "## Strength", capsys)


def _every_table_kept(players: int, games_a_table: int, games: int) -> None:
    """Every table of the ladder at `players` holds its games, `games` in all."""
    records = ladder_file.read(KEPT).records
    for table in ladder.tables(bots.KINDS, players):
        kept = [record for record in records if (record.players, record.table) == (players, table)]
        assert sorted(record.index for record in kept) == list(range(games_a_table)), table
    known, _ = ladder_file.usable(records, PLAYED_UNDER)
    # Every game kept, so that rating them plays none (a change of the bots would play all).
    assert ladder.recorded(bots.KINDS, [players], 100, 1, known, PLAYED_UNDER) == games


def _ratings_and_wins_as_the_docs_say(
    players: int, start: str, end: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The docs' section from `start` to `end` gives the command that rates the kept games of
    `players` players, and its ratings table and its table of wins are what that command says."""
    docs = " ".join((KEPT.parents[1] / "docs/bots.md").read_text().split())
    section = docs[docs.index(start) : docs.index(end)]
    command = (
        f"rajas simulate --ladder --games 100 --players {players} --seed 1 --rules-version "
        f"{PLAYED_UNDER} --results benchmarks/ladder-results.jsonl"
    )
    assert command in section
    # The docs' command itself: it only reads the file, as it plays no game of older rules.
    args = command.replace("benchmarks/ladder-results.jsonl", str(KEPT)).split()[1:]
    before = KEPT.read_bytes()
    assert main([*args, "--json"]) == 0
    assert KEPT.read_bytes() == before
    result = json.loads(capsys.readouterr().out)["counts"][str(players)]
    for kind, rated in result["ratings"].items():
        low, high = rated["ci95"]
        assert f"| `{kind}` | {rated['rating']:.0f} | {low:.0f} to {high:.0f} |" in section
    won = {(pair["first"], pair["second"]): pair["first_wins"] for pair in result["pairings"]}
    won |= {
        (pair["second"], pair["first"]): pair["games"] - pair["first_wins"]
        for pair in result["pairings"]
    }
    for kind in bots.KINDS:
        cells = [str(won[kind, other]) if other != kind else "–" for other in bots.KINDS]
        assert f"| `{kind}` | {' | '.join(cells)} |" in section
    assert {pair["games"] for pair in result["pairings"]} == {100 if players == 2 else 102}
