"""Plain-text pictures of a saved game for the headless commands (`rajas show`, `rajas saves`)."""

from __future__ import annotations

from typing import Any

import rules
from rajas_tui.cli.terminal import safe
from rajas_tui.present import logbook, text
from rules import COLUMNS, GameState, Player, Province, counted
from saves.converter import unstructure
from saves.records import Game, LogEntry


def status(game: Game) -> str:
    """One line: who is to act and what they are asked, or how the game ended."""
    state = game.state
    if state.over:
        winner = rules.ranking(state)[0]
        return (
            f"Game over after {counted(state.round, 'round')}: {game.name(winner.seat)} wins "
            f"(margin {winner.margin:+d})."
        )
    asked = prompt_of(game)
    last = " (last turns)" if state.end_trigger >= 0 else ""
    return f"Round {state.round}{last}: {game.seat.name} (seat {state.turn}) to {asked}."


def entry_line(game: Game, index: int, gains: bool = True) -> str:
    """The log's entry `index`: who, the action as `apply` takes it, what it gained and paid
    (as the log tells it; not with `gains` False), what it revealed."""
    entry = game.log[index]
    seat = game.setup.seats[entry.seat]
    who = seat.name if seat.is_human else f"{seat.name} ({seat.kind} bot)"
    gained = logbook.gains_of(game, index) if gains else ""
    told = f"  ({gained})" if gained else ""
    revealed = f"  [{entry.revealed}]" if entry.revealed else ""
    return f"  {who}: {entry.action}{told}{revealed}"


PROVINCE_KEY = (
    "colour and value, roads, buildings T P F M and markets s t x, as on the screen; * rebuilt"
)


def tile_cell(province: Province, cell: int) -> str:
    """A placed tile as the screen names it: its colour and value, its roads as they lie, its
    buildings and markets (`o3 └MTt`); `*` when it was rebuilt."""
    placed = province.cells[cell]
    if placed is None:
        return "."
    tile = rules.catalog().tiles[placed.tile]
    roads = text.road_glyph(rules.ends_at(province, cell))
    rebuilt = "*" if placed.rebuilt else ""
    return f"{text.tile_label(tile)} {roads}{text.tile_summary(tile)}{rebuilt}"


def province_lines(province: Province) -> list[str]:
    """The province board: each tile named as on the screen (`o3 └MTt`); R, the residence."""
    spec = rules.catalog().province
    # The longest cell, "p10 ┬FMt*", and a blank before the next.
    width = 10
    lines = [("      " + "".join(c.ljust(width) for c in COLUMNS[: spec.columns])).rstrip()]
    for row in range(spec.rows):
        cells = []
        for column in range(spec.columns):
            cell = row * spec.columns + column
            name = "R" if cell == spec.residence else tile_cell(province, cell)
            cells.append(name.ljust(width))
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


# The variants: Ganga tiles, yield tiles, each seat's board, statue and fields ------------------

HIDDEN = "hidden"  # a face-down tile the viewer may not see: never its id


def _variants(game: Game) -> bool:
    return bool(game.setup.variants)


def _yield_name(tile: int) -> str:
    if tile == rules.UNSEEN:
        return HIDDEN
    return "empty" if tile == rules.EMPTY else rules.catalog().yield_tiles[tile].name


def ganga_tiles(state: GameState) -> list[tuple[int, str]]:
    """(river space, Ganga tile name) for each tile laid on the river."""
    names = rules.catalog().ganga.tiles
    return [(s, names[t].name) for s, t in enumerate(state.river.tiles) if t != rules.EMPTY]


def fields_json(state: GameState, seat: int) -> list[JsonObject]:
    """A seat's yield-tile fields as `state` (a seat's view) shows them."""
    player = state.players[seat]
    fields = rules.seat_rules(state, seat).fields
    return [
        {
            "cell": rules.cell_name(field.cell),
            "side": field.side.name.lower(),
            "colour": field.colour,
            "tile": None if tile == rules.EMPTY else _yield_name(tile),
            "gained": bool(player.gained >> index & 1),
            "face_down": bool(player.face_down >> index & 1),
        }
        for index, (field, tile) in enumerate(zip(fields, player.fields, strict=True))
    ]


def _field_words(field: JsonObject) -> str:
    where = f"{field['cell']} {field['side']} ({field['colour']})"
    if field["tile"] is None:
        return f"{where} empty"
    hidden = field["tile"] == HIDDEN  # "hidden" says face down already
    mark = (
        " gained" if field["gained"] else " face down" if field["face_down"] and not hidden else ""
    )
    return f"{where} {field['tile']}{mark}"


def _wrapped(head: str, items: list[str]) -> list[str]:
    import textwrap  # only a variant game's lines are wrapped

    return textwrap.wrap(head + "; ".join(items) + ".", 78, subsequent_indent="    ")


def variant_lines(game: Game, view: GameState) -> list[str]:
    """What the variants add to `rajas show`: the Ganga tiles, the yield tiles, and each seat's
    board, Kali statue and fields, as `view` (one seat's view of the state) shows them."""
    lines = ["", f"Variants: {', '.join(game.setup.variants)}."]
    if view.river.tiles:
        laid = [f"{name} (space {space})" for space, name in ganga_tiles(view)]
        lines += _wrapped("Ganga tiles on the river: ", laid)
    supply = view.supply
    stack = f"{len(supply.yields)} white face down, {len(supply.yield_discard)} discarded"
    face_up = " ".join(map(_yield_name, supply.display)) or "none"
    lines += _wrapped("Yield tiles: ", [stack, f"face up: {face_up}"])
    for seat, player in enumerate(view.players):
        rules_of = rules.seat_rules(view, seat)
        lines.append(
            f"{game.name(seat)}: {rules_of.board} board; Kali statue {len(player.dice)} of "
            f"{player.places} places; {player.workers} of {rules_of.workers_max} workers."
        )
        fields = fields_json(view, seat)
        if fields:
            lines += _wrapped("  fields: ", [_field_words(f) for f in fields])
    return lines


