"""Save and load times for the example saves: `python benchmarks/saves.py`.

The goal is 20 ms or less for each on the mid-game 4-player example, the load including the full
check (schema, ranges, replay of the log, comparison with the snapshot); the save includes the
atomic write with fsync and the .bak. Prints figures, asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import saves  # noqa: E402

EXAMPLES = ("midgame-4p.toml", "opening-2p.toml", "final-action-3p.toml")
RUNS = 30


def _median_ms(work: Callable[[], object]) -> float:
    work()  # the first run fills the engine's caches, as any game in progress has them
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    print(f"median of {RUNS} runs, milliseconds")
    print(f"{'save file':<24} {'actions':>7} {'bytes':>7} {'load':>7} {'save':>7} {'text':>7}")
    with tempfile.TemporaryDirectory() as folder:
        for name in EXAMPLES:
            source = saves.examples_dir() / name
            game = saves.load(source)
            target = Path(folder) / name
            load_ms = _median_ms(lambda s=source: saves.load(s))  # type: ignore[misc]
            save_ms = _median_ms(lambda g=game, t=target: saves.save(g, t))  # type: ignore[misc]
            text_ms = _median_ms(lambda g=game: saves.dumps(g))  # type: ignore[misc]
            size = source.stat().st_size
            print(
                f"{name:<24} {len(game.log):>7} {size:>7} {load_ms:>7.2f} {save_ms:>7.2f} "
                f"{text_ms:>7.2f}"
            )
    print("load: read, check and replay; save: text, atomic write, fsync, .bak; text: no disk")


if __name__ == "__main__":
    main()
