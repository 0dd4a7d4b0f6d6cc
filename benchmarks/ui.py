"""The app's speed in CPU time (`time.process_time`, `time.thread_time`), each figure against its
goal (`START_GOAL`, `SIZES`, `BLOCK_GOAL` below; docs/performance.md). Prints figures; asserts
nothing.

    python benchmarks/ui.py

- start to first frame: a fresh interpreter (imports included) to the game screen drawn;
- key to repaint: a key that moves the chooser's cursor, less an unbound key (Pilot's own work),
  median of `PRESSES` presses, at 80×24 and at 160×50;
- the title screen's first frame with 500 saves in the folder against an empty folder, on the
  UI thread: the listing runs in a worker, so the two should cost the same (the whole process's
  CPU at that moment is printed too: it counts what the listing's thread did by then);
- the longest the UI thread is busy without returning to its event loop while bots of each kind
  play (in their own process, as in the app) and every move is saved, while a player types moves
  by keys against three normal bots, and while 500 saves are listed; with the
  full (generation 2) collections run on the UI thread, their CPU time, and the longest block with
  one in it and without (the app leaves the collector to Python);
- the heap (tracked objects, frozen objects, RSS) every 100 moves of whole games of four random
  bots, and back at the title after each: it must not grow from one game to the next;
- a request to the bots' process: its size pickled, and its round trip in wall and app CPU time.
"""

from __future__ import annotations

import asyncio
import gc
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Run as a script, this folder comes first on sys.path, and saves.py here (the save benchmark)
# would hide the saves package: the project root takes its place.
sys.path[0] = str(ROOT)
SAVE = ROOT / "saves" / "examples" / "midgame-4p.toml"
SIZES = ((80, 24, 0.015), (160, 50, 0.015))
PRESSES = 100
START_GOAL = 0.5
BLOCK_GOAL = 0.100
SAVES_IN_FOLDER = 500
# Moves played by four bots of each kind: fewer for the slow searches (about 1 s and 5 s a move).
BOT_MOVES = {"random": 60, "greedy": 60, "easy": 60, "normal": 20, "hard": 5}
ROUND_TRIPS = 50
# The heap is printed every so many moves of the whole bot games.
MEMORY_EVERY = 100
MEMORY_GAMES = 3
# The player's moves typed against three normal bots: few, since each bot's move takes a while.
KEYED_TURNS = 6

START = """
import time, asyncio, sys
import saves
from rajas_tui.tui.app import RajasApp
game = saves.load(sys.argv[1]) if sys.argv[1] else None
app = RajasApp(game, saves_dir=sys.argv[2], bot_delay=0)
async def first_frame():
    async with app.run_test(size=(int(sys.argv[3]), int(sys.argv[4]))) as pilot:
        await pilot.pause()
        print(time.process_time(), time.thread_time())
asyncio.run(first_frame())
"""


def start_cpu(save: Path | None, folder: Path, width: int, height: int) -> tuple[float, float]:
    """CPU seconds of a fresh interpreter up to the first frame (the game's, or the title's):
    the whole process's, and the UI thread's alone (without the workers' threads)."""
    # An installed rajas has its bytecode compiled; with PYTHONDONTWRITEBYTECODE set (as some
    # shells and CI machines do) every start would compile the sources again, which no user
    # pays after the first start. `best_start`'s untimed first start writes the caches.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out = subprocess.run(
        [sys.executable, "-c", START, str(save or ""), str(folder), str(width), str(height)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )
    process, thread = out.stdout.strip().splitlines()[-1].split()
    return float(process), float(thread)


def best_start(save: Path | None, folder: Path, width: int, height: int) -> tuple[float, float]:
    """The least CPU of three starts, after one untimed (it writes the bytecode caches): the
    whole process's, and the UI thread's."""
    start_cpu(save, folder, width, height)
    runs = [start_cpu(save, folder, width, height) for _ in range(3)]
    return min(run[0] for run in runs), min(run[1] for run in runs)


