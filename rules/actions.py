"""Every action a player can take, and its one-line notation.

`str(action)` is the notation that logs and save files store; `parse_action` reads it back, so
`parse_action(str(a)) == a` for every action. Placements put a worker on an action space; the other
actions answer a choice the state is waiting for (see `GameState.queue`).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from .errors import Unreadable
from .model import BUILDINGS, GOODS, Building, Colour, Die, Good, PaidDie, Payment, Side

COLUMNS = "abcde"
# The longest action is a payment of a whole statue (10 dice, each turned): far below this.
MAX_NOTATION = 200


def cell_name(cell: int, columns: int = 5) -> str:
    """A province cell as a column letter and a row number from the top: a1 .. e4."""
    return f"{COLUMNS[cell % columns]}{cell // columns + 1}"


def parse_cell(text: str, columns: int = 5) -> int:
    if len(text) != 2 or text[0] not in COLUMNS[:columns] or text[1] not in "123456789":
        raise ValueError(f"{text!r} is not a province cell (a1 .. e4)")
    return (int(text[1]) - 1) * columns + COLUMNS.index(text[0])


def stack_name(stack: int) -> str:
    return f"d{stack + 1}"


def parse_stack(text: str) -> int:
    number = text[1:]
    if not (text.startswith("d") and number.isascii() and number.isdigit() and int(number) >= 1):
        raise ValueError(f"{text!r} is not a display stack (d1 .. d12)")
    return int(text[1:]) - 1


def _payment(dice: Payment) -> str:
    return " ".join(str(d) for d in dice)


def _parse_payment(words: list[str]) -> Payment:
    return tuple(PaidDie.parse(w) for w in words)


def _name(value: Good | Building) -> str:
    return value.name.lower()


def _parse_good(text: str) -> Good:
    for good in GOODS:
        if good.name.lower() == text:
            return good
    raise ValueError(f"{text!r} is not a good ({', '.join(_name(g) for g in GOODS)})")


def _parse_building(text: str) -> Building:
    for building in BUILDINGS:
        if building.name.lower() == text:
            return building
    raise ValueError(f"{text!r} is not a building ({', '.join(_name(b) for b in BUILDINGS)})")


# Placements --------------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Quarry:
    space: str
    stack: int
    pay: Payment

    def __str__(self) -> str:
        return f"quarry {self.space} {stack_name(self.stack)} {_payment(self.pay)}"


@attrs.frozen(slots=True)
class Harbor:
    space: str
    pay: PaidDie
    steps: int

    def __str__(self) -> str:
        return f"harbor {self.space} {self.pay} move {self.steps}"


@attrs.frozen(slots=True)
class Variety:
    space: str

    def __str__(self) -> str:
        return f"variety {self.space}"


@attrs.frozen(slots=True)
class Single:
    space: str
    pay: PaidDie
    good: Good

    def __str__(self) -> str:
        return f"single {self.space} {self.pay} {_name(self.good)}"


@attrs.frozen(slots=True)
class Terrace:
    space: str

    def __str__(self) -> str:
        return f"terrace {self.space}"


@attrs.frozen(slots=True)
class Balcony:
    space: str
    pay: PaidDie

    def __str__(self) -> str:
        return f"balcony {self.space} {self.pay}"


@attrs.frozen(slots=True)
class Outer:
    space: str

    def __str__(self) -> str:
        return f"outer {self.space}"


@attrs.frozen(slots=True)
class Chamber:
    space: str
    pay: PaidDie

    def __str__(self) -> str:
        return f"chamber {self.space} {self.pay}"


@attrs.frozen(slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


# Choices asked for by the state ---------------------------------------------------------------


@attrs.frozen(slots=True)
class Place:
    """Where the tile being built goes, and how it is turned."""

    cell: int
    rotation: int

    def __str__(self) -> str:
        return f"place {cell_name(self.cell)} r{self.rotation}"


@attrs.frozen(slots=True)
class Take:
    """The colours of the dice taken from the supply (fewer, or none, only when Kali is full)."""

    colours: tuple[Colour, ...]

    def __str__(self) -> str:
        return "take " + (" ".join(c.letter for c in self.colours) if self.colours else "none")


@attrs.frozen(slots=True)
class Return:
    """A die put back into the supply to make room on the statue before taking new ones."""

    die: Die

    def __str__(self) -> str:
        return f"return {self.die}"


@attrs.frozen(slots=True)
class Upgrade:
    building: Building

    def __str__(self) -> str:
        return f"upgrade {_name(self.building)}"


@attrs.frozen(slots=True)
class Boat:
    """Take or decline an offered boat move to the next free river space."""

    accept: bool

    def __str__(self) -> str:
        return "boat yes" if self.accept else "boat no"


@attrs.frozen(slots=True)
class PalaceChoice:
    """Which chamber action a river space grants."""

    value: int

    def __str__(self) -> str:
        return f"palace {self.value}"


@attrs.frozen(slots=True)
class Rebuild:
    """Master Builder: cover the tile on `cell` with the top tile of `stack`, paying the
    difference in dice of the new tile's colour."""

    cell: int
    stack: int
    pay: Payment

    def __str__(self) -> str:
        return f"rebuild {cell_name(self.cell)} {stack_name(self.stack)} {_payment(self.pay)}"


