"""The one module that uses Textual's private parts, each for something a player would feel
without it; written for Textual TEXTUAL_VERSION (tests/tui/test_textual_public_api.py fails on
another release, to have every use here read again against it). Nothing else in the app imports
a private Textual module or overrides a private method.

`settle_heap`: what start-up made is kept out of the garbage collector's full passes.

`MessageRoom`: at most a few messages on screen, each once.

`forget_closed_styles`: a closed game screen's drawn lines are let go, not kept by Textual.

`Footer`: every screen's footer, Textual's without the leak of its rebuilds (every rebuild's
keys stayed alive as long as the screen), its keys changed in place rather than rebuilt.

`web_application`: textual-serve's aiohttp application, which `rajas serve` runs on a loop of its
own, to tell the address once the port is listened on and to hang up every tab as it stops
(written for textual-serve TEXTUAL_SERVE_VERSION, which the same test file pins).

`GuardedDriver`: the app's terminal on Linux and macOS, Textual's own driver with its input
guarded. `GuardedWebDriver`: the same guard for a browser tab (`rajas serve`), on Textual's web
driver.

Textual turns each byte that comes in into an event, in Python, and the app then handles each
key: a megabyte pasted into a terminal that does not bracket pastes kept a core busy for minutes.
A thread of ours reads the terminal first and hands Textual's reader, through a pipe, only what a
person could have sent (`ByteGate`); of that, keys beyond a typist's pace are dropped as Textual
parses them, before they reach the app (`KeyPace`). A burst dropped is told once it is over
(told as it began, the keys passed before it would push the message out at once).

The same thread sees the terminal end (the end of its input, or an error reading it: the
terminal closed, the SSH connection gone) and sends the process SIGHUP, as the system does only
to a session's leader; the app ends on it (`RajasApp`). Textual's own reader, which spins on an
input that has ended, never sees that end.
"""

from __future__ import annotations

import codecs
import contextlib
import gc
import os
import select
import signal
import threading
import time
from collections.abc import Coroutine, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.cells import cell_len
from textual import events
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.drivers.linux_driver import LinuxDriver
from textual.drivers.web_driver import WebDriver
from textual.message import Message
from textual.notifications import Notify
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:  # the app starts without loading the web server's modules
    from aiohttp import web
    from textual_serve.server import Server

TEXTUAL_VERSION = "8.2.8"
TEXTUAL_SERVE_VERSION = "1.1.3"


def web_application(server: Server) -> Coroutine[Any, Any, web.Application]:
    """The aiohttp application textual-serve's own `serve` would run for `server`: its page,
    socket, downloads and static files, with the server's start-up and shut-down hooks."""
    return server._make_app()


def settle_heap() -> None:
    """Moves everything alive now (the modules, the rules' data, Textual's styles and the first
    screen's widgets) out of the collector's generations: walked by each full collection, it
    made one on the UI thread hold the screen longer than a player notices while bots played
    (the block goal of docs/performance.md)."""
    gc.freeze()


def forget_closed_styles() -> None:
    """Lets go of the style caches of the widgets that have closed. Textual keeps each widget's
    style cache, and with it every line the widget drew, in a `functools.lru_cache` of 1,024
    entries on one of its methods, long after the widget is gone: a closed game screen's three
    dozen widgets, thousands of objects each game, for full collections on the UI thread to
    walk. The cache only saves working out two background styles again."""
    StylesCache.get_inner_outer.cache_clear()


# At most this many messages on screen at once, the newest: Textual's stack of messages grows
# above the screen once it is taller than it, and rows that a message half above the screen
# covered are not painted again when it goes (five refusals in a row at 80×24 left pieces of
# them over the status line and the river for good). Three of the longest fit at 80×24.
MOST_MESSAGES = 3


class MessageRoom(App[None]):
    """An app that makes room for each message as it arrives, before Textual's own handler
    (next in the class order) shows it: the same message already on screen goes (the new one
    shows it again, for its whole time), and then the oldest, so that at most MOST_MESSAGES
    stay. Textual has no public way to take back one message of several."""

    def _on_notify(self, event: Notify) -> None:
        new = event.notification
        shown = list(self._notifications)
        same = [n for n in shown if (n.message, n.title) == (new.message, new.title)]
        others = [n for n in shown if n not in same]
        for gone in same + others[: max(0, len(others) - MOST_MESSAGES + 1)]:
            self._unnotify(gone, refresh=False)