async def press_cpu(width: int, height: int) -> tuple[list[float], list[float]]:
    """CPU time of a Pilot round trip of a key that moves the chooser's cursor, and of a key
    bound to nothing: the difference is what a key press costs the app."""
    import saves
    from rajas_tui.tui.app import RajasApp

    with tempfile.TemporaryDirectory() as folder:
        app = RajasApp(saves.load(SAVE), saves_dir=Path(folder), bot_delay=0)
        moves: list[float] = []
        idle: list[float] = []
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.pause()
            await pilot.press("q")  # into the quarry's display: arrows move the cursor
            await pilot.pause()
            # Timed only if it repaints: a key that changed nothing on screen would flatter.
            shown = app.export_screenshot()
            await pilot.press("down")
            await pilot.pause()
            if app.export_screenshot() == shown:
                raise RuntimeError("the down key did not change the screen: nothing to time")
            await pilot.press("up")
            await pilot.pause()
            for i in range(PRESSES):
                for key, times in (("down" if i % 2 == 0 else "up", moves), ("f12", idle)):
                    t0 = time.process_time()
                    await pilot.press(key)
                    await pilot.pause()
                    times.append(time.process_time() - t0)
    return moves, idle


class CollectorWatch:
    """Counts the full (generation 2) collections run on the thread that made it, and their
    CPU time: gc.callbacks calls it with "start" and "stop" around every collection."""

    def __init__(self) -> None:
        self._thread = threading.get_ident()
        self._began = 0.0
        self.full = 0
        self.seconds: list[float] = []

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if info["generation"] != 2 or threading.get_ident() != self._thread:
            return
        if phase == "start":
            self._began = time.thread_time()
        else:
            self.full += 1
            self.seconds.append(time.thread_time() - self._began)


class Heartbeat:
    """Beats on the UI thread's event loop; the most UI-thread CPU time between two beats is
    the longest the loop was held by one piece of work. Blocks with a full collection in them
    are kept apart from the others: the collector's share of the longest."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.longest_with_full = 0.0  # the longest block in which a full collection ran
        self.longest_without = 0.0
        self.collector = CollectorWatch()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        gc.callbacks.append(self.collector)
        self._task = asyncio.get_running_loop().create_task(self._beat())

    async def _beat(self) -> None:
        last, full = time.thread_time(), self.collector.full
        while True:
            await asyncio.sleep(0.001)
            now = time.thread_time()
            block = now - last
            self.longest = max(self.longest, block)
            if self.collector.full != full:
                self.longest_with_full = max(self.longest_with_full, block)
            else:
                self.longest_without = max(self.longest_without, block)
            last, full = now, self.collector.full

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self.collector in gc.callbacks:
            gc.callbacks.remove(self.collector)

    def collections(self) -> str:
        """The full collections on the UI thread: how many, and their longest and total CPU."""
        times = self.collector.seconds
        return (
            f"{len(times)} full collections on the UI thread (longest "
            f"{max(times, default=0) * 1000:.1f} ms, {sum(times) * 1000:.0f} ms in all); the "
            f"longest block with one in it {self.longest_with_full * 1000:.1f} ms, without "
            f"{self.longest_without * 1000:.1f} ms"
        )


async def bots_block(folder: Path, kind: str, moves: int) -> tuple[Heartbeat, int]:
    """The UI thread's blocks while four bots of `kind` play `moves` moves, each saved,
    thinking where the app's bots think (their own process, `present.bot_process`)."""
    import saves
    from rajas_tui.tui.app import RajasApp

    seats = [(name, kind) for name in ("Asha", "Bela", "Chand", "Devi")]
    game = saves.start_game(saves.seated(seats, 5, "strict"))
    app = RajasApp(saves_dir=folder, bot_delay=0)
    beat = Heartbeat()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        app.show_game(game)
        while app.game is None:  # the first screen's layout is start-up, not a bot's move
            await asyncio.sleep(0.01)
        await pilot.pause()
        beat.start()
        while True:
            shown = app.game
            if shown is not None and (len(shown.log) >= moves or shown.over):
                break
            await asyncio.sleep(0.002)
        beat.stop()
        played = len(app.game.log) if app.game is not None else 0
    return beat, played


def first_action_keys(state: Any) -> list[str]:
    """The keys that play the seat to act's first legal action, as a player would type them."""
    import rules
    from rajas_tui.present.chooser import Chooser
    from tests.helpers.apps import keys_for
    from tests.helpers.key_plan import plan

    view = rules.seat_view(state, state.turn)
    return keys_for(plan(Chooser(view), rules.legal_actions(view)[0]))


