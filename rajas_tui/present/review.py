"""A review of a game's decisions, as chess sites give one after a game: for each decision of a
seat (an action it chose among more than one), the move played, the search bot's best move from
that seat's view then, the worth lost between them, and a mark; per seat an accuracy figure and
its costliest decisions, the better move told as the preview tells it.

Headless (no Textual). The judging is the bots' (`bots.review`, docs/bots.md "Review"); the app
has it done in the bots' process (`present.bot_process`), the command line here. Each decision is
judged from its seat's view (`rules.seat_view`) with a seed made from the game's seed and the
decision's place in the log, so a save always gets the same review. Reviews are kept in the
user's cache folder (`present.reviewcache`).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

import rules
import saves
from rajas_tui.present import logbook, text
from rajas_tui.present.action_preview import preview
from rules import GameState

if TYPE_CHECKING:
    from rajas_tui.bots.review import Budget, Judgement

# Bumped whenever the judging or the marks change, so that no kept review of another kind is read.
VERSION = 1
MARKS = ("good", "inaccuracy", "mistake", "blunder")
# The least worth lost (fame points) for each mark but good. With the evaluation's temperature
# (6 fame points make the leader e times likelier to win) they are about the win chance an even
# game loses at lichess's marks: 8, 16 and 29 points in a hundred.
THRESHOLDS = {"inaccuracy": 2.0, "mistake": 4.0, "blunder": 8.0}
# The marks as chess notation writes them, beside a move.
SYMBOLS = {"good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
COSTLIEST = 3
# Fame points of worth per unit of win chance's log-odds: the evaluation's softmax temperature.
TEMPERATURE = 6.0
UNITS = "fame points of the bots' evaluation"

Judge = Callable[[GameState, int, rules.Action, int, "Budget"], "Judgement"]
Progress = Callable[[int, int], None]


def mark(loss: float) -> str:
    """The mark for a decision that lost `loss` fame points of worth."""
    found = "good"
    for name, least in THRESHOLDS.items():
        if loss >= least:
            found = name
    return found


def move_accuracy(loss: float) -> float:
    """A decision's accuracy, 0 to 100: lichess's formula on the win chance (in points of a
    hundred) an even game loses with `loss` fame points of worth: 100 for nothing lost, about
    69 for an inaccuracy's least, 48 for a mistake's, 26 for a blunder's."""
    if loss <= 0:
        return 100.0
    dropped = 100.0 * (0.5 - 1.0 / (1.0 + math.exp(loss / TEMPERATURE)))
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * dropped) - 3.1669))


@attrs.frozen
class Decision:
    """One judged decision: the action's number in the log (from 1), its round, the seat, the
    moves in the action notation, their worths and the worth lost (fame points), the mark."""

    action: int
    round: int
    seat: int
    played: str
    best: str
    worth_played: float
    worth_best: float
    lost: float
    mark: str


@attrs.frozen
class SeatReview:
    """Every decision of one seat."""

    seat: int
    decisions: tuple[Decision, ...]

    @property
    def accuracy(self) -> float | None:
        """The mean of the decisions' accuracies; None with no decision to judge (no figure
        is claimed over nothing)."""
        if not self.decisions:
            return None
        return round(sum(move_accuracy(d.lost) for d in self.decisions) / len(self.decisions), 1)

    def counts(self) -> dict[str, int]:
        return {name: sum(1 for d in self.decisions if d.mark == name) for name in MARKS}

    def costliest(self) -> list[Decision]:
        """The decisions that lost most, most first (the earlier first on a tie), none that
        lost nothing."""
        lost = [d for d in self.decisions if d.lost > 0]
        return sorted(lost, key=lambda d: (-d.lost, d.action))[:COSTLIEST]


@attrs.frozen
class Asked:
    """A decision to judge: where it is in the log, its round, the seat, what the seat saw and
    what it played."""

    index: int
    round: int
    seat: int
    view: GameState
    played: rules.Action


def asked(game: saves.Game, seat: int) -> list[Asked]:
    """The seat's decisions in the game, in order: its actions where it had more than one legal
    choice, each with the seat's view before it."""
    found = []
    state = game.start
    for index, entry in enumerate(game.log):
        action = rules.parse_action(entry.action)
        if entry.seat == seat:
            view = rules.seat_view(state, seat)
            if len(rules.legal_actions(view)) > 1:
                found.append(Asked(index, state.round, seat, view, action))
        state = rules.apply(state, action, as_listed=True)
    return found


def seed_of(game: saves.Game, index: int) -> int:
    """The judging's seed for the decision at `index` of the log: a digest of the game's seed
    and the index, so the judging, a bot's search, never holds the game's seed (set up again
    from it, a game tells every hidden tile)."""
    text = f"rajas-review:{game.setup.seed}:{index}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=16).digest(), "big")


