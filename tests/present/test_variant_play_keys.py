"""The variants' choices from the keyboard, without the app: every legal action of mixed,
Navaratnas and Ganga games is reachable by keys, the options and previews tell the acting seat
nothing it may not see, and the words name the new choices."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import pytest

import rules
import saves as save_layer
from rajas_tui.present import text, turns
from rajas_tui.present.action_preview import preview
from rajas_tui.present.chooser import Chooser, Step
from rules import Config, GameState, Sail, TakeYield, replace
from tests.helpers.fixture_states import run, turn_to, variant, with_player
from tests.helpers.key_plan import plan
from tests.helpers.playouts import random_game

# (boards, ganga): mixed boards with and without Ganga, all Navaratnas, Ganga on base boards.
VARIANTS = (
    (("base", "navaratnas", "base"), True),
    (("navaratnas", "base"), False),
    (("navaratnas", "navaratnas", "navaratnas", "navaratnas"), True),
    (("base", "base"), True),
)
NEW_KINDS = ("take_yield", "boat_steps", "dice_distinct")


@cache
def games() -> tuple[tuple[GameState, ...], ...]:
    """Every state of 12 random games, the variants in turn: played when a test first asks,
    once per process, rather than by every worker as it collects the tests."""
    played = []
    for seed in range(1, 13):
        boards, ganga = VARIANTS[seed % len(VARIANTS)]
        state = rules.new_game(Config(len(boards), seed, boards=boards, ganga=ganga))
        played.append(tuple(s for s in random_game(state, random.Random(seed)) if not s.over))
    return tuple(played)


def _sample(states: Sequence[GameState], seed: int) -> list[GameState]:
    """A few placements, and every state asking for one of the new choices."""
    new = [s for s in states if s.queue and s.queue[0].kind in NEW_KINDS]
    return random.Random(seed).sample(states, 6) + new


@pytest.mark.slow
def test_every_legal_action_of_the_variants_is_reachable_by_keys() -> None:
    kinds: set[str] = set()
    checked = 0
    for seed, states in enumerate(games()):
        for state in _sample(states, seed):
            view = rules.seat_view(state, state.turn)
            legal = rules.legal_actions(view)
            assert legal == rules.legal_actions(state)
            for action in legal:
                commands = plan(Chooser(view, legal), action)
                fresh = Chooser(view, legal)
                results = [fresh.press(c) for c in commands]
                assert results[-1] == action, (seed, state.steps, str(action), commands)
                assert all(r is None for r in results[:-1])
                checked += 1
            kinds.add(state.queue[0].kind if state.queue else "placement")
    assert set(NEW_KINDS) <= kinds, kinds
    assert checked > 1000


def _shown(chooser: Chooser, step: Step) -> list[str]:
    return [step.title] + [f"{o.label}|{o.detail}|{o.reason}" for o in step.options]


def _everything_shown(state: GameState) -> list[str]:
    """Every option line of every step the acting seat can open, and every preview."""
    legal = rules.legal_actions(state)
    lines: list[str] = []
    for action in legal:
        chooser = Chooser(state, legal)
        for command in plan(Chooser(state, legal), action)[:-1]:
            chooser.press(command)
            lines += _shown(chooser, chooser.top)
        lines.append(preview(state, action))
    return lines


def _other_chance(state: GameState) -> GameState:
    """The same position with what the acting seat has not seen changed: the other seats'
    face-down tiles, the white stack's order, the random stream."""
    players = list(state.players)
    for seat, player in enumerate(players):
        if seat != state.turn and player.face_down:
            fields = tuple(
                rules.UNSEEN if player.face_down & (1 << i) else tile
                for i, tile in enumerate(player.fields)
            )
            players[seat] = replace(player, fields=fields)
    supply = replace(state.supply, yields=tuple(reversed(state.supply.yields)))
    return replace(state, players=tuple(players), supply=supply, rng=state.rng ^ 0x5DEECE66D)


@pytest.mark.slow
def test_options_and_previews_tell_the_acting_seat_nothing_hidden() -> None:
    checked = 0
    for seed, states in enumerate(games()):
        hiding = [
            s
            for s in states
            if s.supply.yields or any(p.face_down for i, p in enumerate(s.players) if i != s.turn)
        ]
        for state in _sample(hiding, seed) if len(hiding) >= 6 else hiding:
            assert _everything_shown(state) == _everything_shown(_other_chance(state)), (
                seed,
                state.steps,
            )
            checked += 1
    assert checked > 40


def test_the_stack_preview_does_not_tell_the_top_white_tile() -> None:
    found = 0
    for states in games():
        for state in states:
            if not (state.queue and state.queue[0].kind == "take_yield"):
                continue
            for action in rules.legal_actions(state):
                if isinstance(action, TakeYield) and action.tile == rules.STACK:
                    shown = preview(state, action)
                    assert "top face-down white tile" in shown
                    assert "seen when you take it" in shown or "no gain until" in shown
                    found += 1
    assert found


