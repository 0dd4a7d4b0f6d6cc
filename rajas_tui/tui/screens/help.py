"""Help: every key, the symbols, and the rules of the space under the cursor."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

import rules
from rajas_tui.present import variants
from rajas_tui.present.logbook import ruled
from rajas_tui.present.text import (
    PLAYER_LETTERS,
    G,
    gains_words,
    player_tag,
    road_glyph,
    road_key,
)
from rajas_tui.tui import bindings
from rajas_tui.tui.private_textual import Footer
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
    """The symbols in the set in use, each with its meaning: the engine's gain vocabulary, the
    screens' own symbols, then the marks of the board, one subject a line."""
    gains = "  ".join(
        f"{G[name]} {symbol.word}" for name, symbol in rules.catalog().symbols.items()
    )
    players = " ".join(player_tag(seat) for seat in range(len(PLAYER_LETTERS)))
    marks = [
        f"Gains and costs: {gains}; {G['minus']} before a gain is a cost.",
        "Dice: colour initial and face: o5 orange 5, g2 green, b6 blue, p1 purple; o3! is o3 "
        "turned by karma, b1→b6 a die being turned; o→2p gives one die for two.",
        f"Players: {players}, a letter and a mark each, beside their colour.",
        "Tiles: T P F M buildings (temple, palace, fort, mill), s t x markets (silk, tea, "
        "spices); a tile's code is its colour and value (o5).",
        f"Province: R the residence; roads: {road_key()}; {road_glyph(0)} an empty cell; "
        "columns a to e and rows 1 to 4 name the cells (c2); gains at the edges are what roads "
        "reaching them give.",
        f"Navaratnas fields: y3 a yield tile (colour and number), b{variants.HIDDEN} a tile "
        f"face down, w{variants.shown(variants.EMPTY_FIELD)} an empty field, "
        f"{variants.shown(variants.GAINED)} gained.",
        f"River: {' '.join(str(n) for n in (0, 1, 2))} … the spaces, {G['bridge']} the bridge "
        f"(+1 worker when a boat passes it; {G['bridge_line'] * 3} bridge "
        f"{G['bridge_line'] * 3} in the river pane), {G['final']}23 the final space, "
        f"3{G['boats']} three boats or more on one space (one or two by their letters), "
        f"{variants.shown(variants.GANGA_MARK)} under a space's gain a Ganga tile over the "
        f"printed space, a long gain shortened on the strip: {variants.ganga_short_forms()}; "
        f"{G['and']} between the gains of a space or tile that gives several "
        f"({G['boat']}1{G['and']}2{G['money']}).",
        f"Board: [q1] a space open to you now and the key that takes it, q2 one that is "
        f"not, {G['cursor']}q2{G['to_play']} the space under the cursor; {G['covered']} after "
        "a space: "
        "covered, not played in this game (by the number of players or a variant).",
        f"Workers: {G['worker']} one still to place, {G['placed']} one on the board this round.",
        f"Choices: {G['cursor']} the option under the cursor, {G['refused']} an option refused "
        f"(its reason follows), {G['fits']} allowed, › between the steps already chosen, "
        f"{G['above']} 2 more and {G['below']} 5 more the options out of sight above and below "
        "(the arrow keys reach them); "
        f"{G['to_play']} to play marks the acting player; a tile turned "
        f"1{G['times']}90{G['degrees']} lies a quarter turn clockwise.",
        f"Log: {ruled('round 5, Bela starts')} opens each round; "
        f"{ruled('since your last turn')} marks the moves played since you last acted.",
        track_bar_key(),
    ]
    return "\n".join(marks)


def track_bar_key() -> str:
    """What the tracks pane's bars show: its glyphs carry no colour-only meaning."""
    return (
        f"Track bars: {G['fame']} fame from the left, {G['money']} money from the right, "
        f"{G['track'] * 3} the way a marker has come, "
        f"{G['gap'] * 3} still to go, {G['overlap'] * 3} passed each other, {G['meet']} met "
        "on one cell; the end begins when the markers meet."
    )


DIALOGS = (
    (
        "New game dialog",
        "Tab and shift+Tab move between the fields, the marked one (>) has "
        "the keys; Enter opens a list, presses a button or, in a text field, starts the game; "
        "Space ticks a box; ctrl+g and ctrl+n "
        "switch Ganga and Navaratnas; Start begins the game, Escape cancels. A seat is human or "
        "a bot: bot: random plays any legal move; bot: greedy takes the move that looks best "
        "one step ahead; bot: easy, normal and hard search ahead, thinking longer at each "
        "level: easy at once; normal, the default, and the coach half a second to 2 s a "
        "decision; hard about 2 s. None thinks past 2 s: it plays its best so far.",
    ),
    (
        "Load and save-as dialogs",
        "Arrows choose a save and Enter opens it; type a name and "
        "press Enter to save; Escape cancels. The game goes on in the file Save as wrote. "
        "While a game is not being saved (another window has its file, or a write failed), "
        "the status line begins with not saved and the Save as key.",
    ),
    (
        "Hand-over",
        "In a game of two or more people at one keyboard, the screen goes blank "
        "between their turns: pass the keyboard and press Enter when the next player is ready, "
        "or u to take back the last turn first.",
    ),
)

