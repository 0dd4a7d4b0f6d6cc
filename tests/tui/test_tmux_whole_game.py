"""A whole game against bots played in a real terminal (tmux) at 80×24, then 120×40, then
200×60 (the window resized between thirds of the game, and the game-over screen looked at in all
three). After every action the screen is read back: it must show that action (else the screen is
frozen), and no line may end text in "…"."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.present import logbook, turns
from rajas_tui.present.chooser import Chooser
from tests.helpers import apps, tmux_screens
from tests.helpers.key_plan import plan
from tests.helpers.screen_cuts import ellipses

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

ROOT = Path(__file__).resolve().parents[2]
SIZES = ((80, 24), (120, 40), (200, 60))
NAMES = ("Asha", "Bela", "Chand")
SEED = 29  # 154 actions (68 of them the human's): the shortest 3-seat game of seeds 1 to 60
TMUX_KEYS = tmux_screens.KEYS
LOOK = 0.02  # seconds between looks at the terminal
SHOWN = 28  # a move's first characters, enough to tell it and few enough to fit any log row
SETTLE = 0.2  # seconds before a second look at a screen that showed a cut
ANSWER = 10.0  # seconds the screen has to show a move before it counts as frozen


def _newest(game: saves.Game) -> tuple[str, ...]:
    """The last move's forms, as a log line and as a log pane's row shows it: worked out once a
    game, not on every look at the screen (the log is told from its start)."""
    if not game.log:
        return ()
    newest = [line for line in logbook.told(game) if line.kind == logbook.MOVE][-1]
    return (newest.words, newest.gist)


def _shows(screen: str, game: saves.Game, newest: tuple[str, ...]) -> bool:
    """Whether the screen shows `game`: the round and who acts on the status line, and the last
    move's first words (`newest`) on some row (a log line, or a log pane's row beside other
    panes)."""
    if game.state.over:
        return "Game over" in screen
    status = next((line for line in screen.splitlines() if "Rajas · round" in line), "")
    if f"round {game.state.round} ·" not in status or game.seat.name not in status:
        return False
    if not game.log:
        return "(no action yet)" in screen
    return any(form[:SHOWN] in screen for form in newest)


def _new_game(path: Path) -> int:
    """Writes the game's save (seat A human, B and C random bots); its length played headless
    the way the test plays it, so the window can be resized after each third."""
    bots = ",".join(f"{seat}=random" for seat in range(1, len(NAMES)))
    command = [sys.executable, "-m", "rajas_tui.cli", "new", "--players", ",".join(NAMES)]
    command += ["--bots", bots, "--seed", str(SEED), "--save", str(path)]
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
    game = saves.load(path)
    while not game.state.over:
        action = _first(game) if game.state.turn == 0 else turns.bot_action(game)
        game = saves.play(game, action)
    return len(game.log)


def _first(game: saves.Game) -> rules.Action:
    return rules.legal_actions(rules.seat_view(game.state, game.state.turn))[0]


def _keys(game: saves.Game) -> list[str]:
    view = rules.seat_view(game.state, game.state.turn)
    keys = apps.keys_for(plan(Chooser(view), _first(game)))
    return [TMUX_KEYS.get(key, key) for key in keys]


class Terminal:
    """rajas in a tmux window; every screen read back is checked for cut lines."""

    def __init__(self, session: str, home: Path) -> None:
        self.session = session
        self.home = home
        self.cut: dict[str, set[str]] = {}
        self.size = SIZES[0]

    def start(self, path: Path) -> None:
        env = " ".join(
            f"{name}={shlex.quote(value)}"
            for name, value in (
                ("HOME", str(self.home)),
                ("RAJAS_SAVES", str(self.home / "saves")),
                ("TERM", "xterm-256color"),
                ("PYTHONPATH", str(ROOT)),
            )
        )
        # A tmux server's environment may hold COLUMNS and LINES, which Textual would take as
        # the terminal's size for good, whatever the window is resized to.
        command = f"env -u COLUMNS -u LINES {env} {shlex.quote(sys.executable)}"
        command += f" -m rajas_tui.cli load {shlex.quote(str(path))}"
        width, height = self.size
        tmux_screens.tmux(
            "new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height), command
        )

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        width, height = size
        tmux_screens.tmux("resize-window", "-t", self.session, "-x", str(width), "-y", str(height))

    def _drawn(self, screen: str) -> bool:
        """Whether the app has drawn the window at its size: its footer on the last row."""
        rows = screen.splitlines()
        return len(rows) >= self.size[1] and bool(rows[self.size[1] - 1].strip())

    def look(self, found: object, timeout: float = ANSWER) -> str:
        screen = tmux_screens.wait(
            self.session,
            lambda s: self._drawn(s) and found(s),  # type: ignore[operator]
            timeout,
            LOOK,
        )
        cut = set(ellipses(screen))
        if cut:
            # capture-pane can read a row while the app is still writing it (a shorter line
            # written over a longer one shows a piece of the old one's end, as in "C◆ Chand
            # (bot) is playing……"): a cut counts when a second look a moment later has it too.
            time.sleep(SETTLE)
            cut &= set(ellipses(tmux_screens.tmux("capture-pane", "-p", "-t", self.session)))
        if cut:
            self.cut.setdefault(f"{self.size[0]}×{self.size[1]}", set()).update(cut)
        return screen

    def keys(self, keys: list[str]) -> None:
        tmux_screens.tmux("send-keys", "-t", self.session, *keys)

    def stop(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)


class Saved:
    """The save file as last read, read again only once its time has changed (the app replaces
    it on every move): a read replays the whole log."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.stamp: int | None = None
        self.game: saves.Game | None = None

    def now(self) -> saves.Game:
        stamp = self.path.stat().st_mtime_ns
        if self.game is None or stamp != self.stamp:
            self.stamp, self.game = stamp, saves.load(self.path)
        return self.game


