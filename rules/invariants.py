"""Facts that hold in every reachable state, checked after each action by simulator and tests."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from .actions import cell_name
from .cache import memo
from .catalog import SpaceSpec, TrackBonus, catalog
from .fields import field_reached
from .model import COLOURS, Effect
from .plurals import counted
from .province import road_network
from .river import final_space
from .rounds import round_order
from .ruleset import ruleset, seat_rules
from .spaces import ROWS, board_side
from .state import COVERED, EMPTY, FREE, GameState, Player
from .tracks import have_met, margin

Broken = tuple[str, str]  # (where in the state, e.g. "players[1].placed"; one sentence)


def problems(state: GameState, previous: GameState | None = None) -> list[str]:
    """Every broken invariant, as a sentence each (empty when all hold)."""
    found = _dice(state) + _tiles(state) + _players(state) + _boats(state)
    found += _yield_tiles(state) + _river_tiles(state)
    if previous is not None:
        found += _progress(state, previous)
    return found


def _dice(state: GameState) -> list[str]:
    per_colour = catalog().setup.dice_per_colour
    counts = list(state.supply.dice)
    for player in state.players:
        for die in player.dice:
            counts[die.colour] += 1
    return [
        f"{count} {COLOURS[colour].name.lower()} dice instead of {per_colour}"
        for colour, count in enumerate(counts)
        if count != per_colour
    ]


def _tiles(state: GameState) -> list[str]:
    held: list[int] = []
    for stack in state.supply.stacks:
        held.extend(stack)
    held.extend(state.supply.out_of_game)
    for player in state.players:
        held.extend(p.tile for p in player.province.cells if p is not None)
    held.extend(e.tile for e in state.queue if e.kind == "place_tile")  # bought, being built
    if sorted(held) == _all_tiles():
        return []
    seen = Counter(held)
    total = len(catalog().tiles)
    found = [f"tile {t} is in {n} places" for t, n in sorted(seen.items()) if n != 1]
    missing = sorted(set(range(total)) - set(seen))
    if missing:
        found.append(f"tiles {missing} are nowhere")
    return found


@memo()
def _all_tiles() -> list[int]:
    return list(range(len(catalog().tiles)))


def _players(state: GameState) -> list[str]:
    setup = catalog().setup
    found = []
    for seat, p in enumerate(state.players):
        checks = [
            (p.money >= 0, f"money {p.money}"),
            (0 <= p.karma <= setup.karma_max, f"karma {p.karma}"),
            (len(p.dice) <= p.places, f"{len(p.dice)} dice on {p.places} places"),
            (p.workers <= seat_rules(state, seat).workers_max, f"{p.workers} workers"),
            (0 <= p.placed <= p.workers, f"{p.placed} of {p.workers} workers placed"),
            (
                all(
                    setup.building_level_start <= lv <= setup.building_level_max for lv in p.levels
                ),
                f"building levels {p.levels}",
            ),
            (list(p.dice) == sorted(p.dice), "dice out of order"),
        ]
        found += [f"seat {seat}: {what}" for ok, what in checks if not ok]
    return found + _action_levels(state)


def _action_levels(state: GameState) -> list[str]:
    """Levels kept from an action's start: only during an action, one per building row, none
    above the acting player's levels now (upgrades only raise them)."""
    kept = state.action_levels
    if not kept:
        return []
    levels = state.players[state.turn].levels if 0 <= state.turn < len(state.players) else ()
    start = catalog().setup.building_level_start
    fits = len(kept) == len(levels) and all(
        start <= a <= b for a, b in zip(kept, levels, strict=True)
    )
    if not state.queue or not fits:
        return [f"action levels {kept} for seat {state.turn}'s levels {levels}"]
    return []


def _boats(state: GameState) -> list[str]:
    final = final_space()
    ordinary = [b for b in state.river.boats if 0 < b < final]
    clashes = [space for space, n in Counter(ordinary).items() if n > 1]
    bad = [b for b in state.river.boats if not 0 <= b <= final]
    return [f"two boats on river space {s}" for s in clashes] + [
        f"boat off the river at {b}" for b in bad
    ]