# The game screen's footer ----------------------------------------------------------------------

PALETTE = "-command-palette"  # the class of the command palette's key, docked at the right
ALWAYS = ("help",)  # the actions whose keys the footer always shows


class Face(NamedTuple):
    """What one footer key shows and does: the arguments Textual's `FooterKey` is made with."""

    key: str
    display: str
    description: str
    action: str
    disabled: bool
    tooltip: str


class Faces(NamedTuple):
    keys: tuple[Face, ...]
    palette: Face | None  # the command palette's key, when the footer shows it


class Footer(TextualFooter):
    """Textual's footer rebuilds itself, every key a new widget, whenever the screen says its
    bindings may have changed: on the game screen, at every key a player types. A rebuild
    made about 5,000 objects of garbage (each key's styles, and a node for each of its
    component classes whenever its style is worked out), which the collector then walked on
    the UI thread (see `collector`), and mounting the new keys cost most of a key press's time.
    So a rebuild that would show the same keys is skipped, and one that would show other keys
    changes the keys already there in place, adding or removing only those that differ in
    number. Only keys in binding groups, which this app does not use, take Textual's rebuild.

    Each key also watches the footer's `compact`, and Textual forgets a removed widget's
    watcher only when the watched value next changes, which `compact` never does: every
    rebuild's keys would stay alive for as long as the game screen. After keys are removed
    their watchers are dropped."""

    _shown: Faces | None = None

    async def recompose(self) -> None:
        if not self.is_attached:
            return  # asked after a refresh that came once its screen had closed
        faces = self.faces()
        if faces is not None and faces == self._shown:
            return
        if faces is not None and self._shown is not None and self._shown.palette == faces.palette:
            async with self.batch():
                await self._refit(faces)
        else:
            await super().recompose()
        self._shown = faces
        self._forget_removed_keys()

    def compose(self) -> ComposeResult:
        """Textual's keys, each made with the footer's `compact` and its class already set:
        Textual's are made compact and then bound to the footer's, and each change restyles the
        key: two restyles a key, on the first frame."""
        faces = self.faces() if self._bindings_ready else None
        if faces is None:
            yield from super().compose()
        else:
            yield from self._keys_of(faces)

    def _keys_of(self, faces: Faces) -> list[FooterKey]:
        keys = [_key(face, self.compact) for face in faces.keys]
        if faces.palette is not None:
            keys.append(_key(faces.palette, True, PALETTE))  # as Textual's: compact, not bound
        return keys

    def faces(self) -> Faces | None:
        """The keys Textual's `compose` would show, one for each action (the first binding to
        it), or None when some binding is in a group."""
        screen = self.screen
        keys: dict[str, Face] = {}
        for _, binding, enabled, tooltip in screen.active_bindings.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            keys.setdefault(binding.action, self._face(binding, enabled, tooltip))
        palette = self._palette_face()
        return Faces(self.fitted(tuple(keys.values()), palette), palette)

    def fitted(self, keys: tuple[Face, ...], palette: Face | None) -> tuple[Face, ...]:
        """The keys that fit the footer's width, in their order: a key cut at the edge, or
        scrolled out of sight, reads as a mistake. Help always stays (it lists every key), then
        the keys that can act now, the choices' first; a key left out still acts, and help and
        the command palette name it."""
        room = (self.size.width or self.app.size.width) - (width(palette) if palette else 0)
        ranked = sorted(
            range(len(keys)),
            key=lambda i: (
                keys[i].action not in ALWAYS,
                keys[i].disabled,
                not keys[i].action.startswith("command("),
                i,
            ),
        )
        kept = set()
        for index in ranked:
            needed = width(keys[index])
            if needed <= room:
                kept.add(index)
                room -= needed
        return tuple(face for index, face in enumerate(keys) if index in kept)

    def on_resize(self) -> None:
        # Another width fits other keys.
        self.call_after_refresh(self.recompose)

    def _palette_face(self) -> Face | None:
        if not (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE):
            return None
        found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if found is None:
            return None
        _, binding, enabled, _ = found
        return self._face(binding, enabled, binding.tooltip or binding.description)

    def _face(self, binding: Binding, enabled: bool, tooltip: str) -> Face:
        display = self.app.get_key_display(binding)
        return Face(binding.key, display, binding.description, binding.action, not enabled, tooltip)

    async def _refit(self, faces: Faces) -> None:
        shown = [key for key in self.query_children(FooterKey) if not key.has_class(PALETTE)]
        for widget, face in zip(shown, faces.keys, strict=False):
            _dress(widget, face)
        if len(shown) > len(faces.keys):
            await self.remove_children(shown[len(faces.keys) :])
        elif len(faces.keys) > len(shown):
            added = [_key(face, self.compact) for face in faces.keys[len(shown) :]]
            palette = self.query_children(f"FooterKey.{PALETTE}")
            await self.mount_all(added, before=palette.first() if palette else None)

    def _watch_compact(self, compact: bool) -> None:
        # Textual binds its keys (not the palette's) to `compact`; these are told here.
        for key in self.query_children(FooterKey):
            if not key.has_class(PALETTE):
                key.compact = compact

    def _forget_removed_keys(self) -> None:
        # Textual's own list (`reactive._watch`): it has no public way to stop watching.
        watchers = getattr(self, "__watchers", {}).get("compact", [])
        watchers[:] = [(key, callback) for key, callback in watchers if key.is_attached]


