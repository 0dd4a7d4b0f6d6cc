"""Nothing cut at any size. Many games (the examples, and seeded random games of every
variant and player count, each at a few points) shown at 80×24, 120×40, 160×50 and 200×60, with
no choice open and with the quarry's display open: every pane's text must fit the room it has,
every pane lie inside the screen, and no text end in "…". The tmux whole-game test sees only the
"…" cuts, in one game; this one sees the unmarked ones too, in many."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

import rules
import saves
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen
from tests.helpers import apps
from tests.helpers.screen_cuts import cuts

SIZES = ((80, 24), (120, 40), (160, 50), (200, 60))
# (ganga, navaratnas): every variant, each with every player count
VARIANTS = ((False, False), (True, False), (False, True), (True, True))
POINTS = (0.4, 1.0)  # how far into each random game it is looked at (1.0: its last turn)
NEVER = 3600.0  # a bot's pause: no bot moves while a position is looked at


def _seated(game: saves.Game) -> saves.Game:
    """The game with the acting seat a human and the others bots: the screen shows the
    acting seat's choice, and no hand-over is asked."""
    turn = game.state.turn
    seats = tuple(
        attrs.evolve(seat, kind=saves.HUMAN if index == turn else "random")
        for index, seat in enumerate(game.setup.seats)
    )
    return attrs.evolve(game, setup=attrs.evolve(game.setup, seats=seats))


def _random_games(players: int) -> list[saves.Game]:
    """Games played at random, each variant, looked at at POINTS of its length."""
    games = []
    for number, (ganga, navaratnas) in enumerate(VARIANTS):
        seed = players * 10 + number
        seats = [(name, saves.HUMAN) for name in ("Asha", "Bela", "Chand", "Devi")[:players]]
        variants = ("ganga",) * ganga + ("navaratnas",) * navaratnas
        game = saves.start_game(saves.seated(seats, seed, variants=variants))
        pick = random.Random(seed)
        played = [game]
        while not game.state.over:
            game = saves.play(game, pick.choice(rules.legal_actions(game.state)))
            played.append(game)
        games.extend(played[int(point * (len(played) - 2))] for point in POINTS)
    return games


def _examples() -> list[saves.Game]:
    return [apps.example(path.name) for path in sorted(apps.SAVES.glob("*.toml"))]


GROUPS = {
    "examples": _examples,
    "2p": lambda: _random_games(2),
    "3p": lambda: _random_games(3),
    "4p": lambda: _random_games(4),
}


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("group", GROUPS)
async def test_nothing_is_cut(group: str, size: tuple[int, int], saves: Path) -> None:
    games = [_seated(game) for game in GROUPS[group]()]
    app = apps.app(games[0], saves=saves, bot_delay=NEVER)
    found: list[str] = []
    async with app.run_test(size=size) as pilot:
        for number, game in enumerate(games):
            if number:
                # The app's game swapped, as an undo or a bot's move swaps it (cheaper than
                # loading each, which builds a new screen), the seat to act at the keyboard.
                screen = app.screen
                assert isinstance(screen, GameScreen)
                screen.holder = game.state.turn
                app.newest = game
                app.game = game
            await apps.until(pilot, lambda g=game: _showing(app, g), f"game {number} shown")
            await pilot.pause()
            where = f"{group} game {number} (round {game.state.round})"
            found.extend(f"{where}: {cut}" for cut in cuts(app))
            screen = app.screen
            assert isinstance(screen, GameScreen)
            if screen.chooser is not None and screen.chooser.top.kind == "spaces":
                await pilot.press("q")
                await pilot.pause()
                found.extend(f"{where}, quarry open: {cut}" for cut in cuts(app))
    assert not found, "\n".join(found)


def _showing(app: RajasApp, game: saves.Game) -> bool:
    screen = app.screen
    return (
        isinstance(screen, GameScreen)
        and app.game is not None
        and app.game.state is game.state
        and screen.view is not None
        and screen.view.state is game.state
    )
