"""The yield tiles lying face up on the main board (Navaratnas): each by its code, the colour's
initial and its number ("y3" is yellow3, as in the notation), and its gain."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from rajas_tui.present import variants
from rajas_tui.tui import colours
from rajas_tui.tui.widgets.base import Pane, View
from rules import counted


def tile_text(tile: int) -> Text:
    spec = variants.yield_tile(tile)
    style = Style(color=colours.yield_colour(spec.colour), bold=True)
    token = Text(variants.yield_code(spec), style=style)
    token.append(" " + variants.yield_glyph(spec))
    return token


def _wrapped(head: Text, tokens: list[Text], width: int, indent: int) -> list[Text]:
    """`head` then the tokens two cells apart, wrapped at `width` under an indent."""
    lines = [head.copy()]
    for token in tokens:
        line = lines[-1]
        gap = 0 if line.cell_len <= indent else 2
        if line.cell_len + gap + token.cell_len > width and line.cell_len > indent:
            line = Text(" " * indent)
            lines.append(line)
            gap = 0
        line.append(" " * gap)
        line.append_text(token)
    return lines


def stack_words(view: View) -> str:
    """The face-down white stack of a mixed game, when it lies on the temple."""
    count = len(view.state.supply.yields)
    if not count:
        return ""
    return f"{counted(count, 'white tile')} face down on the temple (the base Dancer draws)"


def display_lines(view: View, width: int, lines: int) -> list[Text]:
    """The face-up tiles in at most `lines` lines of `width` cells, for the river strip: with
    their gains when they fit, else by their codes alone (the gains are in pane 8)."""
    display = sorted(view.state.supply.display)
    stack = len(view.state.supply.yields)
    extra = [Text(f"+{stack} white face down")] if stack else []
    out: list[Text] = []
    for gains in (True, False):
        tokens = [tile_text(t) if gains else tile_text(t)[:2] for t in display]
        tokens = (tokens or [Text("none face up", "dim")]) + extra
        out = _wrapped(Text("Yield tiles", "bold"), tokens, width, 0)
        if len(out) <= lines:
            break
    return out[:lines]


class YieldsPane(Pane):
    """The face-up yield tiles by colour, and what taking one means."""

    def inputs(self, view: View) -> tuple[object, ...]:
        return ()  # the game alone: not the chooser

    def draw(self, view: View) -> Text:
        lines = [
            self.title(
                "Yield tiles face up — code = colour initial + number", "Yield tiles face up"
            )
        ]
        if not variants.has_yields(view.state):
            lines.append(Text("This game has no yield tiles: they come with Navaratnas boards."))
            return Text("\n").join(lines)
        width = max(30, self.size.width or 80)
        groups = variants.display_by_colour(view.state)
        for colour, tiles in groups:
            head = Text(f"{colour:<7}")
            tokens = [tile_text(t.id) for t in tiles]
            lines.extend(_wrapped(head, tokens, width, 7))
        if not groups:
            lines.append(Text("No yield tile lies face up.", "dim"))
        stack = stack_words(view)
        if stack:
            lines.append(Text(stack[0].upper() + stack[1:] + "."))
        lines.append(Text("The Dancer takes one, as does a turn with no worker left.", "dim"))
        return Text("\n").join(lines)