def _yield_tiles(state: GameState) -> list[str]:
    """Every yield tile in the game lies in exactly one place: face down on the temple, in its
    discards, face up on the board or on a field of its colour (§11, §12)."""
    data = catalog()
    supply = state.supply
    held = [*supply.yields, *supply.yield_discard, *supply.display]
    found = []
    for seat, player in enumerate(state.players):
        fields = seat_rules(state, seat).fields
        if len(player.fields) != len(fields):
            found.append(
                f"seat {seat}: {len(player.fields)} yield-tile fields, the board has {len(fields)}"
            )
            continue
        for index, (tile, field) in enumerate(zip(player.fields, fields, strict=True)):
            bit = 1 << index
            if tile == EMPTY:
                if (player.gained | player.face_down) & bit:
                    found.append(f"seat {seat}: empty field {index} is marked gained or face down")
                continue
            held.append(tile)
            if data.yield_tiles[tile].colour != field.colour:
                found.append(
                    f"seat {seat}: a {data.yield_tiles[tile].colour} tile on a {field.colour} field"
                )
            if player.gained & player.face_down & bit:
                found.append(f"seat {seat}: the tile on field {index} is gained yet face down")
    any_fields = ruleset(state).fields  # once: this runs after every action
    expected = sorted(t.id for t in data.yield_tiles if any_fields or t.colour == "white")
    if sorted(held) != expected:
        extra = sorted((Counter(held) - Counter(expected)).elements())
        missing = sorted((Counter(expected) - Counter(held)).elements())
        found.append(f"yield tiles: {extra} too many, {missing} missing")
    return found


def _river_tiles(state: GameState) -> list[str]:
    """With the Ganga module every river tile lies on one space of its range (§12)."""
    tiles = state.river.tiles
    if not state.config.ganga:
        return ["river tiles in a game without the Ganga module"] if tiles else []
    spec = catalog().ganga
    if len(tiles) != final_space() + 1:
        return [f"river tiles for {len(tiles)} spaces, the river has {final_space() + 1}"]
    laid = sorted(t for t in tiles if t != EMPTY)
    outside = [s for s, t in enumerate(tiles) if t != EMPTY and not spec.first <= s <= spec.last]
    found = [f"a river tile on space {s}, outside {spec.first}..{spec.last}" for s in outside]
    if laid != list(range(len(spec.tiles))):
        found.append(f"river tiles {laid} instead of each of the {len(spec.tiles)} once")
    return found


def _progress(state: GameState, previous: GameState) -> list[str]:
    tracks = catalog().tracks
    found = []
    for seat, (now, before) in enumerate(zip(state.players, previous.players, strict=True)):
        checks = [
            (now.fame >= before.fame, f"fame fell from {before.fame} to {now.fame}"),
            (now.fame_bonus_next >= before.fame_bonus_next, "a fame bonus was given back"),
            (now.money_bonus_next >= before.money_bonus_next, "the money bonus marker moved back"),
            (
                now.money_workers_taken >= before.money_workers_taken,
                "a money worker was given back",
            ),
            (now.fame_bonus_next <= len(tracks.fame_bonus), "more fame bonuses than exist"),
            (now.money_bonus_next <= len(tracks.money_bonus), "more money bonuses than exist"),
            (now.workers >= before.workers, "a worker was lost"),
        ]
        found += [f"seat {seat}: {what}" for ok, what in checks if not ok]
    for seat, (now_b, before_b) in enumerate(
        zip(state.river.boats, previous.river.boats, strict=True)
    ):
        if now_b < before_b:
            found.append(f"seat {seat}: boat moved back from {before_b} to {now_b}")
    return found


def unreachable(state: GameState) -> list[Broken]:
    """Facts every state reached by play keeps but a hand-made state may break (§3, §5, §13).

    Apart from `problems`, because the rules tests build fixtures (fame set without its bonuses,
    workers given outright) that these would refuse. Each check allows what the acting seat's
    queue still owes, as a state between two actions holds that too.
    """
    found: list[Broken] = []
    for seat, player in enumerate(state.players):
        key = f"players[{seat}]"
        found += _statue(player, seat_rules(state, seat).places, key)
        found += _tracks(player, key)
        found += _workers(state, seat, key)
        found += _province(player, key)
        found += _building_fame(seat, player, key)
        found += _fields(state, seat, key)
    found += _spaces(state)
    found += _rows_done(state)
    found += _display(state)
    found += _mogul(state)
    found += _end(state)
    found += _turn_order(state)  # last: most broken states upset it, the others say more
    return found


