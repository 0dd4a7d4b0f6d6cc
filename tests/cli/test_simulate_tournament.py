"""`rajas simulate --seats`: bots against each other, seats rotated, a summary with intervals."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from rajas_tui.bots import tournament
from rajas_tui.cli import main
from tests.helpers.exit_codes import exit_code


@pytest.mark.slow
def test_a_tournament_reports_win_rates_margins_times_and_shape(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--seats", "greedy,random", "--games", "4", "--seed", "3", "--json"]
    assert main(args) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 4
    bots = result["bots"]
    assert set(bots) == {"greedy", "random"}
    assert bots["greedy"]["wins"] + bots["random"]["wins"] == 4
    for bot in bots.values():
        low, high = bot["ci95"]
        assert 0 <= low <= bot["win_rate"] <= high <= 1
        assert bot["decisions"] > 0 and bot["worst_decision_ms"] >= bot["mean_decision_ms"]
    shape = result["shape"]
    assert shape["rounds_min"] <= shape["rounds_median"] <= shape["rounds_max"]
    assert abs(sum(shape["placement_share"].values()) - 1) < 0.01
    assert 0 <= shape["trigger_won"] <= 1
    assert shape["winner_fame_mean"] > 0 and shape["winner_money_mean"] > 0


def test_the_text_form_has_a_line_per_game_then_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--seats", "random,random,greedy", "--games", "3", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["seed 1", "seed 2", "seed 3"]
    assert lines[3] == "3 games"
    assert lines[4].split()[:3] == ["bot", "wins", "win"]
    assert any(line.startswith("placements: quarry") for line in lines)


def _without_times(summary: dict[str, object]) -> dict[str, object]:
    bots = summary["bots"]
    assert isinstance(bots, dict)
    for bot in bots.values():
        del bot["mean_decision_ms"], bot["worst_decision_ms"]
    return summary


@pytest.mark.slow
def test_games_played_at_once_are_the_games_played_in_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--seats", "greedy,random", "--games", "4", "--seed", "8"]
    assert main(args) == 0
    in_turn = capsys.readouterr().out.splitlines()
    assert main([*args, "--jobs", "2"]) == 0
    at_once = capsys.readouterr().out.splitlines()
    assert at_once[:4] == in_turn[:4]  # the games' lines, in seed order
    assert main([*args, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert main([*args, "--json", "--jobs", "3"]) == 0
    assert _without_times(json.loads(capsys.readouterr().out)) == _without_times(summary)


def test_the_seats_move_on_every_game() -> None:
    seatings = list(tournament.rotations(("a", "b", "c"), 4))
    assert seatings == [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a"), ("a", "b", "c")]


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    # Reference values of the Wilson score interval (Newcombe 1998, table I).
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611)],
)
def test_wilson_intervals(wins: int, games: int, low: float, high: float) -> None:
    got = tournament.wilson(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--seats", "greedy,chess"], "'chess' is not a bot"),
        (["--seats", "greedy"], "name 2 to 4 bots, not 1"),
        (["--seats", "greedy,random", "--players", "3"], "does not match the 2 --seats"),
        (["--jobs", "2"], "--jobs plays a tournament's games at once and needs --seats"),
        (["--seats", "greedy,random", "--jobs", "0"], "must be at least 1, not 0"),
    ],
)
def test_bad_seats_are_one_sentence(
    capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    assert exit_code(["simulate", *options]) == 2
    error = capsys.readouterr().err
    assert len(error.splitlines()) == 1 and said in error


def test_search_names_the_normal_level() -> None:
    assert tournament.bot_kind("search") == "normal"


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as listing:
        return [int(child) for child in listing.read().split()]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _as_a_terminal_starts_it() -> None:
    """Ctrl-C reaches a command a terminal runs in the foreground; one started in the background
    by a shell without job control is born deaf to it, and so would the tournament be when the
    tests themselves run so (`cmd &` in a script), which is not what is tested here."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _stopped(
    jobs: str, stop: Callable[[subprocess.Popen[str]], None]
) -> tuple[int, str, list[int]]:
    """A tournament started in a session of its own, stopped by `stop` once a game was played:
    its exit code, its stderr, and its game processes still alive a few seconds after (each
    then killed, so that a failing test leaves none behind)."""
    args = ["simulate", "--seats", "greedy,random", "--games", "5000", "--jobs", jobs]
    command = subprocess.Popen(
        [sys.executable, "-m", "rajas_tui.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_as_a_terminal_starts_it,
    )
    try:
        assert command.stdout is not None
        assert command.stdout.readline().startswith("seed 1:"), "a game was played"
        workers = _children(command.pid)
        assert workers or jobs == "1", "the games are played in processes of their own"
        stop(command)
        _, err = command.communicate(timeout=60)
    finally:
        if command.poll() is None:
            os.killpg(command.pid, signal.SIGKILL)
    for _ in range(100):
        if not any(_alive(pid) for pid in workers):
            break
        time.sleep(0.05)
    survivors = [pid for pid in workers if _alive(pid)]
    for pid in survivors:
        os.kill(pid, signal.SIGKILL)
    return command.returncode, err, survivors


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads children from /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_tournament_with_one_line_and_no_process_left(jobs: str) -> None:
    """Ctrl-C (SIGINT to the terminal's whole process group) while games are played: exit 130,
    one line on stderr, not a traceback from each process, and the game processes gone."""
    code, err, survivors = _stopped(jobs, lambda command: os.killpg(command.pid, signal.SIGINT))
    assert code == 130
    assert err == "rajas: stopped (Ctrl-C).\n"
    assert not survivors


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads children from /proc")
def test_sigterm_to_a_tournament_ends_its_game_processes_too() -> None:
    """SIGTERM to the command alone (as `kill PID` sends it): its game processes end with it,
    rather than play on at full speed with nobody to read their games."""
    code, err, survivors = _stopped("2", lambda command: command.terminate())
    assert code == 128 + signal.SIGTERM
    assert err == "rajas: stopped (SIGTERM).\n"
    assert not survivors
