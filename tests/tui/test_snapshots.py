"""Snapshots of every screen at 80×24 and 160×50, from fixed games: no clocks, no animation.

Update only after looking at the report: `pytest tests/tui --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from rajas_tui.present.chooser import Chooser
from rajas_tui.tui.screens.game import PANE_NAMES, GameScreen
from rajas_tui.tui.screens.handover import HandOverScreen
from tests.helpers import apps, variant_games
from tests.helpers.key_plan import plan

SIZES = [pytest.param(apps.SMALL, id="80x24"), pytest.param(apps.LARGE, id="160x50")]


async def _listed(pilot: Pilot[None]) -> None:
    """The title lists the saves in a thread; the snapshot shows it once the listing is in."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_title(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    assert snap_compare(apps.app(saves=saves), terminal_size=size, run_before=_listed)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_new_game_dialog(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    app = apps.app(saves=saves, seed=7)
    assert snap_compare(app, terminal_size=size, press=["n"], run_before=_listed)


BASE_PANES = tuple(name for name in PANE_NAMES if name != "yields")  # yield tiles: Navaratnas


@pytest.mark.parametrize("pane", range(1, len(BASE_PANES) + 1), ids=BASE_PANES)
def test_midgame_pane_small(snap_compare: Any, saves: Path, pane: int) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=apps.SMALL, press=[str(pane)])


def test_midgame_all_panes_large(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(apps.app(apps.midgame(), saves=saves), terminal_size=apps.LARGE)


def _to_grid_keys() -> list[str]:
    """Keys from the mid-game position into the quarry, up to the tile's placement."""
    game = apps.midgame()
    chooser = Chooser(game.state)
    commands = ["quarry"]
    chooser.press("quarry")
    while chooser.top.kind == "list":
        chooser.press("confirm")
        commands.append("confirm")
    assert chooser.top.kind == "confirm"
    commands.append("confirm")
    return apps.keys_for(commands)


@pytest.mark.parametrize("size", SIZES)
def test_quarry_display_chooser(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=size, press=["q"])


@pytest.mark.parametrize("size", SIZES)
def test_quarry_placement(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=size, press=[*_to_grid_keys(), "left", "r"])


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=size, press=["q", "escape", "question_mark"])


@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    assert snap_compare(apps.app(apps.finished(), saves=saves), terminal_size=size)


def test_too_small(snap_compare: Any, saves: Path) -> None:
    async def settle(pilot: Pilot[None]) -> None:
        await pilot.pause()

    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=(60, 20), run_before=settle)


TRACKS_KEY = str(PANE_NAMES.index("tracks") + 1)


@pytest.mark.parametrize("size", SIZES)
def test_tracks_pane_markers_met(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    """The last action of a 3-player game: B's markers have passed each other, C's are 22
    fame points apart, A's 42; the bars show it at each width."""
    app = apps.app(apps.example("final-action-3p.toml"), saves=saves)
    assert snap_compare(app, terminal_size=size, press=[TRACKS_KEY])


def test_tracks_pane_in_ascii(snap_compare: Any, saves: Path) -> None:
    app = apps.app(apps.example("final-action-3p.toml"), saves=saves, ascii_glyphs=True)
    assert snap_compare(app, terminal_size=apps.SMALL, press=[TRACKS_KEY])


# Variants: a 4-player Ganga and Navaratnas game with tiles on the fields, seat A to play. ------

VARIANT_PANES = ("river", "provinces", "yields")


@pytest.mark.parametrize("pane", VARIANT_PANES)
def test_variant_pane_small(snap_compare: Any, saves: Path, pane: str) -> None:
    """The Ganga river, the Navaratnas provinces (A's fields on the card, B's brown tile "?"),
    the face-up yield tiles: one pane at a time at 80×24."""
    app = apps.app(variant_games.ganga_navaratnas(), saves=saves)
    key = str(PANE_NAMES.index(pane) + 1)
    assert snap_compare(app, terminal_size=apps.SMALL, press=[key])


def test_variant_panes_large(snap_compare: Any, saves: Path) -> None:
    """At 160×50 all at once: the yield tiles beside the river strip, the river pane, every
    province with its fields."""
    app = apps.app(variant_games.ganga_navaratnas(), saves=saves)
    assert snap_compare(app, terminal_size=apps.LARGE)


def test_variant_provinces_in_ascii(snap_compare: Any, saves: Path) -> None:
    app = apps.app(variant_games.ganga_navaratnas(), saves=saves, ascii_glyphs=True)
    key = str(PANE_NAMES.index("provinces") + 1)
    assert snap_compare(app, terminal_size=apps.SMALL, press=[key])


# What a player needs to see: the log, the hand-over, help, dialog focus. ---

LOG_KEY = str(PANE_NAMES.index("log") + 1)


@pytest.mark.parametrize("size", SIZES)
def test_log_with_round_separators(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    """The log pane: each round opens with who starts it; the moves since D's last turn are
    marked."""
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=size, press=[LOG_KEY])


def test_log_paged_back(snap_compare: Any, saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=apps.SMALL, press=[LOG_KEY, LOG_KEY])


def _hot_seat() -> Any:
    """Two humans on Navaratnas boards, A's terrace played: the keyboard goes to B."""
    import rules
    import saves as save_layer

    seats = [("Asha", save_layer.HUMAN), ("Bela", save_layer.HUMAN)]
    game = save_layer.start_game(save_layer.seated(seats, 4, "free", ["navaratnas"], [0, 1]))
    legal = rules.legal_actions(game.state)
    return game, next(a for a in legal if isinstance(a, rules.actions.Terrace))


@pytest.mark.parametrize("size", SIZES)
def test_hot_seat_hand_over(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    game, terrace = _hot_seat()
    keys = apps.keys_for(plan(Chooser(game.state), terrace))
    app = apps.app(game, saves=saves)
    assert snap_compare(app, terminal_size=size, press=["enter", *keys])


@pytest.mark.parametrize("size", SIZES)
def test_hot_seat_after_hand_over(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    """The next seat's screen once it has the keyboard: its face-down tile shows, the other's
    is "?"."""
    game, terrace = _hot_seat()
    keys = apps.keys_for(plan(Chooser(game.state), terrace))
    app = apps.app(game, saves=saves)

    async def hand_over(pilot: Pilot[None]) -> None:
        # The Enter that takes the keyboard waits for the question: typed while the action
        # is still being saved, the game screen would answer it instead.
        await pilot.press("enter", *keys)
        await apps.until(pilot, lambda: isinstance(app.screen, HandOverScreen), "the hand-over")
        await pilot.press("enter")
        await apps.until(pilot, lambda: isinstance(app.screen, GameScreen), "the next seat")

    assert snap_compare(app, terminal_size=size, run_before=hand_over)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_help_next_page(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=size, press=["question_mark", "pagedown"])


@pytest.mark.slow
def test_help_symbols_page(snap_compare: Any, saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    press = ["question_mark", "pagedown", "pagedown", "pagedown"]
    assert snap_compare(app, terminal_size=apps.SMALL, press=press)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_new_game_dialog_focus_on_a_seat(
    snap_compare: Any, saves: Path, size: tuple[int, int]
) -> None:
    """The focus mark: ">" on the row, the field underlined, with no colour needed."""
    app = apps.app(saves=saves, seed=7)
    assert snap_compare(app, terminal_size=size, press=["n", "tab", "tab"], run_before=_listed)
