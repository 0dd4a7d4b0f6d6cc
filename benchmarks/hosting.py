"""What shared tables cost their host in memory and CPU: a joined seat (the app and its bots'
process) and a watcher (the app alone), each run as sshd runs it, in a terminal of its own.

    python benchmarks/hosting.py [--tables N] [--bot KIND] [--moves M] [--host-gib G]

Makes N 2-seat tables (seat A a person, seat B bot KIND), joins seat A of each and opens one
watcher of each, all at once, each `rajas` in a pseudo-terminal of 80×24; seat A plays M actions
at each by keys (the bot answers each, so each bots' process has thought); then each process's
memory is read:

- RSS (/proc/PID/status VmRSS): the pages it has in memory, its shared libraries counted whole;
- PSS (/proc/PID/smaps_rollup): the same with each shared page split between the processes that
  share it, which is what the processes cost together (the N seats share Python's and Textual's
  code, so PSS per seat falls as N grows);
- its peak (VmHWM).

It prints each figure per seat and per watcher, the CPU each spent (start-up, moves, thinking),
and how many seats a host of G GiB holds by PSS. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Run as a script, this folder comes first on sys.path, and saves.py here (the save benchmark)
# would hide the saves package: the project root takes its place.
sys.path[0] = str(ROOT)

import rules  # noqa: E402
import saves  # noqa: E402
from rajas_tui.present.chooser import Chooser  # noqa: E402
from saves import tables  # noqa: E402
from saves.records import BOT_KINDS, Seat, Setup  # noqa: E402
from tests.helpers import apps  # noqa: E402
from tests.helpers.key_plan import plan  # noqa: E402
from tests.helpers.pty_terminal import Terminal, children, cpu_seconds  # noqa: E402

MIB = 1 << 20
TERMINAL_KEYS = {"enter": b"\r", "escape": b"\x1b", "up": b"\x1b[A", "down": b"\x1b[B"}
TERMINAL_KEYS |= {"right": b"\x1b[C", "left": b"\x1b[D", "tab": b"\t", "space": b" "}
WAIT = 120.0  # seconds: only stops a hang (a hard bot thinks for seconds a move)


def memory(pid: int) -> dict[str, int]:
    """The process's RSS, peak RSS and PSS, in bytes."""
    found: dict[str, int] = {}
    for name, key in (("status", "VmRSS:"), ("status", "VmHWM:"), ("smaps_rollup", "Pss:")):
        for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
            if line.startswith(key):
                found[key.rstrip(":")] = int(line.split()[1]) * 1024
                break
    return found


def _seed() -> int:
    """A seed whose first turn is seat A's (the bot answers each of its actions)."""
    for seed in range(1, 100):
        setup = Setup((Seat("A", "human"), Seat("B", "random")), seed=seed)
        if saves.start_game(setup).state.turn == 0:
            return seed
    raise AssertionError("no seed where seat A starts")


def _until(done: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not done():
        if time.monotonic() > deadline:
            raise SystemExit(f"hosting.py: {what} never happened")
        time.sleep(0.05)


def _play(terminal: Terminal, path: Path) -> None:
    """Seat A's first legal action, typed; back once the bot has answered."""
    game = tables.read(path)
    if game.over:
        return
    view = rules.seat_view(game.state, 0)
    keys = apps.keys_for(plan(Chooser(view), rules.legal_actions(view)[0]))
    for key in keys:
        terminal.type(TERMINAL_KEYS.get(key, key.encode()))
        time.sleep(0.05)
    count = len(game.log)
    _until(lambda: len(tables.read(path).log) > count, "seat A's action")

    def answered() -> bool:
        now = tables.read(path)
        return now.over or now.state.turn == 0

    _until(answered, "the bot's answer")


def _mib(values: list[int]) -> str:
    return f"{statistics.mean(values) / MIB:6.1f}"


def _line(name: str, rows: list[dict[str, int]]) -> str:
    rss, pss, peak = ([row[key] for row in rows] for key in ("VmRSS", "Pss", "VmHWM"))
    return f"{name:<26}{_mib(rss)} {_mib(pss)} {_mib(peak)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4, help="tables, each a seat and a watcher")
    parser.add_argument("--bot", choices=BOT_KINDS, default="normal", help="seat B's bot")
    parser.add_argument("--moves", type=int, default=3, help="seat A's actions at each table")
    parser.add_argument("--host-gib", type=float, default=24.0, help="the host's memory")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rajas-hosting-") as where:
        return measure(args, Path(where))


def measure(args: argparse.Namespace, folder: Path) -> int:
    rajas = str(Path(sys.executable).parent / "rajas")
    env = {**os.environ, "HOME": str(folder)}
    seed = _seed()
    paths = [tables.table_path(folder, f"t{n}") for n in range(args.tables)]
    for path in paths:
        setup = Setup((Seat("Asha", "human"), Seat("Bela", args.bot)), seed=seed)
        tables.create(path, saves.start_game(setup))
    tail = ["--tables", str(folder)]
    seats = [Terminal([rajas, "join", p.stem, "--seat", "A", *tail], env) for p in paths]
    watchers = [Terminal([rajas, "watch", p.stem, *tail], env) for p in paths]
    try:
        for terminal in seats + watchers:
            terminal.wait_for(b"River")
        for _ in range(args.moves):
            for terminal, path in zip(seats, paths, strict=True):
                _play(terminal, path)
        time.sleep(1.0)  # the last redraws and collections
        bots = [children(t.pid) for t in seats]
        watcher_children = sum(len(children(t.pid)) for t in watchers)
        apps = [memory(t.pid) for t in seats]
        thinkers = [[memory(pid) for pid in pids] for pids in bots]
        watching = [memory(t.pid) for t in watchers]
        app_cpu = [cpu_seconds(t.pid) or 0.0 for t in seats]
        bot_cpu = [cpu_seconds(pid) or 0.0 for pids in bots for pid in pids]
        watcher_cpu = [cpu_seconds(t.pid) or 0.0 for t in watchers]
    finally:
        for terminal in seats + watchers:
            terminal.kill()
    seat_rows = [
        {key: app[key] + sum(child[key] for child in its) for key in app}
        for app, its in zip(apps, thinkers, strict=True)
    ]
    print(
        f"{args.tables} tables at once, each a joined seat (bot {args.bot}, {args.moves} moves "
        f"each) and a watcher; MiB, the mean of each"
    )
    print(f"{'':<26}{'RSS':>6} {'PSS':>6} {'peak':>6}")
    print(_line("seat: the app", apps))
    print(_line("seat: its bots' process", [child for its in thinkers for child in its]))
    print(_line("a joined seat in all", seat_rows))
    print(_line("a watcher", watching))
    print(f"watchers' bots' processes: {watcher_children}")
    print(
        f"CPU seconds, the mean: a seat's app {statistics.mean(app_cpu):.2f}, its bots' process "
        f"{statistics.mean(bot_cpu):.2f}, a watcher {statistics.mean(watcher_cpu):.2f}"
    )
    host = args.host_gib * (1 << 30)
    seat_pss = statistics.mean(row["Pss"] for row in seat_rows)
    watcher_pss = statistics.mean(row["Pss"] for row in watching)
    print(
        f"a host of {args.host_gib:g} GiB holds about {host / seat_pss:.0f} joined seats, or "
        f"{host / watcher_pss:.0f} watchers, by PSS (its own system's memory not counted)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