# Asked on quitting a game that is not saved (screens/quit.py), its keys as the keymap has them.
QUIT_DIALOG = (
    "On quitting a game that is not saved (its status line begins with not saved): "
    "<quit.save_as> save as, then quit; <quit.quit> quit anyway, losing the moves not saved; "
    "<quit.cancel> back."
)

REPLAY_AND_REVIEW = (
    "r on the game-over screen, or on a save in the Load dialog, steps through a game "
    "(rajas replay PATH too): left and right one action, Home and End the start and the "
    "end, PgUp and PgDn a round, g a round by its number, the pane keys as in the game, "
    "Escape back. Every pane shows the game as it was after the action shown; the log ends "
    "at that action, marked with the cursor. A game not over is shown as one seat saw it; "
    "a finished one whole. v on the game-over screen reviews every decision (an action "
    "chosen among several): the search bot's best move from that player's view, and the "
    "worth lost against it, in fame points of the bots' evaluation (the margin toward the "
    "markers meeting plus the future worth of what a player holds, against the best "
    "rival). Marks: ?! inaccuracy (2 or more lost), ? mistake (4 or more), ?? blunder (8 "
    "or more); a player's accuracy is the mean of its decisions' (100% for nothing lost). "
    "It takes about a minute a player, with a progress bar (Escape stops it), and is kept, "
    "so it opens at once again; Enter on a decision opens the replay on the board it was "
    "chosen on (right then shows it played), the marks beside the moves."
)


def end_text() -> str:
    """How the game ends, from the same numbers the engine plays by."""
    return (
        "Each player's fame marker climbs one track and money marker the other, toward each "
        "other. When a player's markers meet or pass each other, the end begins: play goes on "
        "in turn order up to the player seated before this round's start player, each of them "
        "placing one last worker if they have one; then the game ends. Among the players whose "
        "markers have met or passed, the largest margin wins, and a tie goes to whoever got "
        "there first; the others follow by margin (negative: the distance still to go). The "
        "status line says last turns once the end has begun."
    )


def _keys(out: Text, keymap: Mapping[str, str], keys: Sequence[Binding]) -> None:
    for binding in keys:
        key = keymap.get(binding.id or "", binding.key_display or binding.key)
        out.append(f"  {key:<11} ", "bold")  # a key moved by the keymap may be long
        out.append(f"{binding.description}\n")


def help_text(
    keymap: Mapping[str, str],
    area: str | None = None,
    space: str = "",
    screen_keys: Sequence[Binding] = (),
) -> Text:
    """The whole help: the rules of the space under the cursor, the keys of the screen it was
    opened over (a puzzle's, a replay's), the game's keys, the dialogs, the symbols, how the game
    ends, and every area's rules."""
    out = Text()
    if area is not None:
        out.append(f"Rules of {space or area}\n", "bold underline")
        out.append(rules_text(area) + "\n\n")
    if screen_keys:
        out.append("Keys on this screen\n", "bold underline")
        _keys(out, keymap, screen_keys)
        out.append("\n")
    out.append("Keys in the game\n", "bold underline")
    reworded = {binding.id for binding in screen_keys}  # said above, in the screen's words
    game = [b for b in bindings.ALL[: len(bindings.GAME)] if b.id not in reworded]
    _keys(out, keymap, game)
    out.append(
        "  1..7        with no choice open: panes river, tracks, board, display, kali,"
        " provinces, log (a pane's number again: the next provinces, older log lines)\n"
        "  8           with Navaratnas boards: the yield tiles face up\n"
    )
    out.append(
        "  ctrl+p      command palette: new game, save as, load, undo, redo, theme, "
        "rules\n  ctrl+q      quit (saved after every action; a game not saved asks first)\n\n"
    )
    out.append("Dialogs\n", "bold underline")
    for name, words in (*DIALOGS, ("Quit dialog", bindings.said(dict(keymap), QUIT_DIALOG))):
        out.append(f"{name}: ", "bold")
        out.append(words + "\n")
    out.append("\nSymbols\n", "bold underline")
    out.append(symbols_text() + "\n\n")
    out.append("How the game ends\n", "bold underline")
    out.append(end_text() + "\n\n")
    out.append("Replay and review\n", "bold underline")
    out.append(REPLAY_AND_REVIEW + "\n\n")
    out.append("Every rule: the areas\n", "bold underline")
    for name, words in _rules().items():
        out.append(f"{name}: ", "bold")
        out.append(words + "\n")
    out.append(f"\n{bindings.spoken_keys(dict(keymap), 'help.close')} closes this help.", "dim")
    return out


class HelpScreen(ModalScreen[None]):
    BINDINGS = bindings.HELP

    def __init__(
        self, area: str | None = None, space: str = "", screen_keys: Sequence[Binding] = ()
    ) -> None:
        super().__init__()
        self.area = area
        self.space = space
        self.screen_keys = screen_keys

    @property
    def rajas(self) -> RajasApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            words = help_text(self.rajas.keymap, self.area, self.space, self.screen_keys)
            yield Static(words, id="help-text")
        # Its own footer: the game's keys beneath would say keys that do nothing here.
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()

    def action_page(self, direction: int) -> None:
        scroll = self.query_one("#help", VerticalScroll)
        if direction > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)
