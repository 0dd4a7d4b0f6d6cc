"""Dice on the Kali statue: paying with them (karma flips included), taking and rolling them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final

from . import rng
from .cache import PAYMENTS, memo
from .model import COLOURS, Colour, Die, PaidDie, Payment, opposite_face, paid_die
from .revealed import Rolled
from .state import GameState, replace, tell

# Turning a die with karma can only help a payment that needs high faces when the die shows 1..3.
_FLIP_HELPS = (1, 2, 3)


def remove_dice(dice: tuple[Die, ...], paid: Iterable[Die]) -> tuple[Die, ...] | None:
    """The statue without the paid dice, or None when the statue does not hold them all."""
    remaining = list(dice)
    for die in paid:
        try:
            remaining.remove(die)
        except ValueError:
            return None
    return tuple(remaining)


def payment_problem(
    state: GameState, seat: int, pay: Payment, colour: Colour | None = None
) -> str | None:
    """Why `seat` cannot give up these dice (None when it can)."""
    player = state.players[seat]
    if remove_dice(player.dice, (p.die for p in pay)) is None:
        return f"Kali does not hold {' '.join(str(p.die) for p in pay)}."
    flips = sum(p.flipped for p in pay)
    if flips > player.karma:
        return f"turning {flips} dice needs {flips} karma and you have {player.karma}."
    if colour is not None and any(p.die.colour != colour for p in pay):
        return f"only {colour.name.lower()} dice pay for this."
    return None


def give_up(state: GameState, seat: int, pay: Payment) -> GameState:
    """Returns paid dice to the supply and spends the karma of their flips (already checked)."""
    player = state.players[seat]
    remaining = remove_dice(player.dice, (p.die for p in pay))
    assert remaining is not None
    supply = list(state.supply.dice)
    for p in pay:
        supply[p.die.colour] += 1
    flips = sum(p.flipped for p in pay)
    state = state.update_player(seat, dice=remaining, karma=player.karma - flips)
    return state.update_supply(dice=tuple(supply))


# The option caches below are keyed by the dice as their codes in bytes (`bytes(statue)`, the
# dice being ints 0..23) and colours as plain ints, and hold codes, face values, paid dice as
# their indices (`paid_die_of`) and payments as their ids (`payment_of`): bytes and ints are
# objects the garbage collector does not track, so a tuple of them drops out of its walks, where
# one holding records stays in every full collection for as long as the cache keeps it.


def candidates(dice: Sequence[int], colour: Colour | None, faces: bytes, turns: bool) -> bytes:
    """The codes of the distinct dice that could pay, in statue order: the options depend on
    these alone, so the caches of options are keyed by far fewer statues."""
    return _candidates(bytes(dice), -1 if colour is None else int(colour), faces, turns)


@memo(8192)
def _candidates(statue: bytes, colour: int, faces: bytes, turns: bool) -> bytes:
    return bytes(dict.fromkeys(statue)).translate(None, _cannot_pay(colour, faces, turns))


@memo()
def _cannot_pay(colour: int, faces: bytes, turns: bool) -> bytes:
    """The codes of the dice that `_candidates` leaves out, for `bytes.translate` to delete."""
    # A die's code is colour * 6 + face - 1: its face is code % 6 + 1, turned 6 - code % 6.
    return bytes(
        code
        for code in range(24)
        if not (
            (colour < 0 or code // 6 == colour)
            and (not faces or code % 6 + 1 in faces or (turns and 6 - code % 6 in faces))
        )
    )


def colour_candidates(dice: Sequence[int], colour: int) -> bytes:
    """`candidates` of one colour, any face."""
    return read_statue(bytes(dice))[BY_COLOUR + colour]


def face_candidates(dice: Sequence[int], turns: bool, face: int) -> bytes:
    """`candidates` showing `face` (1 to 6), any colour, turns counted."""
    return read_statue(bytes(dice))[(BY_FACE_TURNED if turns else BY_FACE) + face]


# What `read_statue` gives, by index from these: per colour, the distinct dice of that colour;
# per face 1 to 6, the distinct dice showing it, and those showing it as they are or once turned
# by karma; per colour, the faces of every die of that colour, lowest first.
BY_COLOUR: Final = 0  # + colour: 0 to 3
BY_FACE: Final = 3  # + face: 4 to 9
BY_FACE_TURNED: Final = 9  # + face: 10 to 15
FACES: Final = 16  # + colour: 16 to 19
# The faces of some dice of one colour, lowest first: bytes in what the statue's facts hold.
Faces = bytes | tuple[int, ...]


@memo(8192)
def read_statue(statue: bytes) -> tuple[bytes, ...]:
    """What all of a listing's lookups read off the dice: most statues are listed only a few
    times, so what is read off them once must be cheap to read. Each fact is the dice codes (or
    the distinct ones) with those of other colours or faces deleted by `bytes.translate`, which
    keeps their order and runs in C.

    One flat tuple of bytes, which the garbage collector stops tracking the first time it looks
    at it. It would not stop tracking a named tuple at all, and it untracks nested tuples a level
    per collection (the tuples a tuple holds are walked after it), so some of those, made just
    before a collection of the middle generation, would reach the oldest still tracked and count
    towards the next full collection."""
    distinct = bytes(dict.fromkeys(statue))
    # A face and its opposite have the same dice turned to them: three to read for six faces.
    turned = [distinct.translate(None, others) for others in _NOT_TURNED]
    return (
        *[distinct.translate(None, others) for others in _NOT_COLOUR],
        *[distinct.translate(None, others) for others in _NOT_FACE],
        *turned,
        *reversed(turned),
        *[statue.translate(_FACE_OF, others) for others in _NOT_COLOUR],
    )


# What `read_statue` deletes for each of its facts (the codes, colour * 6 + face - 1, of the dice
# it does not keep), and its table from a die's code to its face.
_NOT_COLOUR = tuple(bytes(code for code in range(24) if code // 6 != colour) for colour in COLOURS)
_NOT_FACE = tuple(bytes(code for code in range(24) if code % 6 + 1 != face) for face in range(1, 7))
_NOT_TURNED = tuple(
    bytes(code for code in range(24) if code % 6 + 1 not in (face, 7 - face))
    for face in range(1, 4)
)
_FACE_OF = bytes(code % 6 + 1 for code in range(24)) + bytes(256 - 24)


def paid_die_of(index: int) -> PaidDie:
    """The shared paid die with this index: its die's code * 2, + 1 if turned by karma."""
    return paid_die(index >> 1, bool(index & 1))


