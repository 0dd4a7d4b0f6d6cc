"""The fame and money tracks: each player's fame, money, margin and next bonuses."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

import rules
from rajas_tui.present import text, tracks
from rajas_tui.present.text import G
from rajas_tui.tui import colours
from rajas_tui.tui.widgets.base import Pane, View, player_style, player_text
from rules import Effect

BAR_INDENT = "    "
# Before the first layout the pane has no width yet; the bar is redrawn at the real one.
UNSIZED_WIDTH = 40


def margin_words(fame: int, money: int) -> str:
    margin = rules.margin(fame, money)
    return f"met +{margin}" if margin >= 0 else f"to go {-margin}"


class TracksLine(Pane):
    """One line: every player's fame, money and margin; at 80 columns four players fit only
    with the words said once ("gap"), so the line says them once when it must (`line_for`)."""

    def inputs(self, view: View) -> tuple[object, ...]:
        return ()  # the game alone: not the chooser

    def draw(self, view: View) -> Text:
        tracks = [(player.fame, player.money) for player in view.state.players]
        return line_for(tracks, self.size.width or UNSIZED_WIDTH * 2)


def short_margin(fame: int, money: int) -> str:
    """The margin under a "gap" heading: the spaces still between the markers, or "met +N"."""
    margin = rules.margin(fame, money)
    return f"met +{margin}" if margin >= 0 else str(-margin)


# The line's forms, fullest first: its heading, how a margin is said, what parts the players.
LINE_FORMS: tuple[tuple[str, Callable[[int, int], str], str], ...] = (
    ("Tracks ", margin_words, " · "),
    ("Tracks (gap) ", short_margin, " · "),
    # Late in a long 4-player game two-digit money leaves no room for the spaces around "·".
    ("Tracks (gap) ", short_margin, "·"),
)


def line_for(tracks: list[tuple[int, int]], width: int) -> Text:
    """The fullest form of the line that fits `width`, for each seat's (fame, money); the last
    form when none does (the widget then cuts it)."""
    for head, margin, between in LINE_FORMS:
        line = Text(head)
        for seat, (fame, money) in enumerate(tracks):
            if seat:
                line.append(between)
            line.append_text(player_text(seat))
            line.append(f" {fame}{G['fame']} {money}{G['money']} {margin(fame, money)}")
        if line.cell_len <= width:
            break
    return line


class TracksPane(Pane):
    """Fame and money per player, the margin still to go, the two markers on a bar as wide as
    the pane (so how near each player is to ending the game shows at a glance), and the next
    bonus on each track."""

    def inputs(self, view: View) -> tuple[object, ...]:
        return ()  # the game alone: not the chooser

    def draw(self, view: View) -> Text:
        lines = self._lines(view, numbers=True)
        if self.size.height and len(lines) > self.size.height:
            # Four players' three rows each do not fit (120×40): each bar carries its player's
            # letter, and the numbers are left to the tracks line, always on screen above.
            lines = self._lines(view, numbers=False)
        return Text("\n").join(lines)

    def _lines(self, view: View, numbers: bool) -> list[Text]:
        lines = [
            self.title(
                "Tracks — the game ends when fame meets money",
                "Tracks — ends when fame meets money",
            )
        ]
        for seat, player in enumerate(view.state.players):
            bar = self._bar(seat, player.fame, player.money)
            if numbers:
                line = Text()
                line.append_text(player_text(seat))
                line.append(f" {view.names[seat][:10]:<10} ")
                line.append(f"{player.fame:>3}{G['fame']} {player.money:>3}{G['money']} ")
                line.append(margin_words(player.fame, player.money))
                lines.append(line)
            else:
                tag = player_text(seat)
                tag.pad_right(len(BAR_INDENT) - tag.cell_len)
                bar = tag.append_text(bar[len(BAR_INDENT) :])
            lines.append(bar)
            lines.extend(self._next(player))
        return lines

    def _next(self, player: rules.Player) -> list[Text]:
        """The next bonuses on one row: in words when they fit, else in the river strip's
        symbols (help explains them), so every player's tracks stay in the pane's few rows;
        wrapped only when even the symbols do not fit."""
        width = self.size.width or UNSIZED_WIDTH
        head = f"{BAR_INDENT}next "
        for said in (text.gains_words, short_gains):
            row = head + (" · ".join(next_bonuses(player, said)) or "no bonus left")
            if cell_len(row) <= width:
                return [Text(row, "dim")]
        rows = textwrap.wrap(row, width, subsequent_indent=" " * len(head)) or [row]
        return [Text(part, "dim") for part in rows]

    def _bar(self, seat: int, fame: int, money: int) -> Text:
        """The player's fame and money markers racing toward each other across the pane."""
        width = max(tracks.MIN_WIDTH, (self.size.width or UNSIZED_WIDTH) - len(BAR_INDENT))
        line = Text(BAR_INDENT)
        for part, shown in tracks.bar(fame, money, width):
            line.append(shown, style=bar_style(seat, part))
        return line


def next_bonuses(player: rules.Player, said: Callable[[Iterable[Effect]], str]) -> list[str]:
    """The next bonus on the fame track, the money track's next worker and next bonus, each
    gain as `said` tells it."""
    spec = rules.catalog().tracks
    worker = (Effect("worker", 1),)
    nxt = []
    if player.fame_bonus_next < len(spec.fame_bonus):
        bonus = spec.fame_bonus[player.fame_bonus_next]
        nxt.append(f"{G['fame']}{bonus.at}: {said(bonus.gain)}")
    if player.money_workers_taken < len(spec.money_worker):
        bonus = spec.money_worker[player.money_workers_taken]
        nxt.append(f"{bonus.at}{G['money']}: {said(worker)}")
    if player.money_bonus_next < len(spec.money_bonus):
        bonus = spec.money_bonus[player.money_bonus_next]
        nxt.append(f"{bonus.at}{G['money']}: {said(bonus.gain)}")
    return nxt


def short_gains(gains: Iterable[Effect]) -> str:
    return " ".join(text.gain_short(gain) for gain in gains)


def bar_style(seat: int, part: str) -> Style:
    """Markers in the player's colour; the way they have come and the gap dimmed; the cells
    they have passed each other by in full colour, the sign that the game is ending."""
    if part in (tracks.FAME, tracks.MONEY, tracks.MEET):
        return player_style(seat)
    if part == tracks.OVERLAP:
        return Style(color=colours.player_colour(seat))
    return Style(dim=True)
