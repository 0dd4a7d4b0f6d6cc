"""The plain-text charts: one letter per player, a shared mark, axis labels and fills."""

from __future__ import annotations

from rajas_tui.present import charts


def test_each_player_is_drawn_by_their_letter_at_their_height() -> None:
    rows = charts.line_chart([("A", [0, 5, 10]), ("B", [10, 10, 0])], height=3, width=40)
    grid = [row.split("|", 1)[1] for row in rows[:3]]
    assert grid == ["BBA", " A ", "A B"]  # top row first
    assert rows[0].startswith("10 ")
    assert rows[2].startswith(" 0 ")


def test_players_sharing_a_cell_are_marked_shared() -> None:
    rows = charts.line_chart([("A", [3, 3]), ("B", [3, 7])], height=2, width=10)
    # rows[1] is the bottom row (3): both players start there, only A stays.
    assert rows[1].split("|", 1)[1] == charts.SHARED + "A"
    assert rows[0].split("|", 1)[1] == " B"


def test_long_series_are_thinned_to_the_width_keeping_the_last_point() -> None:
    values = list(range(100))
    rows = charts.line_chart([("A", values)], height=4, width=20)
    assert all(len(row.split("|", 1)[1]) == 20 for row in rows[:4])
    assert rows[0].split("|", 1)[1][-1] == "A"  # the highest, last value is drawn


def test_x_axis_numbers_every_fifth_point_from_first_x() -> None:
    rows = charts.line_chart([("A", list(range(12)))], height=2, width=40, first_x=0)
    axis = rows[-1]
    assert axis.split() == ["0", "5", "10"]


def test_empty_chart_has_no_rows() -> None:
    assert charts.line_chart([], height=5, width=10) == []


def test_source_bar_gives_each_source_its_fill_and_at_least_one_mark() -> None:
    bar = charts.source_bar({"tiles": 4, "river": 1, "chambers": 0, "other": 2}, 1.0)
    assert bar == "####~++"
    assert charts.source_bar({"tiles": 1}, 0.1) == "#"
    legend = charts.source_legend({s: s for s in charts.FILLS})
    assert "# tiles" in legend and "~ river" in legend