def judged(ask: Asked, judgement: Judgement) -> Decision:
    best_worth, played_worth = round(judgement.best_worth, 2), round(judgement.played_worth, 2)
    lost = round(max(0.0, best_worth - played_worth), 2)
    return Decision(
        action=ask.index + 1,
        round=ask.round,
        seat=ask.seat,
        played=str(ask.played),
        best=str(judgement.best),
        worth_played=played_worth,
        worth_best=best_worth,
        lost=lost,
        mark=mark(lost),
    )


def default_judge() -> Judge:
    """The bots' judging, in this process (the bots are imported only when a review is asked)."""
    from rajas_tui.bots import review

    return review.judge


def default_budget() -> Budget:
    from rajas_tui.bots import review

    return review.DEFAULT


def review_seat(
    game: saves.Game,
    seat: int,
    budget: Budget,
    judge: Judge,
    progress: Callable[[], None] = lambda: None,
    decisions: Sequence[Asked] | None = None,
    begun: Sequence[Decision] = (),
    stopped: Callable[[SeatReview], None] = lambda found: None,
) -> SeatReview:
    """Judges every decision of the seat (those in `decisions`, after the ones `begun` already
    judged); `progress()` after each. Given up half-way (the judge stopped, or failed), the
    decisions judged so far go to `stopped`, so that a review asked again goes on from them."""
    out = list(begun)
    try:
        for ask in asked(game, seat) if decisions is None else decisions:
            judgement = judge(ask.view, seat, ask.played, seed_of(game, ask.index), budget)
            out.append(judged(ask, judgement))
            progress()
    except BaseException:
        if out:
            stopped(SeatReview(seat, tuple(out)))
        raise
    return SeatReview(seat, tuple(sorted(out, key=lambda d: d.action)))


def review(
    game: saves.Game,
    seats: Iterable[int],
    budget: Budget,
    judge: Judge,
    progress: Progress = lambda done, total: None,
    keep: Callable[[SeatReview], None] = lambda found: None,
    kept: Callable[[int], SeatReview | None] = lambda seat: None,
    begun: Callable[[int], SeatReview | None] = lambda seat: None,
    keep_begun: Callable[[SeatReview], None] = lambda found: None,
) -> tuple[SeatReview, ...]:
    """The review of each seat: `kept(seat)` when it has one, else judged here, seat by seat, and
    handed to `keep`. A seat's review given up half-way goes to `keep_begun`, and `begun(seat)`
    gives it back the next time: only the decisions not in it are judged. `progress(done,
    total)` counts every decision of the seats, those kept or begun among the done."""
    found: dict[int, SeatReview] = {}
    plans: dict[int, tuple[list[Asked], tuple[Decision, ...]]] = {}
    total = done = 0
    for seat in seats:
        known = kept(seat)
        if known is not None:
            found[seat] = known
            total += len(known.decisions)
            done += len(known.decisions)
            continue
        plan = asked(game, seat)
        started = begun(seat)
        judged_before = started.decisions if started is not None else ()
        numbers = {d.action for d in judged_before}
        plans[seat] = ([a for a in plan if a.index + 1 not in numbers], judged_before)
        total += len(plan)
        done += len(judged_before)
    progress(done, total)

    def one_more() -> None:
        nonlocal done
        done += 1
        progress(done, total)

    for seat, (plan, judged_before) in plans.items():
        found[seat] = review_seat(
            game, seat, budget, judge, one_more, plan, judged_before, keep_begun
        )
        keep(found[seat])
    return tuple(found[seat] for seat in sorted(found))


# Words -----------------------------------------------------------------------------------------


def views_before(game: saves.Game, decisions: Iterable[Decision]) -> dict[int, GameState]:
    """The deciding seat's view just before each decision, by its action's number."""
    wanted = {d.action: d.seat for d in decisions}
    found = {}
    state = game.start
    for number, entry in enumerate(game.log, start=1):
        if number in wanted:
            found[number] = rules.seat_view(state, wanted[number])
        if number >= max(wanted, default=0):
            break
        state = rules.apply(state, rules.parse_action(entry.action), as_listed=True)
    return found


def costliest_views(game: saves.Game, found: Iterable[SeatReview]) -> dict[int, GameState]:
    """The views before every seat's costliest decisions (their better moves are told)."""
    return views_before(game, (d for r in found for d in r.costliest()))


def better_words(view: GameState, decision: Decision) -> list[str]:
    """The better move as the preview tells it (its lines), from the seat's view then."""
    return preview(view, rules.parse_action(decision.best)).split("\n")


def played_words(view: GameState, decision: Decision) -> str:
    """The move played as the log tells it, from the seat's view then."""
    return logbook.action_words(view, rules.parse_action(decision.played))


def symbol(decision: Decision) -> str:
    return SYMBOLS[decision.mark]