@memo(4096)
def single_die_ids(dice: bytes, turns: bool, faces: bytes) -> tuple[int, ...]:
    """Each distinct way to give up one of these dice (codes), as paid-die indices: one showing
    one of `faces`, as it is or (with `turns`) turned by karma; with no `faces`, any die as it
    is (a turn would change nothing)."""
    options: list[int] = []
    for code in dice:
        value = code % 6 + 1
        if not faces:
            options.append(code * 2)
            continue
        if value in faces:
            options.append(code * 2)
        if turns and opposite_face(value) in faces:
            options.append(code * 2 + 1)
    return tuple(options)


@memo(4096)
def value_payments(dice: bytes, turns: bool) -> tuple[int, ...]:
    """Each of these dice (codes) as it is and, with karma, turned: paid-die indices."""
    options: list[int] = []
    for code in dice:
        options.append(code * 2)
        if turns:
            options.append(code * 2 + 1)
    return tuple(options)


def minimal_payments(
    dice: tuple[Die, ...], karma: int, colour: Colour, target: int
) -> tuple[Payment, ...]:
    """Every minimal way to give up dice of `colour` totalling at least `target`.

    Minimal: no die could be left out and no karma flip undone while still reaching the target.
    """
    ids = _minimal_payments(faces_of(dice, colour), karma, int(colour), target)
    return tuple(map(payment_of, ids))


def a_die(colour: Colour | None) -> str:
    """'an orange die', 'a green die', 'a die' in a sentence."""
    if colour is None:
        return "a die"
    name = colour.name.lower()
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name} die"


def shortfall(dice: tuple[Die, ...], karma: int, colour: Colour, target: int) -> str:
    """Words for dice of `colour` that cannot reach `target`, karma turns counted."""
    faces = sorted(faces_of(dice, colour))
    total = sum(faces)
    best = total + sum(7 - 2 * v for v in faces[:karma] if v in _FLIP_HELPS)
    name = colour.name.lower()
    with_karma = f" ({best} with karma)" if best != total else ""
    return f"needs {target} {name}, you have {total}{with_karma}."


def reach(dice: Sequence[int], karma: int) -> tuple[tuple[bytes, ...], bytes]:
    """Per colour: the faces of the statue's dice of that colour, and the highest total they can
    pay with karma turns (as `shortfall` counts it). A price above that total has no payment, so
    listings skip `minimal_payments` for it."""
    statue = bytes(dice)
    return read_statue(statue)[FACES:], best_totals(statue, karma)