def _first(kind: str) -> GameState:
    return next(s for states in games() for s in states if s.queue and s.queue[0].kind == kind)


def test_a_yield_tile_is_chosen_by_name_and_gain_then_its_field_by_side_and_cell() -> None:
    state = _first("take_yield")
    chooser = Chooser(state)
    tiles = chooser.top
    names = {rules.catalog().yield_tiles[t].name for t in state.supply.display}
    assert names <= {o.value for o in tiles.options}
    yellow = next(o for o in tiles.options if o.value.startswith("yellow") and o.enabled)
    tile = rules.catalog().yield_tile(yellow.value)
    assert tile is not None
    assert yellow.label.strip() == yellow.value
    assert yellow.detail == text.gains_words(tile.gain)
    chooser.press(str(tiles.options.index(yellow) + 1))
    fields = chooser.top
    assert fields.title == "Choose the field the yield tile goes on"
    assert [o.label for o in fields.options] == ["left side, a3", "right side, e3"]
    assert fields.options[0].detail in ("no road reaches it", "a road reaches it")


def test_a_full_field_is_dimmed_with_the_engines_reason() -> None:
    for states in games():
        for state in states:
            if not (state.queue and state.queue[0].kind == "take_yield"):
                continue
            seat_fields = rules.seat_rules(state, state.turn).fields
            for index, tile_option in enumerate(Chooser(state).top.options):
                chooser = Chooser(state)
                if not tile_option.enabled:
                    assert tile_option.reason.startswith("Your ")
                    continue
                chooser.top.cursor = index
                chooser.press("confirm")
                for option in chooser.top.options:
                    cell, side = option.value
                    action = TakeYield(tile_option.value, cell, rules.Side(side))
                    assert option.reason == (rules.why_not_yield(state, action) or "")
                    assert any((f.cell, f.side) == (cell, side) for f in seat_fields)
                    if not option.enabled:
                        return
    raise AssertionError("no full field turned up")


def test_sail_steps_name_the_river_space_and_its_ganga_gain() -> None:
    state = _first("boat_steps")
    river = rules.ruleset(state).river
    chooser = Chooser(state)
    assert chooser.top.title == "Choose how far the boat sails on"
    for option in chooser.top.options:
        to = rules.destination(state.river.boats, state.turn, option.value)
        assert option.label == f"sail {option.value} → space {to}"
        assert option.detail.startswith(text.gains_words(river[to])[:20])
    assert text.action_words(Sail(2)) == "sails the boat 2 free spaces on"
    assert text.action_words(Sail(1)) == "sails the boat 1 free space on"


@pytest.mark.slow
def test_harbor_steps_tell_the_ganga_tile_on_the_space_reached() -> None:
    """The river's gains under Ganga tiles are the game's, not the base river's."""
    told = 0
    for states in games():
        for state in states:
            if state.queue or not state.config.ganga:
                continue
            legal = rules.legal_actions(state)
            harbor = [a for a in legal if isinstance(a, rules.Harbor)]
            if not harbor:
                continue
            chooser = Chooser(state, legal)
            for command in plan(Chooser(state, legal), harbor[0])[:-1]:
                chooser.press(command)
            step = next((s for s in chooser.steps if s.title == "How far does the boat go?"), None)
            if step is None:
                continue
            for option in step.options:
                to = rules.destination(state.river.boats, state.turn, option.value)
                assert option.detail.startswith(text.gains_words(rules.ruleset(state).river[to]))
                told += rules.ruleset(state).river[to] != rules.catalog().river.gains[to]
    assert told


def test_the_navaratnas_dancer_reads_as_its_board_gives_it() -> None:
    state = next(
        s
        for states in games()
        for s in states
        if not s.queue and rules.seat_rules(s, s.turn).board == "navaratnas"
    )
    dancer = next(o for o in Chooser(state).top.options if o.key == "c2")
    assert "yield tile onto a field" in dancer.detail
    assert "draw a white" not in dancer.detail


def test_yield_words() -> None:
    action = rules.parse_action("yield yellow3 a3 w")
    assert text.action_words(action) == "takes yellow3 onto the field left of a3"
    stack = rules.parse_action("yield stack e2 e")
    assert (
        text.action_words(stack) == "takes the top face-down white tile onto the field right of e2"
    )


def _play_until(seed: int, found) -> save_layer.Game | None:  # type: ignore[no-untyped-def]
    boards = ("base", "navaratnas", "base")
    state = rules.new_game(Config(3, seed, boards=boards, ganga=True))
    seats = [("Asha", "random"), ("Bela", "random"), ("Chandra", "random")]
    game = save_layer.start_game(save_layer.seated(seats, seed), position=state)
    pick = random.Random(seed)
    while not game.over:
        if found(game):
            return game
        game = save_layer.play(game, pick.choice(rules.legal_actions(game.state)))
    return None


