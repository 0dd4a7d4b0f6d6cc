"""Every cache of the bots, in one place: the one module of `rajas_tui.bots` whose state calls
change.

As in the engine's (`rules.cache`), a cache here is keyed by data alone (numbers, strings, frozen
records compared by value, and tuples of them), never by which object an argument is: what it
gives depends on its key only, and a cache that is cleared gives the same answers again. A
search evaluates tens of thousands of states whose records mostly are those of the state before
(the rules hand an unchanged player or province on), and a frozen record keeps its hash, so a
lookup by value costs little more than one by identity.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# Every table, so that `clear` reaches them all.
_TABLES: list[Table[Any, Any]] = []


class Table(Generic[K, V]):
    """Results by their key, at most `limit` of them: emptied when full rather than pruned, as a
    search's working set is its last few thousand keys."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._kept: dict[K, V] = {}
        _TABLES.append(self)

    def get(self, key: K) -> V | None:
        return self._kept.get(key)

    def put(self, key: K, value: V) -> V:
        """Keeps `value` for `key`, and gives it back."""
        if len(self._kept) >= self.limit:
            self._kept.clear()
        self._kept[key] = value
        return value

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()


# What the evaluation reads of a player record, weighed (`evaluation._held`), and of a
# province (`evaluation._province_counts`).
HELD: Table[tuple[Any, ...], tuple[float, float]] = Table(limit=8192)
PROVINCES: Table[tuple[Any, ...], tuple[int, int, int, int]] = Table(limit=4096)


def clear() -> None:
    """Empties every cache of the bots."""
    for table in _TABLES:
        table.clear()