@memo(8192)
def best_totals(statue: bytes, karma: int) -> bytes:
    """`reach`'s highest totals alone, for the dice codes in `statue`."""
    # A statue holds at most 10 dice: their total, turned or not, fits a byte.
    facts = read_statue(statue)
    return bytes([_best(facts[FACES + colour], karma) for colour in COLOURS])


@memo(4096)
def _best(faces: bytes, turns: int) -> int:
    """Dice of one colour repeat across statues far more than whole statues do."""
    return sum(faces) + sum(7 - 2 * v for v in sorted(faces)[:turns] if v in _FLIP_HELPS)


def payments_of(faces: Faces, karma: int, colour: int, target: int) -> tuple[Payment, ...]:
    """`minimal_payments` for the dice of `colour` showing `faces` (see `reach`)."""
    return tuple(map(payment_of, payment_ids(faces, karma, colour, target)))


def payment_ids(faces: Faces, karma: int, colour: int, target: int) -> tuple[int, ...]:
    """`payments_of` as payment ids (see `payment_of`), for caches of listings to keep."""
    return _minimal_payments(faces, karma, int(colour), target)


def faces_of(dice: Sequence[int], colour: Colour) -> bytes:
    return read_statue(bytes(dice))[FACES + colour]


@memo(16384)
def _minimal_payments(values: Faces, karma: int, colour: int, target: int) -> tuple[int, ...]:
    """The ids of the minimal payments (see `_minimal_choices`) with dice of `colour`."""
    return tuple(_payment_id(colour, choice) for choice in _minimal_choices(values, karma, target))


@memo(8192)
def _minimal_choices(values: Faces, karma: int, target: int) -> tuple[bytes, ...]:
    """The minimal payments, each as bytes: its karma turns, then the faces paid, lowest first
    (the turns on the lowest): for each choice of dice (in `product` order: how many of the
    lowest face, then of the next, the last counted fastest), its one minimal payment if it has
    one. They do not depend on the dice's colour, which the ids name, and kept without it they
    are found half as often.

    Turning the lowest faces gains most, and the canonical spelling turns the lowest, so a
    choice of dice needs only its fewest turns that reach the target: with one turn more, undoing
    one would still reach it (not minimal), with one fewer the target is missed."""
    counts = Counter(values)
    faces = sorted(counts)
    # An upper bound: every die that a karma turn would raise turned (1 -> 6 adds 5).
    best_turns = sum((7 - 2 * v) * counts[v] for v in _FLIP_HELPS)
    if sum(v * c for v, c in counts.items()) + best_turns < target:
        return ()
    # What the faces after each one can add at most: their total and their count.
    room = [0] * (len(faces) + 1)
    left = [0] * (len(faces) + 1)
    for i in range(len(faces) - 1, -1, -1):
        room[i] = room[i + 1] + faces[i] * counts[faces[i]]
        left[i] = left[i + 1] + counts[faces[i]]
    found: list[bytes] = []
    chooser = _Chooser(faces, [counts[v] for v in faces], room, left, karma, target)
    chooser.choose(0, [], 0, found)
    return tuple(found)


class _Chooser:
    """Walks the choices of dice in `product` order, skipping those that cannot reach the
    target even with every karma turn (each adds at most 5): the walk reads no choice twice."""

    def __init__(
        self,
        faces: list[int],
        counts: list[int],
        room: list[int],
        left: list[int],
        karma: int,
        target: int,
    ) -> None:
        self.faces, self.counts, self.room, self.left = faces, counts, room, left
        self.karma, self.target = karma, target

    def choose(self, i: int, paid: list[int], total: int, found: list[bytes]) -> None:
        if i == len(self.faces):
            payment = self.minimal(paid, total)
            if payment is not None:
                found.append(payment)
            return
        face, karma, target = self.faces[i], self.karma, self.target
        for n in range(self.counts[i] + 1):
            reached = total + face * n
            most = reached + self.room[i + 1] + 5 * min(karma, len(paid) + n + self.left[i + 1])
            if most >= target:
                self.choose(i + 1, paid + [face] * n, reached, found)

    def minimal(self, paid: list[int], total: int) -> bytes | None:
        """The chosen faces (lowest first) with the fewest turns, on the lowest faces, that
        reach the target, if that payment is minimal: the turns, then the faces."""
        target = self.target
        turns = 0
        while total < target and turns < self.karma and turns < len(paid) and paid[turns] <= 3:
            total += 7 - 2 * paid[turns]
            turns += 1
        if total < target:
            return None
        # Minimal: no die can be left out. The die showing least after the turns is the one to
        # try (the lowest unturned, or the highest turned); undoing a turn instead always
        # misses, since the turns stopped as soon as the target was reached.
        least = min(paid[turns] if turns < len(paid) else 7, 7 - paid[turns - 1] if turns else 7)
        if total - least >= target:
            return None
        return bytes((turns, *paid))


