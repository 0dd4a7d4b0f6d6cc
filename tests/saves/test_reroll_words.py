"""The words a full re-roll reveals, and saves written before they told every die.

When every die of the statue is re-rolled, a die that lands on its old face is still a die
rolled. Saves written while such a die was left out of the words ("rolled dice" for a lone die
rolled back onto its face) still load: replay accepts those legacy words for that entry only.
"""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from pathlib import Path

import attrs
import pytest
import tomli_w

import rules
import saves
from saves import reveal_words
from saves.records import Seat, Setup

SEATS = (Seat("A"), Seat("B"))


def _full_reroll_onto_an_old_face() -> tuple[saves.Game, rules.Action]:
    """A game just before a `reroll done` that rolls the whole statue, one die coming back on
    the face it had."""
    for seed in range(40):
        game = saves.start_game(Setup(SEATS, seed, ()))
        chooser = random.Random(seed)
        while not game.over:
            state = game.state
            action = chooser.choice(rules.legal_actions(state))
            if isinstance(action, rules.Reroll) and action.die is None and state.queue:
                statue = state.players[state.turn].dice
                if Counter(state.queue[0].chosen) == Counter(statue):
                    after = rules.apply(state, action)
                    if set(after.players[state.turn].dice) & set(statue):
                        return game, action
            game = saves.play(game, action)
    raise AssertionError("no full re-roll brought a face back")


def test_a_full_reroll_tells_every_die_even_one_back_on_its_face() -> None:
    game, action = _full_reroll_onto_an_old_face()
    after = saves.play(game, action)
    dice = after.state.players[game.state.turn].dice
    assert after.log[-1].revealed == "rolled " + " ".join(map(str, dice))


def test_a_save_with_the_legacy_words_still_loads(tmp_path: Path) -> None:
    game, action = _full_reroll_onto_an_old_face()
    played = saves.play(game, action)
    legacy = reveal_words.legacy_reveal(game.state, played.state, action)
    assert legacy != played.log[-1].revealed
    # Written as the old rule wrote it: the last entry's words told by the legacy rule.
    old = attrs.evolve(
        played, log=(*played.log[:-1], attrs.evolve(played.log[-1], revealed=legacy))
    )
    saves.save(old, tmp_path / "old.toml")
    raw = tomllib.loads((tmp_path / "old.toml").read_text())
    assert raw["log"]["played"][-1]["revealed"] == legacy
    loaded = saves.load(tmp_path / "old.toml")
    assert loaded.state == played.state
    assert loaded.log == played.log  # the replayed log tells the dice anew


def test_a_new_save_holds_the_new_words_and_refuses_other_words(tmp_path: Path) -> None:
    game, action = _full_reroll_onto_an_old_face()
    played = saves.play(game, action)
    saves.save(played, tmp_path / "new.toml")
    raw = tomllib.loads((tmp_path / "new.toml").read_text())
    assert raw["log"]["played"][-1]["revealed"] == played.log[-1].revealed
    assert saves.load(tmp_path / "new.toml").log == played.log
    # Only the words of the old rule are accepted besides the new ones.
    raw["log"]["played"][-1]["revealed"] = "rolled g1 g1 g1"
    (tmp_path / "bad.toml").write_text(tomli_w.dumps(raw))
    with pytest.raises(saves.SaveError, match="revealed 'rolled g1 g1 g1', but it reveals"):
        saves.load(tmp_path / "bad.toml")
