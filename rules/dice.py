"""Dice on the Kali statue: paying with them (karma flips included), taking and rolling them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

from . import rng
from .model import COLOURS, Colour, Die, PaidDie, Payment, opposite_face, paid_die
from .state import GameState, replace

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


def single_die_options(
    dice: Sequence[int], karma: int, *, colour: Colour | None = None, faces: tuple[int, ...] = ()
) -> tuple[PaidDie, ...]:
    """Each distinct way to give up one die: of `colour` if given, showing one of `faces` if given.

    Without `faces` any face will do and karma flips are not listed (they would change nothing).
    """
    turns = bool(karma) and bool(faces)
    return _single_die_options(candidates(dice, colour, faces, turns), turns, faces)


# The option caches below are keyed by the dice as their codes in bytes (`bytes(statue)`, the
# dice being ints 0..23) and colours as plain ints, and hold codes, face values and the shared
# paid dice: bytes and ints are objects the garbage collector does not track, so a tuple of them
# drops out of its walks, where one holding `Die` or `Colour` objects stays in every collection.


def candidates(
    dice: Sequence[int], colour: Colour | None, faces: tuple[int, ...], turns: bool
) -> bytes:
    """The codes of the distinct dice that could pay, in statue order: the options depend on
    these alone, so the caches of options are keyed by far fewer statues."""
    return _candidates(bytes(dice), -1 if colour is None else int(colour), faces, turns)


@lru_cache(maxsize=2048)
def _candidates(statue: bytes, colour: int, faces: tuple[int, ...], turns: bool) -> bytes:
    # A die's code is colour * 6 + face - 1: its face is code % 6 + 1, turned 6 - code % 6.
    return bytes(
        code
        for code in dict.fromkeys(statue)
        if (colour < 0 or code // 6 == colour)
        and (not faces or code % 6 + 1 in faces or (turns and 6 - code % 6 in faces))
    )


def colour_candidates(dice: Sequence[int]) -> tuple[bytes, ...]:
    """`candidates` of each colour, any face: one lookup per listing instead of one per space."""
    return _colour_candidates(bytes(dice))


@lru_cache(maxsize=1024)
def _colour_candidates(statue: bytes) -> tuple[bytes, ...]:
    return tuple(_candidates(statue, colour, (), False) for colour in range(len(COLOURS)))


def face_candidates(dice: Sequence[int], turns: bool) -> tuple[bytes, ...]:
    """`candidates` showing each face 1 to 6 (index 0 unused), any colour, turns counted."""
    return _face_candidates(bytes(dice), turns)


@lru_cache(maxsize=1024)
def _face_candidates(statue: bytes, turns: bool) -> tuple[bytes, ...]:
    return (b"", *(_candidates(statue, -1, (face,), turns) for face in range(1, 7)))


@lru_cache(maxsize=4096)
def _single_die_options(dice: bytes, turns: bool, faces: tuple[int, ...]) -> tuple[PaidDie, ...]:
    options: list[PaidDie] = []
    for code in dice:
        value = code % 6 + 1
        if not faces:
            options.append(paid_die(code))
            continue
        if value in faces:
            options.append(paid_die(code))
        if turns and opposite_face(value) in faces:
            options.append(paid_die(code, True))
    return tuple(options)


def value_options(dice: Sequence[int], karma: int, colour: Colour) -> tuple[PaidDie, ...]:
    """One die of `colour` whose face counts: each distinct die as it is and turned with karma."""
    return value_payments(candidates(dice, colour, (), False), bool(karma))


@lru_cache(maxsize=4096)
def value_payments(dice: bytes, turns: bool) -> tuple[PaidDie, ...]:
    """Each of these dice (codes) as it is and, with karma, turned."""
    options: list[PaidDie] = []
    for code in dice:
        options.append(paid_die(code))
        if turns:
            options.append(paid_die(code, True))
    return tuple(options)


def minimal_payments(
    dice: tuple[Die, ...], karma: int, colour: Colour, target: int
) -> tuple[Payment, ...]:
    """Every minimal way to give up dice of `colour` totalling at least `target`.

    Minimal: no die could be left out and no karma flip undone while still reaching the target.
    """
    return _minimal_payments(faces_of(dice, colour), min(karma, 3), int(colour), target)


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
    best = total + sum(7 - 2 * v for v in faces[: min(karma, 3)] if v in _FLIP_HELPS)
    name = colour.name.lower()
    with_karma = f" ({best} with karma)" if best != total else ""
    return f"needs {target} {name}, you have {total}{with_karma}."


def reach(dice: Sequence[int], karma: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Per colour: the faces of the statue's dice of that colour, and the highest total they can
    pay with karma turns (as `shortfall` counts it). A price above that total has no payment, so
    listings skip `minimal_payments` for it."""
    return _reach(bytes(dice), karma)