def _owed(state: GameState, seat: int, kind: str) -> int:
    """How many `kind` effects the queue still owes this seat (it belongs to the acting seat)."""
    if seat != state.turn:
        return 0
    return sum(1 for effect in state.queue if effect.kind == kind)


def _reached(bonuses: tuple[TrackBonus, ...], value: int) -> int:
    return sum(1 for bonus in bonuses if bonus.at <= value)


def _gains(bonuses: tuple[TrackBonus, ...] | tuple[Effect, ...], kind: str) -> int:
    effects = [e for b in bonuses for e in (b.gain if isinstance(b, TrackBonus) else (b,))]
    return sum(1 for e in effects if e.kind == kind)


def _statue(p: Player, statue: int, key: str) -> list[Broken]:
    """Nothing in the game adds or removes a place on the Kali statue (§2)."""
    if p.places == statue:
        return []
    return [(f"{key}.places", f"{p.places} statue places but the Kali statue has {statue}")]


def _tracks(p: Player, key: str) -> list[Broken]:
    """Fame never falls, so its bonuses taken are exactly those reached; money falls, so its
    bonuses taken are at least those up to the highest money it is known to have had."""
    spec = catalog().tracks
    found = []
    reached = _reached(spec.fame_bonus, p.fame)
    if p.fame_bonus_next < reached:
        at = spec.fame_bonus[p.fame_bonus_next].at
        found.append(
            (
                f"{key}.fame_bonus_next",
                f"fame {p.fame} has passed the bonus at {at}, which is not taken",
            )
        )
    elif p.fame_bonus_next > reached:
        at = spec.fame_bonus[reached].at
        found.append(
            (f"{key}.fame_bonus_next", f"the fame bonus at {at} is taken but fame is only {p.fame}")
        )
    peak = max(
        p.money,
        spec.money_bonus[p.money_bonus_next - 1].at if p.money_bonus_next > 0 else 0,
        spec.money_worker[p.money_workers_taken - 1].at if p.money_workers_taken > 0 else 0,
    )
    if p.money_bonus_next < _reached(spec.money_bonus, peak):
        at = spec.money_bonus[p.money_bonus_next].at
        found.append(
            (
                f"{key}.money_bonus_next",
                f"money has reached {peak} but the bonus marker still stands on {at}",
            )
        )
    if p.money_workers_taken < _reached(spec.money_worker, peak):
        at = spec.money_worker[p.money_workers_taken].at
        found.append(
            (
                f"{key}.money_workers_taken",
                f"money has reached {peak} but the worker at {at} is not taken",
            )
        )
    return found


def _workers(state: GameState, seat: int, key: str) -> list[Broken]:
    """Workers come only from the tracks and the bridge, each unlock is counted, and a worker
    on the board stands on an action space."""
    setup = catalog().setup
    spec = catalog().tracks
    p = state.players[seat]
    found = []
    expected = min(setup.workers_start + p.unlocked, seat_rules(state, seat).workers_max)
    if p.workers != expected:
        found.append(
            (
                f"{key}.workers",
                f"{p.workers} workers but only {setup.workers_start} at the start "
                f"and {p.unlocked} unlocked",
            )
        )
    river = catalog().river
    earned = (
        _gains(spec.fame_bonus[: p.fame_bonus_next], "worker")
        + _gains(spec.money_worker[: p.money_workers_taken], "worker")
        + (
            _gains(river.bridge_gain, "worker")
            if state.river.boats[seat] > river.bridge_after
            else 0
        )
        - _owed(state, seat, "worker")
    )
    if p.unlocked != earned:
        found.append(
            (
                f"{key}.unlocked",
                f"{counted(p.unlocked, 'worker')} unlocked "
                f"but the tracks and the bridge gave {earned}",
            )
        )
    shown = sum(1 for occupant in state.spaces if occupant == seat)
    if p.placed != shown:
        found.append(
            (
                f"{key}.placed",
                f"{counted(p.placed, 'worker')} of seat {seat} placed "
                f"but {counted(shown, 'action space')} show its workers",
            )
        )
    if p.passed and p.workers_left <= 0:
        found.append((f"{key}.passed", f"seat {seat} passed with no worker left to place"))
    return found


