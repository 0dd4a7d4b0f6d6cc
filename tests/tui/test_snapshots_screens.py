"""Snapshots of the screens beyond test_snapshots.py: the dialogs, the palette,
each kind of choice, a bot thinking, the last turns, a refused key, ASCII, NO_COLOR, the light
and contrast themes and the 200×60 layout. Fixed games and seeds, explicit sizes, no clocks.

Update only after looking at each one's text: `pytest tests/tui/test_snapshots_screens.py
--snapshot-update`.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import attrs
import pytest
from textual.pilot import Pilot

import rules
import saves as save_layer
from rajas_tui.present import turns
from tests.helpers import apps

SIZES = [pytest.param(apps.SMALL, id="80x24"), pytest.param(apps.LARGE, id="160x50")]
HUGE = (200, 60)
FOUR_HUMANS = [("Asha", "human"), ("Bela", "human"), ("Chand", "human"), ("Devi", "human")]


def choosing(kind: str) -> save_layer.Game:
    """A 4-player game played by a seeded choice among the legal actions up to the first
    decision of `kind` (the acting player's pending effect), seat A's screen if A acts."""
    game = save_layer.start_game(save_layer.seated(FOUR_HUMANS, 1, "free"))
    pick = random.Random(1)
    while not game.state.over:
        queue = game.state.queue
        if queue and queue[0].kind == kind:
            return game
        game = save_layer.play(game, pick.choice(rules.legal_actions(game.state)))
    raise AssertionError(f"no {kind} decision in this game")


def last_turns() -> save_layer.Game:
    """The 4-player mid-game played on by a seeded choice until the end is triggered."""
    game = apps.midgame()
    pick = random.Random(1)
    while not game.state.over:
        game = save_layer.play(game, pick.choice(rules.legal_actions(game.state)))
        if game.state.end_trigger >= 0 and not game.state.over and not game.state.queue:
            return game
    raise AssertionError("the game ended before its last turns could be shown")


async def _settled(pilot: Pilot[None]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


# Dialogs and the palette -----------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_load_dialog(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    for name in ("midgame-4p.toml", "opening-2p.toml", "final-action-3p.toml"):
        shutil.copy(apps.SAVES / name, saves / name)
    app = apps.app(saves=saves)

    async def listed(pilot: Pilot[None]) -> None:
        await _settled(pilot)
        await pilot.press("l")
        await _settled(pilot)

    assert snap_compare(app, terminal_size=size, run_before=listed)


@pytest.mark.parametrize("size", SIZES)
def test_save_as_dialog(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=size, press=["ctrl+s", *"friday"])


@pytest.mark.parametrize("size", SIZES)
def test_quit_dialog_on_a_game_not_saved(
    snap_compare: Any, tmp_path: Path, size: tuple[int, int]
) -> None:
    """Ctrl+Q asks first: the saves folder is a file, so the new game has no file of its own."""
    not_a_folder = tmp_path / "saves"
    not_a_folder.write_text("a file where the saves folder should be")
    app = apps.app(apps.midgame(), saves=not_a_folder)

    async def asked(pilot: Pilot[None]) -> None:
        await _settled(pilot)
        pilot.app.clear_notifications()  # the note names the test's folder
        await pilot.press("ctrl+q")
        await _settled(pilot)

    assert snap_compare(app, terminal_size=size, run_before=asked)


@pytest.mark.parametrize("size", SIZES)
def test_command_palette(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=size, press=["ctrl+p", *"glyph"], run_before=_settled)


# Each kind of choice ---------------------------------------------------------------------------

CHOICES = ("dice", "upgrade", "boat_offer", "reroll", "rebuild")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", CHOICES)
def test_choice(snap_compare: Any, saves: Path, kind: str, size: tuple[int, int]) -> None:
    """Dice to take, an upgrade, a boat move, a re-roll, a Master Builder placement."""
    assert snap_compare(apps.app(choosing(kind), saves=saves), terminal_size=size)


# What the game says ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_a_bot_thinking(
    snap_compare: Any, saves: Path, held_bot: apps.Held, size: tuple[int, int]
) -> None:
    game = apps.new_game([("Asha", "random"), ("Bela", "human")], 11)
    while game.seat.is_human:
        game = save_layer.play(game, rules.legal_actions(game.state)[0])

    async def thinking(pilot: Pilot[None]) -> None:
        for _ in range(300):
            if held_bot.started.is_set():
                break
            await pilot.pause(0.01)
        await pilot.pause()

    app = apps.app(game, saves=saves, thinker=held_bot)
    assert snap_compare(app, terminal_size=size, run_before=thinking)


@pytest.mark.parametrize("size", SIZES)
def test_last_turns(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    assert snap_compare(apps.app(last_turns(), saves=saves), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_a_refused_key(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    """Redo with nothing undone: the footer dims it, and pressed it says why."""
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=size, press=["U"])


# Glyphs, colour and themes ---------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_ascii_glyphs(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    app = apps.app(apps.midgame(), saves=saves, ascii_glyphs=True)
    assert snap_compare(app, terminal_size=size, press=["q"])


@pytest.mark.parametrize("size", SIZES)
def test_no_color(
    snap_compare: Any, saves: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=size, press=["q"])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("theme", ["rajas-light", "rajas-contrast"])
def test_theme(snap_compare: Any, saves: Path, theme: str, size: tuple[int, int]) -> None:
    app = apps.app(apps.midgame(), saves=saves, theme=theme)
    assert snap_compare(app, terminal_size=size, press=["q"])


# Every size used -------------------------------------------------------------------------------


def test_layout_200x60(snap_compare: Any, saves: Path) -> None:
    """The panes grow with the width: titles, reasons and log lines whole."""
    assert snap_compare(apps.app(apps.midgame(), saves=saves), terminal_size=HUGE)


def test_layout_200x60_choosing(snap_compare: Any, saves: Path) -> None:
    """The quarry's options at 200 columns: each reason whole."""
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=HUGE, press=["q"])