@lru_cache(maxsize=1024)
def _reach(statue: bytes, karma: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    faces = tuple(_faces_of(statue, colour) for colour in range(len(COLOURS)))
    turns = min(karma, 3)
    best = tuple(
        sum(f) + sum(7 - 2 * v for v in sorted(f)[:turns] if v in _FLIP_HELPS) for f in faces
    )
    return faces, best


def payments_of(
    faces: tuple[int, ...], karma: int, colour: int, target: int
) -> tuple[Payment, ...]:
    """`minimal_payments` for the dice of `colour` showing `faces` (see `reach`)."""
    return _minimal_payments(faces, min(karma, 3), int(colour), target)


def faces_of(dice: Sequence[int], colour: Colour) -> tuple[int, ...]:
    return _faces_of(bytes(dice), int(colour))


@lru_cache(maxsize=1024)
def _faces_of(statue: bytes, colour: int) -> tuple[int, ...]:
    return tuple(code % 6 + 1 for code in statue if code // 6 == colour)


@lru_cache(maxsize=16384)
def _minimal_payments(
    values: tuple[int, ...], karma: int, colour: int, target: int
) -> tuple[Payment, ...]:
    """For each choice of dice (in `product` order), its one minimal payment if it has one.

    Turning the lowest faces gains most, and the canonical spelling turns the lowest, so a
    choice of dice needs only its fewest turns that reach the target: with one turn more, undoing
    one would still reach it (not minimal), with one fewer the target is missed."""
    counts = Counter(values)
    faces = sorted(counts)
    # An upper bound: every die that a karma turn would raise turned (1 -> 6 adds 5).
    best_turns = sum((7 - 2 * v) * counts[v] for v in _FLIP_HELPS)
    if sum(v * c for v, c in counts.items()) + best_turns < target:
        return ()
    payments: list[Payment] = []
    for chosen in product(*(range(counts[v] + 1) for v in faces)):
        total = sum(v * n for v, n in zip(faces, chosen, strict=True))
        if total + 5 * min(karma, sum(chosen)) < target:
            continue
        # The chosen faces, lowest first; turns go to the lowest, which must show 1 to 3.
        paid = [v for v, n in zip(faces, chosen, strict=True) for _ in range(n)]
        turns = 0
        while total < target and turns < karma and turns < len(paid) and paid[turns] in _FLIP_HELPS:
            total += 7 - 2 * paid[turns]
            turns += 1
        if total < target:
            continue
        # Minimal: no die can be left out. The die showing least after the turns is the one to
        # try (the lowest unturned, or the highest turned); undoing a turn instead always
        # misses, since the turns stopped as soon as the target was reached.
        least = min(paid[turns] if turns < len(paid) else 7, 7 - paid[turns - 1] if turns else 7)
        if total - least < target:
            payments.append(_payment_of(colour, faces, chosen, turns))
    return tuple(payments)


def canonical_payment(pay: Payment) -> Payment:
    """The one spelling of giving up these dice with this many karma turns: the dice in order,
    the turns on the lowest faces (which gain most). Which die is turned changes nothing else:
    the same dice go back and the same karma is spent."""
    flips = sum(p.flipped for p in pay)
    dice = sorted((p.die for p in pay), key=lambda d: (d.value, d))
    turned = [paid_die(d, True) for d in dice[:flips]] + [paid_die(d) for d in dice[flips:]]
    return tuple(sorted(turned))


def _payment_of(colour: int, faces: list[int], chosen: tuple[int, ...], turns: int) -> Payment:
    """The chosen dice with the lowest `turns` of them turned: the canonical spelling."""
    pay: list[PaidDie] = []
    for v, n in zip(faces, chosen, strict=True):
        flipped = min(n, turns)
        turns -= flipped
        pay.extend([paid_die(Die(colour, v), True)] * flipped)
        pay.extend([paid_die(Die(colour, v))] * (n - flipped))
    payment = tuple(sorted(pay))
    return _PAYMENTS.setdefault(payment, payment)


# One shared tuple per distinct payment: the payment caches and the purchase records built on
# them held about three copies of each (7,700 tuples for 2,200 payments after 60 random games),
# every one walked by each full collection. Minimal payments are few, so this stays small.
_PAYMENTS: dict[Payment, Payment] = {}


def paid_total(pay: Payment) -> int:
    return sum(p.value for p in pay)


# Taking dice ---------------------------------------------------------------------------------


def take_dice(state: GameState, seat: int, colours: Iterable[Colour]) -> GameState:
    """Takes one die of each colour from the supply, rolls it and puts it on the statue."""
    player = state.players[seat]
    supply = list(state.supply.dice)
    dice = list(player.dice)
    seed = state.rng
    for colour in colours:
        supply[colour] -= 1
        value, seed = rng.roll(seed)
        dice.append(Die(colour, value))
    state = state.update_player(seat, dice=tuple(sorted(dice)))
    return replace(state.update_supply(dice=tuple(supply)), rng=seed)


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
    return replace(state, rng=seed)


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