async def keys_against_bots(folder: Path, kind: str, turns: int) -> tuple[Heartbeat, int]:
    """The UI thread's blocks while a player types `turns` moves by keys (the commands that
    lead the chooser to the first legal action, as tests/helpers/key_plan.py finds them) against
    three bots of `kind`, which think in their own process as in the app: a game against three
    normal bots must be playable by keys without a frozen screen."""
    import saves
    from rajas_tui.tui.app import RajasApp
    from rajas_tui.tui.screens.game import GameScreen

    seats = [("Asha", "human")] + [(name, kind) for name in ("Bela", "Chand", "Devi")]
    app = RajasApp(saves_dir=folder, bot_delay=0)
    beat = Heartbeat()
    typed = 0
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        app.show_game(saves.start_game(saves.seated(seats, 5, "strict")))
        while not isinstance(app.screen, GameScreen):
            await asyncio.sleep(0.01)
        await pilot.pause()
        beat.start()
        while typed < turns and app.game is not None and not app.game.over:
            screen, state = app.screen, app.game.state
            if not isinstance(screen, GameScreen) or screen.chooser is None or app.saving:
                await asyncio.sleep(0.002)  # a bot's turn, or the last move on its way
                continue
            # Found in a thread: the benchmark's own work is not the app's block.
            keys = await asyncio.to_thread(first_action_keys, state)
            await pilot.press(*keys)
            while app.game is not None and app.game.state is state:
                await asyncio.sleep(0.002)
            typed += 1
        beat.stop()
    return beat, typed


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux; 0 where /proc is not there)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def heap() -> str:
    """The collector's tracked objects (those it walks, and those frozen), and the RSS."""
    return (
        f"{len(gc.get_objects())} tracked objects the collector walks, "
        f"{gc.get_freeze_count()} frozen, RSS {rss_mb():.0f} MB"
    )


async def memory_over_games(folder: Path, games: int) -> list[str]:
    """The heap every MEMORY_EVERY moves of whole games of four random bots, and back at the
    title after each: frozen objects are never freed, so what a game leaves must not stay
    frozen, and the heap must not grow from one game to the next."""
    import saves
    from rajas_tui.tui.app import RajasApp
    from rajas_tui.tui.screens.title import TitleScreen

    seats = [(name, "random") for name in ("Asha", "Bela", "Chand", "Devi")]
    app = RajasApp(saves_dir=folder, bot_delay=0)
    lines = []
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        lines.append(f"at the title: {heap()}")
        for number in range(1, games + 1):
            last = app.game
            app.show_game(saves.start_game(saves.seated(seats, number, "strict")))
            noted = 0
            while app.game is last or app.game is None or not app.game.over:
                played = 0 if app.game is last or app.game is None else len(app.game.log)
                if played >= noted + MEMORY_EVERY:
                    noted = played - played % MEMORY_EVERY
                    lines.append(f"game {number}, {played} moves: {heap()}")
                await asyncio.sleep(0.005)
            app.to_title()
            while not isinstance(app.screen, TitleScreen):
                await asyncio.sleep(0.01)
            await pilot.pause()
            # What is left, not what awaits the collector: the live heap.
            gc.collect()
            lines.append(
                f"game {number} over ({len(app.game.log)} moves), at the title after a full "
                f"collection: {heap()}"
            )
    return lines


def round_trip() -> tuple[int, float, float]:
    """A request's size pickled, and the median wall and app-CPU time of a random bot's move
    asked of the bots' process (the bot's own thinking is a few hundred microseconds)."""
    import pickle

    import rules
    import saves
    from rajas_tui.present.bot_process import Process

    state = saves.load(SAVE).state
    view = rules.seat_view(state, state.turn)
    size = len(pickle.dumps(("random", view, 1), protocol=pickle.HIGHEST_PROTOCOL))
    thinker = Process()
    try:
        thinker.choose("random", view, 1, lambda: False)  # the worker's start is not a trip
        walls, cpus = [], []
        for seed in range(ROUND_TRIPS):
            wall, cpu = time.perf_counter(), time.process_time()
            thinker.choose("random", view, seed, lambda: False)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
    finally:
        thinker.close()
    return size, statistics.median(walls), statistics.median(cpus)


