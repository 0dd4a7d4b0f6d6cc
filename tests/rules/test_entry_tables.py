"""Each space keeps its entries by the dice they read (rules/placing.py): the dice a
space reads must allow there what the whole statue allows."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import GameState, placing
from rules.catalog import catalog
from rules.dice import read_statue
from rules.placing import AREAS
from tests.helpers.playouts import random_states


def played_states() -> tuple[GameState, ...]:
    """The sample's states, played once per process and only by the tests that use them."""
    return random_states(6) + random_states(6, variants=True)


# A statue as the engine keeps it: up to 10 dice codes (colour * 6 + face - 1), sorted.
_STATUES = st.lists(st.integers(0, 23), max_size=10).map(lambda codes: bytes(sorted(codes)))


@settings(max_examples=300, deadline=None)
@given(statue=_STATUES, turns=st.booleans())
def test_the_dice_a_space_reads_have_the_whole_statues_entries(statue: bytes, turns: bool) -> None:
    facts = read_statue(statue)
    for players in (2, 3, 4):
        for spec in catalog().side_for(players).spaces:
            area = AREAS[spec.area]
            if area.reads is None:
                continue
            read = facts[area.reads(spec, turns)]
            assert area.entries(spec, read, turns) == area.entries(spec, statue, turns)


def test_a_listing_is_each_open_space_listed_from_the_whole_statue() -> None:
    """`space_options` works each space's entries out from the whole statue, with no table."""
    checked = 0
    for state in played_states():
        if state.queue:
            continue
        seat, player = state.turn, state.players[state.turn]
        layout = placing._layout(state, seat)
        opened = placing._open(layout, state.spaces, player.money)
        whole = [a for i in opened for a in placing.space_options(state, layout.specs[i])]
        assert placing.placement_options(state) == whole
        checked += 1
    assert checked > 500
