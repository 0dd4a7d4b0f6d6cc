"""`replace` and the draft's copies build records through functions compiled per class:
they must make the same record `attrs.evolve` makes, with no hash carried over, and a record
whose constructor checks its fields must still be checked."""

from __future__ import annotations

import attrs
import pytest

from rules.model import Effect
from rules.state import _compile_copier, replace
from tests.helpers.fixture_states import new, run


def _fresh(record: object) -> object:
    return _compile_copier(type(record))(record)


@attrs.frozen(slots=True, cache_hash=True)
class _Checked:
    value: int = attrs.field(validator=attrs.validators.gt(0))
    label: str = "x"


@attrs.frozen(slots=True)
class _Plain:
    value: int
    label: str = "x"


def _records() -> list[object]:
    state = run(new(3, 4), "terrace t1")
    return [state, state.players[1], state.supply, state.river, state.config, Effect("dice", n=2)]


@pytest.mark.parametrize("index", range(6))
def test_a_copy_equals_the_record_and_a_change_changes_one_field(index: int) -> None:
    record = _records()[index]
    name = attrs.fields(type(record))[0].name
    copy = _fresh(record)
    assert copy == record and copy is not record
    value = getattr(record, name)
    changed = replace(record, **{name: value})
    assert changed == attrs.evolve(record, **{name: value})
    assert changed is not record


def test_a_copy_works_its_hash_out_again() -> None:
    state = run(new(2, 1), "terrace t1")
    player = state.players[0]
    hash(player)  # cached in the record now
    richer = replace(player, money=player.money + 5)
    assert hash(richer) == hash(attrs.evolve(player, money=player.money + 5))
    assert hash(_fresh(player)) == hash(player)


def test_a_record_with_a_validator_is_still_validated() -> None:
    with pytest.raises(ValueError):
        replace(_Checked(1), value=0)
    assert replace(_Checked(1), value=2) == _Checked(2)
    assert hash(replace(_Checked(1), label="y")) == hash(_Checked(1, "y"))


def test_a_record_without_a_kept_hash_is_copied_whole() -> None:
    assert replace(_Plain(1), label="y") == _Plain(1, "y")
    assert _fresh(_Plain(3, "z")) == _Plain(3, "z")
