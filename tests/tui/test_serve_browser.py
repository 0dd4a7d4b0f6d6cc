"""`rajas serve` in a real browser: Debian's headless Chromium opens the page with no network
but the server, the title screen is drawn, a 2-player game against a bot is started by keys and
one action played, and the save on disk holds it. At a shared table, the browser takes the seat
a terminal (under tmux) left free, and each shows the move the other typed."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.present import logbook
from rajas_tui.present.chooser import Chooser
from saves import tables
from tests.helpers import apps, tmux_screens
from tests.helpers.browser import needs_chromium, open_page
from tests.helpers.key_plan import plan
from tests.tui.test_serve_stops import environment, free_port, processes_of, start_server

pytestmark = [pytest.mark.slow, needs_chromium]


def _played(folder: Path) -> list[tuple[int, str]]:
    """Every action in the saves of `folder`, with its seat."""
    found = []
    for path in folder.glob("*.toml"):
        found += [(entry.seat, entry.action) for entry in saves.load(path).log]
    return found


def test_a_game_against_a_bot_in_the_browser(tmp_path: Path) -> None:
    port = free_port()
    server = start_server(tmp_path, port)
    url = f"http://127.0.0.1:{port}/"
    try:
        with open_page(url, tmp_path) as page:
            title = page.wait(lambda s: "New game" in s and "Quit" in s, seconds=60)
            assert "Continue" in title
            # Everything the page loaded came from the server: no font or script from elsewhere.
            assert page.requests
            assert all(
                address.startswith((url, f"ws://127.0.0.1:{port}/")) for address in page.requests
            ), page.requests
            since = page.mark()
            page.keys("n")
            page.wait(lambda s: "Start" in s and "Seed" in s, since)
            # The dialog's defaults: 2 players, Asha human and Bela the normal bot. The first
            # field has the focus: shift+tab twice wraps round to Cancel, then Start.
            since = page.mark()
            page.shift_tab()
            page.shift_tab()
            page.keys("\n")
            page.wait(lambda s: "Your turn" in s, since)
            # A terrace is free and always legal while one is free: t1..t4, the first not taken.
            for space in "1234":
                since = page.mark()
                page.keys("t", space)
                drawn = page.wait(lambda s: "Enter confirms" in s or "taken by" in s, since)
                if "Enter confirms" in drawn:
                    break
            page.keys("\n")
            page.wait(lambda s: "A▲ Asha terrace" in s, since)
            played = _played(tmp_path / "saves")
            assert [action for seat, action in played if seat == 0][:1] == [f"terrace t{space}"]
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
    assert processes_of(tmp_path) == []


def _step(game: saves.Game) -> tuple[str, tuple[int, str], list[str]]:
    """What the acting seat's screen says once it takes keys for its next step, its first
    legal action (from its own view) with its seat, and the keys that play it."""
    view = rules.seat_view(game.state, game.state.turn)
    chooser = Chooser(view)
    ready = "Your turn" if chooser.top.kind == "spaces" else chooser.top.title
    action = rules.legal_actions(view)[0]
    return ready, (game.state.turn, str(action)), apps.keys_for(plan(chooser, action))


def _newest_move(path: Path) -> str:
    """The table's newest move as its log tells it, up to the colon: what every seat's view
    tells alike and an 80-column log line holds whole."""
    game = tables.read(path)
    newest = [line for line in logbook.told(game) if line.kind == logbook.MOVE][-1]
    return newest.words.split(":")[0]


def _written(path: Path, count: int, screen: Callable[[], str]) -> saves.Game:
    """The table once its log holds more than `count` actions (else the typing seat's screen)."""
    deadline = time.monotonic() + 20
    while len((game := tables.read(path)).log) <= count:
        if time.monotonic() > deadline:
            raise AssertionError(f"no action written after {count}; the screen:\n{screen()}")
        time.sleep(0.05)
    return game


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_browser_and_a_terminal_play_at_one_table(tmp_path: Path) -> None:
    """Seat A joins from a terminal with `rajas join`; the browser takes the free seat B from
    the title's Tables; A's turn typed in the terminal shows in the browser, B's typed in the
    browser shows in the terminal, and the table's file holds both."""
    folder = tmp_path / "tables"
    env = environment(tmp_path) | {"RAJAS_TABLES": str(folder)}
    rajas = [sys.executable, "-m", "rajas_tui"]
    # Seed 1 has seat A act first.
    subprocess.run(
        [*rajas, "table", "new", "duel", "--players", "Asha,Bela", "--seed", "1"],
        env=env,
        check=True,
        capture_output=True,
    )
    path = tables.table_path(folder, "duel")
    assert tables.read(path).state.turn == 0
    # The terminal's app gets only this environment, not the tmux server's.
    kept = ("HOME", "PATH", "PYTHONPATH", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "RAJAS_SAVES")
    terminal = {name: env[name] for name in kept} | {
        "RAJAS_TABLES": str(folder),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
    }
    assigned = [f"{name}={value}" for name, value in terminal.items()]
    command = shlex.join(["env", "-i", *assigned, *rajas, "join", "duel", "--seat", "A"])
    session = f"rajas-browser-table-{os.getpid()}"
    tmux = tmux_screens.tmux
    port = free_port()
    server: subprocess.Popen[str] | None = None
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    try:
        tmux_screens.wait(session, lambda s: "River" in s and "Tracks" in s, 30)
        assert tables.connected(path, 0)
        server = start_server(tmp_path, port, env={"RAJAS_TABLES": str(folder)})
        with open_page(f"http://127.0.0.1:{port}/", tmp_path) as page:
            page.wait(lambda s: "New game" in s and "Quit" in s, seconds=60)
            since = page.mark()
            page.keys("t")
            listed = page.wait(lambda s: "duel" in s and "free: Enter joins" in s, since)
            assert "taken" in listed, "seat A is the terminal's"
            since = page.mark()
            page.press("enter")  # the tables screen opens on the first free seat: B
            page.wait(lambda s: "Asha's turn: their moves show here" in s, since)
            assert tables.connected(path, 1), "the browser holds seat B"

            def capture() -> str:
                return tmux("capture-pane", "-p", "-t", session)

            # A's turn, typed in the terminal, step by step as its screen is ready for each.
            since = page.mark()
            game = tables.read(path)
            played: list[tuple[int, str]] = []
            while game.state.turn == 0:
                ready, action, keys = _step(game)
                played.append(action)
                tmux_screens.wait(
                    session, lambda s, r=ready: r in s and "their moves show here" not in s, 20
                )
                tmux("send-keys", "-t", session, *(tmux_screens.KEYS.get(k, k) for k in keys))
                game = _written(path, len(game.log), capture)
            moved = _newest_move(path)
            ready = _step(game)[0]
            page.wait(lambda s: moved in s and ready in s, since)
            # B's turn, typed in the browser.
            while game.state.turn == 1:
                ready, action, keys = _step(game)
                played.append(action)
                page.wait(lambda s, r=ready: r in s, since)
                since = page.mark()
                page.press(*keys)
                game = _written(path, len(game.log), lambda: page.text[-1500:])
            moved = _newest_move(path)
            tmux_screens.wait(session, lambda s: moved in s and "Your turn" in s, 20)
            # The file holds what each typed, A's turn then B's: nothing lost or doubled.
            assert [(entry.seat, entry.action) for entry in tables.read(path).log] == played
            assert played[0][0] == 0 and played[-1][0] == 1, played
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        if server is not None:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
    deadline = time.monotonic() + 10
    while processes_of(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert processes_of(tmp_path) == []