@attrs.frozen(slots=True)
class Score:
    """Which good a market scoring without a die counts."""

    good: Good

    def __str__(self) -> str:
        return f"score {_name(self.good)}"


@attrs.frozen(slots=True)
class Reroll:
    """Outer terrace: add a die to those re-rolled, or (die None) roll them."""

    die: Die | None

    def __str__(self) -> str:
        return f"reroll {self.die}" if self.die is not None else "reroll done"


STACK = "stack"  # the top face-down white yield tile, in place of a face-up tile's name


@attrs.frozen(slots=True)
class TakeYield:
    """Navaratnas: take a yield tile (a face-up one by its name, such as "yellow3", or STACK) and
    lay it on the empty field on the outer `side` of province cell `cell`."""

    tile: str
    cell: int
    side: Side

    def __str__(self) -> str:
        return f"yield {self.tile} {cell_name(self.cell)} {self.side.name.lower()}"


@attrs.frozen(slots=True)
class Sail:
    """Ganga: how many free river spaces the boat moves on."""

    steps: int

    def __str__(self) -> str:
        return f"sail {self.steps}"


Placement = Quarry | Harbor | Variety | Single | Terrace | Balcony | Outer | Chamber
Choice = (
    Place
    | Take
    | Return
    | Upgrade
    | Boat
    | PalaceChoice
    | Rebuild
    | Score
    | Reroll
    | TakeYield
    | Sail
)
Action = Placement | Pass | Choice

PLACEMENTS = (Quarry, Harbor, Variety, Single, Terrace, Balcony, Outer, Chamber)


def _written(usage: str) -> ValueError:
    """How an action is written, for text that does not have its shape."""
    return ValueError(f"a {usage.split()[0]} action is written {usage}")


def _words(words: list[str], count: int, usage: str) -> list[str]:
    if len(words) != count:
        raise _written(usage)
    return words


def _parse_pass(w: list[str]) -> Action:
    _words(w, 0, "pass")
    return Pass()


def _parse_quarry(w: list[str]) -> Action:
    if len(w) < 3:
        raise _written("quarry SPACE STACK DIE [DIE ...]")
    return Quarry(w[0], parse_stack(w[1]), _parse_payment(w[2:]))


def _parse_harbor(w: list[str]) -> Action:
    space, die, move, steps = _words(w, 4, "harbor SPACE DIE move STEPS")
    if move != "move" or not (steps.isascii() and steps.isdigit()):
        raise _written("harbor SPACE DIE move STEPS")
    if int(steps) < 1:
        raise ValueError("the boat moves at least 1 space from the harbor")
    return Harbor(space, PaidDie.parse(die), int(steps))


def _parse_single(w: list[str]) -> Action:
    space, die, good = _words(w, 3, "single SPACE DIE GOOD")
    return Single(space, PaidDie.parse(die), _parse_good(good))


def _parse_take(w: list[str]) -> Action:
    if w == ["none"]:
        return Take(())
    if not w:
        raise _written("take COLOUR [COLOUR ...], or take none")
    colours = []
    for letter in w:
        if len(letter) != 1 or letter not in "ogbp":
            raise ValueError(f"{letter!r} is not a colour letter (o, g, b, p)")
        colours.append(Colour.from_letter(letter))
    return Take(tuple(colours))


def _parse_place(w: list[str]) -> Action:
    cell, rotation = _words(w, 2, "place CELL rROTATION")
    if len(rotation) != 2 or rotation[0] != "r" or rotation[1] not in "0123":
        raise ValueError(f"{rotation!r} is not a rotation (r0 .. r3)")
    return Place(parse_cell(cell), int(rotation[1]))


