"""Dice, the Kali statue and karma (docs/rules.md §4, §1, §14 "any colour")."""

from __future__ import annotations

import gc
from itertools import combinations_with_replacement, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import dice as dice_rules
from rules.model import Colour, Die, PaidDie, Payment
from rules.state import GameState
from tests.helpers.fixture_states import (
    act,
    dice,
    neutral,
    new,
    on_top,
    run,
    texts,
    tile,
    turn_to,
    with_player,
)

ORANGE, GREEN, BLUE, PURPLE = Colour


def _seat0(hand: list[str], **changes: Any) -> GameState:
    state = turn_to(new(2, seed=1), 0)
    return neutral(with_player(state, 0, hand=hand, **changes), 0)


@pytest.mark.parametrize(("face", "chamber"), [(6, 1), (5, 2), (4, 3), (3, 4), (1, 6)])
def test_karma_turns_a_die_to_its_opposite_face_for_one_karma(face: int, chamber: int) -> None:
    # §4: 1<->6, 2<->5, 3<->4. A green die showing `face` pays the chamber of the opposite face.
    state = _seat0([f"g{face}", "o5"], karma=1)
    action = f"chamber c{chamber} g{face}!"
    assert action in texts(state)
    assert f"chamber c{chamber} g{face}" not in texts(state)  # unturned it shows the wrong face
    supply_green = state.supply.dice[GREEN]
    after = rules.apply(state, act(action))
    player = after.players[0]
    yogi_karma = 2 if chamber == 3 else 0
    assert player.karma == min(3, 1 - 1 + yogi_karma)
    assert Die(GREEN, face) not in player.dice
    assert after.supply.dice[GREEN] == supply_green + 1  # a paid die goes back to the supply


def test_turning_a_die_needs_karma() -> None:
    state = _seat0(["g6", "o5"], karma=0)
    assert "chamber c1 g6!" not in texts(state)
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, act("chamber c1 g6!"))


def test_turning_a_die_is_a_choice_not_a_must() -> None:
    state = _seat0(["o3"], karma=2)
    offered = texts(state)
    assert "single s1 o3 tea" in offered and "single s1 o3! tea" in offered
    kept = rules.apply(state, act("single s1 o3 tea"))
    assert kept.players[0].karma == 2
    turned = rules.apply(state, act("single s1 o3! tea"))
    assert turned.players[0].karma == 1


def test_several_dice_turned_cost_several_karma() -> None:
    # Two flips in one payment: the quarry test pays an orange 9 with o2! (5) and o3! (4).
    state = _seat0(["o2", "o3", "g1"], karma=3)
    state, stack = on_top(state, tile(ORANGE, 9, "T").id)
    after = rules.apply(state, act(f"quarry q1 d{stack + 1} o2! o3!"))
    assert after.players[0].karma == 1
    one_short = with_player(state, 0, karma=1)
    with pytest.raises(rules.IllegalAction):
        rules.apply(one_short, act(f"quarry q1 d{stack + 1} o2! o3!"))


def test_a_die_taken_is_rolled_and_put_on_the_statue() -> None:
    faces = set()
    for seed in range(40):
        state = neutral(with_player(turn_to(new(2, seed=seed), 0), 0, hand=["g1"]), 0)
        orange = state.supply.dice[ORANGE]
        after = run(state, "terrace t1")
        added = [d for d in after.players[0].dice if d.colour == ORANGE]
        assert len(added) == 1 and after.supply.dice[ORANGE] == orange - 1
        assert after.rng != state.rng  # the roll draws from the game's generator
        faces.add(added[0].value)
    assert faces == {1, 2, 3, 4, 5, 6}


FULL = ["o1", "o2", "o3", "g1", "g2", "g3", "b1", "b2", "p5", "p6"]  # ten dice: Kali is full


def test_full_statue_take_fewer() -> None:
    # The Dancer (a 2) leaves 9 dice and gives 2 of any colour: only one fits.
    state = _seat0(FULL)
    after = run(state, "chamber c2 g2")
    offered = texts(after)
    assert {"take o", "take g", "take b", "take p"} <= offered
    assert not any(t.startswith("take ") and len(t.split()) > 2 for t in offered)
    assert {f"return {d}" for d in set(FULL) - {"g2"}} <= offered
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, act("take o o"))
    took = rules.apply(after, act("take p"))
    assert len(took.players[0].dice) == 10


def test_full_statue_return_dice_first() -> None:
    state = _seat0(FULL)
    after = run(state, "chamber c2 g2", "return p6")
    assert len(after.players[0].dice) == 8
    offered = texts(after)
    # Now both dice fit: two colours are chosen and returning more is no longer offered.
    assert "take o p" in offered and "take b b" in offered
    assert not any(t.startswith("return") for t in offered)
    with pytest.raises(rules.IllegalAction):
        rules.apply(after, act("return o1"))
    took = rules.apply(after, act("take o p"))
    assert len(took.players[0].dice) == 10


