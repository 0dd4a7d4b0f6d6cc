"""The benchmark scripts still run: each with tiny sizes, in a fresh interpreter, within seconds.

They print figures and assert nothing, so without this they could break unnoticed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_engine_benchmark_prints_its_table_and_goals() -> None:
    out = _run("engine.py", "--games", "2")
    assert "2 random 4-player games each; CPU time" in out
    rajas = next(line for line in out.splitlines() if line.startswith("rajas "))
    assert "slowest at" in out and "seed " in rajas  # the slowest step names where it was
    assert "gc ms" in out
    for goal in ("median game", "slowest step", "steps/s vs catanatron"):
        assert goal in out


def test_saves_benchmark_times_a_400_action_save_and_the_commands() -> None:
    out = _run("saves.py", "--runs", "1", "--process-runs", "1")
    long = next(line for line in out.splitlines() if line.startswith("random-400.toml"))
    assert long.split()[1] == "400"  # the generated save holds exactly the actions it promises
    assert any(line.startswith("rajas show ") for line in out.splitlines())
    assert any(line.startswith("rajas validate ") for line in out.splitlines())
    for goal in ("load of the 400-action save", "rajas show, whole process"):
        assert goal in out
