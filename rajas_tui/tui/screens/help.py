"""Help: every key, the symbols, and the rules of the space under the cursor."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from rajas_tui.present.text import G
from rajas_tui.tui import bindings

if TYPE_CHECKING:
    from rajas_tui.tui.app import RajasApp

RULES = {
    "quarry": "Pay the space's money. Take the top tile of any display stack and give up dice of "
    "its colour totalling at least its value (karma may turn a die first). Build it at once on an "
    "empty cell whose road meets your roads. Gain its market money, fame for each building at "
    "your level, and the edge yields its roads reach. The quarry fills from the left.",
    "harbor": "Pay the space's money and give up a die showing 1, 2 or 3 (karma turns 6, 5, 4). "
    "The boat moves up to that many free spaces (occupied ones are skipped) and takes the "
    "earnings where it stops. Passing the bridge gives a worker. Fills from the left.",
    "variety": "Score your best market of each good you have: up to 3 markets, as money. On the "
    "3/4-player side each player may use the variety market once a round.",
    "single": "Give up a die of the space's colour; choose a good; score up to the die's value "
    "of your markets of that good (the best ones), as money.",
    "terrace": "Free: take one die of the terrace's colour, rolled onto Kali.",
    "balcony": "Give up one die of the space's colour (any value) for two dice of the paired "
    "colour: orange→purple, green→blue, purple→green, blue→orange.",
    "chamber": "Give up a die showing exactly the chamber's number (any colour; karma may turn "
    "it): 1 Great Mogul +2 fame and start player; 2 Dancer 2 dice and a white yield tile; 3 Yogi "
    "+2 karma and a die; 4 Raja +3 money and an upgrade; 5 Master Builder replaces a tile by a "
    "higher one; 6 Portuguese moves the boat 6 free spaces.",
    "outer": "Free: +2 money and re-roll any number of your dice.",
}

SYMBOLS = (
    f"{G['money']} money  {G['fame']} fame  {G['karma']} karma  {G['upgrade']} upgrade  "
    f"{G['die']} die  {G['boat']} boat move  {G['worker']} worker\n"
    "Dice: colour initial and face — o5 orange 5, g2 green, b6 blue, p1 purple; o3! is o3 turned "
    "by karma.\nPlayers: A▲ B● C◆ D■. Tiles: T P F M buildings (temple, palace, fort, mill), "
    "s t x markets (silk, tea, spices); R is the residence."
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
            out.append(RULES[self.area] + "\n\n")
        out.append("Keys in the game\n", "bold underline")
        for binding in bindings.ALL[: len(bindings.GAME)]:
            key = keymap.get(binding.id or "", binding.key_display or binding.key)
            out.append(f"  {key:<12}", "bold")
            out.append(f"{binding.description}\n")
        out.append("  1..7        with no choice open: panes river, tracks, board, display, kali,"
                   " provinces, log\n")
        out.append("  ctrl+p      command palette: new game, save as, load, undo, redo, theme, "
                   "rules\n  ctrl+q      quit (the game is autosaved after every action)\n\n")
        out.append("Symbols\n", "bold underline")
        out.append(SYMBOLS + "\n\n")
        out.append("Every rule: the areas\n", "bold underline")
        for area, words in RULES.items():
            out.append(f"{area}: ", "bold")
            out.append(words + "\n")
        out.append("\nEscape or ? closes this help.", "dim")
        return out

    def action_close(self) -> None:
        self.dismiss()