def test_full_statue_terrace_is_still_a_legal_placement() -> None:
    # §14: a terrace with a full statue taking no die is legal (blocking a space).
    state = _seat0(FULL)
    assert "terrace t1" in texts(state)
    after = rules.apply(state, act("terrace t1"))
    assert "take none" in texts(after)
    done = rules.apply(after, act("take none"))
    assert done.players[0].dice == state.players[0].dice
    assert done.players[0].placed == 1


def test_a_colour_whose_supply_is_empty_cannot_be_taken() -> None:
    state = turn_to(new(2, seed=1), 0)
    state = with_player(state, 1, hand=["o1"] * 7 + ["g1"])
    state = neutral(with_player(state, 0, hand=["o2"] * 5 + ["g3"]), 0)
    assert state.supply.dice[ORANGE] == 0
    yogi = run(state, "chamber c3 g3")
    offered = texts(yogi)
    assert "take o" not in offered and {"take g", "take b", "take p"} <= offered
    with pytest.raises(rules.IllegalAction):
        rules.apply(yogi, act("take o"))
    # The orange terrace is still a legal placement; it gives nothing.
    terrace = rules.apply(state, act("terrace t1"))
    assert terrace.players[0].dice == state.players[0].dice


@pytest.mark.parametrize(("karma", "expected"), [(0, 2), (1, 3), (2, 3), (3, 3)])
def test_karma_is_capped_at_three(karma: int, expected: int) -> None:
    state = _seat0(["b3"], karma=karma)
    after = rules.apply(state, act("chamber c3 b3"))  # the Yogi: karma +2 (and a die)
    assert after.players[0].karma == expected


# Payments: the quarry's and Master Builder's dice -----------------------------------------------


def _best(paid: tuple[int, ...], turns: int) -> int:
    """The most these faces total with this many karma turns (turns on the lowest faces)."""
    ordered = sorted(paid)
    return sum(7 - f for f in ordered[:turns]) + sum(ordered[turns:])


def _brute_minimal(faces: tuple[int, ...], karma: int, colour: Colour) -> dict[int, set[Payment]]:
    """For each target 1..14: every minimal outcome, as its canonical payment.

    An outcome is the dice given up and the karma spent (which die is turned changes nothing
    else); it is minimal when it reaches the target and no outcome with a subset of its dice and
    no more karma does. Found by trying every subset of the dice and every karma spend."""
    outcomes = set()
    for choice in product((0, 1), repeat=len(faces)):
        paid = tuple(sorted(f for f, c in zip(faces, choice, strict=True) if c))
        for turns in range(min(karma, len(paid)) + 1):
            outcomes.add((paid, turns))

    def smaller(a: tuple[tuple[int, ...], int], b: tuple[tuple[int, ...], int]) -> bool:
        rest = list(b[0])
        for f in a[0]:
            if f not in rest:
                return False
            rest.remove(f)
        return a != b and a[1] <= b[1]

    found: dict[int, set[Payment]] = {target: set() for target in range(1, 15)}
    for target in found:
        valid = [o for o in outcomes if _best(*o) >= target]
        for paid, turns in valid:
            if any(smaller(o, (paid, turns)) for o in valid):
                continue
            ordered = sorted(paid)
            payment = [PaidDie(Die(colour, f), True) for f in ordered[:turns]]
            payment += [PaidDie(Die(colour, f)) for f in ordered[turns:]]
            found[target].add(tuple(sorted(payment)))
    return found


@pytest.mark.slow
def test_minimal_payments_are_exactly_the_valid_minimal_ones() -> None:
    # Every multiset of up to four orange faces, every karma, every target 1..14.
    for size in range(5):
        for faces in combinations_with_replacement(range(1, 7), size):
            held = (*(Die(ORANGE, f) for f in faces), Die(GREEN, 6))
            for karma in range(4):
                expected = _brute_minimal(faces, karma, ORANGE)
                for target, payments in expected.items():
                    listed = dice_rules.minimal_payments(held, karma, ORANGE, target)
                    assert len(set(listed)) == len(listed), (faces, karma, target)
                    assert set(listed) == payments, (faces, karma, target)


@pytest.mark.parametrize("karma", [4, 5])
def test_karma_above_three_turns_as_many_dice(karma: int) -> None:
    # The cap of 3 is a data value (game.toml `karma_max`), not the payments': a cap raised there
    # lets each karma turn a die, and nothing in the payments stops at 3.
    faces = (1,) * karma
    held = (*(Die(ORANGE, 1) for _ in faces), Die(GREEN, 6))
    every_one_turned = tuple(PaidDie(Die(ORANGE, 1), True) for _ in faces)
    assert dice_rules.minimal_payments(held, karma, ORANGE, 6 * karma) == (every_one_turned,)
    assert dice_rules.best_totals(bytes(held), karma)[ORANGE] == 6 * karma
    assert f"({6 * karma} with karma)" in dice_rules.shortfall(held, karma, ORANGE, 99)


