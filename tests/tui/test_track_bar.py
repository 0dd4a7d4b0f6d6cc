"""The track bar's geometry (`rajas_tui/present/tracks.py`): fame from the left, money from the
right, met exactly when the rules say so (docs/rules.md §5), at every width from 10 to 200."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import rules
from rajas_tui.present import text, tracks
from rajas_tui.tui.screens import help as help_screen

WIDTHS = range(10, 201)
CELLS = 86  # docs/rules.md §5: cells are numbered by fame value 0..86


@pytest.fixture
def ascii_glyphs() -> Iterator[None]:
    text.G.use_ascii(True)
    yield
    text.G.use_ascii(False)


def test_the_meeting_cell_is_the_editions() -> None:
    assert rules.catalog().tracks.meeting_cell == CELLS


@pytest.mark.parametrize("width", WIDTHS)
def test_the_track_spans_the_whole_bar_in_order(width: int) -> None:
    columns = [tracks.column(value, CELLS, width) for value in range(CELLS + 1)]
    assert columns[0] == 0
    assert columns[-1] == width - 1
    assert columns == sorted(columns)
    # Past either end a marker waits at that end: the tracks have no end, the bar has.
    assert tracks.column(-5, CELLS, width) == 0
    assert tracks.column(CELLS + 30, CELLS, width) == width - 1


def test_one_column_per_cell_when_the_bar_is_as_wide_as_the_track() -> None:
    assert [tracks.column(v, CELLS, CELLS + 1) for v in range(CELLS + 1)] == list(range(CELLS + 1))


def test_a_bar_needs_room_for_both_markers() -> None:
    with pytest.raises(ValueError, match="at least 2 columns"):
        tracks.column(3, CELLS, 1)


# (fame, money) with fame + c(money) == 86: met exactly, with money below and above 50.
MEETING = [(36, 50), (86, 0), (0, 122), (30, 62), (35, 52), (35, 51), (34, 54)]


@pytest.mark.parametrize(("fame", "money"), MEETING)
def test_markers_that_meet_exactly_share_a_column_at_every_width(fame: int, money: int) -> None:
    assert rules.margin(fame, money) == 0
    for width in WIDTHS:
        at = tracks.marks(fame, money, width)
        assert at.fame == at.money, width


# Margin -1: one fame point still to go, the closest the markers come without meeting.
ONE_TO_GO = [(35, 50), (85, 0), (0, 120), (28, 63), (34, 52), (33, 54), (0, 0)]


@pytest.mark.parametrize(("fame", "money"), ONE_TO_GO)
def test_markers_not_yet_met_never_share_a_column(fame: int, money: int) -> None:
    assert rules.margin(fame, money) < 0
    for width in WIDTHS:
        at = tracks.marks(fame, money, width)
        assert 0 <= at.fame < at.money <= width - 1, width


# The seed's example (margin 2 both) and markers far past each other, beyond the track's ends.
PASSED = [(30, 65), (37, 52), (36, 51), (86, 40), (90, 130), (60, 60)]


@pytest.mark.parametrize(("fame", "money"), PASSED)
def test_markers_that_passed_each_other_are_drawn_crossed(fame: int, money: int) -> None:
    assert rules.margin(fame, money) > 0
    for width in WIDTHS:
        at = tracks.marks(fame, money, width)
        assert 0 <= at.money <= at.fame <= width - 1, width


def test_money_above_fifty_counts_two_per_cell() -> None:
    full = CELLS + 1  # one column per cell
    beside = [tracks.marks(0, money, full).money for money in range(48, 57)]
    # 48, 49, 50 one cell each; then 51-52, 53-54, 55-56 share a cell two by two.
    assert beside == [38, 37, 36, 35, 35, 34, 34, 33, 33]


def test_the_gap_narrows_as_fame_rises_and_grows_back_as_money_falls() -> None:
    width = 40
    gaps = [tracks.marks(f, 30, width).money - tracks.marks(f, 30, width).fame for f in range(56)]
    assert gaps == sorted(gaps, reverse=True)
    assert tracks.marks(20, 10, width).money > tracks.marks(20, 30, width).money


@pytest.mark.parametrize("width", [10, 37, 76, 200])
@pytest.mark.parametrize(("fame", "money"), MEETING + ONE_TO_GO + PASSED)
def test_the_bar_fills_its_width_with_its_markers(fame: int, money: int, width: int) -> None:
    runs = tracks.bar(fame, money, width)
    drawn = "".join(shown for _, shown in runs)
    assert len(drawn) == width
    at = tracks.marks(fame, money, width)
    parts = [part for part, _ in runs]
    if at.fame == at.money:  # met exactly, or passed by less than a column
        assert rules.margin(fame, money) >= 0
        assert drawn[at.fame] == text.G["meet"]
        assert tracks.FAME not in parts and tracks.MONEY not in parts
    else:
        assert drawn[at.fame] == text.G["fame"]
        assert drawn[at.money] == text.G["money"]
    assert (tracks.GAP in parts) == (at.money - at.fame > 1)
    assert (tracks.OVERLAP in parts) == (at.fame - at.money > 1)


def test_a_bar_reads_left_to_right() -> None:
    # Money 77 is on cell 64, beside fame 22: column 2 of 10, fame 9 on column 1.
    assert "".join(s for _, s in tracks.bar(9, 77, 10)) == "─★$───────"
    assert "".join(s for _, s in tracks.bar(0, 0, 10)) == "★········$"
    assert "".join(s for _, s in tracks.bar(36, 50, 10)) == "────╳─────"
    # Money 60 is on cell 55, beside fame 31: column 3; fame 60 on column 6.
    assert "".join(s for _, s in tracks.bar(60, 60, 10)) == "───$▒▒★───"


@pytest.mark.usefixtures("ascii_glyphs")
@pytest.mark.parametrize(("fame", "money"), MEETING + ONE_TO_GO + PASSED)
def test_the_ascii_bar_is_ascii(fame: int, money: int) -> None:
    drawn = "".join(shown for _, shown in tracks.bar(fame, money, 30))
    assert drawn.isascii()
    assert len(drawn) == 30


def test_the_ascii_bar_reads_left_to_right(ascii_glyphs: None) -> None:
    assert "".join(s for _, s in tracks.bar(60, 60, 10)) == "---$##*---"


@pytest.mark.parametrize("ascii_only", [False, True])
def test_the_help_names_every_glyph_of_the_bars(ascii_only: bool) -> None:
    text.G.use_ascii(ascii_only)
    try:
        assert help_screen.track_bar_key() in help_screen.symbols_text()
        key = help_screen.track_bar_key()
        for name in ("fame", "money", "gap", "overlap", "meet"):
            assert text.G[name] in key
        assert key.isascii() == ascii_only
    finally:
        text.G.use_ascii(False)


def test_the_bars_key_says_the_markers_meeting_begins_the_end() -> None:
    # §13: the meeting starts the last turns; the game is over only after them, as the help's
    # own words on the end say.
    key = help_screen.track_bar_key()
    assert "game ends when" not in key
    assert "the end begins" in key and "the end begins" in help_screen.end_text()
