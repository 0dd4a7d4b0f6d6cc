"""The placement listing's shortcuts agree with what they stand in for."""

from __future__ import annotations

import gc
from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import GameState, dice, province
from rules.model import Die, PaidDie, Payment
from tests.helpers.playouts import random_states


def played_states() -> tuple[GameState, ...]:
    """The sample's states, played once per process and only by the tests that use them."""
    return random_states(6) + random_states(6, variants=True)


def _in_product_order(
    values: tuple[int, ...], karma: int, colour: int, target: int
) -> tuple[Payment, ...]:
    """Each choice of dice in `itertools.product` order, its fewest turns on its lowest faces,
    kept when no die can be left out: how the minimal payments were listed before the walk that
    skips hopeless choices."""
    counts = Counter(values)
    faces = sorted(counts)
    found = []
    for chosen in product(*(range(counts[v] + 1) for v in faces)):
        paid = [v for v, n in zip(faces, chosen, strict=True) for _ in range(n)]
        total, turns = sum(paid), 0
        while total < target and turns < min(karma, len(paid)) and paid[turns] <= 3:
            total += 7 - 2 * paid[turns]
            turns += 1
        shown = [7 - v for v in paid[:turns]] + paid[turns:]
        if total >= target and all(total - v < target for v in shown):
            pay = [PaidDie(Die(colour, v), i < turns) for i, v in enumerate(paid)]
            found.append(tuple(sorted(pay)))
    return tuple(found)


@settings(max_examples=400, deadline=None)
@given(
    values=st.lists(st.integers(1, 6), max_size=8).map(lambda v: tuple(sorted(v))),
    karma=st.integers(0, 3),
    colour=st.integers(0, 3),
    target=st.integers(1, 40),
)
@pytest.mark.slow
def test_minimal_payments_come_in_product_order(
    values: tuple[int, ...], karma: int, colour: int, target: int
) -> None:
    listed = dice.payments_of(values, karma, colour, target)
    assert listed == _in_product_order(values, karma, colour, target)


def test_the_road_shapes_that_fit_are_those_with_a_place() -> None:
    checked = 0
    for state in played_states():
        for player in state.players:
            fits = province.fitting_ends(player.province)
            for ends in range(1, 16):
                has_place = bool(province.placements(player.province, ends))
                assert bool(fits >> ends & 1) == has_place
                checked += 1
    assert checked > 1000


def test_the_statue_read_once_gives_what_each_lookup_gave() -> None:
    for state in played_states():
        for player in state.players:
            statue = bytes(player.dice)
            facts = dice.read_statue(statue)
            assert len(facts) == dice.FACES + 4
            for colour in range(4):
                assert facts[dice.BY_COLOUR + colour] == dice._candidates(
                    statue, colour, b"", False
                )
                codes = [d for d in player.dice if d // 6 == colour]
                assert facts[dice.FACES + colour] == bytes(d % 6 + 1 for d in codes)
            for face in range(1, 7):
                assert facts[dice.BY_FACE + face] == dice._candidates(
                    statue, -1, bytes((face,)), False
                )
                assert facts[dice.BY_FACE_TURNED + face] == dice._candidates(
                    statue, -1, bytes((face,)), True
                )


@pytest.mark.slow
def test_what_is_read_off_a_statue_holds_nothing_the_collector_walks() -> None:
    """Every statue listed keeps its reading in a cache for the whole run: a plain tuple of
    bytes and ints drops out of the collections once they have looked at it (a nested one a
    level per collection), where a record or named tuple would be walked by every one."""
    facts = dice.read_statue(bytes((0, 8, 17, 18, 0)))
    for _ in range(5):
        gc.collect()
    assert not gc.is_tracked(facts)


@given(
    players=st.integers(2, 4),
    occupants=st.lists(st.integers(-2, 3), min_size=37, max_size=37),
    money=st.integers(0, 5),
)
@pytest.mark.slow
@settings(max_examples=300, deadline=None)
def test_the_open_spaces_are_the_free_ones_first_in_their_row_that_the_player_can_pay(
    players: int, occupants: list[int], money: int
) -> None:
    """`placing._open`, which walks the board's runs with C calls, against §3 read plainly."""
    from rules import placing
    from rules.catalog import catalog
    from rules.spaces import ROWS
    from rules.state import FREE

    specs = catalog().side_for(players).spaces
    spaces = tuple(occupants[: len(specs)])
    expected = []
    for spec in specs:
        if spaces[spec.index] != FREE or spec.money > money:
            continue
        row = [s for s in specs if s.area == spec.area] if spec.area in ROWS else [spec]
        if next(s for s in row if spaces[s.index] == FREE) is spec:
            expected.append(spec.index)
    layout = placing._layout(rules.new_game(rules.Config(players=players, seed=1)), 0)
    assert placing._open(layout, spaces, money) == expected


@settings(max_examples=300, deadline=None)
@given(codes=st.lists(st.integers(0, 23), max_size=10))
def test_the_statue_read_by_deleting_codes_is_the_statue_read_die_by_die(codes: list[int]) -> None:
    """`read_statue` and `_candidates` delete the codes they leave out (`bytes.translate`):
    against each fact read plainly, one die at a time, in the statue's order (sorted or not)."""
    statue = bytes(codes)
    distinct = list(dict.fromkeys(codes))
    facts = dice.read_statue(statue)
    for colour in range(4):
        assert facts[dice.BY_COLOUR + colour] == bytes(c for c in distinct if c // 6 == colour)
        assert facts[dice.FACES + colour] == bytes(c % 6 + 1 for c in codes if c // 6 == colour)
    for face in range(1, 7):
        showing = bytes(c for c in distinct if c % 6 + 1 == face)
        turned = bytes(c for c in distinct if c % 6 + 1 in (face, 7 - face))
        assert facts[dice.BY_FACE + face] == showing
        assert facts[dice.BY_FACE_TURNED + face] == turned
    for faces in (b"", b"\x01\x02\x03", b"\x05"):
        for turns in (False, True):
            paying = bytes(
                c
                for c in distinct
                if not faces or c % 6 + 1 in faces or (turns and 7 - (c % 6 + 1) in faces)
            )
            assert dice._candidates(statue, -1, faces, turns) == paying


def test_the_rotations_a_tile_may_be_rebuilt_in_are_those_a_walk_finds_joined() -> None:
    """`rebuild_rotations` reads which road shapes keep the province joined off the groups of
    tiles around the cell, and the Master Builder's needs which shapes fit in some rotation:
    against a walk of the province with the new tile laid in each rotation."""
    checked = 0
    for state in played_states()[::5]:
        for player in state.players:
            ends = province._all_ends(player.province)
            read = province.code(player.province)
            for cell, _ in player.province.placed():
                shapes = province.code_rebuild_shapes(read, cell)
                for shape in range(1, 16):
                    walked = []
                    for rotation in province.distinct_rotations(shape):
                        trial = bytearray(ends)
                        trial[cell] = province.rotated(shape, rotation)
                        if province._joined(trial):
                            walked.append(rotation)
                    assert province.rebuild_rotations(player.province, cell, shape) == tuple(walked)
                    assert bool(shapes >> shape & 1) == bool(walked)
                    checked += 1
    assert checked > 1000
