"""Game over: the ranking, each margin, and how the end was triggered."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

import rules
import saves
from rajas_tui.present import text
from rajas_tui.present.text import G
from rajas_tui.tui import bindings
from rajas_tui.tui.widgets.base import player_style

if TYPE_CHECKING:
    from rajas_tui.tui.app import RajasApp


def ranking_text(game: saves.Game) -> Text:
    state = game.state
    seats = [(seat.name, seat.kind) for seat in game.setup.seats]
    out = Text("Game over\n\n", "bold")
    if state.end_trigger >= 0:
        seat = state.end_trigger
        out.append("The end was triggered by ")
        out.append(text.player_tag(seat), player_style(seat))
        out.append(
            f" {seats[seat][0]}, whose fame and money markers met in round {state.round};"
            "\nthe players after them in the round each had one last turn.\n\n"
        )
    for standing in rules.ranking(state):
        seat = standing.seat
        player = state.players[seat]
        out.append(f" {standing.place}. ", "bold")
        out.append(text.player_tag(seat), player_style(seat))
        out.append(f" {seats[seat][0]:<12}")
        margin = (
            f"markers met, margin +{standing.margin}"
            if standing.met
            else f"markers {-standing.margin} apart"
        )
        out.append(f" {margin:<26} {player.fame}{G['fame']} {player.money}{G['money']}\n")
    return out


class GameOverScreen(Screen[None]):
    BINDINGS = bindings.GAME_OVER

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="over-box"):
            yield Static(ranking_text(self.rajas.shown), id="ranking")
            yield Static("n new game · Escape title · q quit", classes="dim")
        yield Footer()

    def action_new(self) -> None:
        self.rajas.action_new_game()

    def action_title(self) -> None:
        self.rajas.to_title()

    async def action_quit(self) -> None:
        self.app.exit()
