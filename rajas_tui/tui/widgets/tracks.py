"""The fame and money tracks: each player's fame, money, margin and next bonuses."""

from __future__ import annotations

from rich.text import Text

import rules
from rajas_tui.present import text
from rajas_tui.present.text import G
from rajas_tui.tui.widgets.base import Pane, View, player_text


def margin_words(fame: int, money: int) -> str:
    margin = rules.margin(fame, money)
    return f"met +{margin}" if margin >= 0 else f"to go {-margin}"


class TracksLine(Pane):
    """One line: every player's fame, money and margin."""

    def draw(self, view: View) -> Text:
        line = Text("Tracks ")
        for seat, player in enumerate(view.state.players):
            if seat:
                line.append(" · ")
            line.append_text(player_text(seat))
            line.append(
                f" {player.fame}{G['fame']} {player.money}{G['money']} "
                f"{margin_words(player.fame, player.money)}"
            )
        return line


class TracksPane(Pane):
    """Fame and money per player, the margin still to go, the next bonus on each track."""

    def draw(self, view: View) -> Text:
        spec = rules.catalog().tracks
        lines = [Text("Tracks — the game ends when fame meets money", "bold")]
        for seat, player in enumerate(view.state.players):
            line = Text()
            line.append_text(player_text(seat))
            line.append(f" {view.names[seat][:10]:<10} ")
            line.append(f"{player.fame:>3}{G['fame']} {player.money:>3}{G['money']} ")
            line.append(margin_words(player.fame, player.money))
            lines.append(line)
            nxt = []
            if player.fame_bonus_next < len(spec.fame_bonus):
                bonus = spec.fame_bonus[player.fame_bonus_next]
                nxt.append(f"{G['fame']}{bonus.at}: {text.gains_words(bonus.gain)}")
            if player.money_workers_taken < len(spec.money_worker):
                bonus = spec.money_worker[player.money_workers_taken]
                nxt.append(f"{bonus.at}{G['money']}: +1{G['worker']}")
            if player.money_bonus_next < len(spec.money_bonus):
                bonus = spec.money_bonus[player.money_bonus_next]
                nxt.append(f"{bonus.at}{G['money']}: {text.gains_words(bonus.gain)}")
            lines.append(Text("    next " + (" · ".join(nxt) or "no bonus left"), "dim"))
        return Text("\n").join(lines)