def width(face: Face) -> int:
    """The cells a key takes in the footer: its key and description, padded a cell either side
    and between (Textual's `FooterKey` styles; the command palette's border takes its padding)."""
    return cell_len(face.display) + cell_len(face.description) + 3


def _key(face: Face, compact: bool, classes: str = "") -> FooterKey:
    """A key as Textual's footer makes it, not bound to the footer's `compact` (a binding is
    a watcher, the leak above): the footer tells its keys when `compact` changes."""
    classes = f"{classes} -compact" if compact else classes
    key = FooterKey(
        *face[:4], disabled=face.disabled, tooltip=face.tooltip, classes=classes.strip()
    )
    key.set_reactive(FooterKey.compact, compact)
    return key


def _dress(widget: FooterKey, face: Face) -> None:
    """The key shows `face` from now on (`FooterKey` reads these attributes as it draws and
    when it is clicked)."""
    if (widget.key, widget.key_display, widget.description, widget.action) == face[:4] and (
        widget.has_class("-disabled") == face.disabled and (widget.tooltip or "") == face.tooltip
    ):
        return
    # Only a new width lays the footer out again: a layout reflows the whole screen, and most
    # changes only dim or light a key.
    resized = (widget.key_display, widget.description) != (face.display, face.description)
    widget.key, widget.key_display, widget.description, widget.action = face[:4]
    widget._disabled = face.disabled
    widget.set_class(face.disabled, "-disabled")
    widget.tooltip = face.tooltip or None
    widget.refresh(layout=resized)


# The terminal's input ------------------------------------------------------------------------

# A person's keys come a few at a time, each a few bytes (an escape sequence at most a dozen or
# two); a mouse swept across the screen sends a few kilobytes a second. Beyond these, a burst.
BURST_BYTES = 4096
BYTES_PER_SECOND = 4096.0
QUIET_SECONDS = 0.25  # after a burst, input passes again once it has rested this long
# Typing, and a key held down, stay well within these.
BURST_KEYS = 32
KEYS_PER_SECOND = 32.0
TELL_AGAIN_SECONDS = 10.0  # a burst dropped is told once, not again for this long
TELL_FOR_SECONDS = 10.0
READ_BYTES = 65536
LOOK_SECONDS = 0.1  # how often the reading thread looks whether the driver is stopping
DROPPED = "Keys came faster than anyone types (a paste?): the rest of them were dropped."

PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"


