"""The coach: what the strongest quick bot would do now for the seat to act, the gains it
expects and why, in words. Headless (no Textual): the app asks in a worker and shows the lines.

The coach sees only the acting seat's view (`rules.seat_view`), as the bot would, and tells the
action as the chooser's preview does (`action_preview.preview`, from the engine's forecast, which
reveals nothing hidden). Why: the evaluation terms whose share of the seat's worth the action
changes most (`evaluation.changes`), each with its change in fame points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

import rules
from rajas_tui.present.action_preview import preview
from rules import GameState

if TYPE_CHECKING:
    from rajas_tui.bots import Choose

# The strongest level that answers within its decision-time goal (docs/performance.md): a coach
# kept waiting longer would not be asked.
LEVEL = "normal"
# The reasons told: more would bury the ones that matter.
REASONS = 3

# What each evaluation term means to a player (evaluation's docstring says how it is counted).
TERM_WORDS = {
    "margin": "fame and money toward meeting",
    "markets": "what later markets will score",
    "open_cells": "free cells your roads point at",
    "open_edges": "edge gains a next tile can reach",
    "upgrades": "buildings upgraded",
    "tiles": "province tiles built",
    "dice": "dice on your statue",
    "spare_dice": "dice beyond the first five",
    "pips": "dice faces",
    "karma": "karma",
    "workers": "workers",
    "river": "boat on the river",
    "pending": "gains waiting for your choice",
}


@attrs.frozen
class Reason:
    """One evaluation term the action moves: its name, its words, its change in fame points."""

    term: str
    words: str
    change: float


@attrs.frozen
class Advice:
    """What the coach would play for `seat`, told (`told`: the preview's lines), what the
    evaluation expects it to gain in all (fame points of worth) and the terms that change most."""

    seat: int
    action: rules.Action
    told: tuple[str, ...]
    gain: float
    reasons: tuple[Reason, ...]


@attrs.frozen
class Counsel:
    """What the coach's card shows: its title, its lines, and the action Enter plays (None when
    there is nothing to play)."""

    title: str
    lines: tuple[str, ...]
    action: rules.Action | None


TITLE = "Coach (the normal bot, from your view)"


def counsel(advice: Advice) -> Counsel:
    return Counsel(TITLE, tuple(lines(advice)), advice.action)


def advise(state: GameState, game_seed: int, choose: Choose | None = None) -> Advice:
    """The coach's advice for the seat to act; ValueError when the game is over. Seeded like a
    bot's move, so the same position gets the same advice. `choose` thinks for it (the app's,
    in another process: `present.bot_process`)."""
    if state.over:
        raise ValueError("The game is over: there is nothing to advise.")
    view = rules.seat_view(state, state.turn)
    if choose is None:
        # The bots are imported when the coach is first asked: the game screen starts without
        # them.
        from rajas_tui import bots

        choose = bots.choose
    return explain(view, choose(LEVEL, view, game_seed))


def explain(view: GameState, action: rules.Action) -> Advice:
    """The advice for playing `action` in `view` (a seat's view, the seat to act)."""
    from rajas_tui.bots import evaluation

    seat = view.turn
    after, named = rules.forecast(view, action)
    moved = evaluation.changes(view, after, seat, named)
    gain = sum(change for _, change in moved)
    reasons = tuple(Reason(term, TERM_WORDS[term], change) for term, change in moved[:REASONS])
    return Advice(seat, action, tuple(preview(view, action).split("\n")), gain, reasons)


def lines(advice: Advice) -> list[str]:
    """The advice in words: the action, its gains, then why, one reason a line."""
    out = [f"Play {advice.told[0]}", *advice.told[1:]]
    out.append(f"Expected: {_points(advice.gain)} worth (fame points, evaluation's estimate)")
    if advice.reasons:
        out.append("Why:")
        out.extend(f"  {reason.words}: {_points(reason.change)}" for reason in advice.reasons)
    else:
        out.append("Why: nothing the evaluation counts changes; the search found it best")
    return out


def _points(change: float) -> str:
    return f"{change:+.1f}"