def seat_line(game: saves.Game, found: SeatReview) -> str:
    """A seat's accuracy and its marks' counts, in one line; that there is nothing to review
    when the seat has chosen among several actions not once."""
    counts = found.counts()
    marks = " · ".join(f"{counts[name]} {name}" for name in MARKS)
    who = f"{text.player_tag(found.seat)} {game.name(found.seat)}"
    if found.accuracy is None:
        return f"{who}: nothing to review: no decision yet (no action chosen among several)"
    return f"{who}: accuracy {found.accuracy:.1f}% over {len(found.decisions)} decisions ({marks})"


def costly_lines(found: SeatReview, views: dict[int, GameState], indent: str = "  ") -> list[str]:
    """The seat's costliest decisions: what was played, what it lost, the better move (told
    from `views`, by `costliest_views`)."""
    lines = []
    for decision in found.costliest():
        better = better_words(views[decision.action], decision)
        lines.append(
            f"{indent}action {decision.action} (round {decision.round}): "
            f"{played_words(views[decision.action], decision)}: lost {decision.lost:.1f} "
            f"({decision.mark})"
        )
        lines.append(f"{indent}  better: {better[0]}")
        lines.extend(f"{indent}          {line}" for line in better[1:])
    return lines


def decision_line(game: saves.Game, decision: Decision) -> str:
    """One decision in a line: number, round, who, played, best, worth lost, mark."""
    who = text.player_tag(decision.seat)
    best = "same" if decision.best == decision.played else decision.best
    mark_words = "" if decision.mark == "good" else f" {decision.mark} {symbol(decision)}"
    return (
        f"{decision.action:>4} r{decision.round:<2} {who} {decision.played}"
        f"  best: {best}  lost {decision.lost:.1f}{mark_words}"
    )


def method_line(budget: Budget) -> str:
    marks = ", ".join(f"{name} {least:g}" for name, least in THRESHOLDS.items())
    return (
        f"Worth lost, in {UNITS}, against the search's best move ({budget.iterations} "
        f"iterations); marks from: {marks}."
    )


def report(game: saves.Game, title: str, found: Sequence[SeatReview], budget: Budget) -> str:
    """The review in words: each player's accuracy and costliest decisions, then every decision."""
    where = "over" if game.over else f"not over, seen as {game.name(found[0].seat)}"
    lines = [f"Review of {title} ({where}; {len(game.log)} actions).", method_line(budget), ""]
    views = costliest_views(game, found)
    for seat_review in found:
        lines.append(seat_line(game, seat_review))
        lines.extend(costly_lines(seat_review, views))
    decisions = sorted((d for r in found for d in r.decisions), key=lambda d: d.action)
    if not decisions:
        lines += ["", "Nothing to review: no decision has been made yet."]
        return "\n".join(lines)
    lines += ["", "Every decision: action, round, player, played, the search's best, worth lost."]
    lines.extend(decision_line(game, d) for d in decisions)
    return "\n".join(lines)


def as_json(game: saves.Game, found: Sequence[SeatReview], budget: Budget) -> dict[str, Any]:
    """The review as JSON data: the method, each player's figures, every decision."""
    players = []
    views = costliest_views(game, found)
    for seat_review in found:
        costly = []
        for decision in seat_review.costliest():
            better = better_words(views[decision.action], decision)
            costly.append({**_decision_json(game, decision), "better": better})
        players.append(
            {
                "seat": seat_review.seat,
                "name": game.name(seat_review.seat),
                "decisions": len(seat_review.decisions),
                "accuracy": seat_review.accuracy,
                "marks": seat_review.counts(),
                "costliest": costly,
            }
        )
    decisions = sorted((d for r in found for d in r.decisions), key=lambda d: d.action)
    return {
        "over": game.over,
        "actions": len(game.log),
        "method": {
            "version": VERSION,
            "budget": attrs.asdict(budget),
            "units": UNITS,
            "thresholds": dict(THRESHOLDS),
        },
        "players": players,
        "decisions": [_decision_json(game, d) for d in decisions],
    }


def _decision_json(game: saves.Game, decision: Decision) -> dict[str, Any]:
    return {
        "action": decision.action,
        "round": decision.round,
        "seat": decision.seat,
        "player": game.name(decision.seat),
        "played": decision.played,
        "best": decision.best,
        "worth_played": decision.worth_played,
        "worth_best": decision.worth_best,
        "lost": decision.lost,
        "mark": decision.mark,
    }


# Kept reviews ------------------------------------------------------------------------------------


def to_data(found: SeatReview) -> dict[str, Any]:
    return {"seat": found.seat, "decisions": [attrs.asdict(d) for d in found.decisions]}


def from_data(data: Any) -> SeatReview:
    """A seat's review from kept data; ValueError (or TypeError, KeyError) when it is not one."""
    decisions = tuple(Decision(**item) for item in data["decisions"])
    for d in decisions:
        if d.mark not in MARKS or not isinstance(d.lost, float | int):
            raise ValueError("not a decision")
    return SeatReview(int(data["seat"]), decisions)