def _parse_boat(w: list[str]) -> Action:
    (answer,) = _words(w, 1, "boat yes|no")
    if answer not in ("yes", "no"):
        raise _written("boat yes|no")
    return Boat(answer == "yes")


def _parse_palace(w: list[str]) -> Action:
    (value,) = _words(w, 1, "palace VALUE")
    if value not in ("1", "2", "3", "4", "5", "6"):
        raise ValueError(f"{value!r} is not a chamber (1 .. 6)")
    return PalaceChoice(int(value))


def _parse_rebuild(w: list[str]) -> Action:
    if len(w) < 3:
        raise _written("rebuild CELL STACK DIE [DIE ...]")
    return Rebuild(parse_cell(w[0]), parse_stack(w[1]), _parse_payment(w[2:]))


def _parse_yield(w: list[str]) -> Action:
    tile, cell, side = _words(w, 3, "yield TILE CELL SIDE")
    name = tile.rstrip("0123456789")
    if tile != STACK and not (name.isalpha() and name != tile):
        raise ValueError(f"{tile!r} is not a yield tile (such as yellow3, or stack)")
    if side not in ("n", "e", "s", "w"):
        raise ValueError(f"{side!r} is not a side of a cell (n, e, s, w)")
    return TakeYield(tile, parse_cell(cell), Side[side.upper()])


def _parse_sail(w: list[str]) -> Action:
    (steps,) = _words(w, 1, "sail STEPS")
    if len(steps) != 1 or steps not in "123456789":
        raise ValueError(f"{steps!r} is not a number of river spaces (1 .. 9)")
    return Sail(int(steps))


def _parse_reroll(w: list[str]) -> Action:
    (die,) = _words(w, 1, "reroll DIE|done")
    return Reroll(None if die == "done" else Die.parse(die))


def _space_only(
    cls: type[Variety] | type[Terrace] | type[Outer], verb: str
) -> Callable[[list[str]], Action]:
    return lambda w: cls(_words(w, 1, f"{verb} SPACE")[0])


def _space_and_die(cls: type[Balcony] | type[Chamber], verb: str) -> Callable[[list[str]], Action]:
    def parse(w: list[str]) -> Action:
        space, die = _words(w, 2, f"{verb} SPACE DIE")
        return cls(space, PaidDie.parse(die))

    return parse


_PARSERS: dict[str, Callable[[list[str]], Action]] = {
    "quarry": _parse_quarry,
    "harbor": _parse_harbor,
    "variety": _space_only(Variety, "variety"),
    "single": _parse_single,
    "terrace": _space_only(Terrace, "terrace"),
    "balcony": _space_and_die(Balcony, "balcony"),
    "outer": _space_only(Outer, "outer"),
    "chamber": _space_and_die(Chamber, "chamber"),
    "pass": _parse_pass,
    "place": _parse_place,
    "take": _parse_take,
    "return": lambda w: Return(Die.parse(_words(w, 1, "return DIE")[0])),
    "upgrade": lambda w: Upgrade(_parse_building(_words(w, 1, "upgrade BUILDING")[0])),
    "boat": _parse_boat,
    "palace": _parse_palace,
    "rebuild": _parse_rebuild,
    "score": lambda w: Score(_parse_good(_words(w, 1, "score GOOD")[0])),
    "reroll": _parse_reroll,
    "yield": _parse_yield,
    "sail": _parse_sail,
}


def parse_action(text: str) -> Action:
    """Reads an action from its notation; raises Unreadable with a phrase when it cannot."""
    if len(text) > MAX_NOTATION:  # before splitting: a megabyte of spaces is not an action
        reason = f"an action is at most {MAX_NOTATION} characters, not {len(text)}"
        raise Unreadable(reason, reason)  # the text itself is too long to quote here
    words = text.split()
    if not words:
        raise Unreadable("an action cannot be empty", "an action cannot be empty")
    parser = _PARSERS.get(words[0])
    if parser is None:
        verb = "it" if len(words) == 1 else repr(words[0])
        reason = f"{verb} is not an action (one of {', '.join(_PARSERS)})"
        raise Unreadable(f"cannot read {text!r}: {reason}", reason)
    try:
        return parser(words[1:])
    except ValueError as error:
        raise Unreadable(f"cannot read {text!r}: {error}", str(error)) from None
