"""The header's two times: a UTC time that exists, in the one shape the format writes."""

from __future__ import annotations

from pathlib import Path

import pytest

import saves
from tests.helpers.save_examples import MIDGAME

CREATED = 'created = "2025-03-01T19:30:00Z"'


def _load_with_created(tmp_path: Path, created: str) -> saves.Game:
    text = MIDGAME.read_text(encoding="utf-8")
    assert CREATED in text
    path = tmp_path / "game.toml"
    path.write_text(text.replace(CREATED, f'created = "{created}"'), encoding="utf-8")
    return saves.load(path)


@pytest.mark.parametrize(
    "created",
    [
        "2025-02-29T19:30:00Z",  # not a leap year
        "2025-04-31T19:30:00Z",
        "2025-13-01T19:30:00Z",
        "2025-00-01T19:30:00Z",
        "0000-01-01T00:00:00Z",
        "2025-03-01T24:00:00Z",
        "2025-03-01T19:60:00Z",
        "2025-03-01T19:30:60Z",  # no leap seconds
        "2025-03-01 19:30:00Z",
        "2025-03-01T19:30:00",
        "2025-03-01T19:30:00+0000",
        "2025-03-01T19:30:00.5Z",
        "2025-3-1T19:30:00Z",
        "20250301T193000Z",
    ],
)
def test_a_time_that_does_not_exist_or_has_another_shape_is_refused(
    tmp_path: Path, created: str
) -> None:
    with pytest.raises(saves.SaveError) as refused:
        _load_with_created(tmp_path, created)
    assert str(refused.value) == (
        f"{tmp_path / 'game.toml'}: key header.created: expected a UTC time such as "
        f"2025-01-31T18:05:00Z, got '{created}'."
    )


@pytest.mark.parametrize("created", ["2024-02-29T00:00:00Z", "2025-12-31T23:59:59Z"])
def test_every_time_that_exists_is_read(tmp_path: Path, created: str) -> None:
    assert _load_with_created(tmp_path, created).created == created
