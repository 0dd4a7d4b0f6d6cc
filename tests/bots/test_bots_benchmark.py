"""benchmarks/bots.py still runs (tiny sizes, a fresh interpreter): it asserts nothing itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bots.py"


@pytest.mark.slow
def test_the_bots_benchmark_prints_times_tournaments_and_goals() -> None:
    args = ["--games", "2", "--search-games", "1", "--search-level", "easy"]
    args += ["--decisions", "2", "--kinds", "greedy,easy"]
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "decision times, CPU seconds, on 2 states" in out
    assert "greedy against random, 2 players" in out and "easy against greedy" in out
    assert "goal: greedy wins >= 95%" in out and "goal: easy wins >= 65%" in out


THINKING = SCRIPT.parent / "thinking.py"


def test_the_thinking_benchmark_times_the_apps_bots_process() -> None:
    args = ["--decisions", "2", "--players", "2", "--kinds", "easy,coach"]
    done = subprocess.run(
        [sys.executable, str(THINKING), *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    assert [row[0] for row in rows[3:]] == ["easy", "coach"]
    assert all(row[1] == "2" and row[-1] == "met" for row in rows[3:]), "met or NOT met"
