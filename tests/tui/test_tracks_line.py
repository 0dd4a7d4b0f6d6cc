"""The tracks line at the top of the game screen fits 80 columns with four players, late in a
long game too, saying its words once ("gap") and then dropping the spaces around "·"."""

from __future__ import annotations

from rajas_tui.tui.widgets.tracks import line_for


def test_four_players_early_say_every_word() -> None:
    line = line_for([(3, 4), (2, 6), (5, 5), (1, 3)], 120)
    assert line.plain.startswith("Tracks A▲ 3★ 4$ to go ") and " · B● " in line.plain


def test_four_players_late_in_a_long_game_fit_80_columns() -> None:
    # Round 19 of a random 4-player game, which was 81 columns at its fullest short form.
    tracks = [(17, 88), (11, 21), (26, 71), (8, 77)]
    line = line_for(tracks, 80)
    assert line.cell_len <= 80, line.plain
    assert line.plain.startswith("Tracks (gap) ")
    for fame, money in tracks:
        assert f" {fame}★ {money}$ " in line.plain