def _waits_for_a_yield_tile(game: save_layer.Game) -> bool:
    queue = game.state.queue
    return len(queue) == 1 and queue[0].kind == "take_yield" and not game.state.player.workers_left


@pytest.mark.slow
def test_a_yield_tile_instead_of_a_turn_is_told_apart_from_the_dancers() -> None:
    instead = dancer = 0
    for seed in range(1, 30):
        game = _play_until(seed, _waits_for_a_yield_tile)
        if game is None:
            continue
        own = bool(game.log) and game.log[-1].seat == game.state.turn
        assert turns.takes_yield_instead(game) is not own
        instead += not own
        dancer += own
        if instead and dancer:
            return
    raise AssertionError(f"found {instead} turns instead and {dancer} Dancers")


def test_taking_the_white_stack_onto_a_reached_field_previews_the_same_whatever_lies_on_top() -> (
    None
):
    """The engine's forecast of "yield stack" lays the real top tile (its gain would tell which
    it is): the preview must not show it. Seed 32 of a mixed game takes from the stack onto a
    white field a road already reaches."""
    state = rules.new_game(Config(3, 32, boards=("base", "navaratnas", "base")))
    pick = random.Random(32)
    checked = 0
    while not state.over and state.steps <= 160:
        legal = rules.legal_actions(state)
        for action in legal:
            if isinstance(action, TakeYield) and action.tile == rules.STACK:
                assert preview(state, action) == preview(_other_chance(state), action)
                checked += "comes at once" in preview(state, action)
        state = rules.apply(state, pick.choice(legal))
    assert checked


@pytest.mark.slow
def test_a_river_tiles_chamber_action_is_told_as_the_seats_board_gives_it() -> None:
    """The Ganga Dancer's tile brings a Navaratnas seat dice and a yield tile, a base seat dice
    and a white tile drawn: the harbor's and the sail's steps say which."""
    told: dict[str, set[str]] = {"base": set(), "navaratnas": set()}
    for state in (s for states in games() for s in states if s.config.ganga):
        legal = rules.legal_actions(state)
        board = rules.seat_rules(state, state.turn).board
        for action in (a for a in legal if isinstance(a, (rules.Harbor, Sail))):
            chooser = Chooser(state, legal)
            for command in plan(Chooser(state, legal), action)[:-1]:
                chooser.press(command)
            for step in chooser.steps:
                told[board].update(o.detail for o in step.options if "chamber 2 (" in o.detail)
    assert told["navaratnas"] and told["base"]
    assert all("take a face-up yield tile onto a field" in d for d in told["navaratnas"])
    assert all("draw a white yield tile" in d for d in told["base"])


def test_a_placement_whose_road_reaches_a_field_names_the_tile_it_gains() -> None:
    named = 0
    for states in games():
        for state in states:
            if not (state.queue and state.queue[0].kind == "place_tile"):
                continue
            seat = state.turn
            for action in rules.legal_actions(state):
                after = rules.apply(state, action)
                new = after.players[seat].gained & ~state.players[seat].gained
                words = preview(state, action).split("\n")[0]
                assert (", reaches " in words) == bool(new), words
                for i, field in enumerate(rules.seat_rules(state, seat).fields):
                    if new & (1 << i):
                        tile = rules.catalog().yield_tiles[state.players[seat].fields[i]]
                        assert f"{tile.name} {text.field_place(field)}" in words
                        named += 1
    assert named


def _dancers_yield_tile() -> GameState:
    """Seat 0 of a Navaratnas game has taken the Dancer's dice: a yield tile is to choose."""
    state = turn_to(variant(2, seed=3, boards=("navaratnas", "navaratnas")), 0)
    state = with_player(state, 0, hand=["o2", "g1"])
    return run(state, "chamber c2 o2", "take g g")


def test_a_yield_tile_may_be_declined_by_the_pass_line_or_the_pass_key() -> None:
    """Taking a yield tile is optional (docs/rules.md §12): the list ends on a pass line, as the
    spaces list does, and the pass key chooses it."""
    state = _dancers_yield_tile()
    chooser = Chooser(state)
    last = chooser.top.options[-1]
    assert (last.label, last.key, last.actions) == ("[x] pass", "pass", [rules.Pass()])
    assert chooser.why_not("pass") == ""
    chooser.press("pass")
    assert chooser.top.kind == "confirm"
    assert chooser.preview(chooser.top) == "takes no yield tile: the tiles stay for later\nno gain"
    assert chooser.press("confirm") == rules.Pass()
    listed = Chooser(state)
    listed.choose(len(listed.top.options) - 1)
    assert listed.top.kind == "confirm" and listed.top.actions == [rules.Pass()]


def test_the_pass_key_waits_for_a_field_chosen_to_be_stepped_back_from() -> None:
    chooser = Chooser(_dancers_yield_tile())
    chooser.press("1")
    chooser.press("pass")
    assert chooser.refused and chooser.top.title == "Choose the field the yield tile goes on"
