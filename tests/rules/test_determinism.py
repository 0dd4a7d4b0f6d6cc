"""The engine plays exactly the games it played before its speed work.

Fixed-seed random games of every variant are played, and every legal-action list (in its order,
in notation) and every final state is folded into one digest per variant. The digests below were
recorded from the engine before it was made faster: a change that lists actions in another
order, lists another set, or ends a game in another state changes a digest. If a rules fix is
meant to change games, record the new digests in the same commit and say why.
"""

from __future__ import annotations

import hashlib
import random

import pytest

import rules
from rules import Config, palace, placing
from rules.dice import remove_dice
from rules.effects import chamber_possible
from rules.spaces import board_side
from tests.helpers.playouts import random_game

GAMES = 8  # per player count: 2, 3 and 4 players, so 24 games per variant


def config(variant: str, players: int, seed: int) -> Config:
    boards: tuple[str, ...] = ()
    if variant in ("navaratnas", "both"):
        boards = ("navaratnas",) * players
    elif variant == "mixed":
        boards = tuple(("base", "navaratnas")[(seat + seed) % 2] for seat in range(players))
    return Config(players=players, seed=seed, boards=boards, ganga=variant in ("ganga", "both"))


def digest(variant: str) -> str:
    """One hash over every listing and final state of the variant's fixed games."""
    folded = hashlib.sha256()
    for players in (2, 3, 4):
        for seed in range(1, GAMES + 1):
            state = rules.new_game(config(variant, players, seed))
            chooser = random.Random(seed * 10 + players)
            while not state.over:
                listed = rules.legal_actions(state)
                folded.update("|".join(map(str, listed)).encode())
                folded.update(b"\n")
                state = rules.apply(state, chooser.choice(listed))
            # The record's repr names every field of every nested record, so it is the whole
            # state, dice, stacks, river and queue included.
            folded.update(repr(state).encode())
    return folded.hexdigest()


RECORDED = {
    "base": "e5714eeb75be9f3d578b391eec412e9fa774fc60bd8d33967fcc819ad53b3a1c",
    "ganga": "83733ae21928e88a564eff59af8a3c627ee15ed9ced1e0ee7f95ccd75fe48451",
    "navaratnas": "5af8cb9f412bcc468eb7bedec1ff6f5ee7d1272a7a4f0d2a3f510e8123770916",
    "both": "5077f7d7a5be4c02a11010159e49b8905e218b9df27ffaf22474c3348fafa644",
    "mixed": "240c788e74e1be49968f3429d0119797961896dabb8ef73b9b6c9b0eb2e34621",
}


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(RECORDED))
def test_fixed_games_are_played_as_before(variant: str) -> None:
    assert digest(variant) == RECORDED[variant]


@pytest.mark.slow
def test_quick_chamber_checks_agree_with_checking_each_payment() -> None:
    """The chamber listing checks the Master Builder once per state and the Portuguese once
    per chamber; each payment it keeps or drops is what checking that payment alone says."""
    checked = 0
    for variant in ("base", "ganga"):
        for seed in range(1, 9):
            game = random_game(rules.new_game(config(variant, 4, seed)), random.Random(seed))
            for state in game:
                if not state.queue and not state.over:
                    checked += _check_chambers(state)
    assert checked > 100


def _check_chambers(state: rules.GameState) -> int:
    seat, player = state.turn, state.player
    checked = 0
    for spec in board_side(state).in_area("chamber"):
        every = palace._chamber_payments(spec.key, spec.value, player.dice, player.karma)
        one_by_one = tuple(
            option
            for option in every
            if chamber_possible(
                state,
                seat,
                spec.value,
                remove_dice(player.dice, (option.pay.die,)),
                player.karma - option.pay.flipped,
            )
        )
        assert list(placing.space_options(state, spec)) == list(one_by_one)
        checked += len(every)
    return checked
