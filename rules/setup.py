"""Setting up a new game (§2)."""

from __future__ import annotations

from typing import Any

from .catalog import PLAYER_COUNTS, catalog
from .ganga import lay_river_tiles
from .model import BUILDINGS, COLOURS, Die
from .province import empty_province
from .rng import roll, seed_state, shuffled
from .ruleset import Ruleset, rules_for
from .state import COVERED, EMPTY, FREE, Config, GameState, Player, River, Supply


def boards() -> tuple[str, ...]:
    """The province board sides a seat may play."""
    return tuple(catalog().boards)


def players_problem(players: int) -> str | None:
    """Why a game cannot have this many players (no full stop: callers end the sentence)."""
    if players in PLAYER_COUNTS:
        return None
    return f"rajas is played by {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} players, not {players}"


def config_problem(config: Config) -> str | None:
    problem = players_problem(config.players)
    if problem:
        return f"{problem}."
    if config.boards and len(config.boards) != config.players:
        return f"give one board per player ({config.players}), not {len(config.boards)}."
    for board in config.boards:
        if board not in catalog().boards:
            return f"there is no {board!r} board; boards: {', '.join(boards())}."
    return None


def new_game(config: Config) -> GameState:
    """A new game, every random part of it drawn from the seed."""
    problem = config_problem(config)
    if problem:
        raise ValueError(problem)
    data = catalog()
    setup = data.setup
    seed = seed_state(config.seed)
    stacks = []
    for colour in COLOURS:
        for animal in ("snake", "cow", "tiger"):
            ids = [t.id for t in data.tiles if t.colour == colour and t.animal == animal]
            stack, seed = shuffled(seed, ids)
            stacks.append(stack)
    rules = rules_for(config)
    yields, display, drawn, seed = _yield_tiles(rules, config, seed)
    supply_dice = [setup.dice_per_colour] * len(COLOURS)
    statues = []
    for _ in range(config.players):
        dice = []
        for colour in COLOURS:
            for _ in range(setup.start_dice_per_colour):
                value, seed = roll(seed)
                dice.append(Die(colour, value))
                supply_dice[colour] -= 1
        statues.append(tuple(sorted(dice)))
    totals = [sum(d.value for d in dice) for dice in statues]
    start = totals.index(min(totals))  # ties: the lowest seat (§2)
    side = data.side_for(config.players)
    covered = set(side.covered.get(config.players, ()))
    players = tuple(
        Player(
            fame=setup.fame,
            money=setup.start_money[(seat - start) % config.players],
            karma=setup.karma,
            dice=statues[seat],
            places=rules.seats[seat].places,
            workers=setup.workers_start,
            placed=0,
            passed=False,
            levels=(setup.building_level_start,) * len(BUILDINGS),  # type: ignore[arg-type]
            province=empty_province(),
            **drawn[seat],
        )
        for seat in range(config.players)
    )
    river_tiles: tuple[int, ...] = ()
    if config.ganga:
        river_tiles, seed = lay_river_tiles(seed)
    return GameState(
        config=config,
        rng=seed,
        round=1,
        start_player=start,
        turn=start,
        players=players,
        spaces=tuple(COVERED if s.key in covered else FREE for s in side.spaces),
        supply=Supply(
            dice=tuple(supply_dice),  # type: ignore[arg-type]
            stacks=tuple(stacks),
            yields=yields,
            yield_discard=(),
            out_of_game=(),
            display=display,
        ),
        river=River((0,) * config.players, river_tiles),
    )


def _yield_tiles(
    rules: Ruleset, config: Config, seed: int
) -> tuple[tuple[int, ...], tuple[int, ...], list[dict[str, Any]], int]:
    """(the face-down white stack, the face-up display, per seat its fields, the generator).

    White tiles lie face down for a base seat's Dancer; with any board that has fields, every
    other tile lies face up, but for one tile per seat whose board draws one face down (§12)."""
    data = catalog()
    white = [t.id for t in data.yield_tiles if t.colour == "white"]
    stack, seed = shuffled(seed, white) if rules.white_face_down else ((), seed)
    drawn: list[dict[str, Any]] = [{} for _ in range(config.players)]
    if not rules.fields:
        return stack, (), drawn, seed
    face_up = [t.id for t in data.yield_tiles if t.colour != "white" or not rules.white_face_down]
    for seat, seat_rule in enumerate(rules.seats):
        fields = [EMPTY] * len(seat_rule.fields)
        draw = data.boards[seat_rule.board].setup_draw
        hidden = 0
        if draw is not None:
            colour, cell, side = draw
            pile = [t for t in face_up if data.yield_tiles[t].colour == colour]
            shuffled_pile, seed = shuffled(seed, pile)
            tile = shuffled_pile[-1]
            face_up.remove(tile)
            index = next(
                i for i, f in enumerate(seat_rule.fields) if (f.cell, f.side) == (cell, side)
            )
            fields[index] = tile
            hidden = 1 << index
        drawn[seat] = {"fields": tuple(fields), "face_down": hidden}
    return stack, tuple(sorted(face_up)), drawn, seed
