"""What each option of the chooser's steps says: the facets that tell an action's candidates
apart one decision at a time (`FACETS`), each with its describer (the option's label and
detail), and the lines of the spaces list. The chooser (`chooser.py`) steps through them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import rules
from rajas_tui.present import spoken, text
from rajas_tui.present.text import G
from rules import (
    Balcony,
    Boat,
    Chamber,
    GameState,
    Harbor,
    PalaceChoice,
    Quarry,
    Rebuild,
    Reroll,
    Return,
    Sail,
    Score,
    Single,
    SpaceSpec,
    Take,
    TakeYield,
    Upgrade,
    cell_name,
    destination,
    good_markets,
    good_score,
    variety_markets,
)


def space_detail(state: GameState, spec: SpaceSpec) -> str:
    """A space's line in the spaces list; the variety market's names the markets of the acting
    player's it would score now."""
    if spec.area == "variety":
        return f"variety market: scores {text.your_markets(variety_markets(state.player))}"
    if spec.area == "chamber":
        return text.space_words(spec, rules.seat_rules(state, state.turn).chambers[spec.value])
    return text.space_words(spec)


# Facets: how candidates are told apart, one decision at a time -------------------------------

Describe = Callable[[GameState, Any, Any], tuple[str, str]]
Facet = tuple[str, Callable[[Any], Any], Describe]
STACK_TITLE = "Choose a tile from the display"
YIELD_TITLE = "Choose a yield tile, then the field it goes on"
FIELD_TITLE = "Choose the field the yield tile goes on"
HARBOR_TITLE = f"Choose the die to give up (1–{rules.catalog().harbor_max_die})"


def stack_tile(state: GameState, stack: int) -> Any:
    return rules.catalog().tiles[state.supply.stacks[stack][-1]]


def describe_stack(state: GameState, stack: int, action: Any) -> tuple[str, str]:
    if not state.supply.stacks[stack]:
        return f"d{stack + 1:<2} —", "empty"
    tile = stack_tile(state, stack)
    label = (
        f"d{stack + 1:<2} {text.tile_label(tile):<3} {text.road_glyph(tile.ends)} "
        f"{text.tile_summary(tile):<3}"
    )
    gains = []
    if tile.market_money:
        gains.append(f"+{tile.market_money}{G['money']}")
    if tile.buildings:
        levels = rules.scoring_levels(state, state.turn)  # as the action began (§14)
        gains.append(f"+{sum(levels[b] for b in tile.buildings)}{G['fame']}")
    detail = f"{tile.animal}; {text.tile_words(tile) or 'roads only'}"
    if gains:
        detail += "; " + " ".join(gains)
    if isinstance(action, Rebuild):
        old = state.player.province.cells[action.cell]
        if old is not None:
            diff = tile.value - rules.catalog().tiles[old.tile].value
            detail = f"costs {diff} {text.COLOUR_NAMES[tile.colour]}; " + detail
    else:
        detail = f"costs {tile.value} {text.COLOUR_NAMES[tile.colour]}; " + detail
    return label, detail


def _describe_pay(state: GameState, pay: tuple[Any, ...], action: Any) -> tuple[str, str]:
    total = sum(p.value for p in pay)
    flips = sum(p.flipped for p in pay)
    if isinstance(action, Quarry):
        need = stack_tile(state, action.stack).value
    else:
        old = state.player.province.cells[action.cell]
        need = stack_tile(state, action.stack).value - (
            rules.catalog().tiles[old.tile].value if old is not None else 0
        )
    detail = f"total {total}/{need}"
    if flips:
        detail += f", {G['minus']}{flips}{G['karma']} karma"
    return f"{G['minus']}{text.payment_text(pay)}", detail


def _describe_one_die(state: GameState, pay: Any, action: Any) -> tuple[str, str]:
    detail = f"{G['minus']}1{G['karma']} karma flips it" if pay.flipped else ""
    if isinstance(action, Single):
        extra = f"scores up to {rules.counted(pay.value, 'market')}"
        detail = f"{detail}; {extra}" if detail else extra
    if isinstance(action, Harbor):
        extra = "boat moves 1" if pay.value == 1 else f"boat moves 1–{pay.value}"
        detail = f"{detail}; {extra}" if detail else extra
    return f"{G['minus']}{text.paid_text(pay)}", detail


