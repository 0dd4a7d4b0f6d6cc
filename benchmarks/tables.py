"""A shared table's news: from one process's write to another process's redraw, with the
watcher on file-system notification (watchfiles) and on its polling fallback.

    python benchmarks/tables.py [--writes N]

This process runs a watcher's app (headless, 80×24) on a 2-seat table; a second process plays
the table's next action when told, N times, at uneven moments (so polling is caught at every
point of its period). Each figure is from the rename that made the write the table (the file's
change time) to the end of the app's next screen refresh after it took the new game in.

Goal (`GOAL_MS` below; docs/performance.md): every other terminal shows a move in time. It is
about what a player waits for, so the delays are wall-clock milliseconds; the CPU this process
spent per write (reading and replaying the table, redrawing) is printed beside them. The
machine's load shows in the delays. Prints figures and whether the goal is met; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Run as a script, this folder comes first on sys.path, and saves.py here (the save benchmark)
# would hide the saves package: the project root takes its place.
sys.path[0] = str(ROOT)

import rules  # noqa: E402
import saves  # noqa: E402
from rajas_tui.tui.table import TableApp  # noqa: E402
from saves import tables  # noqa: E402
from saves.records import Seat, Setup  # noqa: E402

GOAL_MS = 300.0
SIZE = (80, 24)
SEED = 34  # a 2-seat game of 107 actions when each plays its first option: room for 100 writes

# The other process: plays the table's next action on each line it reads, and says when done.
WRITER = """
import sys
from pathlib import Path
import rules
from saves import tables
path = Path(sys.argv[1])
for _ in sys.stdin:
    game = tables.read(path)
    action = rules.legal_actions(game.state)[0]
    tables.act(path, game.state.turn, action, tables.seen(game))
    print(len(game.log) + 1, flush=True)
"""


class PolledApp(TableApp):
    """The watcher's app on its fallback: as where inotify is missing or its table full."""

    CSS_PATH = ROOT / "rajas_tui" / "tui" / TableApp.CSS_PATH  # Textual reads it beside a class

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        self.bound._watch_notified = _no_notification  # type: ignore[method-assign]


def _no_notification() -> None:
    raise OSError("polling, as asked")


def new_table(folder: Path) -> Path:
    setup = Setup((Seat("Asha"), Seat("Bela")), seed=SEED)
    path = tables.table_path(folder, "bench")
    tables.create(path, saves.start_game(setup))  # two humans: no bot to tend
    return path


async def measure(app_class: type[TableApp], writes: int, folder: Path) -> list[float]:
    """Milliseconds from each write to the watcher's redraw; the CPU ms spent per write last."""
    path = new_table(folder)
    app = app_class(path, None, bot_delay=0, theme="rajas-dark")
    shown: list[float] = []
    take = app.bound._take

    def timed(game: saves.Game) -> None:
        take(game)
        app.call_after_refresh(lambda: shown.append(time.time()))

    app.bound._take = timed  # type: ignore[method-assign]
    writer = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        WRITER,
        str(path),
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert writer.stdin is not None and writer.stdout is not None
    pace = random.Random(SEED)
    delays = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.5)  # the watcher's thread is up
        cpu = time.process_time()
        for count in range(1, writes + 1):
            await pilot.pause(pace.uniform(0.15, 0.35))
            writer.stdin.write(b"go\n")
            await writer.stdin.drain()
            await writer.stdout.readline()
            written = path.stat().st_ctime
            while len(shown) < count:
                await pilot.pause(0.005)
            delays.append((shown[-1] - written) * 1000)
        cpu_ms = (time.process_time() - cpu) * 1000 / writes
    writer.stdin.close()
    await writer.wait()
    return [*delays, cpu_ms]


def read_cpu_ms(folder: Path, actions: int) -> float:
    """Median CPU ms of the watcher's read (a load with its full check: the log replayed) of
    the table after `actions` actions, the part of each redraw that grows with the game."""
    path = new_table(folder)
    game = tables.read(path)
    while len(game.log) < actions and not game.over:
        game = saves.play(game, rules.legal_actions(game.state)[0])
    saves.save(game, path)
    times = []
    for _ in range(10):
        start = time.process_time()
        tables.read(path)
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def report(name: str, figures: list[float]) -> None:
    *delays, cpu_ms = figures
    worst = max(delays)
    ranked = sorted(delays)
    p95 = ranked[min(len(ranked) - 1, int(len(ranked) * 0.95))]
    met = "met" if worst <= GOAL_MS else "NOT met"
    print(
        f"{name:<12} {len(delays):>6} {statistics.median(delays):>8.0f} {p95:>8.0f} "
        f"{worst:>8.0f} {cpu_ms:>8.1f}   goal {GOAL_MS:.0f} ms: {met}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=40, help="writes per watcher (at most 100)")
    args = parser.parse_args()
    writes = max(1, min(args.writes, 100))
    print("write to redraw, wall-clock ms; CPU ms of the watching process per write")
    print(f"{'watcher':<12} {'writes':>6} {'median':>8} {'p95':>8} {'worst':>8} {'CPU':>8}")
    for name, app_class in (("watchfiles", TableApp), ("polling", PolledApp)):
        with tempfile.TemporaryDirectory() as folder:
            report(name, asyncio.run(measure(app_class, writes, Path(folder))))
    for actions in (writes, 100):
        with tempfile.TemporaryDirectory() as folder:
            took = read_cpu_ms(Path(folder), actions)
        print(f"the watcher's read of the table at {actions} actions: {took:.1f} ms CPU")


if __name__ == "__main__":
    main()
