"""The guard in front of Textual's reader (rajas_tui/tui/private_textual.py), without a
terminal: which bytes a burst lets through, that what passes is always whole UTF-8 and never
leaves a bracketed paste open, and how many keys a flood of them passes on."""

from __future__ import annotations

import asyncio
import itertools
import os
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.geometry import Size

from rajas_tui.tui.private_textual import (
    BURST_BYTES,
    BURST_KEYS,
    PASTE_END,
    PASTE_START,
    QUIET_SECONDS,
    ByteGate,
    KeyPace,
)


def test_keys_typed_at_a_persons_pace_all_pass() -> None:
    gate = ByteGate()
    typed = [b"q", b"1", b"\r", b"\x1b[A", "é".encode(), b"\x1b[<35;10;5M"] * 50
    passed = b"".join(gate.feed(key, n * 0.05) for n, key in enumerate(typed))
    assert passed == b"".join(typed)
    assert gate.dropped == 0


def test_a_burst_is_dropped_until_the_input_rests() -> None:
    gate = ByteGate()
    chunk = b"x" * 4000
    assert gate.feed(chunk, 0.0) == chunk  # within what a mouse sweep may send
    assert gate.feed(chunk, 0.01) == b""  # beyond: dropped
    # The burst goes on, now and then a short read: all of it dropped, budget or not.
    assert gate.feed(b"y", 0.2) == b""
    assert gate.feed(chunk, 0.4) == b""
    # Rested: the next key passes.
    assert gate.feed(b"q", 0.4 + QUIET_SECONDS) == b"q"
    assert gate.dropped == 4001 + 4000


def test_a_megabyte_passes_no_more_than_the_burst() -> None:
    gate = ByteGate()
    passed = sum(len(gate.feed(b"a" * 4096, n * 0.001)) for n in range(256))
    assert passed <= BURST_BYTES


def test_a_bracketed_paste_cut_short_is_closed() -> None:
    gate = ByteGate()
    assert gate.feed(PASTE_START + b"some", 0.0) == PASTE_START + b"some"
    assert gate.feed(b"z" * 8000, 0.01) == PASTE_END  # Textual's parser leaves the paste
    assert gate.feed(b"z" * 8000 + PASTE_END, 0.02) == b""
    assert gate.feed(b"q", 1.0) == b"q"


def test_a_short_bracketed_paste_passes_whole() -> None:
    gate = ByteGate()
    paste = PASTE_START + b"/home/asha/saves/friday.toml" + PASTE_END
    assert gate.feed(paste[:3], 0.0) + gate.feed(paste[3:], 0.001) == paste
    assert gate.feed(b"z" * 8000, 0.01) == b""  # the paste was over: nothing to close


@given(
    text=st.text(min_size=1, max_size=3000),
    cuts=st.lists(st.integers(min_value=0, max_value=12000), max_size=12),
    gaps=st.lists(st.floats(min_value=0, max_value=1), min_size=13, max_size=13),
)
@pytest.mark.slow
def test_what_passes_is_whole_utf8_wherever_reads_and_drops_fall(
    text: str, cuts: list[int], gaps: list[float]
) -> None:
    data = text.encode() * 4
    bounds = sorted({0, len(data), *(c for c in cuts if c < len(data))})
    gate = ByteGate(burst=2000, rate=1000.0)
    now, passed = 0.0, b""
    for (start, end), gap in zip(itertools.pairwise(bounds), gaps, strict=False):
        now += gap
        passed += gate.feed(data[start:end], now)
    passed.decode("utf-8")  # strict: Textual's reader stops on a broken character


def test_a_flood_of_keys_passes_a_burst_then_a_typists_pace() -> None:
    pace = KeyPace()
    assert sum(pace.allow(0.0) for _ in range(10_000)) == BURST_KEYS
    assert pace.dropped == 10_000 - BURST_KEYS
    held = KeyPace()  # a key held down, repeating 30 times a second
    assert all(held.allow(n / 30) for n in range(300))


def test_in_a_browser_a_flood_of_keys_passes_a_burst(monkeypatch: pytest.MonkeyPatch) -> None:
    """The web driver (`rajas serve`) paces keys as the terminal's does: a page that sends
    keys by the thousand reaches the app with a burst of them."""
    reading, writing = os.pipe()  # the driver's input, as textual-serve's pipe is
    stdin = os.fdopen(reading)
    monkeypatch.setattr(sys, "__stdin__", stdin)
    os.close(writing)
    from textual import events

    from rajas_tui.tui.private_textual import GuardedWebDriver

    sent: list[object] = []

    class Recording(GuardedWebDriver):
        def send_message(self, message: object) -> None:  # type: ignore[override]
            sent.append(message)

    async def flood() -> None:  # a driver is made in the app's loop
        driver = Recording(object(), size=(80, 24))
        for _ in range(1000):
            driver.process_message(events.Key("x", "x"))
        driver.process_message(events.Resize(Size(100, 30), Size(100, 30)))

    asyncio.run(flood())
    stdin.close()
    assert sum(isinstance(message, events.Key) for message in sent) == BURST_KEYS
    assert isinstance(sent[-1], events.Resize)  # anything but keys passes


def _packets(stream: bytes) -> list[tuple[bytes, bytes]]:
    """textual-serve's packets in `stream`, each its type and payload."""
    found = []
    while stream:
        size = int.from_bytes(stream[1:5], "big")
        found.append((stream[:1], stream[5 : 5 + size]))
        stream = stream[5 + size :]
    return found


def _packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def test_the_servers_packets_pass_whole_however_they_are_read() -> None:
    from rajas_tui.tui.private_textual import PacketGate

    news = b'{"type": "resize", "width": 100, "height": 30}'
    stream = _packet(b"D", "añ\x1b[A".encode()) + _packet(b"M", news) + _packet(b"D", b"q")
    gate = PacketGate(reader=None)
    passed = b"".join(gate.feed(stream[i : i + 1], i / 10) for i in range(len(stream)))
    typed = b"".join(payload for kind, payload in _packets(passed) if kind == b"D")
    assert typed == "añ\x1b[A".encode() + b"q"
    assert [payload for kind, payload in _packets(passed) if kind == b"M"] == [news]


def test_a_megabyte_typed_in_a_browser_passes_no_more_than_the_burst() -> None:
    """A page that sends a megabyte at once (one packet, read a kilobyte at a time): the app
    is given a burst of it, and the server's news after it still passes."""
    from rajas_tui.tui.private_textual import PacketGate

    news = b'{"type": "quit"}'
    stream = _packet(b"D", b"x" * 1_000_000) + _packet(b"M", news)
    gate = PacketGate(reader=None)
    passed = b"".join(gate.feed(stream[i : i + 1024], 0.0) for i in range(0, len(stream), 1024))
    packets = _packets(passed)
    assert sum(len(payload) for kind, payload in packets if kind == b"D") <= BURST_BYTES
    assert packets[-1] == (b"M", news)