def _river_gains(state: GameState, space: int) -> str:
    """What a river space earns in this game: its Ganga tile's gain where one lies, a chamber's
    action told as the acting seat's board gives it."""
    chambers = rules.seat_rules(state, state.turn).chambers
    words = []
    for gain in rules.ruleset(state).river[space]:
        said = text.gain_words(gain) + text.worth_now(state, state.turn, gain)
        if gain.kind == "chamber_action":
            said += f" ({text.gains_words(chambers[gain.n])})"
        words.append(said)
    return ", ".join(words) or "nothing"


def _describe_steps(state: GameState, steps: int, action: Any) -> tuple[str, str]:
    to = destination(state.river.boats, state.turn, steps)
    return f"{G['boat']}{steps} → space {to}", _river_gains(state, to)


def _describe_sail(state: GameState, steps: int, _: Any) -> tuple[str, str]:
    to = destination(state.river.boats, state.turn, steps)
    return f"sail {steps} → space {to}", _river_gains(state, to)


def _describe_good(state: GameState, good: Any, action: Any) -> tuple[str, str]:
    count = action.pay.value if isinstance(action, Single) else state.queue[0].n
    scored = [(good, money) for money in good_markets(state.player, good, count)]
    money = good_score(state.player, good, count)
    return (
        text.good_name(good),
        f"+{money}{G['money']}: scores {text.your_markets(scored)} "
        f"(up to {rules.counted(count, 'market')})",
    )


def _describe_dice_choice(state: GameState, action: Any, _: Any) -> tuple[str, str]:
    if isinstance(action, Return):
        return f"return {action.die}", "put back to make room on Kali"
    if not action.colours:
        return "take none", "Kali is full"
    colours = action.colours
    if len(set(colours)) < len(colours):
        said = spoken.colours_words(colours)  # "2 orange dice", never "orange orange"
    else:
        said = spoken.joined([text.COLOUR_NAMES[c] for c in colours])
    return "take " + " ".join(c.letter for c in colours), said


def describe_upgrade(state: GameState, building: Any, _: Any) -> tuple[str, str]:
    level = state.player.levels[building]
    gain = f"{level + 1}{G['fame']} per new one"
    return building.name.lower(), f"level {level} → {level + 1} ({gain})"


def _describe_boat(state: GameState, accept: bool, _: Any) -> tuple[str, str]:
    if not accept:
        return "no", "stay where you are"
    to = destination(state.river.boats, state.turn, 1)
    return "yes", f"boat to space {to}: " + _river_gains(state, to)


def describe_palace(state: GameState, value: int, _: Any) -> tuple[str, str]:
    # The seat's own board decides a chamber's gain (the Navaratnas Dancer takes a yield tile).
    gain = rules.seat_rules(state, state.turn).chambers[value]
    return f"{value} {rules.catalog().chambers[value].name}", text.gains_words(gain)


def _describe_cell(state: GameState, cell: int, _: Any) -> tuple[str, str]:
    placed = state.player.province.cells[cell]
    if placed is None:
        return cell_name(cell), ""
    tile = rules.catalog().tiles[placed.tile]
    return f"{cell_name(cell)} {text.tile_label(tile)}", text.tile_words(tile) or "roads only"


def yield_tiles(state: GameState) -> list[str]:
    """Every yield tile a take may choose from, by name: the face-up display, then the top
    face-down white tile when white tiles lie face down (a mixed game)."""
    tiles = rules.catalog().yield_tiles
    names = [tiles[t].name for t in state.supply.display]
    if rules.ruleset(state).white_face_down and (state.supply.yields or state.supply.yield_discard):
        names.append(rules.STACK)
    return names