def _fields(state: GameState, seat: int, key: str) -> list[Broken]:
    """A tile on a field a road reaches was gained when the road or the tile came, and only a
    brown tile lies face down, drawn so at setup (§12)."""
    player = state.players[seat]
    tiles = catalog().yield_tiles
    found: list[Broken] = []
    fields = seat_rules(state, seat).fields
    for index, (tile, field) in enumerate(zip(player.fields, fields, strict=False)):
        if tile < 0:  # EMPTY, or UNSEEN in a seat's view
            continue
        bit = 1 << index
        where = f"the {field.colour} field at {cell_name(field.cell)} {field.side.name.lower()}"
        if not player.gained & bit and field_reached(player.province, field):
            found.append((f"{key}.gained", f"a road reaches {where} but its tile was not gained"))
        if player.face_down & bit and tiles[tile].colour != "brown":
            found.append(
                (f"{key}.face_down", f"the {tiles[tile].name} tile on {where} lies face down")
            )
    return found


def _province(p: Player, key: str) -> list[Broken]:
    """Every tile is placed touching the road network and only the Master Builder replaces one,
    keeping the network whole (§8, §14), so every tile has a road home."""
    reached = road_network(p.province)
    for i, (cell, _) in enumerate(p.province.placed()):
        if cell not in reached:
            return [
                (
                    f"{key}.province[{i}]",
                    f"the tile on {cell_name(cell)} has no road to the residence",
                )
            ]
    return []


def _building_fame(seat: int, p: Player, key: str) -> list[Broken]:
    """Each building scored its level, at least the starting level, as its tile was built, in the
    same step (§6 Quarry, Master Builder); fame never falls."""
    tiles = catalog().tiles
    count = sum(len(tiles[placed.tile].buildings) for _, placed in p.province.placed())
    least = count * catalog().setup.building_level_start
    if p.fame >= least:
        return []
    what = f"seat {seat} has {counted(count, 'building')} in its province, "
    return [(f"{key}.fame", what + f"which scored at least {least} fame, but its fame is {p.fame}")]


def _turn_order(state: GameState) -> list[Broken]:
    """Workers go one a turn, clockwise from the start player (§3): in this lap the seats before
    the acting one have placed one more than the seats after it. A seat out of the round (no
    worker left, or passed) stopped early, so it has at most that many."""
    acting = state.players[state.turn]
    if state.over or (acting.workers_left == 0 and seat_rules(state, state.turn).yield_instead):
        # A Navaratnas seat with no worker left may be taking a yield tile instead of a turn.
        return []
    order = round_order(state)
    turn = order.index(state.turn)
    laps = state.players[state.turn].placed - (1 if state.queue else 0)
    for position, seat in enumerate(order):
        if seat == state.turn:
            continue
        p = state.players[seat]
        due = laps + (1 if position < turn else 0)
        active = p.workers_left > 0 and not p.passed
        if p.placed == due or (not active and p.placed < due):
            continue
        why = f"seat {seat} has {p.placed} workers placed but, with seat {state.turn} to act "
        should = f"{'' if active else 'at most '}{due}"
        where = f"in a round begun by seat {state.start_player}, it should have {should}"
        return [(f"players[{seat}].placed", why + where)]
    return []


def _rows_done(state: GameState) -> list[Broken]:
    """A quarry worker builds a tile, a harbor worker moves the boat at least one space, the
    Portuguese moves it its full count and the Master Builder leaves a rebuilt tile, all at once
    (§6); only the acting seat's queue may still owe that step."""
    found = []
    for seat in range(len(state.players)):
        held = [s for s in board_side(state).spaces if state.spaces[s.index] == seat]
        found += _tiles_built(state, seat, [s for s in held if s.area == "quarry"])
        found += _boat_moved(state, seat, held)
        found += _rebuilt(state, seat, [s for s in held if "rebuild" in _chamber_kinds(s)])
    return found


