"""The app's speed: start to first frame, and key press to repaint (median of 100 presses), at
80×24 and 160×50, on the mid-game example save. Prints figures; asserts nothing.

    python benchmarks/ui.py

Goal: at most 1 s to start, at most 50 ms per key press.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Run as a script, this folder comes first on sys.path, and saves.py here (the save benchmark)
# would hide the saves package: the project root takes its place.
sys.path[0] = str(ROOT)
SAVE = ROOT / "saves" / "examples" / "midgame-4p.toml"
SIZES = ((80, 24), (160, 50))
PRESSES = 100

START = """
import time, asyncio, sys
t0 = time.perf_counter()
import saves
from rajas_tui.tui.app import RajasApp
game = saves.load(sys.argv[1])
app = RajasApp(game, saves_dir=sys.argv[2], bot_delay=0)
async def first_frame():
    async with app.run_test(size=(int(sys.argv[3]), int(sys.argv[4]))) as pilot:
        await pilot.pause()
        print(time.perf_counter() - t0)
asyncio.run(first_frame())
"""


def start_time(width: int, height: int) -> float:
    """Seconds from a fresh interpreter (imports included) to the game screen's first frame."""
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run(
            [sys.executable, "-c", START, str(SAVE), folder, str(width), str(height)],
            capture_output=True,
            text=True,
            check=True,
        )
    return float(out.stdout.strip().splitlines()[-1])


async def press_times(width: int, height: int) -> tuple[list[float], list[float]]:
    """Pilot round trips (key sent, handled, screen repainted, app idle again) of a key that
    moves the chooser's cursor, and of a key bound to nothing: the difference is what a key
    press costs the app; the rest is Pilot's own waiting."""
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
            for i in range(PRESSES):
                for key, times in (("down" if i % 2 == 0 else "up", moves), ("f12", idle)):
                    t0 = time.perf_counter()
                    await pilot.press(key)
                    await pilot.pause()
                    times.append(time.perf_counter() - t0)
    return moves, idle


def main() -> None:
    print(f"rajas UI benchmark on {SAVE.name}")
    for width, height in SIZES:
        starts = [start_time(width, height) for _ in range(3)]
        moves, idle = asyncio.run(press_times(width, height))
        move, rest = statistics.median(moves), statistics.median(idle)
        print(
            f"{width}×{height}: start to first frame {min(starts):.2f} s (best of 3); "
            f"key press to repaint median {(move - rest) * 1000:.1f} ms "
            f"(Pilot round trip {move * 1000:.1f} ms less {rest * 1000:.1f} ms for an unbound "
            f"key; {PRESSES} presses)"
        )


if __name__ == "__main__":
    main()
