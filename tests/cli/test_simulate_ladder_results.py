"""`rajas simulate --ladder --results FILE`: every game kept in FILE as it ends, and a run that
finds games there plays only the others, so that a ladder stopped part way goes on where it was
and gives the figures it would have given whole."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import rules
from rajas_tui import bots
from rajas_tui.bots import ladder, tournament
from rajas_tui.cli import main
from rules import Config
from tests.helpers.exit_codes import exit_code

KINDS = "random,greedy,easy"
LADDER = ["simulate", "--ladder", "--kinds", KINDS, "--games", "2", "--players", "2,4"]
# Three kinds, every pairing meeting in two games: at 2 players, three pairings of two games;
# at 4, three tables (each kind seated twice at one) whose one game seats every pairing.
PLAN = 3 * 2 + 3 * 1


# The stand-ins' games, played once per process: a game is fixed by its config and seating,
# and the tests play the same few again and again (`played` counts each time one is asked for).
_STAND_INS_GAMES: dict[tuple[Config, tuple[str, ...]], tournament.Game] = {}


@pytest.fixture(autouse=True)
def quick_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bookkeeping is tested, not the bots' play: greedy and easy move as the random bot
    # does, each from its own seeds, so every pairing's games go either way and a game counted
    # twice, or under another pairing, changes what is printed.
    for kind in ("greedy", "easy"):
        monkeypatch.setitem(bots.BOTS, kind, bots.BOTS["random"])
    real = tournament.play

    def remembered(config: Config, seats: tuple[str, ...]) -> tournament.Game:
        key = (config, tuple(seats))
        if key not in _STAND_INS_GAMES:
            _STAND_INS_GAMES[key] = real(config, seats)
        return copy.deepcopy(_STAND_INS_GAMES[key])  # a test's game is its own to change

    monkeypatch.setattr(tournament, "play", remembered)


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, tuple[str, ...]]]:
    """The seed and seating of every game played from here on."""
    seen: list[tuple[int, tuple[str, ...]]] = []
    real = tournament.play

    def counted(config: Config, seats: tuple[str, ...]) -> tournament.Game:
        seen.append((config.seed, tuple(seats)))
        return real(config, seats)

    monkeypatch.setattr(tournament, "play", counted)
    return seen


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[str, str]:
    assert main([*LADDER, *args]) == 0
    out, err = capsys.readouterr()
    return out, err


def _games(path: Path) -> list[tuple[int, tuple[str, ...], int]]:
    records = [json.loads(line) for line in path.read_text().splitlines()]
    return [(r["players"], tuple(r["table"]), r["index"]) for r in records]


def _plan() -> list[tuple[int, tuple[str, ...], int]]:
    kinds = KINDS.split(",")
    return [
        (players, table, index)
        for players in (2, 4)
        for table in ladder.tables(kinds, players)
        for index in range(ladder.games_a_table(kinds, players, 2))
    ]


@pytest.mark.parametrize("as_json", [False, True])
def test_a_ladder_stopped_part_way_and_run_again_prints_what_it_prints_whole(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    played: list[tuple[int, tuple[str, ...]]],
    as_json: bool,
) -> None:
    shape = ["--json"] if as_json else []
    whole, _ = _run(capsys, *shape)
    results = tmp_path / "ladder.jsonl"
    kept, err = _run(capsys, *shape, "--results", str(results))
    assert kept == whole, "a results file changes nothing printed"
    assert err == "", "nothing to say of a file that was not there"
    lines = results.read_text().splitlines()
    assert sorted(_games(results)) == sorted(_plan()), "each game of the plan, once"
    winners = {json.loads(line)["ranking"][0] for line in lines}
    assert {"greedy", "easy"} <= winners, "games that each side wins"
    # A run stopped after 7 games: the file holds them, and the next run plays the rest only.
    stopped = tmp_path / "stopped.jsonl"
    stopped.write_text("".join(f"{line}\n" for line in lines[:7]))
    played.clear()
    resumed, err = _run(capsys, *shape, "--results", str(stopped))
    assert resumed == whole
    assert len(played) == PLAN - 7
    assert err == f"rajas: {stopped}: holds 7 of the ladder's {PLAN} games; {PLAN - 7} to play.\n"
    assert sorted(stopped.read_text().splitlines()) == sorted(lines)
    # Run again, it has nothing left to play.
    played.clear()
    assert _run(capsys, *shape, "--results", str(stopped))[0] == whole
    assert played == []
    assert sorted(stopped.read_text().splitlines()) == sorted(lines)


def test_a_last_line_cut_short_is_passed_over_with_a_note_and_written_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], played: list[tuple[int, tuple[str, ...]]]
) -> None:
    results = tmp_path / "ladder.jsonl"
    whole, _ = _run(capsys, "--results", str(results))
    lines = results.read_text().splitlines()
    results.write_text("".join(f"{line}\n" for line in lines[:4]) + lines[4][:30])
    played.clear()
    resumed, err = _run(capsys, "--results", str(results))
    assert resumed == whole
    assert err.splitlines() == [
        f"rajas: {results}: its last line was cut short (a run stopped while writing it); "
        "it is passed over.",
        f"rajas: {results}: holds 4 of the ladder's {PLAN} games; {PLAN - 4} to play.",
    ]
    assert len(played) == PLAN - 4
    assert sorted(results.read_text().splitlines()) == sorted(lines)


def test_a_whole_last_line_without_its_line_break_is_a_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "ladder.jsonl"
    whole, _ = _run(capsys, "--results", str(results))
    lines = results.read_text().splitlines()
    results.write_text("\n".join(lines[:5]))
    resumed, err = _run(capsys, "--results", str(results))
    assert resumed == whole
    assert "holds 5 of the ladder's" in err and "cut short" not in err
    assert sorted(results.read_text().splitlines()) == sorted(lines)


def test_games_of_other_bots_are_passed_over_and_played_again(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    played: list[tuple[int, tuple[str, ...]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    results = tmp_path / "ladder.jsonl"
    whole, _ = _run(capsys, "--results", str(results))
    lines = results.read_text().splitlines()
    monkeypatch.setattr(bots, "PLAY_VERSION", bots.PLAY_VERSION + 1)
    played.clear()
    again, err = _run(capsys, "--results", str(results))
    assert again == whole, "the same bots under a new fingerprint play the same games"
    assert err.splitlines() == [
        f"rajas: {results}: {PLAN} of its {PLAN} games passed over: other bots played them "
        "(another budget or evaluation, or another version of rajas).",
        f"rajas: {results}: holds 0 of the ladder's {PLAN} games; {PLAN} to play.",
    ]
    assert len(played) == PLAN
    after = results.read_text().splitlines()
    assert after[:PLAN] == lines, "the other bots' games stay in the file"
    assert len(after) == 2 * PLAN


def test_a_file_of_another_plan_gives_the_games_this_one_shares(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], played: list[tuple[int, tuple[str, ...]]]
) -> None:
    results = tmp_path / "ladder.jsonl"
    small = ["simulate", "--ladder", "--kinds", "greedy,easy", "--games", "3", "--players", "2"]
    assert main([*small, "--seed", "1", "--results", str(results)]) == 0
    capsys.readouterr()
    whole, _ = _run(capsys, "--seed", "3")
    played.clear()
    resumed, err = _run(capsys, "--seed", "3", "--results", str(results))
    assert resumed == whole
    # The other run's third game, seed 3 with greedy first, is this one's first of greedy
    # against easy; its first two, seeds 1 and 2, come before this one's games.
    assert f"holds 1 of the ladder's {PLAN} games; {PLAN - 1} to play" in err
    assert len(played) == PLAN - 1
    assert len(results.read_text().splitlines()) == 3 + PLAN - 1


def _say(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert exit_code([*LADDER, *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    return err


TODAY = rules.RULES_VERSION
OLDER = TODAY - 1


def _kept_under_older_rules(
    path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
) -> str:
    """Plays the ladder into `path` as this rajas did under the rules before today's (the stand-in
    bots play alike under both), and gives what it printed."""
    monkeypatch.setattr(rules, "RULES_VERSION", OLDER)
    printed, _ = _run(capsys, *args, "--results", str(path))
    monkeypatch.setattr(rules, "RULES_VERSION", TODAY)
    return printed


@pytest.mark.parametrize("as_json", [False, True])
def test_games_kept_under_older_rules_are_rated_with_their_rules_version(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    played: list[tuple[int, tuple[str, ...]]],
    monkeypatch: pytest.MonkeyPatch,
    as_json: bool,
) -> None:
    shape = ["--json"] if as_json else []
    results = tmp_path / "ladder.jsonl"
    then = _kept_under_older_rules(results, capsys, monkeypatch, *shape)
    data = results.read_bytes()
    played.clear()
    rated, err = _run(capsys, *shape, "--results", str(results), "--rules-version", str(OLDER))
    assert rated == then, "the output of the run that played them"
    assert err == f"rajas: {results}: holds {PLAN} of the ladder's {PLAN} games; 0 to play.\n"
    assert played == [] and results.read_bytes() == data


def test_todays_rules_version_is_the_ladder_without_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole, _ = _run(capsys)
    results = tmp_path / "ladder.jsonl"
    assert _run(capsys, "--results", str(results), "--rules-version", str(TODAY))[0] == whole
    assert sorted(_games(results)) == sorted(_plan())


@pytest.mark.parametrize(("kept", "missing"), [(7, "the 2 games"), (8, "the 1 game"), (0, None)])
def test_an_older_rules_versions_games_missing_are_refused_before_anything(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    played: list[tuple[int, tuple[str, ...]]],
    monkeypatch: pytest.MonkeyPatch,
    kept: int,
    missing: str | None,
) -> None:
    # None: no file at all, so every game of the plan is missing, and no file is made.
    results = tmp_path / "ladder.jsonl"
    data = None
    if missing is not None:
        _kept_under_older_rules(results, capsys, monkeypatch)
        lines = results.read_text().splitlines()
        results.write_text("".join(f"{line}\n" for line in lines[:kept]))
        data = results.read_bytes()
    played.clear()
    err = _say(capsys, "--results", str(results), "--rules-version", str(OLDER))
    assert err == (
        f"rajas: this rajas plays rules version {TODAY}, so it cannot play "
        f"{missing or f'the {PLAN} games'} of rules version {OLDER} missing from {results}.\n"
    )
    assert played == []
    assert (results.read_bytes() if results.exists() else None) == data


def test_todays_games_are_not_an_older_rules_versions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], played: list[tuple[int, tuple[str, ...]]]
) -> None:
    results = tmp_path / "ladder.jsonl"
    _run(capsys, "--results", str(results))
    played.clear()
    err = _say(capsys, "--results", str(results), "--rules-version", str(OLDER))
    assert f"cannot play the {PLAN} games of rules version {OLDER} missing" in err
    assert played == []


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--rules-version", "0"], "argument --rules-version: must be at least 1, not 0"),
        (
            ["--rules-version", str(TODAY + 1)],
            f"--rules-version {TODAY + 1}: this rajas plays rules version {TODAY} and knows "
            "none later",
        ),
        (["--rules-version", "1"], "--rules-version rates the games a file keeps and needs"),
    ],
)
def test_a_rules_version_it_cannot_rate_is_one_sentence(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    played: list[tuple[int, tuple[str, ...]]],
    args: list[str],
    said: str,
) -> None:
    results = [] if "needs" in said else ["--results", str(tmp_path / "ladder.jsonl")]
    assert f"rajas: {said}" in _say(capsys, *args, *results)
    assert played == [] and not (tmp_path / "ladder.jsonl").exists()


def test_a_rules_version_needs_the_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(["simulate", "--seats", "greedy,random", "--rules-version", "1"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "--rules-version rates a ladder's kept games" in err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("hello\n", "line 1 is not a ladder's game (not JSON)"),
        ('{"format": "rajas-ladder-game", "version": 1}\n', "line 1 is not a ladder's game"),
        ("\ufeff[header]\n", "line 1 is not a ladder's game"),
        (b"\xff\xfe\x00\n", "line 1 is not a ladder's game (not UTF-8 text)"),
    ],
)
def test_a_file_that_is_not_a_ladders_results_is_one_sentence_and_untouched(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    played: list[tuple[int, tuple[str, ...]]],
    text: str | bytes,
    said: str,
) -> None:
    results = tmp_path / "other.txt"
    data = text.encode() if isinstance(text, str) else text
    results.write_bytes(data)
    err = _say(capsys, "--results", str(results))
    assert err.startswith(f"rajas: {results}: {said}")
    assert "not a ladder's results file" in err
    assert results.read_bytes() == data and played == []


def test_a_bad_line_after_good_ones_is_named_by_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "ladder.jsonl"
    _run(capsys, "--results", str(results))
    lines = results.read_text().splitlines()
    results.write_text("\n".join([*lines[:2], "{", *lines[2:]]) + "\n")
    assert "line 3 is not a ladder's game" in _say(capsys, "--results", str(results))


def test_a_folder_or_an_unwritable_file_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], played: list[tuple[int, tuple[str, ...]]]
) -> None:
    assert f"{tmp_path}: is a folder" in _say(capsys, "--results", str(tmp_path))
    missing = tmp_path / "no" / "such" / "ladder.jsonl"
    assert f"{missing}: cannot be written (No such file or directory)" in _say(
        capsys, "--results", str(missing)
    )
    assert played == []


def test_games_played_in_several_processes_are_kept_as_they_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The processes play the real bots (the stand-ins are this process's only), so this one
    # does too: random and greedy, whose games are quick.
    monkeypatch.undo()
    args = [*LADDER, "--json"]
    args[args.index(KINDS)] = "random,greedy"
    assert main(args) == 0
    whole = capsys.readouterr().out
    results = tmp_path / "ladder.jsonl"
    assert main([*args, "--jobs", "2", "--results", str(results)]) == 0
    assert capsys.readouterr().out == whole
    assert sorted(_games(results)) == [
        (players, ("random", "greedy") * (players // 2), index)
        for players in (2, 4)
        for index in range(2)
    ]


def test_results_need_the_ladder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["simulate", "--seats", "greedy,random", "--results", str(tmp_path / "r.jsonl")]
    assert exit_code(args) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "--results keeps a ladder's games" in err