def _chamber_kinds(space: SpaceSpec) -> dict[str, int]:
    """What a chamber space gains, kind to its n (board.toml); empty for other spaces."""
    if space.area != "chamber":
        return {}
    return {e.kind: e.n for e in catalog().chambers[space.value].gain}


def _tiles_built(state: GameState, seat: int, quarry: list[SpaceSpec]) -> list[Broken]:
    tiles = sum(1 for _ in state.players[seat].province.placed())
    if len(quarry) <= tiles + _owed(state, seat, "place_tile"):
        return []
    what = f"seat {seat} holds {counted(len(quarry), 'quarry space')}"
    why = f"{what} but has {counted(tiles, 'tile')} in its province"
    return [(f"spaces.{quarry[-1].key}", why)]


def _boat_moved(state: GameState, seat: int, held: list[SpaceSpec]) -> list[Broken]:
    moved = [s for s in held if s.area == "harbor" or "boat_exact" in _chamber_kinds(s)]
    least = sum(_chamber_kinds(s).get("boat_exact", 1) for s in moved)
    boat = state.river.boats[seat]
    if boat >= least or _owed(state, seat, "boat_exact"):
        return []
    keys = ", ".join(s.key for s in moved)
    why = f"seat {seat}'s workers on {keys} moved its boat at least {counted(least, 'space')} "
    return [
        (
            f"spaces.{moved[-1].key}",
            why + f"but it is on river space {boat}",
        )
    ]


def _rebuilt(state: GameState, seat: int, builders: list[SpaceSpec]) -> list[Broken]:
    rebuilt = sum(1 for _, p in state.players[seat].province.placed() if p.rebuilt)
    owed = _owed(state, seat, "rebuild") + _owed(state, seat, "place_tile")
    if len(builders) <= rebuilt + owed:
        return []
    why = f"seat {seat} used the Master Builder on {builders[-1].key} but has no rebuilt tile"
    return [(f"spaces.{builders[-1].key}", why)]


