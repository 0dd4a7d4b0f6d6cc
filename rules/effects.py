"""The queue of gains and follow-up choices of the acting player, and how each is carried out.

An action pushes effects; `settle` carries out every automatic one and stops at the first that needs
a choice. Sub-effects of an effect (a boat's earnings, a yield tile's gain) go to the front of the
queue, so each is carried out whole; track bonuses go to the back, after the action's own gains
(§14).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from . import dice, fields, river, tracks
from .actions import (
    Action,
    Boat,
    PalaceChoice,
    Pass,
    Place,
    Rebuild,
    Reroll,
    Return,
    Sail,
    Score,
    Take,
    TakeYield,
    Upgrade,
)
from .building import build, can_rebuild, rebuild_options, rebuild_problem, upgrades_made
from .catalog import catalog
from .errors import IllegalAction
from .gains import AUTOMATIC, CARRIED_OUT, CHOSEN
from .model import BUILDINGS, GOODS, Die, Effect
from .province import (
    good_score,
    markets,
    placement_problem,
    placements,
    rebuild_rotations,
    rotated,
    variety_score,
)
from .quarry import take_top_tile
from .ruleset import seat_rules
from .state import GameState, Placed, replace

Handler = Callable[[GameState, int, Effect], GameState]


def push_front(state: GameState, effects: tuple[Effect, ...]) -> GameState:
    return replace(state, queue=effects + state.queue) if effects else state


def _pop(state: GameState) -> GameState:
    return replace(state, queue=state.queue[1:])


def _replace_head(state: GameState, effect: Effect) -> GameState:
    return replace(state, queue=(effect, *state.queue[1:]))


# Automatic effects ---------------------------------------------------------------------------


def _yield_tile(state: GameState, seat: int, effect: Effect) -> GameState:
    """Dancer: draw the top white yield tile, gain it, discard it. In a mixed game Navaratnas
    seats may have taken every white tile onto their fields: then there is nothing to draw."""
    if not fields.white_left(state.supply):
        return state
    tile, state = fields.draw_white(state, onto_field=False)
    supply = replace(state.supply, yield_discard=(*state.supply.yield_discard, tile))
    state = replace(state, supply=supply)
    return push_front(state, catalog().yield_tiles[tile].gain)


def _chamber_action(state: GameState, seat: int, effect: Effect) -> GameState:
    """A river tile's palace chamber action, as this seat's board carries it out."""
    return push_front(state, seat_rules(state, seat).chambers[effect.n])


def _boat_exact(state: GameState, seat: int, effect: Effect) -> GameState:
    return river.move_boat(state, seat, river.destination(state.river.boats, seat, effect.n))


def _dice_per_karma(state: GameState, seat: int, effect: Effect) -> GameState:
    karma = _AMOUNTS["dice_per_karma"](state, seat, effect)
    return push_front(state, (Effect("dice", n=karma, colour=effect.colour),))


def _mogul(state: GameState, seat: int, effect: Effect) -> GameState:
    return replace(state, mogul=seat)


Amount = Callable[[GameState, int, Effect], int]

# The gains whose worth depends on what the seat holds when it gains them: how much money,
# fame or dice each brings.
_AMOUNTS: dict[str, Amount] = {
    "dice_per_karma": lambda s, seat, e: s.players[seat].karma,
    "variety": lambda s, seat, e: variety_score(s.players[seat]),
    "money_per_market": lambda s, seat, e: e.n * len(markets(s.players[seat])),
    "fame_per_upgrade": lambda s, seat, e: e.n * upgrades_made(s.players[seat].levels),
    "money_per_upgrade": lambda s, seat, e: e.n * upgrades_made(s.players[seat].levels),
    "fame_per_karma": lambda s, seat, e: e.n * s.players[seat].karma,
    "fame_per_market_tile": lambda s, seat, e: e.n * fields.tiles_with_markets(s.players[seat]),
    "fame_per_river_spaces": lambda s, seat, e: e.n * (s.river.boats[seat] // e.per),
    "money_per_building": lambda s, seat, e: e.n * fields.buildings(s.players[seat]),
    "money_per_yield_tile": lambda s, seat, e: e.n * fields.connected_yield_tiles(s.players[seat]),
    "fame_per_bend": lambda s, seat, e: e.n * fields.bends(s.players[seat]),
    "fame_per_worker": lambda s, seat, e: e.n * s.players[seat].workers,
}


def amount(state: GameState, seat: int, effect: Effect) -> int | None:
    """What a gain counted from the seat's holdings would bring the seat now (money, fame or
    dice), or None for a gain of a fixed amount or none."""
    counted = _AMOUNTS.get(effect.kind)
    return None if counted is None else counted(state, seat, effect)


def _money(amount: Amount) -> Handler:
    return lambda state, seat, effect: tracks.gain_money(state, seat, amount(state, seat, effect))


def _fame(amount: Amount) -> Handler:
    return lambda state, seat, effect: tracks.gain_fame(state, seat, amount(state, seat, effect))


_AUTOMATIC: dict[str, Handler] = {
    "money": _money(lambda s, seat, e: e.n),
    "fame": _fame(lambda s, seat, e: e.n),
    "karma": lambda s, seat, e: tracks.gain_karma(s, seat, e.n),
    "worker": lambda s, seat, e: tracks.gain_worker(s, seat),
    "mogul": _mogul,
    "yield_tile": _yield_tile,
    "boat_exact": _boat_exact,
    "dice_per_karma": _dice_per_karma,
    "chamber_action": _chamber_action,
    **{
        kind: (_fame if kind.startswith("fame") else _money)(counted)
        for kind, counted in _AMOUNTS.items()
        if kind != "dice_per_karma"
    },
}


# Effects that ask the player -------------------------------------------------------------------


@attrs.frozen(slots=True)
class Decision:
    """A kind of effect that waits for the player's choice.

    `waits` tells whether the effect needs a choice now (False: carried out or lost without one);
    `options` lists every choice; `choose` carries one out or raises IllegalAction. What the
    player is asked is the kind's `prompt` in the vocabulary (`data/effects.toml`).
    """

    answers: tuple[type, ...]
    waits: Callable[[GameState, int, Effect], bool]
    options: Callable[[GameState, int, Effect], list[Action]]
    choose: Callable[[GameState, int, Effect, Action], GameState]
    skip: Callable[[GameState, int, Effect], GameState] = lambda state, seat, effect: _pop(state)
    # `skip` when the effect does not wait, else None, reading the state once for both: what
    # `settle` asks, given for a kind whose `waits` and `skip` would each work out the same.
    settle: Callable[[GameState, int, Effect], GameState | None] | None = None


def _dice_counts(state: GameState, seat: int, effect: Effect) -> tuple[int, int]:
    """(how many dice the gain can bring from the supply, free places on the statue)."""
    player = state.players[seat]
    supply = state.supply.dice
    if effect.colour is not None:
        available = supply[effect.colour]
    elif _distinct(effect):
        available = sum(1 for left in supply if left)
    else:
        available = sum(supply)
    return min(effect.n, available), player.places - len(player.dice)


def _dice_waits(state: GameState, seat: int, effect: Effect) -> bool:
    wanted, free = _dice_counts(state, seat, effect)
    if wanted == 0:
        return False
    return effect.colour is None or wanted > free


def _dice_skip(state: GameState, seat: int, effect: Effect) -> GameState:
    wanted, _ = _dice_counts(state, seat, effect)
    state = _pop(state)
    if wanted and effect.colour is not None:
        state = dice.take_dice(state, seat, (effect.colour,) * wanted)
    return state


def _dice_settle(state: GameState, seat: int, effect: Effect) -> GameState | None:
    """`_dice_waits`, then `_dice_skip`, from one count: most dice gains are settled so."""
    wanted, free = _dice_counts(state, seat, effect)
    colour = effect.colour
    if not wanted:
        return _pop(state)
    if colour is None or wanted > free:
        return None
    return dice.take_dice(_pop(state), seat, (colour,) * wanted)


def _distinct(effect: Effect) -> bool:
    return effect.kind == "dice_distinct"


def _dice_options(state: GameState, seat: int, effect: Effect) -> list[Action]:
    wanted, free = _dice_counts(state, seat, effect)
    count = min(wanted, free)
    options: list[Action]
    if effect.colour is not None:
        options = [Take((effect.colour,) * count)]
    else:
        supply = state.supply.dice
        choices = dice.colour_choices(supply, count, distinct=_distinct(effect))
        options = [Take(c) for c in choices]
    if wanted > free:
        options.extend(Return(d) for d in sorted(set(state.players[seat].dice)))
    return options


def _dice_choose(state: GameState, seat: int, effect: Effect, action: Action) -> GameState:
    wanted, free = _dice_counts(state, seat, effect)
    if isinstance(action, Return):
        if wanted <= free:
            raise IllegalAction("there is room on Kali for the dice already; nothing to return.")
        if action.die not in state.players[seat].dice:
            raise IllegalAction(f"Kali does not hold {action.die}.")
        return dice.return_die(state, seat, action.die)
    assert isinstance(action, Take)
    count = min(wanted, free)
    if len(action.colours) != count:
        raise IllegalAction(f"take exactly {count} dice here, not {len(action.colours)}.")
    if effect.colour is not None and any(c != effect.colour for c in action.colours):
        raise IllegalAction(f"this gain gives {effect.colour.name.lower()} dice only.")
    if _distinct(effect) and len(set(action.colours)) != len(action.colours):
        raise IllegalAction("this gain gives dice of different colours, no two alike.")
    supply = state.supply.dice
    for colour in set(action.colours):
        if action.colours.count(colour) > supply[colour]:
            raise IllegalAction(f"the supply has only {supply[colour]} {colour.name.lower()} dice.")
    return dice.take_dice(_pop(state), seat, action.colours)


def _levels_open(state: GameState, seat: int) -> list[int]:
    top = catalog().setup.building_level_max
    return [b for b, level in enumerate(state.players[seat].levels) if level < top]


def _upgrade_choose(state: GameState, seat: int, effect: Effect, action: Action) -> GameState:
    assert isinstance(action, Upgrade)
    if action.building not in _levels_open(state, seat):
        raise IllegalAction(f"your {action.building.name.lower()} row is at the top already.")
    before = state.players[seat].levels
    levels = list(before)
    levels[action.building] += 1
    state = _pop(state)
    if not state.action_levels:  # the first upgrade of the action: its levels until now are kept
        state = replace(state, action_levels=before)
    return state.update_player(seat, levels=tuple(levels))


def _boat_choose(state: GameState, seat: int, effect: Effect, action: Action) -> GameState:
    assert isinstance(action, Boat)
    state = _pop(state)
    if not action.accept:
        return state
    return river.move_boat(state, seat, river.destination(state.river.boats, seat, 1))


def chamber_problem(
    state: GameState,
    seat: int,
    value: int,
    dice: tuple[Die, ...] | None = None,
    karma: int | None = None,
) -> str | None:
    """Why a chamber's action cannot be carried out now (None when it can); `dice` and `karma`
    are what the player will hold after giving up the chamber's die (their own when none is
    paid)."""
    chamber = catalog().chambers[value]
    for gain in seat_rules(state, seat).chambers[value]:
        if gain.kind == "rebuild" and not can_rebuild(state, seat, dice, karma):
            return (
                f"the {chamber.name} finds no tile of yours that a higher display tile you can "
                "pay for could cover."
            )
        if gain.kind == "boat_exact" and not river.portuguese_open(state, seat):
            closed = catalog().river.portuguese_closed
            return (
                f"the {chamber.name} is closed to a boat on the final space or the {closed} "
                "spaces before it."
            )
    return None


def chamber_possible(
    state: GameState,
    seat: int,
    value: int,
    dice: tuple[Die, ...] | None = None,
    karma: int | None = None,
) -> bool:
    return chamber_problem(state, seat, value, dice, karma) is None


def chamber_choice_problem(state: GameState, seat: int, value: int) -> str | None:
    """Why the chamber `value` cannot be chosen for the pending chamber choice (None when it
    can)."""
    effect = state.queue[0] if state.queue else None
    if effect is None or effect.kind != "chamber_choice":
        return "no chamber action is waiting to be chosen."
    if not effect.low <= value <= effect.high:
        return f"this gain grants chambers {effect.low} to {effect.high} only."
    return chamber_problem(state, seat, value)


def upgrade_problem(state: GameState, seat: int, building: int) -> str | None:
    """Why this building row cannot be upgraded now (None when it can)."""
    effect = state.queue[0] if state.queue else None
    if effect is None or effect.kind != "upgrade":
        return "no upgrade is waiting to be chosen."
    if building not in _levels_open(state, seat):
        top = catalog().setup.building_level_max
        name = BUILDINGS[building].name.lower()
        return f"your {name} row is at level {top}, the top, already."
    return None


# Gains that can make a chamber's action impossible: the rest can always be carried out.
MAY_BE_IMPOSSIBLE = frozenset({"rebuild", "boat_exact"})


def _chamber_options(state: GameState, seat: int, effect: Effect) -> list[Action]:
    return [
        PalaceChoice(v)
        for v in range(effect.low, effect.high + 1)
        if chamber_possible(state, seat, v)
    ]


def _chamber_choose(state: GameState, seat: int, effect: Effect, action: Action) -> GameState:
    assert isinstance(action, PalaceChoice)
    if not effect.low <= action.value <= effect.high:
        raise IllegalAction(f"this space grants chambers {effect.low} to {effect.high} only.")
    if not chamber_possible(state, seat, action.value):
        raise IllegalAction(f"chamber {action.value} cannot be carried out now.")
    return push_front(_pop(state), seat_rules(state, seat).chambers[action.value])


def _rebuild_choose(state: GameState, seat: int, effect: Effect, action: Action) -> GameState:
    assert isinstance(action, Rebuild)
    problem = rebuild_problem(state, seat, action)
    if problem:
        raise IllegalAction(problem)
    tile, state = take_top_tile(dice.give_up(_pop(state), seat, action.pay), action.stack)
    return push_front(state, (Effect("place_tile", tile=tile, cell=action.cell),))


def _place_options(state: GameState, seat: int, effect: Effect) -> list[Action]:
    province = state.players[seat].province
    tile = catalog().tiles[effect.tile]
    if effect.cell >= 0:
        return [Place(effect.cell, r) for r in rebuild_rotations(province, effect.cell, tile.ends)]
    return [Place(cell, r) for cell, r in placements(province, tile.ends)]


def _place_choose(state: GameState, seat: int, effect: Effect, action: Action) -> GameState:
    assert isinstance(action, Place)
    if not 0 <= action.rotation < 4:
        raise IllegalAction("a tile turns 0 to 3 quarter turns.")
    player = state.players[seat]
    tile = catalog().tiles[effect.tile]
    state = _pop(state)
    if effect.cell < 0:
        problem = placement_problem(
            player.province, action.cell, rotated(tile.ends, action.rotation)
        )
        if problem:
            raise IllegalAction(problem)
        return build(state, seat, action.cell, Placed(tile.id, action.rotation), edges=True)
    if action.cell != effect.cell:
        raise IllegalAction("the Master Builder's tile goes where the covered tile stood.")
    if rotated(tile.ends, action.rotation) not in {
        rotated(tile.ends, r) for r in rebuild_rotations(player.province, effect.cell, tile.ends)
    }:
        raise IllegalAction("turned so, the tile would cut a tile off from the residence.")
    old = player.province.cells[effect.cell]
    assert old is not None
    supply = replace(state.supply, out_of_game=(*state.supply.out_of_game, old.tile))
    state = replace(state, supply=supply)
    return build(state, seat, effect.cell, Placed(tile.id, action.rotation, True), edges=False)


def _score_choose(state: GameState, seat: int, effect: Effect, action: Action) -> GameState:
    assert isinstance(action, Score)
    return tracks.gain_money(
        _pop(state), seat, good_score(state.players[seat], action.good, effect.n)
    )


def _reroll_options(state: GameState, seat: int, effect: Effect) -> list[Action]:
    remaining = dice.remove_dice(state.players[seat].dice, effect.chosen) or ()
    last = effect.chosen[-1] if effect.chosen else None
    options: list[Action] = [
        Reroll(d) for d in sorted(set(remaining)) if last is None or not d < last
    ]
    options.append(Reroll(None))
    return options


def _reroll_choose(state: GameState, seat: int, effect: Effect, action: Action) -> GameState:
    assert isinstance(action, Reroll)
    if action.die is None:
        return dice.reroll(_pop(state), seat, effect.chosen)
    remaining = dice.remove_dice(state.players[seat].dice, effect.chosen) or ()
    if action.die not in remaining:
        raise IllegalAction(f"there is no other {action.die} on Kali to re-roll.")
    if effect.chosen and action.die < effect.chosen[-1]:
        # Picks in Kali's order make one path to each set of dice, the one legal_actions lists.
        raise IllegalAction(
            f"pick the dice to re-roll in Kali's order (colours o g b p, then faces): "
            f"{action.die} cannot come after {effect.chosen[-1]}."
        )
    chosen = tuple(sorted((*effect.chosen, action.die)))
    return _replace_head(state, replace(effect, chosen=chosen))


def _always(state: GameState, seat: int, effect: Effect) -> bool:
    return True


def _sail_options(state: GameState, seat: int, effect: Effect) -> list[Action]:
    """One step count per space the boat can stop on: more steps that end on the final space
    too are the same move."""
    options: list[Action] = []
    seen = set()
    low = max(1, effect.low)
    reached = river.stops(state.river.boats, seat, effect.high)
    for steps in range(low, effect.high + 1):
        to = reached[steps - 1]
        if to not in seen:
            seen.add(to)
            options.append(Sail(steps))
    return options


def _sail_choose(state: GameState, seat: int, effect: Effect, action: Action) -> GameState:
    assert isinstance(action, Sail)
    if not max(1, effect.low) <= action.steps <= effect.high:
        raise IllegalAction(f"the boat sails {effect.low} to {effect.high} free spaces on here.")
    to = river.destination(state.river.boats, seat, action.steps)
    return river.move_boat(_pop(state), seat, to)


def _take_yield_choose(state: GameState, seat: int, effect: Effect, action: Action) -> GameState:
    if isinstance(action, Pass):  # declined: the tiles stay where they lie (§12)
        return _pop(state)
    assert isinstance(action, TakeYield)
    problem = fields.take_problem(state, seat, action)
    if problem:
        raise IllegalAction(problem)
    return fields.take(_pop(state), seat, action)


DECISIONS: dict[str, Decision] = {
    "dice": Decision(
        (Take, Return), _dice_waits, _dice_options, _dice_choose, _dice_skip, _dice_settle
    ),
    "upgrade": Decision(
        (Upgrade,),
        lambda s, seat, e: bool(_levels_open(s, seat)),
        lambda s, seat, e: [Upgrade(BUILDINGS[b]) for b in _levels_open(s, seat)],
        _upgrade_choose,
    ),
    "boat_offer": Decision(
        (Boat,),
        lambda s, seat, e: river.can_move(s, seat),
        lambda s, seat, e: [Boat(True), Boat(False)],
        _boat_choose,
    ),
    "chamber_choice": Decision(
        (PalaceChoice,),
        lambda s, seat, e: bool(_chamber_options(s, seat, e)),
        _chamber_options,
        _chamber_choose,
    ),
    "rebuild": Decision(
        (Rebuild,),
        lambda s, seat, e: can_rebuild(s, seat),
        lambda s, seat, e: list(rebuild_options(s, seat)),
        _rebuild_choose,
    ),
    "place_tile": Decision(
        (Place,),
        _always,
        _place_options,
        _place_choose,
    ),
    "score_good": Decision(
        (Score,),
        _always,
        lambda s, seat, e: [Score(g) for g in GOODS],
        _score_choose,
    ),
    "dice_distinct": Decision(
        (Take, Return), _dice_waits, _dice_options, _dice_choose, _dice_skip, _dice_settle
    ),
    "boat_steps": Decision(
        (Sail,),
        lambda s, seat, e: river.can_move(s, seat),
        _sail_options,
        _sail_choose,
    ),
    "take_yield": Decision(
        (TakeYield, Pass),
        lambda s, seat, e: fields.can_take(s, seat),
        lambda s, seat, e: fields.yield_choices(s, seat),
        _take_yield_choose,
    ),
    "reroll": Decision(
        (Reroll,),
        lambda s, seat, e: bool(s.players[seat].dice),
        _reroll_options,
        _reroll_choose,
    ),
}


# Every kind of gain the rules carry out; the data may name no other in a game it sets up. The
# data layer reads the list from `gains`, so the tables here must cover exactly its kinds.
HANDLED = CARRIED_OUT
if frozenset(_AUTOMATIC) != AUTOMATIC or frozenset(DECISIONS) != CHOSEN:
    raise TypeError("effects.py must carry out exactly the kinds gains.py lists")


def settle(state: GameState) -> GameState:
    """Carries out queued effects until one needs the player's choice or none is left."""
    seat = state.turn
    while state.queue:
        effect = state.queue[0]
        handler = _AUTOMATIC.get(effect.kind)
        if handler is not None:
            state = handler(_pop(state), seat, effect)
            continue
        decision = DECISIONS.get(effect.kind)
        if decision is None:
            raise AssertionError(f"no rule carries out the gain {effect.kind!r}")
        if decision.settle is not None:
            settled = decision.settle(state, seat, effect)
            if settled is None:
                return state
            state = settled
        elif decision.waits(state, seat, effect):
            return state
        else:
            state = decision.skip(state, seat, effect)
    return state


