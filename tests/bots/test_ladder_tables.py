"""The ladder's tables: which kinds sit together at each player count, how many games each table
plays so that every pairing meets at least as often as asked, and how a game's finishing order
counts for each pairing at the table (docs/bots.md, "The ladder")."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

from rajas_tui import bots
from rajas_tui.bots import ladder, tournament
from rules import Config

FIVE = ("random", "greedy", "easy", "normal", "hard")


def test_two_players_sit_each_pairing_at_a_table_of_its_own() -> None:
    assert ladder.tables(FIVE, 2) == ladder.pairings(FIVE)
    assert ladder.games_a_table(FIVE, 2, 100) == 100


def test_four_players_of_five_kinds_sit_four_different_kinds_a_table() -> None:
    tables = ladder.tables(FIVE, 4)
    assert tables == list(itertools.combinations(FIVE, 4))
    for first, second in ladder.pairings(FIVE):
        assert sum(first in table and second in table for table in tables) == 3
    # Three tables hold each pairing: 34 games a table give it 102.
    assert ladder.games_a_table(FIVE, 4, 100) == 34


def test_four_players_of_fewer_kinds_repeat_them_as_evenly_as_they_can() -> None:
    assert ladder.tables(("greedy", "easy"), 4) == [("greedy", "easy", "greedy", "easy")]
    assert ladder.games_a_table(("greedy", "easy"), 4, 100) == 100
    three = ladder.tables(("a", "b", "c"), 4)
    assert three == [("a", "b", "c", "a"), ("a", "b", "c", "b"), ("a", "b", "c", "c")]
    assert ladder.games_a_table(("a", "b", "c"), 4, 100) == 34
    assert ladder.tables(("a", "b", "c", "d"), 4) == [("a", "b", "c", "d")]
    assert ladder.games_a_table(("a", "b", "c", "d"), 4, 100) == 100


def test_a_table_of_a_player_count_the_ladder_does_not_play_is_refused() -> None:
    with pytest.raises(ValueError, match="2 or 4"):
        ladder.tables(FIVE, 3)


def test_every_pairing_meets_in_at_least_the_games_asked() -> None:
    for count in range(2, 6):
        kinds = FIVE[:count]
        for players in ladder.PLAYER_COUNTS:
            tables = ladder.tables(kinds, players)
            each = ladder.games_a_table(kinds, players, 7)
            for first, second in ladder.pairings(kinds):
                met = sum(first in table and second in table for table in tables) * each
                assert 7 <= met < 7 + len(tables), (kinds, players, first, second)
            for table in tables:
                seats = Counter(table)
                assert max(seats.values()) - min(seats.values()) <= 1
                assert len(table) == players


def _game(seats: tuple[str, ...], ranking: tuple[int, ...]) -> tournament.Game:
    return tournament.Game(
        seed=3,
        seats=seats,
        winner=ranking[0],
        ranking=ranking,
        margins=(0,) * len(seats),
        winner_track=(20, 20),
        rounds=8,
        tiles=(4,) * len(seats),
        trigger_won=True,
        placements=Counter(),
        times={},
    )


def test_a_record_keeps_the_kinds_in_the_order_of_their_best_places() -> None:
    game = _game(("easy", "greedy", "easy", "greedy"), ranking=(1, 2, 0, 3))
    made = ladder.record(game, ("easy", "greedy", "easy", "greedy"), 0)
    assert made.ranking == ("greedy", "easy") and made.winner == "greedy"
    table = ("random", "greedy", "easy", "normal")
    four = ladder.record(_game(table, ranking=(3, 0, 2, 1)), table, 5)
    assert four.ranking == ("normal", "random", "easy", "greedy")
    assert four.table == table and four.index == 5 and four.players == 4
    assert ladder.parse_record(four.line()) == four


def test_a_pairing_at_four_players_counts_who_of_the_two_finished_ahead() -> None:
    kinds = ("random", "greedy", "easy", "normal")
    orders = [
        ("normal", "random", "easy", "greedy"),
        ("easy", "greedy", "normal", "random"),
    ]
    known = {}
    for index, (_, seats, key) in enumerate(ladder.planned_games(kinds, 4, 2, seed=1)):
        known[key] = orders[index]
        assert seats == tuple(tournament.rotations(kinds, 2))[index]
    pairs = {(p.first, p.second): p.firsts for p in ladder.play(kinds, [4], 2, 1, known=known)}
    assert pairs[("random", "greedy")] == (True, False)
    assert pairs[("easy", "normal")] == (False, True)
    assert pairs[("greedy", "normal")] == (False, True)
    assert list(pairs) == ladder.pairings(kinds)


def test_a_pairing_is_given_as_soon_as_every_table_holding_it_has_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played: list[tuple[str, ...]] = []

    def finished(
        games: Sequence[tuple[Config, tuple[str, ...]]], jobs: int = 1
    ) -> Iterator[tuple[int, tournament.Game]]:
        for place, (_, seats) in enumerate(games):
            played.append(seats)
            yield place, _game(seats, ranking=tuple(range(len(seats))))

    monkeypatch.setattr(tournament, "as_finished", finished)
    given = []
    for pair in ladder.play(FIVE, [4], 1, seed=1):
        given.append(((pair.first, pair.second), len(played)))
    # random and greedy share the first three tables (of one game each here).
    assert given[0] == (("random", "greedy"), 3)
    assert sorted(pair for pair, _ in given) == sorted(ladder.pairings(FIVE))
    assert all(count == 5 for pair, count in given if "hard" in pair and "random" not in pair)


def test_a_line_of_the_first_version_is_read_as_a_pairing_of_two_kinds() -> None:
    old = {
        "format": "rajas-ladder-game",
        "version": 1,
        "players": 2,
        "first": "random",
        "second": "hard",
        "index": 7,
        "seed": 8,
        "seats": ["hard", "random"],
        "winner": "hard",
        "bots": "4662c0c32af9afad",
    }
    read = ladder.parse_record(json.dumps(old))
    assert read.table == ("random", "hard") and read.ranking == ("hard", "random")
    assert read.key == (8, ("hard", "random"), "4662c0c32af9afad")
    four = ladder.parse_record(json.dumps(old | {"players": 4, "seats": ["hard", "random"] * 2}))
    assert four.table == ("random", "hard", "random", "hard")
    assert json.loads(read.line())["version"] == ladder.FORMAT_VERSION == 2


def test_the_ladder_of_every_kind_plans_its_games() -> None:
    assert ladder.planned(bots.KINDS, ladder.PLAYER_COUNTS, 100) == 10 * 100 + 5 * 34
