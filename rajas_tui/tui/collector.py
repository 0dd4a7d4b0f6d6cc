"""When Python's garbage collector may run in the app, and over what.

The app's heap is mostly long-lived: the modules and the rules' catalog, Textual's styles and
widgets, and once a game is open its screen's widgets, which live as long as the game. A full
(generation 2) collection walks every tracked object not frozen: with the game screen among
them, 30,000 objects or more, it held the UI thread, and landing in a move's redraw it held the
screen for longer than the app allows itself. What a full collection
frees is the cyclic garbage play makes (Textual's line caches, about 1,000 objects a bot's move;
the footer's rebuilt keys as a player types): walking the long-lived heap finds nothing to free.

So the long-lived heap is frozen (`gc.freeze`: the collector leaves it alone), at two moments:
when the first frame is drawn (start-up's objects; the collector is paused until then, as
start-up makes many objects and frees few) and when a game screen is drawn (its widgets, after
one collection of what is not frozen yet, so that the dialogs that led to it are not frozen
with it). Full collections then walk only what a game made since.

A frozen object is never freed, even once it is garbage: a closed game screen would stay for
good, one more with every game. So when a game screen closes (the game ended, another was
opened) everything is unfrozen (`gc.unfreeze` is all or nothing: it cannot pick out one
screen's objects). It is cheap: the work, one walk of the whole heap, is left to the
collector's next full collection, or to the next game screen's `hold`, at moments when no game
is being played. Every freeze after start-up is undone when its game's screen closes, so what a
game leaves frozen lives no longer than that game. Textual's one cache that keeps closed widgets'
lines alive is emptied then too (`forget_drawn_lines`).

What is left unfrozen still needs full collections, and Python starts one when an allocation
crosses its thresholds: nearly always inside the work that allocates most, a move's redraw or
the footer rebuilt as a player types, so the two together held the screen for longer than the
app allows itself. Once the first frame is drawn the app therefore runs full
collections itself, as often as Python would (`FULL_AFTER` middle-generation collections) but
as a piece of work of their own on the UI thread's event loop, a turn after the work that made
them due (`Collector.defer_full`); the young generations, small and quick to walk, are still
collected as Python decides.

The collector is the process's, not the app's: this policy assumes one app at a time in a
process, as `rajas` runs it (tests run several, one after another), and `stop` gives the
thresholds back when the app closes.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from textual._styles_cache import StylesCache

# Middle-generation collections between two full ones: CPython's own default threshold.
FULL_AFTER = 10
# The oldest generation's threshold while the app runs full collections itself: never reached.
NEVER = 1 << 30
# How long after the work that made a full collection due it runs: long enough for the event
# loop to finish that work's turn and take up others (a key, a repaint) before it.
GAP_SECONDS = 0.002


class Collector:
    """The app's hold on the collector: `pause` (before start-up builds the app) and `started`
    (after its first frame) bracket start-up; `hold` and `release` bracket each game screen."""

    def __init__(self) -> None:
        self._paused = False  # paused by `pause`: the collector was running before it
        self._starting = False
        self._loop: asyncio.AbstractEventLoop | None = None  # set while full ones are deferred
        self._thresholds = gc.get_threshold()
        self._due = False  # a full collection is on its way to the loop

    def pause(self) -> None:
        """Start-up makes many objects and frees few: the collector would walk them again and
        again as they are made, delaying the first frame."""
        self._paused = gc.isenabled()
        self._starting = True
        gc.disable()

    def started(self) -> None:
        """The first frame is drawn: what start-up made is frozen without a collection first
        (it would walk all of it, on the first frame's time), and the collector runs again."""
        if not self._starting:
            return
        self._starting = False
        gc.freeze()
        self.resume()

    def resume(self) -> None:
        """The collector runs again if `pause` stopped it (also for an app closed before its
        first frame)."""
        if self._paused:
            self._paused = False
            gc.enable()

    def hold(self) -> None:
        """A game screen is drawn: it lives as long as its game. During start-up `started`
        freezes it with the rest."""
        if self._starting:
            return
        gc.collect()
        gc.freeze()

    def release(self) -> None:
        """A game screen closed: its widgets, frozen, may be garbage now."""
        if self._starting:
            return
        gc.unfreeze()
        forget_drawn_lines()

    def defer_full(self, loop: asyncio.AbstractEventLoop) -> None:
        """From now on full collections run on `loop`, each a piece of work of its own, when
        Python would have started one inside whatever work was allocating."""
        if self._loop is not None:
            return
        self._loop = loop
        self._thresholds = gc.get_threshold()
        young, middle, _ = self._thresholds
        gc.set_threshold(young, middle, NEVER)
        gc.callbacks.append(self._after_collection)

    def stop(self) -> None:
        """The app closes: Python's own thresholds again."""
        if self._loop is None:
            return
        self._loop = None
        gc.callbacks.remove(self._after_collection)
        gc.set_threshold(*self._thresholds)

    def _after_collection(self, phase: str, info: dict[str, Any]) -> None:
        """Called by the collector around each of its runs, on whatever thread collects."""
        loop = self._loop
        if phase != "stop" or self._due or loop is None or gc.get_count()[2] < FULL_AFTER:
            return
        self._due = True
        try:
            loop.call_soon_threadsafe(self._between_work)
        except RuntimeError:  # the loop closed: nothing left to keep responsive
            self._due = False

    def _between_work(self) -> None:
        # Called soon after the allocating work's turn; the gap lets the loop take up what
        # waits (a key, the repaint that work asked for) before the collection.
        if self._loop is not None:
            self._loop.call_later(GAP_SECONDS, self._collect_full)

    def _collect_full(self) -> None:
        self._due = False
        if self._loop is not None:
            gc.collect()


def forget_drawn_lines() -> None:
    """Textual's `StylesCache.get_inner_outer` is an lru_cache on a method, so it holds the
    styles cache of each widget it was called for, with every line that widget drew, for its
    last 1,024 calls, and each closed game screen's lines would stay alive; emptied, the cache
    refills with the widgets on screen."""
    cached = getattr(StylesCache, "get_inner_outer", None)
    clear = getattr(cached, "cache_clear", None)
    if clear is not None:  # a Textual that no longer caches it this way
        clear()