async def listing_block(folder: Path) -> float:
    """The longest UI-thread block while the title screen lists a folder of saves."""
    from rajas_tui.tui.app import RajasApp

    app = RajasApp(saves_dir=folder, bot_delay=0)
    beat = Heartbeat()
    async with app.run_test(size=(80, 24)) as pilot:
        beat.start()
        await app.workers.wait_for_complete()
        await pilot.pause()
        beat.stop()
    return beat.longest


def verdict(value: float, goal: float) -> str:
    return "meets the goal" if value <= goal else "MISSES the goal"


def main() -> None:
    print(f"rajas UI benchmark (CPU time) on {SAVE.name}")
    with tempfile.TemporaryDirectory() as empty:
        for width, height, goal in SIZES:
            start = best_start(SAVE, Path(empty), width, height)[0]
            moves, idle = asyncio.run(press_cpu(width, height))
            key = statistics.median(moves) - statistics.median(idle)
            print(
                f"{width}×{height}: start to first frame {start:.2f} s (best of 3; goal "
                f"{START_GOAL} s: {verdict(start, START_GOAL)}); key to repaint median "
                f"{key * 1000:.1f} ms (goal {goal * 1000:.0f} ms: {verdict(key, goal)}; "
                f"{PRESSES} presses)"
            )
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as full:
        for index in range(SAVES_IN_FOLDER):
            shutil.copy(SAVE, Path(full) / f"game-{index:03}.toml")
        none = best_start(None, Path(empty), 80, 24)
        many = best_start(None, Path(full), 80, 24)
        print(
            f"title screen first frame, UI thread: {none[1]:.2f} s with no saves, {many[1]:.2f} s "
            f"with {SAVES_IN_FOLDER} (best of 3 each; {(many[1] - none[1]) * 1000:+.0f} ms; "
            f"goal: the same)"
        )
        print(
            f"  the whole process when the frame was timed: {none[0]:.2f} s and {many[0]:.2f} s "
            f"(the listing's thread runs beside the title's first frame)"
        )
        listing = asyncio.run(listing_block(Path(full)))
        print(
            f"longest UI-thread block while listing {SAVES_IN_FOLDER} saves: "
            f"{listing * 1000:.1f} ms (goal {BLOCK_GOAL * 1000:.0f} ms: "
            f"{verdict(listing, BLOCK_GOAL)})"
        )
    size, wall, cpu = round_trip()
    print(
        f"bots' process: a request is {size} bytes pickled; a random bot's move asked of it "
        f"takes {wall * 1000:.2f} ms (wall, median of {ROUND_TRIPS}) and "
        f"{cpu * 1000:.2f} ms of the app's CPU"
    )
    for kind, moves in BOT_MOVES.items():
        with tempfile.TemporaryDirectory() as folder:
            beat, played = asyncio.run(bots_block(Path(folder), kind, moves))
        print(
            f"longest UI-thread block while {kind} bots played {played} moves, each saved: "
            f"{beat.longest * 1000:.1f} ms (goal {BLOCK_GOAL * 1000:.0f} ms: "
            f"{verdict(beat.longest, BLOCK_GOAL)})\n  {beat.collections()}"
        )
    with tempfile.TemporaryDirectory() as folder:
        beat, typed = asyncio.run(keys_against_bots(Path(folder), "normal", KEYED_TURNS))
    print(
        f"longest UI-thread block while a player typed {typed} moves by keys against three "
        f"normal bots: {beat.longest * 1000:.1f} ms (goal {BLOCK_GOAL * 1000:.0f} ms: "
        f"{verdict(beat.longest, BLOCK_GOAL)})\n  {beat.collections()}"
    )
    with tempfile.TemporaryDirectory() as folder:
        print(f"memory over {MEMORY_GAMES} whole games of four random bots:")
        for line in asyncio.run(memory_over_games(Path(folder), MEMORY_GAMES)):
            print(f"  {line}")


if __name__ == "__main__":
    main()
