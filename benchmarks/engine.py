"""How fast the engine plays random games, in CPU time, optionally beside catanatron's.

Prints a table and whether each goal is met; asserts nothing. Run:

    python benchmarks/engine.py [--games N] [--players P] [--variant V] [--vs-catanatron]
                                [--reference DIR]

Each engine first plays `--warm-up` games (10 by default) that are not measured, as a running app
would have its data and caches warm, and then the collector runs once in full, so that every run
starts from a settled heap rather than from wherever the warm-up left the collector's counts.
`--gc-freeze` calls `gc.freeze()` after that, as an app may once its data is loaded, so that
full collections no longer walk the objects alive then (modules, data, warm caches).
`--variant` picks the game measured: base (the default), ganga (the river tiles), navaratnas (every
seat on the Navaratnas board side) or mixed (seats alternate base and Navaratnas boards).

`--vs-catanatron` needs the `bench` extra (`pip install -e '.[bench]'`, catanatron 3.2.1) and plays
one random 4-player catanatron game after each rajas game, so that whatever else the machine is
doing slows both alike. Goals (`RATIO_GOAL`, `GAME_GOAL_MS`, `STEP_GOAL_MS` below;
docs/performance.md): steps per second against catanatron's actions per second, the median CPU
time of a random 4-player game, and the slowest single step.

`--reference DIR` measures a change: DIR is another checkout (say `git worktree add ../ref main`),
whose `rules` package is loaded beside this one as `rules_reference` and plays the same games,
each right after this checkout's, so that the machine's load slows both alike; the report gives
the ratios. On a shared machine, runs of one engine after the other differ by a fifth or more.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs

import rules
from rules import Config

GAME_GOAL_MS = 18.0
STEP_GOAL_MS = 5.0
RATIO_GOAL = 0.75

# The variants measured, by name: a Config for a number of players and a seed.
VARIANTS: dict[str, Callable[[int, int], Config]] = {
    "base": lambda players, seed: Config(players=players, seed=seed),
    "ganga": lambda players, seed: Config(players=players, seed=seed, ganga=True),
    "navaratnas": lambda players, seed: Config(
        players=players, seed=seed, boards=("navaratnas",) * players
    ),
    "mixed": lambda players, seed: Config(
        players=players,
        seed=seed,
        boards=tuple(("base", "navaratnas")[seat % 2] for seat in range(players)),
    ),
}


@dataclass
class Tally:
    """One engine's figures over a run: CPU seconds per game, steps, the slowest step, GC time."""

    name: str
    game_seconds: list[float] = field(default_factory=list)
    steps: int = 0
    slowest: float = 0.0
    slowest_at: str = ""
    gc_seconds: float = 0.0
    collections: int = 0  # counted by GcClock, so a step can tell whether the collector ran in it
    # Full collections (of the oldest generation), which walk every tracked object: the pauses
    # that make a step slow.
    full_collections: int = 0
    longest_full: float = 0.0
    # The slowest step the collector did not run in: the engine's own worst, apart from GC pauses.
    slowest_no_gc: float = 0.0

    def step(self, seconds: float, seed: int, step: int, collections_before: int) -> None:
        """Counts a step; the text saying where it was is built only for a new slowest one."""
        self.steps += 1
        collected = self.collections != collections_before
        if not collected and seconds > self.slowest_no_gc:
            self.slowest_no_gc = seconds
        if seconds > self.slowest:
            self.slowest = seconds
            self.slowest_at = f"seed {seed} step {step}" + (" (gc ran in it)" if collected else "")

    def per_second(self) -> float:
        return self.steps / sum(self.game_seconds)


class GcClock:
    """Sums the CPU time of garbage collections into whichever tally is playing now.

    gc.callbacks is called with "start" and "stop" around every collection, including the ones
    triggered in the middle of a step, so the total is the collector's whole share."""

    def __init__(self) -> None:
        self.current: Tally | None = None
        self._began = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.process_time()
        elif self.current is not None:
            took = time.process_time() - self._began
            self.current.gc_seconds += took
            self.current.collections += 1
            if info["generation"] == 2:
                self.current.full_collections += 1
                self.current.longest_full = max(self.current.longest_full, took)


