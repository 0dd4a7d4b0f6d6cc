"""`rajas simulate --ladder`: a round-robin of bot kinds at 2 and 4 players, a line per pairing,
then Bradley–Terry ratings with intervals, the win rates and the 60% goal; the same figures on
every run and however many processes play."""

from __future__ import annotations

import json
import math

import pytest

from rajas_tui import bots
from rajas_tui.bots import ladder
from rajas_tui.cli import main
from tests.helpers.exit_codes import exit_code

TINY = ["simulate", "--ladder", "--kinds", "random,greedy,easy", "--games", "2", "--seed", "4"]


def test_the_ladder_prints_each_pairing_then_ratings_win_rates_and_the_goal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # What is checked is the ladder's bookkeeping, not how well easy plays: greedy stands in
    # for it, so that twelve games take seconds, not minutes.
    monkeypatch.setitem(bots.BOTS, "easy", bots.BOTS["greedy"])
    assert main([*TINY, "--players", "2,4"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[:6]] == ["2 players"] * 3 + ["4 players"] * 3
    assert [line.split(":")[1].strip() for line in lines[:3]] == [
        "random against greedy",
        "random against easy",
        "greedy against easy",
    ]
    # At 4 players the three kinds sit at three tables, one game each, every pairing at each.
    for players, games in ((2, 2), (4, 3)):
        title = f"{players} players, {games} games a pairing: Bradley-Terry ratings (Elo scale,"
        assert any(line.startswith(title) for line in lines)
    header = lines.index(next(line for line in lines if line.startswith("bot ")))
    rows = lines[header + 1 : header + 4]
    assert sorted(row.split()[0] for row in rows) == ["easy", "greedy", "random"]
    ratings = [float(row.split()[1]) for row in rows]
    assert ratings == sorted(ratings, reverse=True), "best first"
    assert sum(ratings) == pytest.approx(3 * 1500, abs=2)
    for row in rows:
        rating, low, high = float(row.split()[1]), float(row.split()[2]), float(row.split()[4])
        assert low <= rating <= high
    matrix = lines.index("win rate of the row's bot against the column's:")
    assert "how often the row's bot finished ahead of the column's:" in lines[matrix:]
    assert lines[3].startswith("4 players: random against greedy: random finished ahead of ")
    assert lines[matrix + 1].split() == ["random", "greedy", "easy"]
    assert lines[matrix + 2].split()[:2] == ["random", "-"]
    goals = [line for line in lines if line.startswith("goal: ")]
    assert [g.split(">=")[0] for g in goals] == [
        "goal: greedy beats random ",
        "goal: easy beats greedy ",
    ]
    assert all(g.endswith((" met", " NOT met")) for g in goals)


def test_the_ladder_repeats_to_the_byte_and_in_several_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = [*TINY, "--players", "2", "--json"]
    args[args.index("random,greedy,easy")] = "random,greedy"
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    assert main([*args, "--jobs", "2"]) == 0
    assert capsys.readouterr().out == first
    result = json.loads(first)
    assert list(result["counts"]) == ["2"]
    pairings = result["counts"]["2"]["pairings"]
    assert [(p["first"], p["second"], p["games"]) for p in pairings] == [("random", "greedy", 2)]
    assert main([*args[:-4], "5", "--players", "2", "--json"]) == 0
    assert capsys.readouterr().out != first, "another seed, other games and intervals"


def _pairing(first: str, second: str, first_wins: int, games: int) -> ladder.Pairing:
    firsts = (True,) * first_wins + (False,) * (games - first_wins)
    return ladder.Pairing(2, first, second, firsts)


def test_bradley_terry_ratings_from_known_counts() -> None:
    # Two kinds: the fit's odds are the counts' odds with half a win added each way.
    ratings = ladder.fit(["a", "b"], [_pairing("a", "b", 75, 100)])
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(75.5 / 25.5), abs=1e-6)
    assert ratings["a"] + ratings["b"] == pytest.approx(3000)
    # Three kinds whose counts fit the model exactly (strengths 1, 2, 4): one doubling is 120.4.
    pairs = [_pairing("x", "y", 33, 99), _pairing("y", "z", 33, 99), _pairing("x", "z", 20, 100)]
    got = ladder.fit(["x", "y", "z"], pairs)
    assert got["y"] - got["x"] == pytest.approx(400 * math.log10(2), abs=3)
    assert got["z"] - got["y"] == pytest.approx(400 * math.log10(2), abs=3)


def test_a_kind_that_never_wins_keeps_a_finite_rating_and_an_interval() -> None:
    pairs = [_pairing("a", "b", 0, 50)]
    spread = ladder.intervals(["a", "b"], pairs, seed=1, rounds=200)
    rating = ladder.fit(["a", "b"], pairs)
    low, high = spread["a"]
    assert math.isfinite(low) and low < high
    assert low <= rating["a"] <= high


def test_the_ratings_and_their_intervals_are_pinned() -> None:
    # What the ladder prints (and docs/bots.md quotes) comes from these: a faster fit or draw
    # must give them to the tenth. 100 games a pairing, one never won; 2, whose draws repeat.
    counts = {
        2: [
            ("a", "b", 40),
            ("a", "c", 22),
            ("a", "d", 9),
            ("b", "c", 31),
            ("b", "d", 0),
            ("c", "d", 45),
        ],
        4: [
            ("a", "b", 1),
            ("a", "c", 2),
            ("a", "d", 0),
            ("b", "c", 1),
            ("b", "d", 0),
            ("c", "d", 1),
        ],
    }
    games = {2: 100, 4: 2}
    pairs = [
        ladder.Pairing(players, first, second, _firsts(wins, games[players]))
        for players, rows in counts.items()
        for first, second, wins in rows
    ]
    result = ladder.summary(["a", "b", "c", "d"], pairs, seed=7)
    got = {
        players: {kind: (r["rating"], *r["ci95"]) for kind, r in count["ratings"].items()}
        for players, count in result["counts"].items()
    }
    assert got == {
        "2": {
            "a": (1327.9, 1292.2, 1365.3),
            "b": (1373.3, 1341.4, 1404.0),
            "c": (1586.5, 1551.6, 1626.3),
            "d": (1712.3, 1677.8, 1746.7),
        },
        "4": {
            "a": (1499.0, 1369.5, 1639.2),
            "b": (1437.9, 1286.0, 1625.3),
            "c": (1437.9, 1275.6, 1625.3),
            "d": (1625.3, 1439.8, 1724.9),
        },
    }


def _firsts(first_wins: int, games: int) -> tuple[bool, ...]:
    return (True,) * first_wins + (False,) * (games - first_wins)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--ladder", "--players", "3"], "--ladder plays 2 or 4 players"),
        (["--ladder", "--seats", "greedy,random"], "name them with --kinds"),
        (["--ladder", "--kinds", "greedy"], "name at least 2 bots"),
        (["--ladder", "--kinds", "greedy,chess"], "'chess' is not a bot"),
        (["--kinds", "greedy,random"], "--kinds names a ladder's bots and needs --ladder"),
        (["--players", "2,4"], "several player counts need --ladder"),
        (["--ladder", "--players", "2,five"], "must be a whole number, not 'five'"),
        (["--ladder", "--players", "2,5"], "must be 2 to 4 (or several: 2,4), not 5"),
    ],
)
def test_bad_ladder_options_are_one_sentence(
    capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    assert exit_code(["simulate", *options]) == 2
    error = capsys.readouterr().err
    assert len(error.splitlines()) == 1 and said in error
