"""The ladder's records of its games: what a results file keeps of each (`ladder.record`), the
bots' fingerprint that says which games may be used again, and a ladder that plays only the
games it is not given."""

from __future__ import annotations

import json
from collections import Counter

import attrs
import pytest

import rules
from rajas_tui import bots
from rajas_tui.bots import ladder, search, tournament
from rules import Config


def test_a_record_is_made_from_a_tournament_game_and_read_back_from_its_line() -> None:
    games = list(tournament.play_games(Config(players=2, seed=7), ("random", "greedy"), 2))
    second = ladder.record(games[1], ("random", "greedy"), 1)
    assert second.players == 2 and (second.table, second.index) == (("random", "greedy"), 1)
    assert second.seed == 8 and second.seats == ("greedy", "random")
    assert second.winner == games[1].seats[games[1].winner]
    assert second.bots == ladder.fingerprint(("greedy", "random"))
    line = second.line()
    assert second.ranking == (second.winner, ({"random", "greedy"} - {second.winner}).pop())
    assert "\n" not in line and json.loads(line)["ranking"][0] == second.winner
    assert ladder.parse_record(line) == second


def test_a_record_names_a_seat_by_its_kind_not_its_alias() -> None:
    game = tournament.Game(
        seed=7,
        seats=("search", "greedy"),
        winner=0,
        ranking=(0, 1),
        margins=(3, 0),
        winner_track=(20, 20),
        rounds=9,
        tiles=(4, 4),
        trigger_won=True,
        placements=Counter(),
        times={},
    )
    made = ladder.record(game, ("normal", "greedy"), 0)
    assert made.seats == ("normal", "greedy") and made.winner == "normal"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("hello", "not JSON"),
        ("[1, 2]", "not a ladder's game"),
        ('{"format": "rajas-save"}', "not a ladder's game"),
        ("{}", "not a ladder's game"),
    ],
)
def test_what_is_not_a_record_is_refused_in_words(text: str, said: str) -> None:
    with pytest.raises(ladder.NotARecord, match=said):
        ladder.parse_record(text)


def _line(**changes: object) -> str:
    made = ladder.Record(
        2, ("random", "greedy"), 0, 5, ("random", "greedy"), ("greedy", "random"), "abc"
    )
    data = json.loads(made.line())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "changes",
    [
        {"seats": ["random"]},
        {"players": 3},
        {"ranking": ["easy", "random"]},
        {"ranking": ["greedy"]},
        {"ranking": ["greedy", "random", "greedy"]},
        {"table": ["random", "random"]},
        {"table": "random,greedy"},
        {"index": -1},
        {"index": True},
        {"seed": "5"},
        {"bots": 5},
        {"version": 99},
        {"version": 1},
        {"version": True},
    ],
)
def test_a_record_of_the_wrong_shape_is_refused(changes: dict[str, object]) -> None:
    assert ladder.parse_record(_line())  # the unchanged line is a record
    with pytest.raises(ladder.NotARecord):
        ladder.parse_record(_line(**changes))


def test_the_fingerprint_follows_the_budgets_of_the_kinds_it_is_of(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    low = ladder.fingerprint(("random", "greedy"))
    mid = ladder.fingerprint(("greedy", "easy"))
    assert low == ladder.fingerprint(("greedy", "random")), "a set of kinds, in any order"
    assert low != mid != ladder.fingerprint(("greedy", "normal"))
    monkeypatch.setitem(search.LEVELS, "hard", search.Budget(iterations=5, rollout=0))
    assert ladder.fingerprint(("greedy", "easy")) == mid, "hard's budget is not easy's"
    monkeypatch.setitem(search.LEVELS, "easy", search.Budget(iterations=5, rollout=0))
    assert ladder.fingerprint(("greedy", "easy")) != mid
    assert ladder.fingerprint(("random", "greedy")) == low
    monkeypatch.setattr(bots, "PLAY_VERSION", bots.PLAY_VERSION + 1)
    assert ladder.fingerprint(("random", "greedy")) != low


def test_the_seconds_of_the_apps_clock_are_not_in_the_fingerprint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Headless play counts iterations only: the clock's seconds never change a ladder's game.
    before = ladder.fingerprint(("greedy", "easy"))
    slower = attrs.evolve(search.LEVELS["easy"], seconds=9.0)
    monkeypatch.setitem(search.LEVELS, "easy", slower)
    assert ladder.fingerprint(("greedy", "easy")) == before


def test_a_ladder_given_some_games_plays_only_the_others_with_the_same_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kinds, counts = ("random", "greedy"), (2,)
    kept: list[ladder.Record] = []
    whole = list(ladder.play(kinds, counts, 4, 3, keep=kept.append))
    assert sorted(r.index for r in kept) == [0, 1, 2, 3]
    known = {r.key: r.ranking for r in kept[:3]}
    assert ladder.recorded(kinds, counts, 4, 3, known) == 3
    played = []
    real = tournament.play

    def counted(config: Config, seats: tuple[str, ...]) -> tournament.Game:
        played.append(config.seed)
        return real(config, seats)

    monkeypatch.setattr(tournament, "play", counted)
    again: list[ladder.Record] = []
    assert list(ladder.play(kinds, counts, 4, 3, known=known, keep=again.append)) == whole
    assert played == [kept[3].seed] and again == [kept[3]]


def test_the_fingerprint_names_the_rules_version_the_games_were_played_under() -> None:
    today = ladder.fingerprint(("random", "greedy"))
    assert ladder.fingerprint(("random", "greedy"), rules.RULES_VERSION) == today
    assert ladder.fingerprint(("random", "greedy"), rules.RULES_VERSION - 1) != today


def test_games_kept_under_older_rules_are_rated_and_none_is_played_under_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kinds, counts = ("random", "greedy"), (2,)
    older = rules.RULES_VERSION - 1
    kept: list[ladder.Record] = []
    whole = list(ladder.play(kinds, counts, 4, 3, keep=kept.append))
    # The same games, kept as if played under the older rules.
    known = {(r.seed, r.seats, ladder.fingerprint(r.seats, older)): r.ranking for r in kept}
    assert ladder.recorded(kinds, counts, 4, 3, known) == 0
    assert ladder.recorded(kinds, counts, 4, 3, known, older) == 4
    played: list[int] = []
    real = tournament.play

    def counted(config: Config, seats: tuple[str, ...]) -> tournament.Game:
        played.append(config.seed)
        return real(config, seats)

    monkeypatch.setattr(tournament, "play", counted)
    assert list(ladder.play(kinds, counts, 4, 3, known=known, rules_version=older)) == whole
    del known[next(iter(known))]
    with pytest.raises(ValueError, match=f"1 of the ladder's games of rules version {older}"):
        next(ladder.play(kinds, counts, 4, 3, known=known, rules_version=older))
    assert played == []
