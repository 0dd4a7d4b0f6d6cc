"""Game over: the ranking, each margin, how the end was triggered, and charts of the game:
fame and money per round and where each player's fame came from."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

import rules
import saves
from rajas_tui.present import charts, history, text
from rajas_tui.present.text import PLAYER_LETTERS, G
from rajas_tui.tui import bindings
from rajas_tui.tui.private_textual import Footer
from rajas_tui.tui.widgets.base import player_style

if TYPE_CHECKING:
    from rajas_tui.tui.app import RajasApp

CHART_HEIGHT = 8
CHART_WIDTH = 72  # a chart's width, labels and axis included, before it is laid out
BAR_WIDTH = 24  # characters for the largest fame, in the fame-by-source bars
DIM = Style(bold=False, dim=True)  # a line between two points, dimmer than the points


def ranking_text(game: saves.Game, hist: history.History) -> Text:
    state = game.state
    names = [seat.name for seat in game.setup.seats]
    out = Text("Game over\n\n", "bold")
    if state.end_trigger >= 0:
        seat = state.end_trigger
        out.append("The end was triggered by ")
        out.append(text.player_tag(seat), player_style(seat))
        out.append(
            f" {names[seat]}, whose fame and money markers met in round {state.round}; "
            + history.last_turns_sentence(names, hist.last_turns)
            + "\n\n"
        )
    for standing in rules.ranking(state):
        seat = standing.seat
        player = state.players[seat]
        out.append(f" {standing.place}. ", "bold")
        out.append(text.player_tag(seat), player_style(seat))
        out.append(f" {names[seat]:<12}")
        margin = (
            f"markers met, margin +{standing.margin}"
            if standing.met
            else f"markers {-standing.margin} apart"
        )
        out.append(f" {margin:<26} {player.fame}{G['fame']} {player.money}{G['money']}\n")
    return out


def _legend(game: saves.Game, shared: bool) -> Text:
    out = Text(" ")
    for seat, spec in enumerate(game.setup.seats):
        out.append(text.player_tag(seat), player_style(seat))
        out.append(f" {spec.name}  ")
    if shared:
        out.append(f"{charts.SHARED} players at one point")
    return out


def chart_text(
    game: saves.Game,
    hist: history.History,
    what: history.Figure,
    title: str,
    width: int = CHART_WIDTH,
) -> Text:
    """A line chart of every player's `what` at each round's end, `width` cells wide: each
    point the player's letter, the line between in its lower case, in the player's colour (the
    letter alone tells them apart without colour)."""
    seats = range(len(game.setup.seats))
    lines = [(PLAYER_LETTERS[seat], history.series(hist, seat, what)) for seat in seats]
    styles = {PLAYER_LETTERS[seat]: player_style(seat) for seat in seats}
    styles |= {PLAYER_LETTERS[seat].lower(): player_style(seat) + DIM for seat in seats}
    out = Text(f"{title}, after each round\n", "bold")
    rows = charts.line_chart(lines, CHART_HEIGHT, width, hist.start.round - 1)
    for row in rows:
        label, bar, points = row.partition("|")
        out.append(label + bar)
        for char in points:
            out.append(char, styles.get(char, ""))
        out.append("\n")
    shared = any(charts.SHARED in row.partition("|")[2] for row in rows[:CHART_HEIGHT])
    out.append_text(_legend(game, shared))
    return out


class Chart(Widget):
    """A chart as wide as the box it is in: drawn again at each width."""

    DEFAULT_CSS = "Chart { height: auto; }"

    def __init__(
        self,
        game: saves.Game,
        hist: history.History,
        what: history.Figure,
        title: str,
        classes: str = "",
    ) -> None:
        super().__init__(classes=classes)
        self.game, self.hist, self.what, self.chart_title = game, hist, what, title

    def render(self) -> Text:
        width = self.size.width or CHART_WIDTH
        return chart_text(self.game, self.hist, self.what, self.chart_title, width)


def sources_text(game: saves.Game, hist: history.History) -> Text:
    """Each player's fame split by where it came from, as a bar and in numbers."""
    out = Text("Where the fame came from\n", "bold")
    most = max((sum(parts.values()) for parts in hist.fame_by_source), default=0)
    scale = BAR_WIDTH / most if most else 0.0
    for seat, parts in enumerate(hist.fame_by_source):
        out.append(" ")
        out.append(text.player_tag(seat), player_style(seat))
        total = sum(parts.values())
        out.append(f" {total:>3}{G['fame']} {charts.source_bar(parts, scale):<{BAR_WIDTH}} ")
        shown = [f"{history.SOURCE_WORDS[source]} {n}" for source, n in parts.items() if n]
        out.append(" ".join(shown) + "\n")
    out.append(charts.source_legend(history.SOURCE_WORDS), "dim")
    return out


class GameOverScreen(Screen[None]):
    BINDINGS = bindings.GAME_OVER

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        game = self.rajas.shown
        hist = history.history(game)
        with VerticalScroll(id="over-box"):
            # Not only in a message that fades: the ending is lost if the player quits now.
            yield Static(id="over-unsaved", markup=False)
            yield Static(ranking_text(game, hist), id="ranking")
            yield Static(sources_text(game, hist), id="sources", classes="over-part")
            yield Chart(game, hist, "fame", "Fame", classes="over-part")
            yield Chart(game, hist, "money", "Money", classes="over-part")
            keys = (
                "<over.new> new game · <over.replay> replay · <over.review> review · "
                "<over.title> title · <over.quit> quit"
            )
            yield Static(bindings.said(self.rajas.keymap, keys), classes="dim over-part")
        yield Footer()

    def on_mount(self) -> None:
        self._show_saving()

    @property
    def replaced(self) -> bool:
        """Whether the screen has left the app's screens for another game's (not yet removed):
        a resume posted as the screen above it closed still reaches it, as `GameScreen`'s."""
        return self not in self.app.screen_stack

    def on_screen_resume(self) -> None:
        if not self.replaced:  # the app's game is now another's: its unsaved is not this one's
            self._show_saving()  # back from Save as, say

    def _show_saving(self) -> None:
        note = self.query_one("#over-unsaved", Static)
        note.display = self.rajas.unsaved
        if note.display:
            key = bindings.key_of(self.rajas.keymap, "over.save_as")
            note.update(f"This game is not saved: {key} saves it to a file of its own.")

    def action_new(self) -> None:
        self.rajas.action_new_game()

    def action_replay(self) -> None:
        self.rajas.open_replay(self.rajas.shown)

    def action_review(self) -> None:
        self.rajas.open_review(self.rajas.shown)

    def action_title(self) -> None:
        self.rajas.to_title()

    async def action_quit(self) -> None:
        self.rajas.quit_or_ask()