# Gains whose outcome stays hidden until they are carried out: a preview names them instead.
HIDDEN = frozenset({"yield_tile"})


def forecast(state: GameState) -> tuple[GameState, tuple[Effect, ...]]:
    """What the queued effects surely bring, without revealing what is hidden: the state after
    every automatic effect whose outcome is known, and the effects left to be told by name (the
    choices, as `choice_prompt` words them, and the hidden gains), in order."""
    seat = state.turn
    named: list[Effect] = []
    while state.queue:
        effect = state.queue[0]
        if effect.kind in HIDDEN:
            named.append(effect)
            state = _pop(state)
            continue
        handler = _AUTOMATIC.get(effect.kind)
        if handler is not None:
            state = handler(_pop(state), seat, effect)
            continue
        decision = DECISIONS[effect.kind]
        if decision.waits(state, seat, effect):
            named.append(effect)
            state = _pop(state)
        else:
            state = decision.skip(state, seat, effect)
    return state, tuple(named)


def choice_prompt(effect: Effect) -> str | None:
    """What the player will be asked for this effect, or None when it asks nothing."""
    if effect.kind not in DECISIONS:
        return None
    return catalog().gains[effect.kind].prompt


def choice_options(state: GameState) -> list[Action]:
    effect = state.queue[0]
    return DECISIONS[effect.kind].options(state, state.turn, effect)


def choose(state: GameState, action: Action) -> GameState:
    effect = state.queue[0]
    decision = DECISIONS[effect.kind]
    if not isinstance(action, decision.answers):
        raise IllegalAction(f"the game is waiting for you to {prompt(state)}, not for {action}.")
    return decision.choose(state, state.turn, effect, action)


def prompt(state: GameState) -> str:
    """What the acting player is asked to do now."""
    return catalog().gains[state.queue[0].kind].prompt
