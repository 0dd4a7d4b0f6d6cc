"""How long a player waits for a bot or the coach in the app: each decision asked of the app's own
bots' process (`present.bot_process.Process`, timed by the app's clock), wall clock and the worker's
CPU time, p50/p95/max, over the states of 4-player games where the seat to act has a real choice.

Prints a table and whether each goal is met; asserts nothing. Run:

    python benchmarks/thinking.py [--decisions N] [--players P] [--kinds hard,coach] [--seed S]

Goals (`WALL_GOALS_S`; docs/performance.md): p95 at most 2 s and the worst at most 3 s of wall
clock, for every kind and the coach. The wall clock is what the player feels and is bounded by
the search's time cap (`bots.search.APP_SECONDS`) whatever the load; the CPU time says how much
of it the machine gave the bot (a busy machine gives less, and the cap then stops the search
earlier). `capped` counts the decisions that reached the cap before their iterations were done.
The states come from greedy games (cheap to play) spread over the whole game.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import rules
from rajas_tui import bots
from rajas_tui.bots import search
from rajas_tui.present import coach
from rajas_tui.present.bot_process import Process
from rules import Config, GameState

WALL_GOALS_S = {"p95": 2.0, "max": 3.0}
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def choice_states(count: int, players: int, seed: int) -> list[GameState]:
    """`count` states of greedy games where the seat to act has more than one legal action,
    spread over the whole game."""
    found: list[GameState] = []
    game = 0
    while len(found) < count:
        state = rules.new_game(Config(players=players, seed=seed + game))
        seen = []
        while not state.over:
            if len(rules.legal_actions(state)) > 1:
                seen.append(state)
            state = rules.apply(state, bots.choose("greedy", state, seed + game))
        step = max(1, len(seen) // count)
        found.extend(seen[::step][: count - len(found)])
        game += 1
    return found


def cpu_seconds(pid: int | None) -> float:
    """A process's CPU time so far (user and system), from /proc; 0 where there is none."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(kind: str, states: Sequence[GameState], thinker: Process) -> None:
    """Times `kind` (a bot kind, or `coach` for the coach's whole advice) on every state."""
    walls: list[float] = []
    cpus: list[float] = []
    level = coach.LEVEL if kind == "coach" else kind
    budget = search.LEVELS.get(level)
    cap = budget.seconds if budget is not None else None

    def never() -> bool:
        return False

    for i, state in enumerate(states):
        view = rules.seat_view(state, state.turn)
        thinker.choose("random", view, i, never)  # the worker is up before the clock starts
        pid = thinker.pid
        cpu = cpu_seconds(pid)
        start = time.monotonic()
        if kind == "coach":
            coach.advise(state, i, lambda k, s, g: thinker.choose(k, s, g, never))
        else:
            thinker.choose(kind, view, i, never)
        walls.append(time.monotonic() - start)
        cpus.append(cpu_seconds(pid) - cpu)
    capped = sum(1 for wall in walls if cap is not None and wall >= cap)
    met = percentile(walls, 0.95) <= WALL_GOALS_S["p95"] and max(walls) <= WALL_GOALS_S["max"]
    print(
        f"{kind:<7} {len(walls):>4} {statistics.median(walls):>7.2f} "
        f"{percentile(walls, 0.95):>7.2f} {max(walls):>7.2f} "
        f"{statistics.median(cpus):>7.2f} {percentile(cpus, 0.95):>7.2f} {max(cpus):>7.2f} "
        f"{capped:>6}  {'met' if met else 'NOT met'}",
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=40, help="states timed per kind")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--kinds", default="hard,coach", help="bot kinds, and coach")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}) on "
        f"{sys.platform}, load average {os.getloadavg()[0]:.1f}; cap {search.APP_SECONDS:g} s"
    )
    states = choice_states(args.decisions, args.players, args.seed)
    print(f"{args.players}-player states: {len(states)}; seconds, wall then the worker's CPU")
    print(
        f"{'kind':<7} {'n':>4} {'wall50':>7} {'wall95':>7} {'wallmax':>7} "
        f"{'cpu50':>7} {'cpu95':>7} {'cpumax':>7} {'capped':>6}  goal (p95 <= "
        f"{WALL_GOALS_S['p95']:g} s, max <= {WALL_GOALS_S['max']:g} s, wall)"
    )
    thinker = Process()
    try:
        for kind in args.kinds.split(","):
            measure(kind, states, thinker)
    finally:
        thinker.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
