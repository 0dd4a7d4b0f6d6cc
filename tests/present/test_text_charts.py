"""The plain-text charts: one letter per player, a shared mark, axis labels and fills."""

from __future__ import annotations

from rajas_tui.present import charts


def _points(rows: list[str]) -> list[str]:
    return [row.split("|", 1)[1] for row in rows if "|" in row]


def test_each_player_is_drawn_by_their_letter_at_their_height() -> None:
    # Three points and two players in 7 cells: labels (2) and axis (2), one cell a point and
    # two for the last, where both may meet.
    rows = charts.line_chart([("A", [0, 5, 10]), ("B", [10, 10, 0])], height=3, width=8)
    assert _points(rows) == ["BBA", " A", "A B"]  # top row first
    assert rows[0].startswith("10 ")
    assert rows[2].startswith(" 0 ")


def test_the_points_spread_over_the_width_joined_in_lower_case() -> None:
    rows = charts.line_chart([("A", [0, 10])], height=3, width=24)
    points = _points(rows)
    assert len(rows[3]) == 24  # the axis runs the whole width
    assert points[2].startswith("A") and points[0].rstrip().endswith("A")
    assert set("".join(points).replace(" ", "")) == {"A", "a"}  # the line between: lower case


def test_players_meeting_at_a_point_show_both_letters() -> None:
    rows = charts.line_chart([("A", [3, 3]), ("B", [3, 7])], height=2, width=20)
    # The bottom row (3): both players start there, side by side; only A stays.
    assert _points(rows)[1].startswith("AB")
    assert _points(rows)[1].rstrip().endswith("A")
    assert _points(rows)[0].rstrip().endswith("B")
    assert charts.SHARED not in "".join(rows)


def test_players_meeting_where_there_is_no_room_are_marked_shared() -> None:
    rows = charts.line_chart([("A", [3, 3, 3]), ("B", [3, 3, 7])], height=2, width=8)
    assert _points(rows)[1].startswith(charts.SHARED)


def test_long_series_are_thinned_to_the_width_keeping_the_last_point() -> None:
    values = list(range(100))
    rows = charts.line_chart([("A", values)], height=4, width=24)
    assert len(rows[4]) <= 24  # the axis
    assert _points(rows)[0].rstrip()[-1] == "A"  # the highest, last value is drawn


def test_x_axis_numbers_every_fifth_point_when_close_every_point_when_apart() -> None:
    rows = charts.line_chart([("A", list(range(12)))], height=2, width=16, first_x=0)
    assert rows[-1].split() == ["0", "5", "10"]
    rows = charts.line_chart([("A", list(range(12)))], height=2, width=80, first_x=1)
    assert rows[-1].split() == [str(n) for n in range(1, 13)]


def test_empty_chart_has_no_rows() -> None:
    assert charts.line_chart([], height=5, width=10) == []


def test_source_bar_gives_each_source_its_fill_and_at_least_one_mark() -> None:
    bar = charts.source_bar({"tiles": 4, "river": 1, "chambers": 0, "other": 2}, 1.0)
    assert bar == "####~++"
    assert charts.source_bar({"tiles": 1}, 0.1) == "#"
    legend = charts.source_legend({s: s for s in charts.FILLS})
    assert "# tiles" in legend and "~ river" in legend
