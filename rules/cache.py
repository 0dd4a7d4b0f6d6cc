"""Every cache of the engine, in one place: the one module of `rules` whose state calls change.

A cache here is keyed by data alone (ints, bytes, strings, frozen records compared by value, and
tuples of them), never by which object an argument is, so what it gives depends on its arguments
only and a cache that is cleared gives the same answers again.

- `memo` keeps a pure function's results by its arguments; a rule declares a function memoized
  by decorating it, and the results live here (`clear` empties them all).
- `Interned` gives each distinct value a small int id, once: listings and payments kept by the
  caches are tuples of ids, which the garbage collector need not walk, where tuples of records
  would stay in every full collection for as long as a cache keeps them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterable
from functools import lru_cache
from typing import Any, Generic, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T", bound=Hashable)

# Every memoized function, and every table of ids, so that `clear` reaches them all.
_MEMOS: list[Any] = []
_TABLES: list[Interned[Any]] = []


def memo(maxsize: int | None = None) -> Callable[[F], F]:
    """Keeps the decorated function's results by its arguments (at most `maxsize`, the least
    recently used going first; None keeps them all)."""

    def keep(function: F) -> F:
        kept = lru_cache(maxsize=maxsize)(function)
        _MEMOS.append(kept)
        return cast(F, kept)

    return keep


class Interned(Generic[T]):
    """Each distinct value once, by its id: its index in `values`."""

    def __init__(self) -> None:
        self.values: list[T] = []
        self._ids: dict[T, int] = {}
        self._new = threading.Lock()
        _TABLES.append(self)

    def id(self, value: T) -> int:
        """The id of `value` (equal values have one id), made when first asked."""
        found = self._ids.get(value)
        if found is None:
            with self._new:
                found = self._ids.get(value)
                if found is None:
                    self.values.append(value)
                    found = self._ids[value] = len(self.values) - 1
        return found

    def of(self, ids: Iterable[int]) -> list[T]:
        """The values of these ids, in order."""
        return [*map(self.values.__getitem__, ids)]

    def clear(self) -> None:
        with self._new:
            self.values.clear()
            self._ids.clear()


# Every placement a listing has offered, and every minimal payment, by id.
ACTIONS: Interned[Any] = Interned()
PAYMENTS: Interned[Any] = Interned()


def clear() -> None:
    """Empties every cache and table of ids together (the caches keep ids)."""
    for kept in _MEMOS:
        kept.cache_clear()
    for table in _TABLES:
        table.clear()


def sizes() -> dict[str, int]:
    """How many results each memoized function keeps, by its module and name."""
    return {f"{kept.__module__}.{kept.__qualname__}": kept.cache_info().currsize for kept in _MEMOS}
