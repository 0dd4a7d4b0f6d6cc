"""Roads in ASCII can be read as in Unicode: a corner, a tee, a straight, a dead end and the
crossing each have glyphs of their own, and on the province board, where the arms west and east
and the stroke south are drawn beside the glyph, the glyph tells the one end they do not show,
north."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from rajas_tui.present import text

N, E, S, W = 1, 2, 4, 8
SHAPES = {
    "dead end": (N, E, S, W),
    "straight": (N | S, E | W),
    "corner": (N | E, E | S, S | W, W | N),
    "tee": (E | S | W, N | S | W, N | E | W, N | E | S),
    "crossing": (N | E | S | W,),
}


@contextmanager
def _ascii() -> Iterator[None]:
    was = text.G.ascii
    text.G.use_ascii(True)
    try:
        yield
    finally:
        text.G.use_ascii(was)


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_each_shape_of_road_has_glyphs_of_its_own(ascii_only: bool) -> None:
    was = text.G.ascii
    text.G.use_ascii(ascii_only)
    try:
        glyphs = {shape: {text.road_glyph(m) for m in masks} for shape, masks in SHAPES.items()}
    finally:
        text.G.use_ascii(was)
    for shape, shown in glyphs.items():
        others = set().union(*(g for other, g in glyphs.items() if other != shape))
        assert not shown & others, (shape, sorted(shown & others))
        assert all(g.isascii() for g in shown) or not ascii_only


def _on_the_board(mask: int) -> tuple[bool, str, bool, bool]:
    """What the province board draws of a cell's roads: the west arm, the glyph, the east arm,
    and the stroke under it (south). Nothing shows the north end but the glyph."""
    return bool(mask & W), text.road_glyph(mask), bool(mask & E), bool(mask & S)


def test_the_board_shows_every_road_in_ascii_as_a_different_picture() -> None:
    with _ascii():
        pictures = {mask: _on_the_board(mask) for mask in range(1, 16)}
    assert len(set(pictures.values())) == len(pictures), pictures
    assert all(glyph.isascii() and len(glyph) == 1 for _, glyph, _, _ in pictures.values())
