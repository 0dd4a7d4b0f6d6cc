"""A statue's table numbers each space's distinct entries in a byte (rules/placing.py)."""

from __future__ import annotations

from rules import placing
from rules.actions import Terrace
from rules.area import action_id


def test_a_space_numbers_its_entries_until_a_byte_is_full_and_then_lists_without_keeping() -> None:
    known = placing._Known(2)
    terraces = [(action_id(Terrace(f"t{n}")),) for n in range(placing.UNKNOWN + 1)]
    numbers = [known.number(0, ids) for ids in terraces]
    assert numbers[: placing.UNKNOWN] == list(range(placing.UNKNOWN))
    assert numbers[placing.UNKNOWN] == placing.UNKNOWN  # one kind too many: not kept
    assert known.number(0, terraces[7]) == 7  # those kept still read back
    assert known.records[0][7] == (Terrace("t7"),)
    assert known.number(1, terraces[-1]) == 0  # each space counts its own