def _tile_colour(name: str) -> str:
    if name == rules.STACK:
        return "white"
    tile = rules.catalog().yield_tile(name)
    assert tile is not None
    return tile.colour


def fields_for(state: GameState, name: str) -> list[rules.Field]:
    """The acting seat's fields of the tile's colour."""
    colour = _tile_colour(name)
    return [f for f in rules.seat_rules(state, state.turn).fields if f.colour == colour]


def why_not_tile_fits(state: GameState, name: str) -> str:
    """Why no field of the acting seat's board can take this tile: every one of its colour is
    taken (the field step gives the engine's reason for each)."""
    fields = fields_for(state, name)
    colour = _tile_colour(name)
    if not fields:
        return f"Your board has no {colour} field."
    if len(fields) == 1:
        return f"Your {colour} field holds a yield tile already."
    return f"Your {colour} fields hold yield tiles already."


def describe_yield_tile(state: GameState, name: str, _: Any) -> tuple[str, str]:
    if name == rules.STACK:
        return "stack  ", "the top face-down white tile, its gain seen when taken"
    tile = rules.catalog().yield_tile(name)
    assert tile is not None
    # The name says the colour ("yellow3"); padded so that the gains line up.
    return f"{name:<7}", text.gains_now(state, state.turn, tile.gain)


def describe_field(state: GameState, key: tuple[int, int], _: Any) -> tuple[str, str]:
    seat = state.turn
    field = next(f for f in rules.seat_rules(state, seat).fields if (f.cell, f.side) == key)
    reached = rules.field_reached(state.players[seat].province, field)
    # Short enough for the chooser at 80×24; the preview tells when the tile's gain comes.
    return text.field_label(field), "a road reaches it" if reached else "no road reaches it"


def _describe_reroll(state: GameState, die: Any, action: Any) -> tuple[str, str]:
    chosen = state.queue[0].chosen
    already = " ".join(str(d) for d in chosen) or "none yet"
    if die is None:
        return "done", f"roll the chosen dice ({already})"
    return f"add {die}", f"chosen so far: {already}"


FACETS: dict[type, list[Facet]] = {
    Quarry: [
        (STACK_TITLE, lambda a: a.stack, lambda s, k, a: describe_stack(s, k, a)),
        ("Choose the dice to pay", lambda a: a.pay, _describe_pay),
    ],
    Harbor: [
        (HARBOR_TITLE, lambda a: a.pay, _describe_one_die),
        ("How far does the boat go?", lambda a: a.steps, _describe_steps),
    ],
    Single: [
        ("Choose the die to give up", lambda a: a.pay, _describe_one_die),
        ("Choose the good to score", lambda a: a.good, _describe_good),
    ],
    Balcony: [("Choose the die to give up", lambda a: a.pay, _describe_one_die)],
    Chamber: [("Choose the die to give up", lambda a: a.pay, _describe_one_die)],
    # Said once in the title, not on every option: the options then fit a row each.
    Take: [("{prompt} (rolled when taken)", lambda a: a, _describe_dice_choice)],
    Return: [("{prompt}", lambda a: a, _describe_dice_choice)],
    Upgrade: [("{prompt}", lambda a: a.building, describe_upgrade)],
    Boat: [("{prompt}", lambda a: a.accept, _describe_boat)],
    PalaceChoice: [("{prompt}", lambda a: a.value, describe_palace)],
    Rebuild: [
        ("Master Builder: choose the tile to cover", lambda a: a.cell, _describe_cell),
        (STACK_TITLE, lambda a: a.stack, lambda s, k, a: describe_stack(s, k, a)),
        ("Choose the dice to pay", lambda a: a.pay, _describe_pay),
    ],
    Score: [("{prompt}", lambda a: a.good, _describe_good)],
    Reroll: [("{prompt}", lambda a: a.die, _describe_reroll)],
    TakeYield: [
        (YIELD_TITLE, lambda a: a.tile, describe_yield_tile),
        (FIELD_TITLE, lambda a: (a.cell, a.side), describe_field),
    ],
    Sail: [("{prompt}", lambda a: a.steps, _describe_sail)],
}