@settings(max_examples=300, deadline=None)
@given(
    faces=st.lists(st.integers(1, 6), max_size=7),
    others=st.lists(st.integers(1, 6), max_size=3),
    karma=st.integers(0, 3),
    target=st.integers(1, 16),
)
def test_every_listed_payment_is_valid_and_minimal(
    faces: list[int], others: list[int], karma: int, target: int
) -> None:
    held = tuple(sorted([Die(ORANGE, f) for f in faces] + [Die(GREEN, f) for f in others]))
    listed = dice_rules.minimal_payments(held, karma, ORANGE, target)
    assert len(set(listed)) == len(listed)
    for payment in listed:
        total = dice_rules.paid_total(payment)
        assert all(p.die.colour == ORANGE for p in payment)
        assert dice_rules.remove_dice(held, (p.die for p in payment)) is not None
        assert sum(p.flipped for p in payment) <= karma
        assert total >= target
        for p in payment:
            assert total - p.value < target, "a die could be left out"
            assert not p.flipped or total - p.value + p.die.value < target, "a turn is idle"


def test_a_one_turned_to_six_pays_for_a_tile() -> None:
    # §4: karma turns a 1 into a 6; a single o1 turned pays a value-5 tile (§6: total >= value).
    state = _seat0(["o1", "g2"], karma=1)
    state, stack = on_top(state, tile(ORANGE, 5, "T").id)
    after = rules.apply(state, act(f"quarry q1 d{stack + 1} o1!"))
    assert after.players[0].karma == 0
    assert after.queue[0].kind == "place_tile"


def test_a_one_turned_to_six_is_offered_for_a_tile() -> None:
    state = _seat0(["o1", "g2"], karma=1)
    state, stack = on_top(state, tile(ORANGE, 5, "T").id)
    assert f"quarry q1 d{stack + 1} o1!" in texts(state)


def test_flip_pairs() -> None:
    turned = [PaidDie(d, True).value for d in dice("o1", "o2", "o3", "o4", "o5", "o6")]
    assert turned == [6, 5, 4, 3, 2, 1]


@pytest.mark.slow
def test_the_dice_option_lookups_hold_nothing_the_collector_walks() -> None:
    """The caches keep these for the whole run: once collections have looked at them, tuples of
    untracked objects drop out of every later one (a nested one a level per collection), and the
    option caches then cost it nothing."""
    statue = dice("o1", "g3", "b6", "p2", "o1")
    looked_up = (
        dice_rules.read_statue(bytes(statue)),
        dice_rules.best_totals(bytes(statue), 2),
        dice_rules.reach(statue, 2),
    )
    for _ in range(3):
        gc.collect()
    assert [gc.is_tracked(found) for found in looked_up] == [False] * len(looked_up)


def test_equal_payments_from_different_statues_are_one_shared_tuple() -> None:
    """The caches of payments and purchases hold each distinct payment once, not a copy per
    statue, so that collections walk fewer of them."""
    alone = dice_rules.minimal_payments(dice("o2", "g3"), 0, Colour.ORANGE, 2)
    beside = dice_rules.minimal_payments(dice("o2", "o1", "p4"), 0, Colour.ORANGE, 2)
    shared = [pay for pay in beside if pay == alone[0]]
    assert len(alone) == 1 and len(shared) == 1
    assert shared[0] is alone[0]


def _shape(payment: Payment) -> tuple[tuple[int, bool], ...]:
    return tuple((paid.die.value, paid.flipped) for paid in payment)


@pytest.mark.parametrize("colours", [tuple(Colour), tuple(reversed(Colour))])
def test_minimal_payments_are_the_same_for_every_colour_in_its_own_dice(
    colours: tuple[Colour, ...],
) -> None:
    """The payments are worked out once for faces, karma and target, whatever the colour (issue
    10): each colour's are of its own dice, in the same shapes, whichever colour asks first."""
    dice_rules._minimal_payments.cache_clear()
    dice_rules._minimal_choices.cache_clear()
    for faces in combinations_with_replacement(range(1, 7), 4):
        for karma, target in product(range(4), range(1, 20, 3)):
            shapes = set()
            for colour in colours:
                payments = dice_rules.payments_of(bytes(faces), karma, colour, target)
                assert all(paid.die.colour == colour for p in payments for paid in p)
                shapes.add(tuple(map(_shape, payments)))
            assert len(shapes) == 1, (faces, karma, target)
