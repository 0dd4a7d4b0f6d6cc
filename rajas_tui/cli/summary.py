"""Plain-text pictures of a saved game for the headless commands (`rajas show`, `rajas saves`)."""

from __future__ import annotations

import rules
from rules import COLUMNS, Player, Province, prompt
from saves.records import Game, LogEntry


def status(game: Game) -> str:
    """One line: who is to act and what they are asked, or how the game ended."""
    state = game.state
    if state.over:
        winner = rules.ranking(state)[0]
        return (
            f"Game over after {state.round} rounds: {game.name(winner.seat)} wins "
            f"(margin {winner.margin:+d})."
        )
    asked = prompt(state) if state.queue else "place a worker"
    last = " (last turns)" if state.end_trigger >= 0 else ""
    return f"Round {state.round}{last}: {game.seat.name} (seat {state.turn}) to {asked}."


def entry_line(game: Game, entry: LogEntry) -> str:
    seat = game.setup.seats[entry.seat]
    who = seat.name if seat.is_human else f"{seat.name} ({seat.kind} bot)"
    revealed = f"  [{entry.revealed}]" if entry.revealed else ""
    return f"  {who}: {entry.action}{revealed}"


def province_lines(province: Province) -> list[str]:
    """The province board: each tile as its number and quarter turns (17r1); R, the residence."""
    spec = rules.catalog().province
    width = 6
    lines = [("      " + "".join(c.ljust(width) for c in COLUMNS[: spec.columns])).rstrip()]
    for row in range(spec.rows):
        cells = []
        for column in range(spec.columns):
            cell = row * spec.columns + column
            placed = province.cells[cell]
            if cell == spec.residence:
                text = "R"
            elif placed is None:
                text = "."
            else:
                text = f"{placed.tile}r{placed.rotation}" + ("*" if placed.rebuilt else "")
            cells.append(text.ljust(width))
        lines.append(f"    {row + 1} " + "".join(cells).rstrip())
    return lines


def _player_line(game: Game, seat: int, player: Player) -> str:
    state = game.state
    margin = rules.margin(player.fame, player.money)
    kind = "human" if game.setup.seats[seat].is_human else game.setup.seats[seat].kind
    dice = " ".join(map(str, player.dice)) or "-"
    marker = ">" if seat == state.turn and not state.over else " "
    return (
        f"{marker}{seat:>2} {game.name(seat):<14} {kind:<7} {player.fame:>4} {player.money:>5} "
        f"{margin:>+6} {player.karma:>5} {player.placed:>3}/{player.workers:<3} "
        f"{state.river.boats[seat]:>5}  {dice}"
    )


def show(game: Game, title: str) -> str:
    """The summary `rajas show` prints."""
    state = game.state
    lines = [
        f"{title}: {', '.join(s.name for s in game.setup.seats)}; seed {game.setup.seed}; "
        f"{len(game.log)} action{'' if len(game.log) == 1 else 's'}; undo {game.setup.undo}",
        status(game),
        "",
        "seat name           kind    fame money margin karma placed river  dice",
    ]
    for seat, player in enumerate(state.players):
        lines.append(_player_line(game, seat, player))
    for seat, player in enumerate(state.players):
        lines += ["", f"{game.name(seat)}'s province (tile, quarter turns; * rebuilt):"]
        lines += province_lines(player.province)
    if game.log:
        lines += ["", "Last action:", entry_line(game, game.log[-1])]
    return "\n".join(lines)
