"""`rajas simulate`: whole games of random legal moves, checked after every action."""

from __future__ import annotations

import json
import random

import attrs

import rules
from rules import Config, GameState, invariant_problems, margin, upgrades_made

ROUND_LIMIT = 200


@attrs.frozen
class GameReport:
    seed: int
    players: int
    rounds: int
    actions: int
    winner: int
    seats: tuple[dict[str, int | str], ...]
    variants: tuple[str, ...] = ()

    def as_json(self) -> str:
        return json.dumps(attrs.asdict(self, recurse=True))

    def as_line(self) -> str:
        seats = "  ".join(
            f"[{s['seat']}] fame {s['fame']} money {s['money']} margin {s['margin']:+d}"
            f" karma {s['karma']} workers {s['workers']} tiles {s['tiles']}"
            f" river {s['river']} upgrades {s['upgrades']}"
            for s in self.seats
        )
        played = f" ({', '.join(self.variants)})" if self.variants else ""
        return (
            f"seed {self.seed}: {self.players} players{played}, {self.rounds} rounds, "
            f"{self.actions} actions, winner seat {self.winner}  {seats}"
        )


class SimulationError(Exception):
    """A game broke an invariant or did not finish; the message names the seed and the action."""


def play_random(
    seed: int, players: int, check: bool = True, config: Config | None = None
) -> GameState:
    """Plays one game of random legal moves to its end and returns the final state.

    With `check`, every invariant is checked after every action; the move chooser is seeded
    from the game seed, so a game is reproduced by its seed (and its variants) alone. `config`
    gives the variants and boards; its seed and players are replaced by these.
    """
    base = config or Config(players=players, seed=seed)
    state = rules.new_game(attrs.evolve(base, players=players, seed=seed))
    chooser = random.Random(seed)
    while not state.over:
        if state.round > ROUND_LIMIT:
            raise SimulationError(f"game seed {seed} did not end within {ROUND_LIMIT} rounds")
        action = chooser.choice(rules.legal_actions(state))
        try:
            after = rules.apply(state, action)
        except Exception as error:  # any crash is reported like a broken invariant
            raise SimulationError(
                f"game seed {seed}, action {state.steps + 1} ({action}) failed: {error!r}"
            ) from error
        if check:
            broken = invariant_problems(after, state)
            if broken:
                raise SimulationError(
                    f"game seed {seed}, action {after.steps} ({action}): {'; '.join(broken)}"
                )
        state = after
    return state


def report(seed: int, state: GameState) -> GameReport:
    standings = rules.ranking(state)
    seats: tuple[dict[str, int | str], ...] = tuple(
        {
            "seat": seat,
            "fame": p.fame,
            "money": p.money,
            "margin": margin(p.fame, p.money),
            "karma": p.karma,
            "workers": p.workers,
            "tiles": sum(1 for _ in p.province.placed()),
            "river": state.river.boats[seat],
            "upgrades": upgrades_made(p.levels),
            "board": state.config.board(seat),
        }
        for seat, p in enumerate(state.players)
    )
    variants = (["ganga"] if state.config.ganga else []) + (
        ["navaratnas"] if "navaratnas" in state.config.boards else []
    )
    return GameReport(
        seed,
        state.config.players,
        state.round,
        state.steps,
        standings[0].seat,
        seats,
        tuple(variants),
    )
