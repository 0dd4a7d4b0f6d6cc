"""The benchmark scripts still run: each with tiny sizes, in a fresh interpreter, within seconds.

They print figures and assert nothing, so without this they could break unnoticed."""

from __future__ import annotations

import gc
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import rules

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _module(script: str) -> ModuleType:
    """A benchmark script imported by path (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location(f"bench_{Path(script).stem}", BENCHMARKS / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building the class
    spec.loader.exec_module(module)
    return module


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


@pytest.mark.slow
def test_engine_benchmark_prints_its_table_and_goals() -> None:
    out = _run("engine.py", "--games", "2")
    assert "2 random 4-player games each; CPU time" in out
    rajas = next(line for line in out.splitlines() if line.startswith("rajas "))
    assert "slowest at" in out and "seed " in rajas  # the slowest step names where it was
    assert "gc ms" in out
    for goal in ("median game", "slowest step", "steps/s vs catanatron"):
        assert goal in out


def test_engine_benchmark_refuses_to_compare_unlike_games() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "engine.py"), "--vs-catanatron", "--players", "3"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "compares 4-player games" in done.stderr


@pytest.mark.slow
def test_engine_benchmark_plays_a_reference_checkout_beside_this_one() -> None:
    out = _run("engine.py", "--games", "1", "--reference", str(BENCHMARKS.parent))
    assert any(line.startswith("reference ") for line in out.splitlines())
    assert f"against the reference ({BENCHMARKS.parent}): steps/s " in out


def test_engine_benchmark_refuses_a_reference_without_rules(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "engine.py"), "--reference", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert f"{tmp_path} holds no rules package" in done.stderr.splitlines()[-1]


def test_the_reference_engine_is_the_other_checkout_s_own(tmp_path: Path) -> None:
    """Loaded beside this checkout's, none of the reference's modules or data is this one's."""
    shutil.copytree(Path(rules.__file__).parent, tmp_path / "rules")
    engine = _module("engine.py")
    try:
        reference = engine.load_reference(tmp_path)
        loaded = {k: m for k, m in sys.modules.items() if k.startswith("rules_reference")}
        assert len(loaded) > 20
        for module in loaded.values():
            assert Path(module.__file__).is_relative_to(tmp_path)
        assert reference.apply is not rules.apply
        catalog = loaded["rules_reference.catalog"]
        assert Path(catalog.DATA_DIR) == tmp_path / "rules" / "data"
        played = engine.Tally("reference")
        engine.play_rajas(1, 2, played, "base", reference)
        assert played.steps > 0 and len(played.game_seconds) == 1
    finally:
        for name in [k for k in sys.modules if k.startswith("rules_reference")]:
            del sys.modules[name]


def test_engine_benchmark_against_catanatron_when_the_bench_extra_is_installed() -> None:
    pytest.importorskip("catanatron")
    out = _run("engine.py", "--games", "1", "--vs-catanatron")
    assert any(line.startswith("catanatron ") for line in out.splitlines())
    assert "steps/s vs catanatron actions/s:" in out


@pytest.mark.slow
def test_saves_benchmark_times_a_400_action_save_and_the_commands() -> None:
    out = _run("saves.py", "--runs", "1", "--process-runs", "1")
    long = next(line for line in out.splitlines() if line.startswith("random-400.toml"))
    assert long.split()[1] == "400"  # the generated save holds exactly the actions it promises
    assert any(line.startswith("python -c pass ") for line in out.splitlines())
    assert any(line.startswith("rajas show ") for line in out.splitlines())
    assert any(line.startswith("rajas validate ") for line in out.splitlines())
    for goal in ("load of the 400-action save", "rajas show, whole process"):
        assert goal in out


def test_slowest_step_is_kept_apart_from_collector_pauses() -> None:
    engine = _module("engine.py")
    tally = engine.Tally("rajas")
    tally.step(0.002, 1, 10, tally.collections)
    tally.collections += 1  # as GcClock does when a collection ends inside the next step
    tally.step(0.009, 2, 7, tally.collections - 1)
    tally.step(0.001, 2, 8, tally.collections)
    assert tally.steps == 3
    assert tally.slowest == 0.009 and tally.slowest_at == "seed 2 step 7 (gc ran in it)"
    assert tally.slowest_no_gc == 0.002


def test_gc_clock_charges_collections_to_the_tally_playing() -> None:
    engine = _module("engine.py")
    clock, playing, idle = engine.GcClock(), engine.Tally("rajas"), engine.Tally("catanatron")
    clock.current = playing
    gc.callbacks.append(clock)
    try:
        gc.collect()
    finally:
        gc.callbacks.remove(clock)
    assert playing.collections == 1 and playing.gc_seconds >= 0.0
    assert idle.collections == 0


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["ganga", "navaratnas", "mixed"])
def test_engine_benchmark_measures_each_variant(variant: str) -> None:
    out = _run("engine.py", "--games", "1", "--variant", variant)
    assert f"CPU time; rajas variant {variant}" in out
    assert any(line.startswith("rajas ") for line in out.splitlines())


def test_engine_benchmark_variants_set_up_what_they_name() -> None:
    engine = _module("engine.py")
    assert engine.VARIANTS["base"](4, 1) == rules.Config(players=4, seed=1)
    assert engine.VARIANTS["ganga"](4, 1).ganga
    assert engine.VARIANTS["navaratnas"](3, 1).boards == ("navaratnas",) * 3
    mixed = engine.VARIANTS["mixed"](4, 1)
    assert len(set(mixed.boards)) == 2 and rules.config_problem(mixed) is None


@pytest.mark.slow
def test_engine_benchmark_can_freeze_the_warm_objects_and_says_so() -> None:
    out = _run("engine.py", "--games", "1", "--gc-freeze")
    assert "gc.freeze() after the warm-up" in out
    plain = _run("engine.py", "--games", "1")
    assert "gc.freeze()" not in plain


@pytest.mark.slow
def test_ui_benchmark_times_a_start_and_a_key_that_repaints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    monkeypatch.setattr(sys, "path", list(sys.path))  # ui.py puts the project root first
    ui = _module("ui.py")
    process, thread = ui.start_cpu(None, tmp_path, 80, 24)
    assert 0 < thread <= process  # the whole process's CPU includes the UI thread's
    monkeypatch.setattr(ui, "PRESSES", 2)
    moves, idle = asyncio.run(ui.press_cpu(80, 24))
    assert len(moves) == len(idle) == 2


@pytest.mark.slow
def test_hosting_benchmark_measures_a_seat_and_a_watcher() -> None:
    out = _run("hosting.py", "--tables", "1", "--moves", "1", "--bot", "random")
    for row in ("seat: the app", "seat: its bots' process", "a joined seat in all", "a watcher"):
        line = next(line for line in out.splitlines() if line.startswith(row))
        rss, pss, peak = (float(figure) for figure in line.removeprefix(row).split())
        assert 0 < pss <= rss <= peak
    assert "watchers' bots' processes: 0" in out
    assert "a host of 24 GiB holds about" in out
