"""The game-over figures: replaying the log gives each round's fame and money, fame by source
that adds up, and who had a last turn after the end was triggered."""

from __future__ import annotations

import random
from functools import cache

import attrs
import pytest

import rules
import saves
from rajas_tui.present import history

SEEDS = range(24)


@cache
def random_game(seed: int) -> saves.Game:
    """A game of 2–4 human seats played to its end by random legal actions."""
    players = 2 + seed % 3
    game = saves.start_game(saves.seated([(f"P{i}", saves.HUMAN) for i in range(players)], seed))
    pick = random.Random(seed)
    while not game.state.over:
        game = saves.play(game, pick.choice(rules.legal_actions(game.state)))
    return game


def position_of_trigger(state: rules.GameState) -> int:
    """Where the seat that triggered the end sits in the last round's turn order."""
    return (state.end_trigger - state.start_player) % state.config.players


@pytest.mark.parametrize("seed", SEEDS)
def test_fame_by_source_adds_up_to_each_final_fame(seed: int) -> None:
    game = random_game(seed)
    hist = history.history(game)
    for seat, player in enumerate(game.state.players):
        parts = hist.fame_by_source[seat]
        assert set(parts) == set(history.SOURCES)
        assert all(n >= 0 for n in parts.values())
        assert sum(parts.values()) == player.fame


@pytest.mark.parametrize("seed", SEEDS)
def test_each_round_end_holds_that_round_s_figures(seed: int) -> None:
    game = random_game(seed)
    hist = history.history(game)
    # One mark per round played, the last one the final figures.
    assert [r.round for r in hist.rounds] == list(range(game.start.round, game.state.round + 1))
    final = hist.rounds[-1].marks
    for seat, player in enumerate(game.state.players):
        assert final[seat] == history.Mark(
            player.fame, player.money, rules.margin(player.fame, player.money)
        )
    # Checked against a replay that watches only for the round number changing.
    state = game.start
    expected: list[tuple[int, ...]] = []
    for entry in game.log:
        after = rules.apply(state, rules.parse_action(entry.action))
        if after.round != state.round:
            expected.append(tuple(p.money for p in after.players))
        state = after
    got = [tuple(m.money for m in r.marks) for r in hist.rounds[:-1]]
    assert got == expected
    for seat in range(len(game.state.players)):
        fame = history.series(hist, seat, "fame")
        assert fame[0] == game.start.players[seat].fame
        assert fame == sorted(fame)  # fame never falls


PLACEMENT_SOURCES = {rules.Quarry: "tiles", rules.Harbor: "river", rules.Chamber: "chambers"}


@pytest.mark.parametrize("seed", SEEDS)
def test_each_placement_and_answer_is_credited_by_its_kind(seed: int) -> None:
    game = random_game(seed)
    state = game.start
    placement = "other"
    for entry in game.log:
        action = rules.parse_action(entry.action)
        source = history.step_source(state, action, placement)
        if not state.queue:
            assert source == PLACEMENT_SOURCES.get(type(action), "other")
            placement = source
        elif state.queue[0].kind in ("place_tile", "rebuild"):
            assert source == "tiles"
        elif state.queue[0].kind == "boat_offer":
            assert source == "river"
        elif state.queue[0].kind == "chamber_choice":
            assert source == "chambers"  # whatever offered the chamber, the fame is the chamber's
        else:
            assert source == placement  # a dice answer: what follows it is the placement's
        state = rules.apply(state, action)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_fame_gain_of_a_new_game_has_a_named_source(seed: int) -> None:
    """No placement but the quarry, harbour and chambers brings fame, and the gains carried out
    after a dice answer (a chamber's, a road end's) are the placement's: nothing is left over
    for "other" when the log starts at the game's start."""
    hist = history.history(random_game(seed))
    assert all(parts["other"] == 0 for parts in hist.fame_by_source)


def seats_acting_after_trigger(game: saves.Game) -> list[int]:
    """Told from the log's own seat numbers, apart from how `history` finds them."""
    state = game.start
    seen: list[int] = []
    for entry in game.log:
        if state.end_trigger >= 0 and entry.seat not in seen:
            seen.append(entry.seat)
        state = rules.apply(state, rules.parse_action(entry.action))
    return seen


@pytest.mark.parametrize("seed", SEEDS)
def test_last_turns_are_the_seats_after_the_trigger_that_acted(seed: int) -> None:
    game = random_game(seed)
    state = game.state
    last = history.history(game).last_turns
    assert list(last) == seats_acting_after_trigger(game)
    n = state.config.players
    after_trigger = [(state.start_player + i) % n for i in range(position_of_trigger(state) + 1, n)]
    assert state.end_trigger not in last
    assert all(seat in after_trigger for seat in last)
    assert list(last) == [seat for seat in after_trigger if seat in last]  # in turn order


def _games_where(want: str) -> list[saves.Game]:
    """The random games that end one way: the trigger by the `last` seat in turn order, by the
    `first` with others having a last turn, or with `nobody` after it able to act though it
    was not last."""
    found = []
    for seed in SEEDS:
        game = random_game(seed)
        n = game.state.config.players
        position = position_of_trigger(game.state)
        last = history.history(game).last_turns
        ways = {
            "last": position == n - 1,
            "first": position == 0 and bool(last),
            "nobody": position < n - 1 and not last,
        }
        if ways[want]:
            found.append(game)
    return found


def test_end_triggered_by_the_last_seat_in_order_gives_no_last_turns() -> None:
    games = _games_where("last")
    assert games  # the seeds hold such an ending
    for game in games:
        assert history.history(game).last_turns == ()


def test_end_triggered_by_the_first_seat_gives_the_others_last_turns() -> None:
    assert _games_where("first")


def test_end_triggered_with_nobody_else_able_to_act() -> None:
    games = _games_where("nobody")
    assert games
    for game in games:
        names = [seat.name for seat in game.setup.seats]
        sentence = history.last_turns_sentence(names, history.history(game).last_turns)
        assert "last turn" not in sentence
        assert "nobody" in sentence


def test_last_turns_sentence_names_who_had_one() -> None:
    names = ["Asha", "Bela", "Chand", "Dev"]
    assert history.last_turns_sentence(names, ()) == (
        "nobody after them in the round had a turn left, so the game ended at once."
    )
    assert history.last_turns_sentence(names, (2,)) == "Chand then had one last turn."
    assert history.last_turns_sentence(names, (3, 0)) == "Dev and Asha then each had one last turn."
    assert history.last_turns_sentence(names, (1, 2, 3)) == (
        "Bela, Chand and Dev then each had one last turn."
    )


@pytest.mark.parametrize("seed", SEEDS[:8])
def test_a_log_starting_part_way_still_adds_up(seed: int) -> None:
    """A game set up from a saved position: its log starts mid-game, maybe mid-turn, and the
    fame held at its start counts as "start"."""
    game = random_game(seed)
    cut = len(game.log) // 2 + seed % 3  # some cuts fall between a placement and its answers
    state = game.start
    for entry in game.log[:cut]:
        state = rules.apply(state, rules.parse_action(entry.action))
    later = attrs.evolve(game, start=state, log=game.log[cut:])
    hist = history.history(later)
    assert hist.start.round == state.round
    for seat, player in enumerate(game.state.players):
        assert hist.fame_by_source[seat]["start"] == state.players[seat].fame
        assert sum(hist.fame_by_source[seat].values()) == player.fame