def play_rajas(
    seed: int, players: int, tally: Tally, variant: str = "base", engine: ModuleType = rules
) -> None:
    """One random game: each step (legal_actions + apply) timed on its own, the game as a whole.
    `engine` is this checkout's rules package or the reference's (see `load_reference`)."""
    chooser = random.Random(seed)
    config = VARIANTS[variant](players, seed)
    if engine is not rules:
        config = engine.Config(**attrs.asdict(config, recurse=False))
    clock = time.process_time
    start = clock()
    state = engine.new_game(config)
    step = 0
    while not state.over:
        collections, before = tally.collections, clock()
        state = engine.apply(state, chooser.choice(engine.legal_actions(state)))
        step += 1
        tally.step(clock() - before, seed, step, collections)
    tally.game_seconds.append(clock() - start)


REFERENCE_PACKAGE = "rules_reference"


def reference_problem(root: Path) -> str | None:
    """Why `root` holds no rules package to compare with, in one sentence (None when it does)."""
    if not (root / "rules" / "__init__.py").is_file():
        return f"{root} holds no rules package (rules/__init__.py): give another checkout's root"
    return None


def load_reference(root: Path) -> ModuleType:
    """The rules package of the checkout at `root`, loaded as `rules_reference`. Its modules
    import one another relatively and read their data beside themselves, so none of its code
    or data is this checkout's; its caches are its own too."""
    package = root / "rules"
    spec = importlib.util.spec_from_file_location(
        REFERENCE_PACKAGE, package / "__init__.py", submodule_search_locations=[str(package)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[REFERENCE_PACKAGE] = module  # its relative imports look the package up here
    spec.loader.exec_module(module)
    return module


def play_catanatron(seed: int, tally: Tally) -> None:
    """One random 4-player catanatron game: each action timed on its own, the game as a whole.

    catanatron is imported here so the plain benchmark runs without the `bench` extra."""
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT

    clock = time.process_time
    start = clock()
    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    # Game() seeds the global random module, which RandomPlayer draws from; it takes a seed of 0
    # as "none", so callers pass seeds from 1.
    game = Game([RandomPlayer(color) for color in colors], seed=seed)
    step = 0
    # The loop of Game.play without its two copies of the state: decide, then execute (which also
    # works out the next player's playable actions, as rajas's legal_actions does).
    while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
        collections, before = tally.collections, clock()
        game.play_tick()
        step += 1
        tally.step(clock() - before, seed, step, collections)
    tally.game_seconds.append(clock() - start)


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def report(
    tallies: list[Tally],
    players: int,
    variant: str = "base",
    frozen: bool = False,
    reference: str | None = None,
) -> None:
    """The table, then each goal beside the figure it is about. `tallies` are this checkout's,
    then the reference's when `reference` names it, then catanatron's if it played."""
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}) on {sys.platform}"
    )
    print(
        f"{len(tallies[0].game_seconds)} random {players}-player games each; CPU time; "
        f"rajas variant {variant}" + ("; gc.freeze() after the warm-up" if frozen else "")
    )
    print(
        f"{'engine':<11} {'steps':>7} {'steps/s':>8} {'median ms':>9} {'mean ms':>8} "
        f"{'max ms':>7} {'gc ms':>7} {'slowest ms':>10}  slowest at"
    )
    for t in tallies:
        ms = [s * 1000 for s in t.game_seconds]
        print(
            f"{t.name:<11} {t.steps:>7} {t.per_second():>8,.0f} {statistics.median(ms):>9.2f} "
            f"{statistics.mean(ms):>8.2f} {max(ms):>7.2f} {t.gc_seconds * 1000:>7.1f} "
            f"{t.slowest * 1000:>10.3f}  {t.slowest_at}"
        )
    ours = tallies[0]
    median = statistics.median(ours.game_seconds) * 1000
    if reference is not None:
        _compare(ours, tallies[1], reference)
    catanatron = [t for t in tallies if t.name == "catanatron"]
    print("goals:")
    if catanatron:
        ratio = ours.per_second() / catanatron[0].per_second()
        print(
            f"  steps/s vs catanatron actions/s: {ratio:.2f}x "
            f"({ours.per_second():,.0f} vs {catanatron[0].per_second():,.0f}; "
            f"goal >= {RATIO_GOAL:g}x) {met(ratio >= RATIO_GOAL)}"
        )
    else:
        print("  steps/s vs catanatron: not measured (add --vs-catanatron)")
    print(
        f"  median game {median:.2f} ms (goal <= {GAME_GOAL_MS:g} ms) {met(median <= GAME_GOAL_MS)}"
    )
    slowest = ours.slowest * 1000
    print(
        f"  slowest step {slowest:.3f} ms (goal <= {STEP_GOAL_MS:g} ms) "
        f"{met(slowest <= STEP_GOAL_MS)}; without a collection in it "
        f"{ours.slowest_no_gc * 1000:.3f} ms {met(ours.slowest_no_gc * 1000 <= STEP_GOAL_MS)}"
    )
    for t in tallies:
        print(
            f"  {t.name}: {t.full_collections} full collections in its games"
            + (f", the longest {t.longest_full * 1000:.1f} ms" if t.full_collections else "")
        )