def canonical_payment(pay: Payment) -> Payment:
    """The one spelling of giving up these dice with this many karma turns: the dice in order,
    the turns on the lowest faces (which gain most). Which die is turned changes nothing else:
    the same dice go back and the same karma is spent."""
    flips = sum(p.flipped for p in pay)
    dice = sorted((p.die for p in pay), key=lambda d: (d.value, d))
    turned = [paid_die(d, True) for d in dice[:flips]] + [paid_die(d) for d in dice[flips:]]
    return tuple(sorted(turned))


@memo()
def _payment_id(colour: int, choice: bytes) -> int:
    """The id of a choice of `_minimal_choices` in dice of `colour`: its faces (lowest first,
    after its count of turns) with the lowest that many of them turned, the canonical spelling,
    sorted as paid dice sort (by die, unturned first). The same choices come back for many
    statues, karma and targets."""
    turns, paid = choice[0], choice[1:]
    # A paid die's index among the shared ones is its die's code * 2, + 1 if turned.
    start = colour * 6 - 1
    key = tuple(sorted((start + v) * 2 + (i < turns) for i, v in enumerate(paid)))
    return PAYMENTS.id(tuple(map(paid_die_of, key)))


def payment_of(payment_id: int) -> Payment:
    """The shared payment with this id (see `cache.PAYMENTS`): the payment caches keep ids,
    which the garbage collector need not walk; minimal payments are few."""
    return PAYMENTS.values[payment_id]  # type: ignore[no-any-return]


def paid_total(pay: Payment) -> int:
    return sum(p.value for p in pay)


# Taking dice ---------------------------------------------------------------------------------


def take_dice(state: GameState, seat: int, colours: Iterable[Colour]) -> GameState:
    """Takes one die of each colour from the supply, rolls it and puts it on the statue."""
    player = state.players[seat]
    supply = list(state.supply.dice)
    dice = list(player.dice)
    seed = state.rng
    rolled = []
    for colour in colours:
        supply[colour] -= 1
        value, seed = rng.roll(seed)
        rolled.append(Die(colour, value))
    state = state.update_player(seat, dice=tuple(sorted(dice + rolled)))
    state = replace(state.update_supply(dice=tuple(supply)), rng=seed)
    return tell(state, Rolled(seat, tuple(rolled))) if rolled else state


def return_die(state: GameState, seat: int, die: Die) -> GameState:
    player = state.players[seat]
    remaining = remove_dice(player.dice, (die,))
    assert remaining is not None
    supply = list(state.supply.dice)
    supply[die.colour] += 1
    state = state.update_player(seat, dice=remaining)
    return state.update_supply(dice=tuple(supply))


def reroll(state: GameState, seat: int, chosen: tuple[Die, ...]) -> GameState:
    """Rolls the chosen dice of the statue again."""
    player = state.players[seat]
    remaining = remove_dice(player.dice, chosen)
    assert remaining is not None
    seed = state.rng
    rolled = []
    for die in chosen:
        value, seed = rng.roll(seed)
        rolled.append(Die(die.colour, value))
    state = state.update_player(seat, dice=tuple(sorted(remaining + tuple(rolled))))
    state = replace(state, rng=seed)
    return tell(state, Rolled(seat, tuple(rolled))) if rolled else state


def colour_choices(
    supply: tuple[int, ...], count: int, distinct: bool = False
) -> list[tuple[Colour, ...]]:
    """Every multiset of `count` colours the supply can give (with `distinct`, no two alike)."""
    if count == 0:
        return [()]
    choices = []
    pick = combinations if distinct else combinations_with_replacement
    combos = pick(COLOURS, count)
    for combo in combos:
        if all(combo.count(c) <= supply[c] for c in set(combo)):
            choices.append(combo)
    return choices