def test_layout_120x40(snap_compare: Any, saves: Path) -> None:
    assert snap_compare(apps.app(apps.midgame(), saves=saves), terminal_size=(120, 40))


def test_layout_120x40_bots_playing(snap_compare: Any, saves: Path) -> None:
    """Asha the one human, Devi's bot to play: the middle pane shows what was played since
    Asha's turn, the province Devi's, the log the rows the tracks leave."""
    game = apps.midgame()
    seats = tuple(
        attrs.evolve(seat, kind=save_layer.HUMAN if index == 0 else "random")
        for index, seat in enumerate(game.setup.seats)
    )
    game = attrs.evolve(game, setup=attrs.evolve(game.setup, seats=seats))
    app = apps.app(game, saves=saves, bot_delay=3600.0)
    assert snap_compare(app, terminal_size=(120, 40))


def test_tab_during_a_choice(snap_compare: Any, saves: Path) -> None:
    """At 80×24 Tab shows the next pane in the choice's place; the prompt keeps the choice."""
    app = apps.app(apps.midgame(), saves=saves)
    assert snap_compare(app, terminal_size=apps.SMALL, press=["q", "tab"])


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_the_coachs_answer(snap_compare: Any, saves: Path, size: tuple[int, int]) -> None:
    """The real normal bot's advice on a fixed game: its seed makes it the same every time."""
    game = apps.new_game([("Asha", "human"), ("Bela", "easy")], 7)
    while not game.seat.is_human:
        game = save_layer.play(game, turns.bot_action(game))

    async def advised(pilot: Pilot[None]) -> None:
        await pilot.press("a")
        for _ in range(6000):
            if type(pilot.app.screen).__name__ == "CoachScreen":
                break
            await pilot.pause(0.01)
        await pilot.pause()

    assert snap_compare(apps.app(game, saves=saves), terminal_size=size, run_before=advised)