def _compare(ours: Tally, reference: Tally, where: str) -> None:
    """This checkout against the reference, played side by side: above 1 is faster."""
    ours_median = statistics.median(ours.game_seconds) * 1000
    their_median = statistics.median(reference.game_seconds) * 1000
    speed = ours.per_second() / reference.per_second()
    print(
        f"against the reference ({where}): steps/s {speed:.3f}x"
        f" ({ours.per_second():,.0f} vs {reference.per_second():,.0f}); median game "
        f"{their_median / ours_median:.3f}x as fast ({ours_median:.2f} vs {their_median:.2f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--warm-up", type=int, default=10, help="games each engine plays first, not measured"
    )
    parser.add_argument(
        "--gc-freeze",
        action="store_true",
        help="gc.freeze() after the warm-up, as an app may after loading its data",
    )
    parser.add_argument(
        "--variant", choices=tuple(VARIANTS), default="base", help="the rajas game measured"
    )
    parser.add_argument(
        "--vs-catanatron",
        action="store_true",
        help="interleave random 4-player catanatron 3.2.1 games (the bench extra)",
    )
    parser.add_argument(
        "--reference",
        type=Path,
        metavar="DIR",
        help="another checkout whose engine plays the same games beside this one's",
    )
    args = parser.parse_args()
    if args.vs_catanatron and args.players != 4:
        parser.error("--vs-catanatron compares 4-player games; leave --players at 4")
    if args.reference is not None and (problem := reference_problem(args.reference)):
        parser.error(problem)
    ours = Tally("rajas")
    tallies = [ours]
    engines = [(ours, rules)]
    if args.reference is not None:
        reference = Tally("reference")
        tallies.append(reference)
        engines.append((reference, load_reference(args.reference)))
    # Warm the data and caches, as a running app would have them, with seeds after the measured
    # ones; the warm-up tallies are thrown away.
    theirs = Tally("catanatron") if args.vs_catanatron else None
    if theirs is not None:
        tallies.append(theirs)
    for seed in range(args.games + 1, args.games + 1 + max(args.warm_up, 1)):
        for _, engine in engines:
            play_rajas(seed, args.players, Tally("warm-up"), args.variant, engine)
        if theirs is not None:
            play_catanatron(seed, Tally("warm-up"))
    gc.collect()
    if args.gc_freeze:
        gc.freeze()
    clock = GcClock()
    gc.callbacks.append(clock)
    try:
        for seed in range(1, args.games + 1):
            for tally, engine in engines:
                clock.current = tally
                play_rajas(seed, args.players, tally, args.variant, engine)
            if theirs is not None:
                clock.current = theirs
                play_catanatron(seed, theirs)
    finally:
        gc.callbacks.remove(clock)
    where = str(args.reference) if args.reference is not None else None
    report(tallies, args.players, args.variant, args.gc_freeze, where)


if __name__ == "__main__":
    main()
