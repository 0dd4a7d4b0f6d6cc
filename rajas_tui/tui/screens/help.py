"""Help: every key, the symbols, and the rules of the space under the cursor."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

import rules
from rajas_tui.present.text import PLAYER_LETTERS, G, gains_words, player_tag
from rajas_tui.tui import bindings
from rules import GOODS, opposite_face

if TYPE_CHECKING:
    from rajas_tui.tui.app import RajasApp


def _chambers() -> str:
    return "; ".join(
        f"{value} {chamber.name} ({gains_words(chamber.gain).removeprefix(chamber.name + ': ')})"
        for value, chamber in sorted(rules.catalog().chambers.items())
    )


def _balconies() -> str:
    pairs = dict.fromkeys(
        f"{s.colour.name.lower()}→{s.take.name.lower()}"
        for s in rules.catalog().sides[0].spaces
        if s.area == "balcony" and s.colour is not None and s.take is not None
    )
    return ", ".join(pairs)


def _variety_once() -> str:
    sides = [s for s in rules.catalog().sides if s.variety_one_per_player]
    if not sides:
        return ""
    counts = "/".join(str(n) for side in sides for n in side.players)
    return f" With {counts} players each player may use the variety market once a round."


def _rules() -> dict[str, str]:
    """The rules of each area; the game facts in them (faces, gains, colours) come from data."""
    highest = rules.catalog().harbor_max_die
    turned = ", ".join(str(opposite_face(v)) for v in range(1, highest + 1))
    return {
        "quarry": "Pay the space's money. Take the top tile of any display stack and give up dice "
        "of its colour totalling at least its value (karma may turn a die first). Build it at once "
        "on an empty cell whose road meets your roads. Gain its market money, fame for each "
        "building at your level, and the edge yields its roads reach. The quarry fills from the "
        "left.",
        "harbor": f"Pay the space's money and give up a die showing 1 to {highest} (karma turns "
        f"{turned}). The boat moves up to that many free spaces (occupied ones are skipped) and "
        "takes the earnings where it stops. Passing the bridge gives a worker. Fills from the "
        "left.",
        "variety": "Score your best market of each good you have: up to "
        f"{len(GOODS)} markets, as money.{_variety_once()}",
        "single": "Give up a die of the space's colour; choose a good; score up to the die's value "
        "of your markets of that good (the best ones), as money.",
        "terrace": "Free: take one die of the terrace's colour, rolled onto Kali.",
        "balcony": "Give up one die of the space's colour (any value) for two dice of the paired "
        f"colour: {_balconies()}.",
        "chamber": "Give up a die showing exactly the chamber's number (any colour; karma may turn "
        f"it): {_chambers()}.",
        "outer": f"Free: {gains_words(rules.catalog().outer_gain)}.",
    }


def rules_text(area: str) -> str:
    return _rules()[area]


def symbols_text() -> str:
    """The symbols in the set in use, each with its meaning."""
    gains = "  ".join(
        f"{G[name]} {symbol.word}" for name, symbol in rules.catalog().symbols.items()
    )
    players = " ".join(player_tag(seat) for seat in range(len(PLAYER_LETTERS)))
    return (
        f"{gains}\n"
        "Dice: colour initial and face — o5 orange 5, g2 green, b6 blue, p1 purple; o3! is o3 "
        f"turned by karma.\nPlayers: {players}. Tiles: T P F M buildings (temple, palace, fort, "
        "mill), s t x markets (silk, tea, spices); R is the residence.\n"
        f"{track_bar_key()}"
    )


def track_bar_key() -> str:
    """What the tracks pane's bars show: its glyphs carry no colour-only meaning."""
    return (
        f"Track bars: {G['fame']} fame from the left, {G['money']} money from the right, "
        f"{G['gap'] * 3} still to go, {G['overlap'] * 3} passed each other, {G['meet']} met "
        "on one cell; the game ends when the markers meet."
    )


class HelpScreen(ModalScreen[None]):
    BINDINGS = bindings.HELP

    def __init__(self, area: str | None = None, space: str = "") -> None:
        super().__init__()
        self.area = area
        self.space = space

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(self._text(), id="help-text")

    def _text(self) -> Text:
        keymap = self.rajas.keymap
        out = Text()
        if self.area is not None:
            out.append(f"Rules of {self.space or self.area}\n", "bold underline")
            out.append(rules_text(self.area) + "\n\n")
        out.append("Keys in the game\n", "bold underline")
        for binding in bindings.ALL[: len(bindings.GAME)]:
            key = keymap.get(binding.id or "", binding.key_display or binding.key)
            out.append(f"  {key:<12}", "bold")
            out.append(f"{binding.description}\n")
        out.append(
            "  1..7        with no choice open: panes river, tracks, board, display, kali,"
            " provinces, log\n"
            "  8           with Navaratnas boards: the yield tiles face up\n"
        )
        out.append(
            "  ctrl+p      command palette: new game, save as, load, undo, redo, theme, "
            "rules\n  ctrl+q      quit (the game is autosaved after every action)\n\n"
        )
        out.append("Symbols\n", "bold underline")
        out.append(symbols_text() + "\n\n")
        out.append("Every rule: the areas\n", "bold underline")
        for area, words in _rules().items():
            out.append(f"{area}: ", "bold")
            out.append(words + "\n")
        out.append("\nEscape or ? closes this help.", "dim")
        return out

    def action_close(self) -> None:
        self.dismiss()
