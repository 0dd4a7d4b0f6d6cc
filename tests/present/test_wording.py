"""The words the screens build: counted nouns agree with their number, market scoring names the
player's own markets, previews tell dice paid and dice gained apart, and the rotation the grid
shows is the one the confirmed place action carries."""

from __future__ import annotations

import pytest

import rules
from rajas_tui.present import option_words, spoken, text
from rajas_tui.present.action_preview import preview
from rajas_tui.present.changes import paid_dice
from rajas_tui.present.chooser import Chooser, distinct_rotations
from rules import Colour, Harbor, Place, Single, Take, Variety
from rules.state import GameState
from tests.helpers.playouts import random_states

GAMES = 12


def played_states() -> tuple[GameState, ...]:
    """The sample's states, played once per process and only by the tests that use them."""
    return random_states(GAMES)


def _best_markets(state: GameState) -> dict[rules.Good, list[int]]:
    """The acting player's market values by good, best first, read from the tiles directly."""
    tiles = rules.catalog().tiles
    found: dict[rules.Good, list[int]] = {}
    for _, placed in state.player.province.placed():
        for good, money in tiles[placed.tile].markets:
            found.setdefault(rules.Good(good), []).append(money)
    return {good: sorted(values, reverse=True) for good, values in found.items()}


# Counted nouns --------------------------------------------------------------------------------


def test_counted_nouns_are_singular_for_one_only() -> None:
    assert rules.counted(1, "round") == "1 round"
    assert rules.counted(0, "round") == "0 rounds"
    assert rules.counted(3, "space") == "3 spaces"
    assert rules.counted(1, "die") == "1 die"
    assert rules.counted(2, "die") == "2 dice"
    assert rules.counted(1, "tea market") == "1 tea market"
    assert rules.counted(4, "tea market") == "4 tea markets"
    assert rules.counted(2, "green die") == "2 green dice"


def test_a_one_step_harbor_move_says_one_space() -> None:
    words = text.action_words(rules.parse_action("harbor h1 g2 move 1"))
    assert words.endswith("boat 1 space"), words
    assert "boat 2 spaces" in text.action_words(rules.parse_action("harbor h1 g2 move 2"))


def test_a_single_market_paid_with_a_one_says_one_market() -> None:
    words = text.action_words(rules.parse_action("single s3 b1 tea"))
    assert words.endswith("scores 1 tea market"), words
    assert "scores 5 silk markets" in text.action_words(rules.parse_action("single s3 b5 silk"))


def test_the_die_for_a_single_market_counts_markets_rightly() -> None:
    state = played_states()[0]
    one = rules.parse_action("single s3 b1 tea")
    assert isinstance(one, Single)
    _, detail = option_words._describe_one_die(state, one.pay, one)
    assert detail == "scores up to 1 market"
    three = rules.parse_action("single s3 b3 tea")
    assert isinstance(three, Single)
    assert option_words._describe_one_die(state, three.pay, three)[1] == "scores up to 3 markets"


def test_the_die_for_the_harbor_says_how_far_the_boat_moves() -> None:
    """A die of 1 moves the boat 1 space: not "1–1"."""
    state = played_states()[0]
    one = rules.parse_action("harbor h1 g1 move 1")
    assert isinstance(one, Harbor)
    assert option_words._describe_one_die(state, one.pay, one)[1] == "boat moves 1"
    three = rules.parse_action("harbor h1 g3 move 1")
    assert isinstance(three, Harbor)
    assert option_words._describe_one_die(state, three.pay, three)[1] == "boat moves 1–3"
    assert spoken.spoken("boat moves 1") == "the boat moves 1 space"
    assert spoken.spoken("boat moves 1–3") == "the boat moves 1 to 3 spaces"


def test_a_chamber_space_names_its_chamber_once() -> None:
    """ "chamber 5 Master Builder: replace a tile", not "…Master Builder: Master Builder: …"."""
    spaces = [spec for side in rules.catalog().sides for spec in side.spaces]
    for spec in spaces:
        if spec.area == "chamber":
            name = rules.catalog().chambers[spec.value].name
            assert f"{name}: {name}" not in text.space_words(spec), text.space_words(spec)
    (five, *_) = [s for s in spaces if s.area == "chamber" and s.value == 5]
    assert text.space_words(five) == "chamber 5 Master Builder: replace a tile"


def test_a_choice_of_dice_counts_a_colour_taken_twice() -> None:
    """The Dancer's two dice: "2 orange dice", not "orange orange"."""
    state = random_states(1)[0]
    words = {
        colours: option_words._describe_dice_choice(state, Take(colours), None)
        for colours in [
            (Colour.ORANGE,),
            (Colour.ORANGE, Colour.ORANGE),
            (Colour.ORANGE, Colour.PURPLE),
        ]
    }
    assert words[(Colour.ORANGE,)] == ("take o", "orange")
    assert words[(Colour.ORANGE, Colour.ORANGE)] == ("take o o", "2 orange dice")
    assert words[(Colour.ORANGE, Colour.PURPLE)] == ("take o p", "orange and purple")