def _follow(terminal: Terminal, path: Path, total: int) -> int:
    """Plays the game to its end; the number of actions the human typed."""
    typed = 0
    saved = Saved(path)
    game = saved.now()
    while True:
        third = min(len(game.log) * len(SIZES) // total, len(SIZES) - 1)
        if SIZES[third] != terminal.size:
            terminal.resize(SIZES[third])
        stamp = path.stat().st_mtime_ns
        newest = _newest(game)
        try:
            terminal.look(
                lambda s, g=game, n=newest, t=stamp: _shows(s, g, n) or path.stat().st_mtime_ns != t
            )
        except AssertionError as frozen:
            raise AssertionError(f"frozen after {len(game.log)} actions: {frozen}") from None
        newer = saved.now()
        if len(newer.log) != len(game.log):
            game = newer  # bots moved on before this one was looked at: look at the newest
            continue
        if game.state.over:
            return typed
        if game.setup.seats[game.state.turn].kind == saves.HUMAN:
            terminal.keys(_keys(game))
            typed += 1
        deadline = time.monotonic() + ANSWER
        while len(newer.log) == len(game.log):
            if time.monotonic() > deadline:
                shown = tmux_screens.tmux("capture-pane", "-p", "-t", terminal.session)
                raise AssertionError(f"no move after {len(game.log)} actions:\n{shown}")
            time.sleep(LOOK)
            newer = saved.now()
        game = newer


def test_a_whole_game_against_bots_at_three_sizes(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    total = _new_game(path)
    terminal = Terminal(f"rajas-whole-{os.getpid()}", tmp_path)
    started, cpu = time.monotonic(), time.process_time()
    try:
        terminal.start(path)
        typed = _follow(terminal, path, total)
        for size in SIZES:
            terminal.resize(size)
            terminal.look(lambda s: "Game over" in s)
    finally:
        terminal.stop()
    took = time.monotonic() - started
    print(
        f"{total} actions ({typed} typed) in {took:.1f} s ({took / total * 1000:.0f} ms an "
        f"action; the test's own CPU {time.process_time() - cpu:.1f} s)"
    )
    found = "\n".join(
        f"{size}: {line}" for size, lines in terminal.cut.items() for line in sorted(lines)
    )
    assert not terminal.cut, f"lines cut with '…':\n{found}"
