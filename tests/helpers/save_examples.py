"""The example games in saves/, and how they were made: `python tests/helpers/save_examples.py
[NAME.toml ...]` (only the files named, when any are).

Every move is the random bot's and the times in the headers are fixed. The files, not this script,
are the reference: the bot picks from the engine's list of legal actions, so an engine that lists
them in another order makes other games when this runs again. The tests check that the files
still load, replay and stand where their names say; the app's tests show them."""

from __future__ import annotations

import sys
from pathlib import Path

import attrs

import rules
import saves
from rajas_tui import bots
from rajas_tui.present import turns
from saves.records import Game, Seat, Setup

SAVES = saves.examples_dir()
OPENING = SAVES / "opening-2p.toml"
MIDGAME = SAVES / "midgame-4p.toml"
FINAL = SAVES / "final-action-3p.toml"
GANGA = SAVES / "ganga-2p.toml"
NAVARATNAS = SAVES / "navaratnas-3p.toml"
MIXED = SAVES / "mixed-ganga-3p.toml"  # with Ganga; only Bela plays a Navaratnas board
VARIANT_GAMES = (GANGA, NAVARATNAS, MIXED)
ALL = (OPENING, MIDGAME, FINAL, *VARIANT_GAMES)
CREATED = "2025-03-01T19:30:00Z"
UPDATED = "2025-03-09T21:05:00Z"


def _advance(game: Game, actions: int) -> Game:
    for _ in range(actions):
        game = saves.play(game, bots.choose("random", game.state, game.setup.seed))
    return game


def _stamp(game: Game) -> Game:
    return attrs.evolve(game, created=CREATED, updated=UPDATED)


def opening() -> Game:
    setup = Setup((Seat("Asha"), Seat("Bela", "random")), seed=11)
    return turns.run_bots(_advance(saves.start_game(setup), 5))


def midgame() -> Game:
    names = ("Asha", "Bela", "Chand", "Devi")
    setup = Setup(tuple(Seat(n) for n in names), seed=2025)
    return _advance(saves.start_game(setup), 160)


def final_action() -> Game:
    """A game stopped just before the action that ends it."""
    setup = Setup((Seat("Asha"), Seat("Bela"), Seat("Chand")), seed=8)
    game = saves.start_game(setup)
    while True:
        action = bots.choose("random", game.state, game.setup.seed)
        if rules.apply(game.state, action).over:
            return game
        game = saves.play(game, action)


def ganga() -> Game:
    setup = Setup((Seat("Asha"), Seat("Bela", "random")), seed=21, variants=("ganga",))
    return turns.run_bots(_advance(saves.start_game(setup), 40))


def navaratnas() -> Game:
    """Every seat on a Navaratnas board (the variant named, no seat choosing a board)."""
    seats = (Seat("Asha"), Seat("Bela"), Seat("Chand"))
    return _advance(saves.start_game(Setup(seats, seed=22, variants=("navaratnas",))), 60)


def mixed() -> Game:
    seats = (Seat("Asha"), Seat("Bela", board="navaratnas"), Seat("Chand", "random"))
    setup = Setup(seats, seed=23, variants=("ganga", "navaratnas"))
    return turns.run_bots(_advance(saves.start_game(setup), 50))


MAKERS = (
    (OPENING, opening),
    (MIDGAME, midgame),
    (FINAL, final_action),
    (GANGA, ganga),
    (NAVARATNAS, navaratnas),
    (MIXED, mixed),
)


def main(paths: tuple[Path, ...] = ()) -> None:
    """Writes the examples (only `paths`, when named: the others stay as they are)."""
    for path, make in MAKERS:
        if paths and path not in paths:
            continue
        saves.save(_stamp(make()), path)
        saves.backup_of(path).unlink(missing_ok=True)
        print(f"wrote {path}")


if __name__ == "__main__":
    main(tuple(SAVES / name for name in sys.argv[1:]))