class ByteGate:
    """Which of the terminal's bytes are passed on. A read that would take the budget below
    nothing is dropped, and so is every read after it until the input rests for `quiet`
    seconds: the next read then starts with a key of its own, not inside a sequence. What is
    passed is whole UTF-8 (Textual's decoder stops its reader on a broken one), and a
    bracketed paste that a drop cuts short is closed, or Textual would take every key after it
    for the paste."""

    def __init__(
        self,
        burst: int = BURST_BYTES,
        rate: float = BYTES_PER_SECOND,
        quiet: float = QUIET_SECONDS,
    ) -> None:
        self.burst, self.rate, self.quiet = burst, rate, quiet
        self.budget = float(burst)
        self.dropping = False
        self.dropped = 0  # bytes, in all
        self._last: float | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pasting = False  # what was passed is inside a bracketed paste
        self._tail = b""  # the last bytes passed: a paste marker may be split between reads

    def feed(self, data: bytes, now: float) -> bytes:
        """What of `data`, read at `now` (seconds), goes on to Textual."""
        resumed = False
        if self._last is not None:
            self.budget = min(self.burst, self.budget + (now - self._last) * self.rate)
            if self.dropping and now - self._last >= self.quiet:
                self.dropping, resumed = False, True
        self._last = now
        if not self.dropping and len(data) > self.budget:
            self.dropping = True
            self._decoder.reset()  # a character half passed is never finished
            if self._pasting:
                self._pasting, self._tail = False, b""
                self.dropped += len(data)
                return PASTE_END
        if self.dropping:
            self.dropped += len(data)
            return b""
        self.budget -= len(data)
        if resumed:  # the rest of a character whose start was dropped
            data = data.lstrip(bytes(range(0x80, 0xC0)))
        passed = self._decoder.decode(data).encode()
        self._follow_pastes(passed)
        return passed

    def _follow_pastes(self, passed: bytes) -> None:
        seen = self._tail + passed
        start, end = seen.rfind(PASTE_START), seen.rfind(PASTE_END)
        if start != end:  # either is there (both absent: -1 and -1)
            self._pasting = start > end
        self._tail = seen[-(len(PASTE_START) - 1) :]


class KeyPace:
    """Whether a key parsed now is passed to the app: `burst` at once, then `rate` a second."""

    def __init__(self, burst: int = BURST_KEYS, rate: float = KEYS_PER_SECOND) -> None:
        self.burst, self.rate = burst, rate
        self.budget = float(burst)
        self.dropped = 0
        self._last: float | None = None

    def allow(self, now: float) -> bool:
        if self._last is not None:
            self.budget = min(self.burst, self.budget + (now - self._last) * self.rate)
        self._last = now
        if self.budget >= 1:
            self.budget -= 1
            return True
        self.dropped += 1
        return False


class GuardedDriver(LinuxDriver):
    """Textual's Linux and macOS driver, reading the terminal through `ByteGate` and `KeyPace`
    (the module's docstring says why)."""

    def __init__(self, app: Any, **options: Any) -> None:
        super().__init__(app, **options)
        self.owner = app
        self.gate = ByteGate()
        self.pace = KeyPace()
        self._told: float | None = None
        self._dropped_at: float | None = None  # the last drop not told yet

    def run_input_thread(self) -> None:
        """Textual's reader, reading a pipe that the terminal's guarded bytes are written to.
        The terminal is its `fileno` again once it returns (the driver restores the terminal's
        settings through it)."""
        terminal = self.fileno
        reading, writing = os.pipe()
        os.set_blocking(writing, False)
        stop = threading.Event()
        relay = threading.Thread(
            target=self._relay, args=(terminal, writing, stop), name="rajas-input", daemon=True
        )
        self.fileno = reading
        relay.start()
        try:
            super().run_input_thread()
        finally:
            stop.set()
            relay.join()
            self.fileno = terminal
            os.close(reading)
            os.close(writing)

    def _relay(self, terminal: int, pipe: int, stop: threading.Event) -> None:
        """In a thread: the terminal's bytes, through the gate, into the pipe; the terminal's
        end ends the app."""
        while not stop.is_set() and not self.exit_event.is_set():
            if not select.select([terminal], [], [], LOOK_SECONDS)[0]:
                self._tell_dropped()
                continue
            try:
                data = os.read(terminal, READ_BYTES)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:
                os.kill(os.getpid(), signal.SIGHUP)
                return
            dropped = self.gate.dropped
            passed = self.gate.feed(data, time.monotonic())
            if self.gate.dropped > dropped:
                self._dropped_at = time.monotonic()
            with contextlib.suppress(BlockingIOError):  # Textual's reader is stuck: drop it
                os.write(pipe, passed)

    def process_message(self, message: Message) -> None:
        """Drops a key beyond the pace before the app is ever told of it."""
        if isinstance(message, events.Key) and not self.pace.allow(time.monotonic()):
            self._dropped_at = time.monotonic()
            return
        super().process_message(message)

    def _tell_dropped(self) -> None:
        """Tells the player of keys dropped, once the input has rested since."""
        now, dropped = time.monotonic(), self._dropped_at
        if dropped is None or now - dropped < QUIET_SECONDS:
            return
        self._dropped_at = None
        if self._told is None or now - self._told >= TELL_AGAIN_SECONDS:
            self._told = now
            self.owner.notify(DROPPED, severity="warning", timeout=TELL_FOR_SECONDS, markup=False)


