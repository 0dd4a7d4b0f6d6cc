"""Setting a game up: who plays, the variants, the undo mode, and checking them.

Shared by starting a game and by loading one, so a setup is held to the same rules either way.
"""

from __future__ import annotations

import attrs

import rules
from rules import Config, GameState

from .converter import INT64_MAX, INT64_MIN, describe
from .records import BASE, BOT_KINDS, HUMAN, UNDO_MODES, Setup

VARIANTS = ("ganga", "navaratnas")
NAVARATNAS = "navaratnas"  # the variant and the board side it brings
NAME_LIMIT = 24


def setup_problem(setup: Setup) -> tuple[str, str] | None:
    """(key, sentence) for the first thing wrong with a setup, or None."""
    problem = rules.players_problem(len(setup.seats))
    if problem:
        return "seats", problem
    seen: set[str] = set()
    for i, seat in enumerate(setup.seats):
        name = seat.name
        if not name or name != name.strip() or len(name) > NAME_LIMIT:
            limit = f"a name is 1 to {NAME_LIMIT} characters, not {describe(name)}"
            return f"seats[{i}].name", limit
        if any(c in ",=" or not c.isprintable() for c in name):
            return (
                f"seats[{i}].name",
                f"the name {describe(name)} holds a comma, '=' or a control character",
            )
        if name.casefold() in seen:
            return f"seats[{i}].name", f"two players are called {name}"
        seen.add(name.casefold())
        if seat.kind != HUMAN and seat.kind not in BOT_KINDS:
            kinds = ", ".join((HUMAN, *BOT_KINDS))
            return f"seats[{i}].kind", f"{describe(seat.kind)} is not a kind of player ({kinds})"
        if seat.board not in rules.boards():
            known = ", ".join(rules.boards())
            return f"seats[{i}].board", f"{describe(seat.board)} is not a board ({known})"
        if seat.board != BASE and NAVARATNAS not in setup.variants:
            return (
                f"seats[{i}].board",
                f"{name} plays the {seat.board} board, but the variants do not name it",
            )
    for i, variant in enumerate(setup.variants):
        if variant not in VARIANTS:
            return f"variants[{i}]", f"{describe(variant)} is not a variant ({', '.join(VARIANTS)})"
    if len(set(setup.variants)) != len(setup.variants):
        return "variants", "a variant is named twice"
    if setup.undo not in UNDO_MODES:
        return "undo", f"{describe(setup.undo)} is not an undo mode ({', '.join(UNDO_MODES)})"
    problem = seed_problem(setup.seed)
    if problem:
        return "seed", problem
    return None


def seed_problem(seed: int) -> str | None:
    """Why `seed` cannot be a game's (no sentence stop), or None. A seed the TOML file cannot
    hold would start a game whose every autosave is refused on load."""
    if INT64_MIN <= seed <= INT64_MAX:
        return None
    return f"the seed must be a whole number from {INT64_MIN} to {INT64_MAX}, not {seed}"


def settled(setup: Setup) -> Setup:
    """The setup with every seat's board spelled out: "navaratnas" named with no seat choosing a
    board (a whole-table game, or a file from before seats named boards) puts every seat on a
    Navaratnas board; a seat on another board than base adds its variant."""
    boards = tuple(seat.board for seat in setup.seats)
    variants = setup.variants
    if NAVARATNAS in variants and all(board == BASE for board in boards):
        seats = tuple(attrs.evolve(seat, board=NAVARATNAS) for seat in setup.seats)
        return attrs.evolve(setup, seats=seats)
    if any(board == NAVARATNAS for board in boards) and NAVARATNAS not in variants:
        named = (*variants, NAVARATNAS)
        return attrs.evolve(setup, variants=tuple(v for v in VARIANTS if v in named))
    return setup


def boards_of(setup: Setup) -> tuple[str, ...]:
    """Each seat's province board side, as `rules.Config.boards` takes them (() for all base)."""
    boards = tuple(seat.board for seat in settled(setup).seats)
    return () if all(board == BASE for board in boards) else boards


def config_for(setup: Setup) -> Config:
    return Config(
        players=len(setup.seats),
        seed=setup.seed,
        boards=boards_of(setup),
        ganga="ganga" in setup.variants,
    )


def seated_on(setup: Setup, config: Config) -> Setup:
    """The setup taking over a position's seed, variants and boards (seats beyond the
    position's players keep theirs, for `position_mismatch` to name)."""
    seats = tuple(
        attrs.evolve(seat, board=config.board(i)) if i < config.players else seat
        for i, seat in enumerate(setup.seats)
    )
    return attrs.evolve(setup, seats=seats, seed=config.seed, variants=variants_of(config))


def variants_of(config: Config) -> tuple[str, ...]:
    found = ["ganga"] if config.ganga else []
    if "navaratnas" in config.boards:
        found.append("navaratnas")
    return tuple(v for v in VARIANTS if v in found)


def position_mismatch(setup: Setup, position: GameState) -> tuple[str, str] | None:
    config = position.config
    if len(setup.seats) != config.players:
        return (
            "seats",
            f"the setup names {len(setup.seats)} players, the position is for {config.players}",
        )
    if setup.seed != config.seed:
        return "seed", f"the seed is {setup.seed}, the position's is {config.seed}"
    if setup.variants != variants_of(config):
        return "variants", "the variants differ from the position's"
    for seat in range(config.players):
        board = settled(setup).seats[seat].board
        if board != config.board(seat):
            return (
                f"seats[{seat}].board",
                f"seat {seat} plays the {board} board here, the {config.board(seat)} one in the "
                "position",
            )
    return None
