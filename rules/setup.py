"""Setting up a new game (§2)."""

from __future__ import annotations

from .catalog import catalog
from .effects import HANDLED
from .model import BUILDINGS, COLOURS, Die
from .province import empty_province
from .rng import roll, seed_state, shuffled
from .state import COVERED, FREE, Config, GameState, Player, River, Supply

BOARDS = ("base",)


def config_problem(config: Config) -> str | None:
    if not 2 <= config.players <= 4:
        return f"rajas is played by 2 to 4 players, not {config.players}."
    if config.boards and len(config.boards) != config.players:
        return f"give one board per player ({config.players}), not {len(config.boards)}."
    for board in config.boards:
        unplayable = sorted(catalog().board_gains.get(board, frozenset()) - HANDLED)
        if unplayable:
            return (
                f"the {board!r} board is not available yet: no rule carries out its gains "
                f"{', '.join(unplayable)}."
            )
        if board not in BOARDS:
            return f"the {board!r} board is not available yet; boards: {', '.join(BOARDS)}."
    if config.ganga:
        return "the Ganga river module is not available yet."
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
    yields, seed = shuffled(seed, range(len(data.yields["white"])))
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
            places=setup.statue_places,
            workers=setup.workers_start,
            placed=0,
            passed=False,
            levels=(setup.building_level_start,) * len(BUILDINGS),  # type: ignore[arg-type]
            province=empty_province(),
        )
        for seat in range(config.players)
    )
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
            yields=tuple(yields),
            yield_discard=(),
            out_of_game=(),
        ),
        river=River((0,) * config.players),
    )