class PacketGate:
    """textual-serve's input to the app, through `ByteGate`: a stream of packets, each a type
    byte, a 4-byte size and a payload; "D" packets carry what the page typed, "M" packets the
    server's own news (a resize, quit). The typed bytes are gated as a terminal's reads are,
    as they come, never gathered whole (a packet may be megabytes); the news passes whole."""

    def __init__(self, reader: Any, gate: ByteGate | None = None) -> None:
        self.reader = reader
        self.gate = gate or ByteGate()
        self._header = b""  # the next packet's type and size, while incomplete
        self._kind = b""
        self._left = 0  # payload bytes of the current packet still to come
        self._news = bytearray()  # an "M" packet's payload, gathered

    def close(self) -> None:
        self.reader.close()

    def __iter__(self) -> Iterator[bytes]:
        for data in self.reader:
            yield self.feed(data, time.monotonic()) if data else b""

    def feed(self, data: bytes, now: float) -> bytes:
        """The packets to pass on, of the bytes `data` read at `now`."""
        out = bytearray()
        view = memoryview(data)
        while view:
            if self._left == 0 and len(self._header) < 5:
                take = 5 - len(self._header)
                self._header += bytes(view[:take])
                view = view[take:]
                if len(self._header) < 5:
                    break
                self._kind = self._header[:1]
                self._left = int.from_bytes(self._header[1:], "big")
                if self._left == 0:
                    self._header = b""
                continue
            piece = bytes(view[: self._left])
            view = view[len(piece) :]
            self._left -= len(piece)
            if self._kind == b"D":
                passed = self.gate.feed(piece, now)
                if passed:
                    out += b"D" + len(passed).to_bytes(4, "big") + passed
            elif len(self._news) + len(piece) <= READ_BYTES:  # news is small; more is dropped
                self._news += piece
            if self._left == 0:
                if self._kind != b"D" and self._news:
                    out += self._kind + len(self._news).to_bytes(4, "big") + self._news
                self._news.clear()
                self._header = b""
        return bytes(out)


class GuardedWebDriver(WebDriver):
    """Textual's web driver, which `rajas serve` runs the app with for a browser tab (through
    textual-serve, over pipes): what the page types is gated as a terminal's bytes and keys are,
    and the end of its input (the server gone, however it ended) ends the app as a hang-up does,
    where Textual's driver would leave it running, unseen, for ever."""

    def __init__(self, app: Any, **options: Any) -> None:
        super().__init__(app, **options)
        self.pace = KeyPace()
        # Textual's reader of the server's packets, read through the gate.
        self._input_reader = PacketGate(self._input_reader)  # type: ignore[assignment]

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():
            os.kill(os.getpid(), signal.SIGHUP)

    def process_message(self, message: Message) -> None:
        """Drops a key beyond the pace before the app is ever told of it."""
        if isinstance(message, events.Key) and not self.pace.allow(time.monotonic()):
            return
        super().process_message(message)
