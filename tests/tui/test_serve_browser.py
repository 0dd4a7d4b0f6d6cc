"""`rajas serve` in a real browser: Debian's headless Chromium opens the page with no network
but the server, the title screen is drawn, a 2-player game against a bot is started by keys and
one action played, and the save on disk holds it."""

from __future__ import annotations

import signal
from pathlib import Path

import saves
from tests.tui.browser import needs_chromium, open_page
from tests.tui.test_serve_stops import free_port, processes_of, start_server

pytestmark = needs_chromium


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