def _display(state: GameState) -> list[Broken]:
    """Each display stack holds the tiles of one colour and animal (§1), and every tile out of
    the game was replaced by a Master Builder tile, which is never covered again (§6)."""
    tiles = catalog().tiles
    animals = tuple(dict.fromkeys(t.animal for t in tiles))  # the stacks' order, as set up
    for i, stack in enumerate(state.supply.stacks):
        colour, animal = COLOURS[i // len(animals)], animals[i % len(animals)]
        for j, tile in enumerate(stack):
            spec = tiles[tile]
            if (spec.colour, spec.animal) != (colour, animal):
                kind = f"{spec.colour.name.lower()} {spec.animal}"
                article = "an" if kind[0] in "aeiou" else "a"
                why = f"tile {tile} is {article} {kind} tile but lies in the "
                place = f"{colour.name.lower()} {animal} stack d{i + 1}"
                return [(f"supply.stacks.d{i + 1}[{j}]", why + place)]
    rebuilt = sum(1 for p in state.players for _, placed in p.province.placed() if placed.rebuilt)
    gone = len(state.supply.out_of_game)
    if rebuilt != gone:
        why = f"{counted(rebuilt, 'tile')} rebuilt by the Master Builder but "
        return [("supply.out_of_game", why + f"{counted(gone, 'tile')} out of the game")]
    return []


def _spaces(state: GameState) -> list[Broken]:
    side = board_side(state)
    covered = set(side.covered.get(state.config.players, ()))
    found = []
    for spec in side.spaces:
        occupant = state.spaces[spec.index]
        if (occupant == COVERED) != (spec.key in covered):
            what = "covered" if occupant == COVERED else "open"
            found.append(
                (
                    f"spaces.{spec.key}",
                    f"space {spec.key} is {what} on the {state.config.players}-player board",
                )
            )
    for area in sorted(ROWS):
        row = side.in_area(area)
        for left, right in pairwise(row):
            if state.spaces[left.index] == FREE and state.spaces[right.index] >= 0:
                found.append(
                    (
                        f"spaces.{right.key}",
                        f"space {right.key} is taken while {left.key} is free "
                        f"(the {area} fills from the left)",
                    )
                )
    if side.variety_one_per_player:
        seats = Counter(state.spaces[s.index] for s in side.in_area("variety"))
        for seat, n in seats.items():
            if seat >= 0 and n > 1:
                found.append(
                    ("spaces", f"seat {seat} has {n} workers on the variety spaces, one is allowed")
                )
    return found


def _mogul_space(state: GameState) -> SpaceSpec:
    """The chamber whose gain makes its user the Great Mogul (board.toml)."""
    value = next(
        c.value for c in catalog().chambers.values() if any(e.kind == "mogul" for e in c.gain)
    )
    return next(s for s in board_side(state).in_area("chamber") if s.value == value)


def _mogul(state: GameState) -> list[Broken]:
    space = _mogul_space(state)
    occupant = state.spaces[space.index]
    if state.mogul >= 0 and occupant != state.mogul:
        where = "free" if occupant < 0 else f"taken by seat {occupant}"
        return [
            (
                "mogul",
                f"seat {state.mogul} has the Great Mogul but its chamber {space.key} is {where}",
            )
        ]
    if occupant >= 0 and state.mogul != occupant and not _owed(state, occupant, "mogul"):
        return [
            (
                f"spaces.{space.key}",
                f"seat {occupant} used chamber {space.key} but is not the Great Mogul",
            )
        ]
    return []


def _end(state: GameState) -> list[Broken]:
    """Markers are noted as met when the acting seat's turn ends; the first to meet triggers the
    end, and only the seats after it in this round's order take a last turn (§13)."""
    found = _unnoted_meetings(state)
    first = state.met_order[0] if state.met_order else -1
    if state.end_trigger != first:
        if first < 0:
            why = f"seat {state.end_trigger} is named as the end trigger but no markers have met"
        else:
            why = (
                f"the end trigger is seat {state.end_trigger} but seat {first}'s markers met first"
            )
        return [*found, ("end_trigger", why)]
    if state.end_trigger < 0:
        if state.over:
            found.append(("over", "the game is over but no player's markers have met"))
        if state.last_turns:
            found.append(("last_turns", "last turns are due but the end is not triggered"))
        return found
    return found + (_last_turns(state) or _apart(state))


def _apart(state: GameState) -> list[Broken]:
    """A seat noted as met never acts again, so its markers still meet (§13)."""
    for seat in state.met_order:
        p = state.players[seat]
        gap = -margin(p.fame, p.money)
        if gap > 0:
            why = f"seat {seat} is listed as met but its markers are {gap} fame apart"
            return [("met_order", why)]
    return []


def _unnoted_meetings(state: GameState) -> list[Broken]:
    found = []
    for seat, p in enumerate(state.players):
        pending = seat == state.turn and bool(state.queue) and not state.over
        if have_met(p.fame, p.money) and seat not in state.met_order and not pending:
            what = "is not listed as met" if state.end_trigger >= 0 else "the end is not triggered"
            found.append(
                (f"players[{seat}]", f"seat {seat}'s fame and money markers have met but {what}")
            )
    return found


def _last_turns(state: GameState) -> list[Broken]:
    trigger = state.end_trigger
    order = round_order(state)
    after = order[order.index(trigger) + 1 :]
    if state.over:
        done = after
        if state.last_turns or state.queue:
            return [("over", "the game is over but turns or gains are still due")]
    elif state.turn not in after:
        why = f"seat {state.turn} is to act but is not due a last turn after seat {trigger} "
        return [("turn", why + "triggered the end")]
    else:
        done = after[: after.index(state.turn)]
        due = after[after.index(state.turn) + 1 :]
        for seat in state.last_turns:
            if seat not in due:
                why = f"seat {seat} is due a last turn but does not follow the acting seat "
                return [("last_turns", why + f"{state.turn} in this round")]
        if list(state.last_turns) != [s for s in due if s in state.last_turns]:
            return [("last_turns", "the last turns are not in this round's turn order")]
    for seat in state.met_order[1:]:
        if seat not in done:
            why = f"seat {seat} is listed as met but took no last turn after seat {trigger}"
            return [("met_order", why)]
    return []