def show(game: Game, title: str, seat: int | None = None) -> str:
    """The summary `rajas show` prints, as `seat` may see it (None: hidden tiles stay hidden).
    Never the seed: set up again from it, a game tells every hidden tile."""
    state = game.state
    lines = [
        f"{title}: {', '.join(s.name for s in game.setup.seats)}; "
        f"{counted(len(game.log), 'action')}; undo {game.setup.undo}",
        status(game),
        "",
        "seat name           kind    fame money margin karma placed river  dice",
    ]
    for seat_number, player in enumerate(state.players):
        lines.append(_player_line(game, seat_number, player))
    if _variants(game):
        lines += variant_lines(game, rules.seat_view(state, seat))
    lines += ["", f"Provinces: {PROVINCE_KEY}."]
    for seat_number, player in enumerate(state.players):
        lines += ["", f"{game.name(seat_number)}'s province:"]
        lines += province_lines(player.province)
    if game.log:
        # Without its gains: they need the whole log played again, which would cost `show`
        # about a tenth of its time on a long game.
        lines += ["", "Last action:", entry_line(game, len(game.log) - 1, gains=False)]
    # Each line made safe on its own: a file name holding a line break must not break its
    # line in two (`say` keeps the breaks between lines).
    return "\n".join(map(safe, lines))


# JSON for scripts (`show --json`, `legal --json`, `apply --json`) ------------------------------

JsonObject = dict[str, Any]

LEGAL_NOTE = (
    "one canonical spelling of each distinct outcome; payments only in their minimal forms "
    "(apply also takes larger payments, which the rules allow)"
)


def prompt_of(game: Game) -> str | None:
    """What the acting player is asked, or None when the game is over."""
    state = game.state
    if state.over:
        return None
    return rules.prompt(state) if state.queue else "place a worker"


def now_json(game: Game) -> JsonObject:
    """Where the game stands: round, who is to act and what they are asked, what is legal."""
    state = game.state
    return {
        "round": state.round,
        "over": state.over,
        "last_turns": state.end_trigger >= 0 and not state.over,
        "turn": None if state.over else state.turn,
        "to_act": None if state.over else game.seat.name,
        "prompt": prompt_of(game),
        "legal": [str(a) for a in rules.legal_actions(state)],
    }


def _player_json(game: Game, seat: int, player: Player, view: GameState) -> JsonObject:
    kind = game.setup.seats[seat].kind
    return {
        "seat": seat,
        "name": game.name(seat),
        "kind": kind,
        "fame": player.fame,
        "money": player.money,
        "margin": rules.margin(player.fame, player.money),
        "karma": player.karma,
        "workers": player.workers,
        "placed": player.placed,
        "river": game.state.river.boats[seat],
        "dice": [str(d) for d in player.dice],
        "levels": list(player.levels),
        "tiles": sum(1 for _ in player.province.placed()),
        "board": rules.seat_rules(view, seat).board,
        "places": player.places,
        "fields": fields_json(view, seat),
    }


def players_json(game: Game, seat: int | None = None) -> list[JsonObject]:
    """Each player, as `seat` may see them (None: no seat's hidden tiles shown)."""
    view = rules.seat_view(game.state, seat)
    return [_player_json(game, n, p, view) for n, p in enumerate(game.state.players)]


def ranking_json(game: Game) -> list[JsonObject]:
    """The standings by margin (final once the game is over)."""
    return [
        {"place": s.place, "seat": s.seat, "name": game.name(s.seat), "margin": s.margin,
         "met": s.met}
        for s in rules.ranking(game.state)
    ]  # fmt: skip


def show_json(game: Game, seat: int | None = None) -> JsonObject:
    """`rajas show --json`: the summary, then the whole state in the save's format, both as
    `seat` may see them (hidden tiles: UNSEEN, and the face-down stack in no telling order)."""
    view = rules.seat_view(game.state, seat)
    return {
        **now_json(game),
        "actions": len(game.log),
        "variants": list(game.setup.variants),
        "river_tiles": [{"space": space, "tile": name} for space, name in ganga_tiles(view)],
        "display": [_yield_name(tile) for tile in view.supply.display],
        "players": players_json(game, seat),
        "ranking": ranking_json(game),
        "state": unstructure(view),
    }


def entry_json(game: Game, entry: LogEntry) -> JsonObject:
    return {
        "seat": entry.seat,
        "name": game.name(entry.seat),
        "action": entry.action,
        "revealed": entry.revealed,
    }


def changes_json(before: Game, after: Game) -> list[JsonObject]:
    """For each seat whose record changed: each changed field, before and after."""
    changed = []
    olds, news = players_json(before), players_json(after)
    for old, new in zip(olds, news, strict=True):
        fields = {
            key: {"before": old[key], "after": new[key]}
            for key in new
            if key not in ("seat", "name", "kind") and old[key] != new[key]
        }
        if fields:
            changed.append({"seat": new["seat"], "name": new["name"], **fields})
    return changed
