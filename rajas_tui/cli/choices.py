"""The variant options `rajas new` and `rajas simulate` share: `--variant` and `--navaratnas`; and
the seed of a new game or table when none is given.

Seats are named as `--bots` names them: by number from 0, or (for `new`) by a player's name.
Every refusal is a ValueError holding one sentence for the caller to print with exit code 2.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

VARIANTS = ("ganga", "navaratnas")  # as saves.VARIANTS, which a test keeps the same
NAVARATNAS = "navaratnas"


def add_options(parser: Any, seats: str) -> None:
    """Adds --variant and --navaratnas to a subcommand; `seats` says how seats are named."""
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help="a variant (ganga, navaratnas); repeat or separate with commas: ganga,navaratnas",
    )
    parser.add_argument(
        "--navaratnas",
        metavar="SEATS",
        help=f"a mixed game: only these seats play Navaratnas boards, {seats}, separated by "
        "commas (implies --variant navaratnas; without it every seat does)",
    )


def variants(items: Sequence[str]) -> tuple[str, ...]:
    """The variants named in --variant options, in the order of VARIANTS."""
    found: list[str] = []
    for item in items:
        for name in filter(None, (part.strip() for part in item.split(","))):
            if name.casefold() not in VARIANTS:
                raise ValueError(f"--variant: {name!r} is not a variant ({', '.join(VARIANTS)})")
            found.append(name.casefold())
    return tuple(v for v in VARIANTS if v in found)


# ASCII digits only: int() and str.isdigit() also take other scripts' digits ('٣', '²', '３').
_WHOLE = re.compile(r"[+-]?[0-9]+")


def whole_number(text: str) -> int | None:
    """The whole number `text` spells in ASCII digits (a sign allowed), or None."""
    return int(text) if _WHOLE.fullmatch(text) else None


def seat_index(text: str, seats: int) -> int | None:
    """The seat a number from 0 names (ASCII digits), or None when `text` names none."""
    return int(text) if text.isascii() and text.isdigit() and int(text) < seats else None


def seats(text: str, players: int, names: Sequence[str] = ()) -> frozenset[int]:
    """The seats --navaratnas names, by number from 0 or by player name."""
    lowered = [name.casefold() for name in names]
    chosen: set[int] = set()
    for part in (item.strip() for item in text.split(",")):
        seat = seat_index(part, players)
        if seat is not None:
            chosen.add(seat)
        elif part and part.casefold() in lowered:
            chosen.add(lowered.index(part.casefold()))
        else:
            last = players - 1
            what = (
                f"neither a seat 0 to {last} nor a player" if names else f"not a seat 0 to {last}"
            )
            raise ValueError(f"--navaratnas: {part!r} is {what}")
    return frozenset(chosen)


def boards(
    players: int, named: tuple[str, ...], navaratnas: str | None, names: Sequence[str] = ()
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(variants, each seat's board) from the options: --navaratnas implies the variant; the
    variant alone puts every seat on a Navaratnas board."""
    if navaratnas is None:
        board = NAVARATNAS if NAVARATNAS in named else "base"
        return named, (board,) * players
    chosen = seats(navaratnas, players, names)
    found = (*named, NAVARATNAS)
    return (
        tuple(v for v in VARIANTS if v in found),
        tuple(NAVARATNAS if seat in chosen else "base" for seat in range(players)),
    )


def random_seed() -> int:
    """A new game's seed when none is given: 62 random bits from the system."""
    # Imported here: `secrets` brings hmac and OpenSSL's hashes, which no other command needs.
    from secrets import randbits

    return randbits(62)
