"""The Kali statues: each player's dice (colour initial and value), free places, karma, workers."""

from __future__ import annotations

from rich.text import Text

import rules
from rajas_tui.present import text
from rajas_tui.present.text import G
from rajas_tui.tui.widgets.base import Pane, View, die_text, player_text
from rules import Player


def statue_line(player: Player) -> Text:
    line = Text()
    for die in player.dice:
        line.append_text(die_text(die))
        line.append(" ")
    free = player.places - len(player.dice)
    line.append("· " * free, style="dim")
    return line


def karma_workers(player: Player) -> Text:
    karma_max = rules.catalog().setup.karma_max
    line = Text("karma ")
    line.append(G["karma"] * player.karma)
    line.append("·" * (karma_max - player.karma), style="dim")
    line.append("  workers ")
    line.append(G["worker"] * player.workers_left)
    line.append(G["placed"] * player.placed, style="dim")  # told by its mark, not its dimness
    line.append(f" {player.workers_left} left")
    if player.passed:
        line.append(" (passed)", style="italic")
    return line


def levels_line(player: Player) -> Text:
    names = ("temple", "palace", "fort", "mill")
    return Text(
        "levels "
        + " ".join(f"{n[0].upper()}{lvl}" for n, lvl in zip(names, player.levels, strict=True))
        + f"  {player.money}{G['money']} {player.fame}{G['fame']}"
    )


class KaliPane(Pane):
    """Every player's statue, karma and workers."""

    def inputs(self, view: View) -> tuple[object, ...]:
        return ()  # the game alone: not the chooser

    def draw(self, view: View) -> Text:
        lines = [
            self.title(
                "Kali — dice by colour initial and face; · is a free place",
                "Kali — dice; · a free place",
            )
        ]
        for seat, player in enumerate(view.state.players):
            head = Text()
            head.append_text(player_text(seat))
            head.append(f" {view.names[seat]}")
            if seat == view.state.turn and not view.state.over:
                head.append(f" {G['to_play']} to play", style="bold")
            lines.append(head)
            lines.append(Text("  ").append_text(statue_line(player)))
            lines.append(Text("  ").append_text(karma_workers(player)))
        return Text("\n").join(lines)


__all__ = ["KaliPane", "karma_workers", "levels_line", "statue_line", "text"]
