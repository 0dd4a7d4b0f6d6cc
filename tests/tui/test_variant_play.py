"""Playing the variants through the app with key presses only: a mixed 3-player game (one
Navaratnas board among base boards) with the Ganga river tiles, set up in the new-game dialog and
played to its end.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest
from textual.widgets import Select

import rules
import saves as save_layer
from rajas_tui.present import turns
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.gameover import GameOverScreen
from tests.helpers import apps
from tests.helpers.key_plan import plan
from tests.tui import test_fuzz as fuzz
from tests.tui.test_play import _settle

pytestmark = pytest.mark.asyncio

BOARDS = ("base", "navaratnas", "base")
SEATS = [("Asha", "random"), ("Bela", "human"), ("Chandra", "random")]
# A seed whose game brings every new choice to the human (Navaratnas) seat: yield tiles (on the
# Dancer and on turns with no worker left), sailing on, and dice of different colours.
SEED = 18


def mixed_ganga_game(seed: int) -> save_layer.Game:
    navaratnas = [seat for seat, board in enumerate(BOARDS) if board == "navaratnas"]
    setup = save_layer.seated(SEATS, seed, "strict", ("ganga", "navaratnas"), navaratnas)
    return save_layer.start_game(setup)


# The dialog's seats, set by keys below: the human in seat 0 plays the Navaratnas board. A seed
# whose game brings every new choice to that seat, and a turn with no worker left: the shortest
# such game of the first 60 seeds (246 actions, 76 of them the human's), for every one of them
# is keys pressed and the screen drawn again.
DIALOG_SEED = 2


async def _focus(pilot, app, widget_id: str) -> None:  # type: ignore[no-untyped-def]
    """Tabs through the dialog until the widget has the focus, as a keyboard user would."""
    for _ in range(40):
        if app.focused is not None and app.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"tab never reached #{widget_id}")


def _status(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#status").render())


@pytest.mark.slow
async def test_mixed_game_with_ganga_set_up_and_played_to_the_end_by_keys(saves: Path) -> None:
    app = apps.app(saves=saves)
    picker = random.Random(DIALOG_SEED)
    played: set[str] = set()
    instead = 0
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await _focus(pilot, app, "players")
        await pilot.press("enter", "down", "enter")  # 3 players
        # The bot seats start at the normal search level; a whole game against it would take
        # many minutes, so this one is against random bots.
        for seat in (1, 2):
            app.screen.query_one(f"#kind-{seat}", Select).value = "random"
        await _focus(pilot, app, "board-0")
        await pilot.press("space", "ctrl+g")
        await _focus(pilot, app, "seed")
        await pilot.press(*str(DIALOG_SEED), "enter")
        await _settle(pilot, app)
        assert app.game.state.config == rules.Config(
            players=3, seed=DIALOG_SEED, boards=("navaratnas", "base", "base"), ganga=True
        )
        assert [seat.kind for seat in app.game.setup.seats] == ["human", "random", "random"]
        while not app.game.state.over:
            assert isinstance(app.screen, GameScreen)
            state = app.game.state
            if turns.takes_yield_instead(app.game):
                instead += 1
                assert "no worker left" in _status(app), _status(app)
            legal = rules.legal_actions(state)
            action = picker.choice(legal)
            keys = apps.keys_for(plan(Chooser(rules.seat_view(state, state.turn), legal), action))
            count = len(app.game.log)
            await pilot.press(*keys)
            # The app shows a move once its autosave is written, in a worker: wait for it.
            await apps.until(pilot, lambda n=count: len(app.game.log) > n, f"{action} on screen")
            assert app.game.log[count].action == str(action)
            played.add(state.queue[0].kind if state.queue else "placement")
            await _settle(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
    assert {"take_yield", "boat_steps", "dice_distinct", "placement"} <= played, played
    assert instead > 0, "a turn with no worker left took a yield tile instead"


async def test_a_yield_tile_instead_of_a_placement_says_why_on_screen(saves: Path) -> None:
    """A Navaratnas seat with no worker left, while others still place, may take a yield tile:
    the status line and the prompt say so, and the pass key declines it, at 80×24."""
    game = mixed_ganga_game(SEED)
    pick = random.Random(SEED)
    while not turns.takes_yield_instead(game):
        game = save_layer.play(game, pick.choice(rules.legal_actions(game.state)))
    seats = tuple(
        attrs.evolve(seat, kind="human") if i == game.state.turn else seat
        for i, seat in enumerate(game.setup.seats)
    )
    game = attrs.evolve(game, setup=attrs.evolve(game.setup, seats=seats))
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        name = game.setup.seats[game.state.turn].name
        status = _status(app)
        assert f"{name}: no worker left, so a yield tile instead" in status, status
        prompt = str(app.screen.query_one("#prompt").render())
        assert (
            " No worker left: you may take a yield tile onto a field of its colour · x pass"
            in prompt
        ), prompt
        chooser = app.screen.chooser
        assert chooser is not None
        assert chooser.top.title == "Choose a yield tile, then the field it goes on"
        await pilot.press("x")  # taking it is optional (docs/rules.md §12)
        await pilot.pause()
        assert chooser.top.kind == "confirm" and chooser.top.actions == [rules.Pass()]


FUZZ_SESSIONS = 4
FUZZ_STEPS = 60


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(FUZZ_SESSIONS))
async def test_random_keys_in_variant_games_leave_the_app_alive(seed: int, saves: Path) -> None:
    """Seeded random key presses and resizes in mixed and Navaratnas games with Ganga, every seat
    human, so that the keys reach the new choices."""
    picker = random.Random(seed)
    if seed % 2:
        game = mixed_ganga_game(seed)
    else:
        setup = save_layer.seated(SEATS[:2], seed)
        game = save_layer.start_game(attrs.evolve(setup, variants=("ganga", "navaratnas")))
    seats = tuple(attrs.evolve(seat, kind="human") for seat in game.setup.seats)
    game = attrs.evolve(game, setup=attrs.evolve(game.setup, seats=seats))
    # Some way into the game, where yield tiles and river tiles are in play.
    for _ in range(picker.randint(0, 120)):
        if game.over:
            break
        game = save_layer.play(game, picker.choice(rules.legal_actions(game.state)))
    app = apps.app(game, saves=saves)
    steps: list[str] = []
    try:
        async with app.run_test(size=fuzz._size(picker)) as pilot:
            for _ in range(FUZZ_STEPS):
                if picker.random() < 0.15:
                    width, height = fuzz._size(picker)
                    steps.append(f"{width}x{height}")
                    await pilot.resize_terminal(width, height)
                else:
                    key = picker.choice(fuzz.KEYS + tuple("123456789") * 3)
                    steps.append(key)
                    await pilot.press(key)
                if app.return_code is not None:
                    break
    except Exception as error:
        raise AssertionError(
            f"session seed {seed} crashed at step {len(steps)} ({' '.join(steps[-8:])}): "
            f"{type(error).__name__}: {error}"
        ) from error
    assert app.return_code in (None, 0)