# Market scoring names the player's markets ----------------------------------------------------


@pytest.mark.slow
def test_variety_scoring_names_the_players_best_market_of_each_good() -> None:
    checked = 0
    for state in played_states():
        for action in rules.legal_actions(state):
            if not isinstance(action, Variety):
                continue
            best = _best_markets(state)
            words = preview(state, action).split("\n")[0]
            if not best:
                assert words.endswith("scores none of your markets"), words
                continue
            named = ", ".join(
                f"{text.good_name(good)} {values[0]}{text.G['money']}"
                for good, values in sorted(best.items())
            )
            assert words.endswith(f"scores your {named}"), words
            option = next(
                o for o in Chooser(state).top.options if o.key == action.space and o.enabled
            )
            assert option.detail == f"variety market: scores your {named}"
            checked += 1
    assert checked > 20


@pytest.mark.slow
def test_single_market_scoring_names_the_markets_it_counts() -> None:
    checked = 0
    for state in played_states():
        for action in rules.legal_actions(state):
            if not isinstance(action, Single):
                continue
            values = _best_markets(state).get(action.good, [])[: action.pay.value]
            words = preview(state, action).split("\n")[0]
            money = text.G["money"]
            if values:
                listed = " ".join(f"{v}{money}" for v in values)
                assert words.endswith(f": your {text.good_name(action.good)} {listed}"), words
                _label, detail = option_words._describe_good(state, action.good, action)
                assert detail.startswith(f"+{sum(values)}{money}: scores your "), detail
                checked += 1
            else:
                assert words.endswith(": you have none"), words
    assert checked > 20


# Dice paid and dice gained --------------------------------------------------------------------


def _dice_gained(state: GameState, action: rules.Action, colour: Colour) -> int:
    """Dice of `colour` the action brings besides its payment, from the engine's forecast."""
    after, _ = rules.forecast(state, action)
    before = [d for d in state.player.dice if d.colour == colour]
    now = [d for d in after.players[state.turn].dice if d.colour == colour]
    paid = [p for p in paid_dice(action) if p.die.colour == colour]
    return len(now) - (len(before) - len(paid))


@pytest.mark.slow
def test_a_preview_tells_the_dice_paid_once_and_the_dice_gained_apart() -> None:
    paying = gaining_back = 0
    for state in played_states()[::2]:
        for action in rules.legal_actions(state):
            paid = paid_dice(action)
            if not paid:
                continue
            told, shown = preview(state, action).split("\n")
            # The payment is told once, with the action; the second line is what changes.
            assert told.endswith(f" {text.payment_text(paid)}") or (
                f" {text.payment_text(paid)}," in told
            ), (str(action), told)
            assert text.payment_text(paid) not in shown, (str(action), shown)
            paying += 1
            for colour in {p.die.colour for p in paid}:
                gained = _dice_gained(state, action, colour)
                if gained > 0:
                    # Netted, this read as fewer dice paid; both must show.
                    assert f"+{gained}{text.G['die']}{colour.letter}" in shown, (str(action), shown)
                    gaining_back += 1
    assert paying > 1000
    assert gaining_back > 0


# The rotation shown is the rotation confirmed -------------------------------------------------


def _placements() -> list[GameState]:
    return [s for s in played_states() if any(isinstance(a, Place) for a in rules.legal_actions(s))]


def test_the_distinct_rotations_of_each_road_shape() -> None:
    assert distinct_rotations(0b1111) == [0]
    assert distinct_rotations(0b0101) == [0, 1]
    assert distinct_rotations(0b0011) == [0, 1, 2, 3]
    for tile in rules.catalog().tiles:
        turns = distinct_rotations(tile.ends)
        shapes = {rules.rotated(tile.ends, r) for r in range(4)}
        assert len(turns) == len(shapes)


def test_the_grid_confirms_the_rotation_it_shows() -> None:
    """For every placement, every cell and every number of presses of r: what the grid shows
    turned is what Enter confirms, and every legal placement can be shown and confirmed."""
    states = _placements()
    assert len(states) > 50
    confirmed = 0
    for state in states:
        legal = [a for a in rules.legal_actions(state) if isinstance(a, Place)]
        chooser = Chooser(state, legal)
        step = chooser.top
        assert step.kind == "grid"
        ends = rules.catalog().tiles[step.tile].ends
        reached = set()
        for cell in {a.cell for a in legal}:
            step.cell = cell
            for _ in range(5):
                match = chooser.grid_match(step)
                if match is not None:
                    assert match.rotation == step.rotation, (state.steps, str(match))
                    assert rules.rotated(ends, match.rotation) == rules.rotated(ends, step.rotation)
                    assert f"turned {step.rotation}×90°" in text.action_words(match)
                    reached.add(match)
                    confirmed += 1
                chooser.press("rotate")
        assert reached == set(legal), state.steps
    assert confirmed > 200
