"""The vocabulary of the game: colours, goods, buildings, dice and effects.

These are the small immutable values that both the data files and the game state are made of.
"""

from __future__ import annotations

from enum import IntEnum

import attrs


class Colour(IntEnum):
    ORANGE = 0
    GREEN = 1
    BLUE = 2
    PURPLE = 3

    @property
    def letter(self) -> str:
        return self.name[0].lower()

    @classmethod
    def from_letter(cls, letter: str) -> Colour:
        return _COLOUR_BY_LETTER[letter]


_COLOUR_BY_LETTER = {c.name[0].lower(): c for c in Colour}


class Building(IntEnum):
    TEMPLE = 0
    PALACE = 1
    FORT = 2
    MILL = 3


class Good(IntEnum):
    SILK = 0
    TEA = 1
    SPICES = 2


class Side(IntEnum):
    """A side of a square: of a province cell or a tile's road end."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def opposite(self) -> Side:
        return Side((self + 2) % 4)


COLOURS = tuple(Colour)
BUILDINGS = tuple(Building)
GOODS = tuple(Good)


def opposite_face(value: int) -> int:
    """The face a karma flip turns a die to (1↔6, 2↔5, 3↔4)."""
    return 7 - value


class Die(int):
    """A die on a Kali statue: its colour and the face it shows.

    A die is a small int (colour * 6 + face - 1) so that hashing, comparing and sorting the dice on
    a statue, which the engine does for every legal-action listing, run at C speed. Dice sort by
    colour, then face. Build one with `Die(colour, value)`.
    """

    __slots__ = ()

    def __new__(cls, colour: int, value: int) -> Die:
        # Checked by hand rather than through `Colour(colour)`: every die rolled is made here.
        if not 1 <= value <= 6:
            raise ValueError(f"a die shows 1 to 6, not {value}")
        if not 0 <= colour < 4:
            raise ValueError(f"{colour} is not a valid Colour")
        return _DICE[colour * 6 + value - 1]

    @property
    def colour(self) -> Colour:
        return COLOURS[int(self) // 6]

    @property
    def value(self) -> int:
        return int(self) % 6 + 1

    def __str__(self) -> str:
        return f"{self.colour.letter}{self.value}"

    def __repr__(self) -> str:
        return f"Die({self.colour.name}, {self.value})"

    def __reduce__(self) -> tuple[type[Die], tuple[Colour, int]]:
        return (Die, (self.colour, self.value))

    @classmethod
    def parse(cls, text: str) -> Die:
        if len(text) != 2 or text[0] not in _COLOUR_BY_LETTER or text[1] not in "123456":
            raise ValueError(f"{text!r} is not a die (colour letter o/g/b/p and a face 1-6)")
        return cls(Colour.from_letter(text[0]), int(text[1]))


# The 24 distinct dice, made once; `Die(colour, value)` hands out these.
_DICE: tuple[Die, ...] = tuple(int.__new__(Die, code) for code in range(24))


@attrs.frozen(slots=True)
class PaidDie:
    """A die given up as a payment, optionally turned with one karma first."""

    die: Die
    flipped: bool = False

    def __lt__(self, other: PaidDie) -> bool:
        if self.die != other.die:
            return self.die < other.die
        return self.flipped < other.flipped

    @property
    def value(self) -> int:
        return opposite_face(self.die.value) if self.flipped else self.die.value

    def __str__(self) -> str:
        return f"{self.die}!" if self.flipped else str(self.die)

    @classmethod
    def parse(cls, text: str) -> PaidDie:
        if text.endswith("!"):
            return cls(Die.parse(text[:-1]), True)
        return cls(Die.parse(text))


Payment = tuple[PaidDie, ...]

# The 48 distinct paid dice, made once; the engine's option listings share these (see `paid_die`).
_PAID_DICE: tuple[PaidDie, ...] = tuple(PaidDie(d, f) for d in _DICE for f in (False, True))


def paid_die(die: int, flipped: bool = False) -> PaidDie:
    """The shared record for giving up `die` (a `Die` or its code; turned with karma if
    `flipped`): equal to
    `PaidDie(die, flipped)`, but one object per value, so that the option caches hold 48 of them
    rather than one per listing for the garbage collector to walk."""
    return _PAID_DICE[die * 2 + flipped]


@attrs.frozen(slots=True, cache_hash=True)
class Effect:
    """One gain or follow-up waiting to be carried out for the player whose turn it is.

    `kind` names it (see `rules/data/*.toml` for the vocabulary); the other fields are its
    parameters, unused ones left at their defaults.
    """

    kind: str
    n: int = 1
    colour: Colour | None = None
    low: int = 0
    high: int = 0
    per: int = 1
    tile: int = -1
    cell: int = -1
    chosen: tuple[Die, ...] = ()
