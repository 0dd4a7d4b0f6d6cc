"""Save and load times in CPU, and `rajas show` / `rajas validate` timed as whole processes.

    python benchmarks/saves.py [--runs N] [--process-runs N]

The saves timed are the examples plus a 400-action 4-player game made here from random legal moves
(deterministic, from a fixed seed), so no large file is kept in the repository. Load is read, full
check (schema, ranges, replay of the log, comparison with the snapshot); save is the text, the
atomic write with fsync and the .bak. The process timings start a fresh interpreter each run, so
they include Python's start-up and every import, as a user typing the command sees.

Goals (`LOAD_GOAL_MS`, `SHOW_GOAL_MS` below; docs/performance.md): the load of a 400-action save,
and `rajas show` as a whole process, in CPU time. Prints figures and whether each goal is met;
asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402
import saves  # noqa: E402

EXAMPLES = ("midgame-4p.toml", "opening-2p.toml", "final-action-3p.toml")
LONG_ACTIONS = 400
LONG_NAME = f"random-{LONG_ACTIONS}.toml"
LOAD_GOAL_MS = 20.0
SHOW_GOAL_MS = 150.0


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def long_game(actions: int) -> saves.Game:
    """A 4-player game of exactly `actions` random legal moves, not over, from the first seed
    whose random game lasts that long (random games average about 400 steps, so some end sooner).
    """
    seats = [(name, saves.HUMAN) for name in ("Asha", "Bela", "Chand", "Devi")]
    for seed in range(1, 1000):
        chooser = random.Random(seed)
        game = saves.start_game(saves.seated(seats, seed=seed))
        while len(game.log) < actions and not game.state.over:
            game = saves.play(game, chooser.choice(rules.legal_actions(game.state)))
        if not game.state.over:
            return game
    raise RuntimeError(f"no seed below 1000 gives a {actions}-action game that is not over")


def median_cpu_ms(work: Callable[[], object], runs: int) -> float:
    """Median CPU milliseconds of `work`, after one untimed run that fills the engine's caches
    (as any game in progress has them)."""
    work()
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def rajas_command() -> list[str]:
    """The installed `rajas` script beside this interpreter, else the module (same entry)."""
    script = Path(sys.executable).with_name("rajas")
    return [str(script)] if script.exists() else [sys.executable, "-m", "rajas_tui"]


def children_cpu() -> float:
    """CPU seconds (user + system) of all finished child processes so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def process_cpu_ms(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU, wall) milliseconds of one whole process."""
    cpu_before, wall_before = children_cpu(), time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, env=env)
    return (children_cpu() - cpu_before) * 1000, (time.perf_counter() - wall_before) * 1000


def time_files(sources: list[Path], folder: Path, runs: int) -> dict[Path, float]:
    """Prints load, save and text times for each save; returns the load times by file."""
    print(f"median of {runs} runs, CPU milliseconds")
    print(f"{'save file':<24} {'actions':>7} {'bytes':>7} {'load':>7} {'save':>7} {'text':>7}")
    loads = {}
    for source in sources:
        game = saves.load(source)
        target = folder / "out" / source.name
        target.parent.mkdir(exist_ok=True)
        loads[source] = load_ms = median_cpu_ms(partial(saves.load, source), runs)
        save_ms = median_cpu_ms(partial(saves.save, game, target), runs)
        text_ms = median_cpu_ms(partial(saves.dumps, game), runs)
        print(
            f"{source.name:<24} {len(game.log):>7} {source.stat().st_size:>7} "
            f"{load_ms:>7.2f} {save_ms:>7.2f} {text_ms:>7.2f}"
        )
    print("load: read, check and replay; save: text, atomic write, fsync, .bak; text: no disk")
    return loads


def time_commands(save: Path, runs: int) -> float:
    """Prints whole-process times for a bare interpreter, one importing attrs, `rajas show` and
    `rajas validate` on the save, and what each costs over the bare interpreter; returns the CPU
    time of `rajas show`. The commands take turns, run after run, so that a load on the machine
    that comes and goes weighs on each alike."""
    print(f"whole process, median of {runs} runs, milliseconds, on {save.name}")
    print(f"{'command':<26} {'CPU':>7} {'wall':>7} {'CPU over python -c pass':>24}")
    commands = {
        # The floor under any command, which no change to rajas moves.
        "python -c pass": [sys.executable, "-c", "pass"],
        # The records' library alone, which every command imports.
        'python -c "import attrs"': [sys.executable, "-c", "import attrs"],
        "rajas show": [*rajas_command(), "show", str(save)],
        "rajas validate": [*rajas_command(), "validate", str(save)],
    }
    # An installed rajas has its bytecode compiled; with PYTHONDONTWRITEBYTECODE set (as some
    # shells and CI machines do) every run would compile the sources again.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for args in commands.values():  # untimed: writes the bytecode caches every later run reads
        subprocess.run(args, check=True, capture_output=True, env=env)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, args in commands.items():
            times[name].append(process_cpu_ms(args, env))
    cpu = {name: statistics.median(c for c, _ in runs_) for name, runs_ in times.items()}
    for name, runs_ in times.items():
        wall = statistics.median(w for _, w in runs_)
        over = cpu[name] - cpu["python -c pass"]
        print(f"{name:<26} {cpu[name]:>7.1f} {wall:>7.1f} {over:>24.1f}")
    return cpu["rajas show"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="timed runs per in-process figure")
    parser.add_argument("--process-runs", type=int, default=10, help="timed runs per command")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        long_path = folder / LONG_NAME
        saves.save(long_game(LONG_ACTIONS), long_path)
        sources = [saves.examples_dir() / example for example in EXAMPLES] + [long_path]
        long_load = time_files(sources, folder, args.runs)[long_path]
        print()
        show_cpu = time_commands(long_path, args.process_runs)
    print()
    print("goals:")
    print(
        f"  load of the {LONG_ACTIONS}-action save {long_load:.2f} ms "
        f"(goal <= {LOAD_GOAL_MS:g} ms) {met(long_load <= LOAD_GOAL_MS)}"
    )
    print(
        f"  rajas show, whole process {show_cpu:.1f} ms CPU "
        f"(goal <= {SHOW_GOAL_MS:g} ms) {met(show_cpu <= SHOW_GOAL_MS)}"
    )


if __name__ == "__main__":
    main()
