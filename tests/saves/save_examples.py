"""The example games in saves/, and how they were made: `python tests/persist/save_examples.py`.

Every move is the random bot's and the times in the headers are fixed. The files, not this script,
are the reference: the bot picks from the engine's list of legal actions, so an engine that lists
them in another order makes other games when this runs again. The tests check that the files
still load, replay and stand where their names say; the app's tests show them."""

from __future__ import annotations

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
ALL = (OPENING, MIDGAME, FINAL)
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


def main() -> None:
    for path, make in ((OPENING, opening), (MIDGAME, midgame), (FINAL, final_action)):
        saves.save(_stamp(make()), path)
        saves.backup_of(path).unlink(missing_ok=True)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
