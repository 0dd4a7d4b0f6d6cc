"""The review of a game's decisions (`present.review`) and the reviews kept in the cache
(`present.reviewcache`): which actions are decisions, what each is judged from, the marks and
the accuracy, the same review for the same save every time, and a kept review read back (a
broken one passed over)."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import rules
import saves
from rajas_tui.bots.review import Budget, Judgement
from rajas_tui.present import review, reviewcache, turns

TINY = Budget(iterations=2, rollout=0, samples=1)


@pytest.fixture(scope="module")
def finished() -> saves.Game:
    """A two-player game of random bots, played to its end."""
    game = turns.run_bots(saves.start_game(saves.seated([("A", "random"), ("B", "random")], 2)))
    assert game.over
    return game


def test_marks_follow_the_fixed_thresholds() -> None:
    assert [review.mark(x) for x in (0, 1.99, 2, 3.99, 4, 7.99, 8, 30)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_accuracy_is_whole_for_nothing_lost_and_falls_with_the_loss() -> None:
    assert review.move_accuracy(0) == 100.0
    figures = [review.move_accuracy(x) for x in (0, 1, 2, 4, 8, 16, 100)]
    assert figures == sorted(figures, reverse=True)
    assert 60 < review.move_accuracy(2) < 80  # an inaccuracy
    assert 15 < review.move_accuracy(8) < 35  # a blunder
    assert review.move_accuracy(100) >= 0.0


def test_decisions_are_the_seats_actions_among_several_choices(finished: saves.Game) -> None:
    state = finished.start
    expected = []
    for index, entry in enumerate(finished.log):
        if entry.seat == 1 and len(rules.legal_actions(state)) > 1:
            expected.append(index)
        state = rules.apply(state, rules.parse_action(entry.action))
    found = review.asked(finished, 1)
    assert [ask.index for ask in found] == expected
    assert all(ask.seat == 1 and ask.view.turn == 1 for ask in found)
    assert [str(ask.played) for ask in found] == [finished.log[i].action for i in expected]


def test_each_decision_is_judged_from_its_seats_view_alone() -> None:
    """Another seat's face-down Navaratnas tile never reaches the judging."""
    game = saves.start_game(
        saves.seated(
            [("A", "random"), ("B", "random"), ("C", "random")], 5, variants=["navaratnas"]
        )
    )
    for _ in range(12):
        game = saves.play(game, rules.legal_actions(game.state)[0])
    for seat in range(3):
        for ask in review.asked(game, seat):
            for other, player in enumerate(ask.view.players):
                hidden = [i for i in range(len(player.fields)) if player.face_down & (1 << i)]
                for field in hidden:
                    shown = player.fields[field]
                    assert (shown == rules.UNSEEN) == (other != seat)


def test_a_review_has_one_entry_per_decision(finished: saves.Game) -> None:
    calls: list[int] = []

    def judge(
        view: rules.GameState, seat: int, played: rules.Action, seed: int, budget: Budget
    ) -> Judgement:
        calls.append(seed)
        best = rules.legal_actions(view)[0]
        return Judgement(best, 1.0, 1.0 if played == best else -4.5)

    found = review.review(finished, [0, 1], TINY, judge)
    for seat_review in found:
        assert len(seat_review.decisions) == len(review.asked(finished, seat_review.seat))
    decisions = [d for r in found for d in r.decisions]
    assert len(calls) == len(decisions) == len(set(calls))  # a seed of its own each
    for d in decisions:
        assert d.lost == (0.0 if d.played == d.best else 5.5)
        assert d.mark == ("good" if d.played == d.best else "mistake")
    data = review.as_json(finished, found, TINY)
    assert len(data["decisions"]) == len(decisions)
    assert {"best", "lost", "mark", "played"} <= set(data["decisions"][0])
    assert [p["seat"] for p in data["players"]] == [0, 1]
    costly = data["players"][0]["costliest"]
    assert len(costly) == review.COSTLIEST and all(c["better"] for c in costly)


