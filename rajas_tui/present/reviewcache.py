"""Reviews kept in the user's cache folder, so that a review asked again opens at once.

One file per seat reviewed (a review given up half-way keeps what it judged there, marked not
complete, until the whole review replaces it), named by a hash of what the review depends on: the
review's version, the rules version it was judged under, its budget, the seat, the game's start
and every action of its log. A file that
cannot be read, or holds anything else, is passed over (and written again once the review is made
again); a file is written whole or not at all (`saves.write_atomic`).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

import rules
import saves
from rajas_tui.present import review
from saves.osfiles import reason

if TYPE_CHECKING:
    from rajas_tui.bots.review import Budget

# A kept review is a few hundred decisions of a few short fields: anything far larger is not one.
MAX_BYTES = 4 * 1024 * 1024
KEPT_NOT = "The review could not be kept for next time:"


def cache_dir() -> Path:
    """`$XDG_CACHE_HOME/rajas/reviews`, else `~/.cache/rajas/reviews`. A relative
    $XDG_CACHE_HOME is ignored, as the XDG spec says."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not base or not Path(base).is_absolute():
        base = str(Path.home() / ".cache")
    return Path(base) / "rajas" / "reviews"


def key(game: saves.Game, seat: int, budget: Budget) -> str:
    """What the seat's review depends on, hashed."""
    parts = [
        f"rajas-review {review.VERSION}",
        # The same log may lead elsewhere under other rules (`rules.RULES_VERSION`).
        f"rules {rules.RULES_VERSION}",
        repr(attrs.astuple(budget)),
        str(seat),
        repr(game.start),
        *(f"{entry.seat} {entry.action}" for entry in game.log),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def path_of(game: saves.Game, seat: int, budget: Budget, folder: Path | None = None) -> Path:
    return (folder or cache_dir()) / f"{key(game, seat, budget)}.json"


def load(
    game: saves.Game, seat: int, budget: Budget, folder: Path | None = None, begun: bool = False
) -> review.SeatReview | None:
    """The kept review of the seat, or None when there is none that can be read. `begun`: the
    decisions of a review given up half-way instead (and no whole review)."""
    path = path_of(game, seat, budget, folder)
    try:
        with path.open("rb") as handle:
            data = json.loads(handle.read(MAX_BYTES + 1))
        if data.get("key") != key(game, seat, budget):
            return None
        if data.get("complete", True) is begun:  # a file without the field holds a whole one
            return None
        found = review.from_data(data["review"])
    except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None
    return found if found.seat == seat else None


def store(
    game: saves.Game,
    found: review.SeatReview,
    budget: Budget,
    folder: Path | None = None,
    complete: bool = True,
) -> str | None:
    """Keeps the seat's review (`complete` False: the decisions judged before it was given up,
    in the same file, which the whole review replaces); a sentence when it could not be
    written (the review stands)."""
    path = path_of(game, found.seat, budget, folder)
    data = {
        "key": key(game, found.seat, budget),
        "review": review.to_data(found),
        "complete": complete,
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        saves.write_atomic(path, json.dumps(data, sort_keys=True).encode())
    except OSError as error:
        return f"{KEPT_NOT} {path.parent} cannot be written ({reason(error)})."
    except saves.Unwritable as error:  # a sentence naming the file
        return f"{KEPT_NOT} {str(error).rstrip('.')}."
    return None
