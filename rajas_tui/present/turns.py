"""Turns between the saved game and the bots: who moves next when a bot has the seat, and what
kind of turn the acting seat is taking."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules
import saves

if TYPE_CHECKING:
    from rajas_tui.bots import Choose


def bot_action(game: saves.Game, choose: Choose | None = None) -> rules.Action:
    """The acting bot's choice, made from what its seat may see (`rules.seat_view`), by
    `choose` (the app's thinks in another process: `present.bot_process`)."""
    if choose is None:
        # Imported on a bot's first move: the game screen and the headless commands start
        # without the bots' modules, and a game of humans never loads them.
        from rajas_tui import bots

        choose = bots.choose
    state = game.state
    return choose(game.seat.kind, rules.seat_view(state, state.turn), game.setup.seed)


def run_bots(game: saves.Game) -> saves.Game:
    """Lets bots move until a human is to act or the game is over."""
    while not game.over and not game.seat.is_human:
        game = saves.play(game, bot_action(game))
    return game


def takes_yield_instead(game: saves.Game) -> bool:
    """Whether the acting seat's turn is a Navaratnas seat's yield tile taken instead of a
    placement (no worker left while others still place): the turn opens asking only for a yield
    tile. The Navaratnas Dancer asks the same after its dice, but within the seat's own turn, so
    the last action logged is that seat's."""
    state = game.state
    if state.over or len(state.queue) != 1 or state.queue[0].kind != "take_yield":
        return False
    if state.player.workers_left or not rules.seat_rules(state, state.turn).yield_instead:
        return False
    return not game.log or game.log[-1].seat != state.turn