@pytest.mark.slow
def test_the_same_save_gets_the_same_review(finished: saves.Game) -> None:
    """The bots' judging, twice, from nothing kept: the same JSON."""
    judge = review.default_judge()
    runs = [
        json.dumps(review.as_json(finished, review.review(finished, [0, 1], TINY, judge), TINY))
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    assert '"mark": "' in runs[0]


@pytest.mark.slow
def test_a_kept_review_is_read_back_instead_of_judged_again(
    finished: saves.Game, tmp_path: Path
) -> None:
    judge = review.default_judge()
    calls = 0

    def counting(*args: object) -> Judgement:
        nonlocal calls
        calls += 1
        return judge(*args)  # type: ignore[arg-type]

    def kept(seat: int) -> review.SeatReview | None:
        return reviewcache.load(finished, seat, TINY, tmp_path)

    def keep(found: review.SeatReview) -> None:
        assert reviewcache.store(finished, found, TINY, tmp_path) is None

    first = review.review(finished, [0, 1], TINY, counting, keep=keep, kept=kept)
    made = calls
    assert made == sum(len(r.decisions) for r in first)
    again = review.review(finished, [0, 1], TINY, counting, keep=keep, kept=kept)
    assert calls == made and again == first


def test_a_broken_kept_review_is_passed_over(finished: saves.Game, tmp_path: Path) -> None:
    found = review.review(finished, [0], TINY, review.default_judge())[0]
    assert reviewcache.store(finished, found, TINY, tmp_path) is None
    path = reviewcache.path_of(finished, 0, TINY, tmp_path)
    assert reviewcache.load(finished, 0, TINY, tmp_path) == found
    data = json.loads(path.read_text())
    for broken in (
        b"{not json",
        b"",
        json.dumps({"key": "another game", "review": data["review"]}).encode(),
        json.dumps({**data, "review": {"seat": 0, "decisions": [{"action": 1}]}}).encode(),
        json.dumps([1, 2]).encode(),
    ):
        path.write_bytes(broken)
        assert reviewcache.load(finished, 0, TINY, tmp_path) is None


def test_a_folder_where_the_kept_review_goes_is_one_sentence(
    finished: saves.Game, tmp_path: Path
) -> None:
    found = review.review(finished, [0], TINY, review.default_judge())[0]
    path = reviewcache.path_of(finished, 0, TINY, tmp_path)
    path.mkdir()
    said = reviewcache.store(finished, found, TINY, tmp_path)
    assert said == (
        f"The review could not be kept for next time: {path}: is a folder, not a regular file; "
        "only a regular file is replaced."
    )


def test_a_review_is_kept_apart_for_each_budget_seat_and_log(finished: saves.Game) -> None:
    keys = {
        reviewcache.key(finished, 0, TINY),
        reviewcache.key(finished, 1, TINY),
        reviewcache.key(finished, 0, attrs.evolve(TINY, iterations=3)),
        reviewcache.key(attrs.evolve(finished, log=finished.log[:-1]), 0, TINY),
    }
    assert len(keys) == 4
    assert reviewcache.key(finished, 0, TINY) == reviewcache.key(finished, 0, TINY)


def test_a_review_is_kept_apart_for_each_rules_version(
    finished: saves.Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same log may lead elsewhere under other rules: a review judged under one version is
    not read under another."""
    today = reviewcache.key(finished, 0, TINY)
    monkeypatch.setattr(rules, "RULES_VERSION", rules.RULES_VERSION + 1)
    assert reviewcache.key(finished, 0, TINY) != today


def test_the_cache_folder_follows_xdg_and_ignores_a_relative_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert reviewcache.cache_dir() == tmp_path / "rajas" / "reviews"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert reviewcache.cache_dir() == Path.home() / ".cache" / "rajas" / "reviews"


class Stopped(Exception):
    """The judging given up half-way (as Escape gives it up in the app)."""


def _judge_until(stop_at: int | None, calls: list[int]) -> review.Judge:
    """A quick judge (the first legal action is best) that gives up at its call `stop_at`."""

    def judge(
        view: rules.GameState, seat: int, played: rules.Action, seed: int, budget: Budget
    ) -> Judgement:
        if len(calls) == stop_at:
            raise Stopped
        calls.append(seed)
        best = rules.legal_actions(view)[0]
        return Judgement(best, 1.0, 1.0 if played == best else -1.0)

    return judge


def test_a_stopped_review_goes_on_where_it_stopped_counting_every_decision(
    finished: saves.Game, tmp_path: Path
) -> None:
    """Stopped half-way through the second seat, then asked again: the first seat is kept, the
    second's judged decisions too, and the count goes on from them, over every decision of the
    game (not only those still to judge), from 1 — the same review as one made at once."""
    total = sum(len(review.asked(finished, seat)) for seat in (0, 1))
    first_seat = len(review.asked(finished, 0))
    told: list[tuple[int, int]] = []

    def run(judge: review.Judge) -> tuple[review.SeatReview, ...]:
        return review.review(
            finished,
            [0, 1],
            TINY,
            judge,
            lambda done, of: told.append((done, of)),
            lambda found: reviewcache.store(finished, found, TINY, tmp_path),
            lambda seat: reviewcache.load(finished, seat, TINY, tmp_path),
            lambda seat: reviewcache.load(finished, seat, TINY, tmp_path, begun=True),
            lambda found: reviewcache.store(finished, found, TINY, tmp_path, complete=False),
        )

    calls: list[int] = []
    with pytest.raises(Stopped):
        run(_judge_until(first_seat + 5, calls))
    assert told[0] == (0, total) and told[-1] == (first_seat + 5, total)
    assert reviewcache.load(finished, 1, TINY, tmp_path) is None  # not whole: not a review
    told.clear()
    again = run(_judge_until(None, calls))
    assert told[0] == (first_seat + 5, total) and told[-1] == (total, total)
    assert len(calls) == len(set(calls)) == total  # no decision judged twice
    assert again == review.review(finished, [0, 1], TINY, _judge_until(None, []))
