"""The guided first game: its steps, what each says, and what moves it on.

Headless (no Textual, no files): the game screen tells it what the player did (opened a pane,
reached a stage of the chooser, played an action) and shows `instruction`. A step's keys are
binding ids written `<area.harbor>` in its text, named at run time by the screen from the keymap
in use, so a moved key is named as it is now. The rules it teaches are docs/rules.md's.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from rajas_tui.present.chooser import Chooser
from rajas_tui.present.keynames import named, spoken
from rajas_tui.present.text import G
from rules import (
    Action,
    Balcony,
    Chamber,
    GameState,
    Outer,
    Place,
    Quarry,
    Single,
    Terrace,
    Variety,
)
from saves import DEFAULT_NAMES, HUMAN, TUTORIAL_DONE

# The game: the learner in seat A against one easy bot. The seed deals the learner the start,
# a die of 1 to 3 for the harbor, karma for a flip, and a tile its dice can pay for at once
# (tests/tui/test_tutorial.py plays it through and checks each step can be done when it comes).
SEED = 12
# Named as the New game dialog names its seats: the log and the other screens speak of every
# seat in the third person ("Asha builds"), and the lesson's own words say "you".
SEATS = ((DEFAULT_NAMES[0], HUMAN), (DEFAULT_NAMES[1], "easy"))
LEARNER = 0
UNDO = "free"  # a practice game: any action can be taken back
DONE = TUTORIAL_DONE  # the step id once every step is done or skipped

Done = Callable[[GameState, Action, GameState], bool]


def _pays_a_die(before: GameState, action: Action, after: GameState) -> bool:
    pay = getattr(action, "pay", None)
    return bool(pay) if isinstance(pay, tuple) else pay is not None


def _flips_a_die(before: GameState, action: Action, after: GameState) -> bool:
    pay = getattr(action, "pay", None)
    paid = pay if isinstance(pay, tuple) else (pay,) if pay is not None else ()
    return any(die.flipped for die in paid)


def _kind(*kinds: type) -> Done:
    def done(before: GameState, action: Action, after: GameState) -> bool:
        return isinstance(action, kinds)

    return done


@attrs.frozen
class Step:
    """One thing taught. It is done when the player opens `look` (a pane's name, or "help"),
    when the chooser reaches the stage `stage`, or when the learner plays an action `act`
    holds for; any legal way of doing it counts."""

    id: str
    title: str
    text: str
    look: str = ""
    stage: str = ""
    act: Done | None = None


STEPS = (
    Step(
        "goal",
        "The goal",
        "fame {fame} and money {money} run toward each other: the player whose markers end "
        "furthest past each other wins. <choose.2> shows the tracks.",
        look="tracks",
    ),
    Step(
        "river",
        "The river",
        "your boat sails up it from the harbor; the space it stops on pays, and passing "
        "the bridge wins a worker. <choose.1> shows the river.",
        look="river",
    ),
    Step(
        "stages",
        "An action, in four stages",
        "a space, what to pay, what to take, then a preview. Press <area.harbor> for the "
        "harbor and choose on to its preview.",
        stage="confirm",
    ),
    Step(
        "dice",
        "Your dice",
        "they wait on your Kali statue (<choose.5> shows it) and go back to the supply when "
        "paid. Play an action that pays one: <choose.confirm> confirms.",
        act=_pays_a_die,
    ),
    Step(
        "karma",
        "Karma {karma}",
        "paying a die, you may flip it for 1{karma}: 1/6, 2/5 and 3/4 swap. Play an action "
        "that pays a flipped die (its option says {minus}1{karma}).",
        act=_flips_a_die,
    ),
    Step(
        "quarry",
        "The quarry",
        "<area.quarry> buys a province tile from the display, paid with dice of its colour "
        "worth its price. Buy one with a market.",
        act=_kind(Quarry),
    ),
    Step(
        "place",
        "Your province",
        "<arrows> move the tile, <choose.rotate> turns it, <choose.confirm> builds. A road must "
        "join yours; a road out to the edge wins what is printed there.",
        act=_kind(Place),
    ),
    Step(
        "market",
        "Markets",
        "take a market space and the markets on your tiles pay: <area.variety> scores one of "
        "each good, <area.single> as many of one good as its die shows.",
        act=_kind(Variety, Single),
    ),
    Step(
        "palace",
        "The palace",
        "<area.terrace> takes a die, <area.balcony> swaps one for two, <area.chamber> asks a "
        "die of the chamber's face, <area.outer> gives 2{money}. Take a palace space.",
        act=_kind(Terrace, Balcony, Chamber, Outer),
    ),
    Step(
        "end",
        "The end",
        "once someone's markers meet, those after them this round get a last turn, and the "
        "furthest past wins. <app.help> has every rule: open it.",
        look="help",
    ),
)
IDS = tuple(step.id for step in STEPS)
FINISHED = (
    "Tutorial done: play on against the easy bot. The coach (<game.coach>) suggests a strong "
    "move; <app.help> shows every key and rule."
)


@attrs.frozen
class Lesson:
    """Where the learner is: the id of the step to do (`DONE` after the last). `news` is set
    when the last step was just done, so the closing words show until the next action."""

    step: str = IDS[0]
    news: bool = False

    @property
    def done(self) -> bool:
        return self.step not in IDS

    @property
    def current(self) -> Step | None:
        return None if self.done else STEPS[IDS.index(self.step)]

    @property
    def number(self) -> int:
        return len(STEPS) if self.done else IDS.index(self.step) + 1


def resumed(step: str) -> Lesson:
    """The lesson at a step read back from a file; an id this version does not know (a
    newer one's) starts the steps again rather than skip what it cannot tell."""
    if step == DONE:
        return Lesson(DONE)
    return Lesson(step if step in IDS else IDS[0])


def moved_on(lesson: Lesson) -> Lesson:
    """The next step; after the last, done, with its closing words to show."""
    step = lesson.current
    if step is None:
        return lesson
    index = IDS.index(step.id) + 1
    return Lesson(IDS[index]) if index < len(IDS) else Lesson(DONE, news=True)


def skipped(lesson: Lesson) -> Lesson:
    return moved_on(lesson)


def after_look(lesson: Lesson, what: str) -> Lesson:
    step = lesson.current
    return moved_on(lesson) if step is not None and step.look == what else lesson


def after_stage(lesson: Lesson, chooser: Chooser | None) -> Lesson:
    step = lesson.current
    if step is None or not step.stage or chooser is None:
        return lesson
    return moved_on(lesson) if chooser.top.kind == step.stage else lesson


def after_action(
    lesson: Lesson, before: GameState, action: Action, after: GameState, seat: int
) -> Lesson:
    """The lesson once `seat` played `action`: only the learner's actions move it on."""
    if seat != LEARNER:
        return lesson
    if lesson.news:
        return attrs.evolve(lesson, news=False)  # the closing words have been read
    # One action may do what the next steps ask too (a die paid flipped pays a die and uses
    # karma): each step it does is done.
    step = lesson.current
    while step is not None and step.act is not None and step.act(before, action, after):
        lesson = moved_on(lesson)
        step = lesson.current
    return lesson


def fill(text: str, key: Callable[[str], str]) -> str:
    """The text with its glyphs, and each `<binding.id>` the key `key(id)` gives (a key's name
    as the keymap has it, such as "escape" or "q")."""
    text = named(text, key)
    return text.format(fame=G["fame"], money=G["money"], karma=G["karma"], minus=G["minus"])


def instruction(lesson: Lesson, key: Callable[[str], str], can_skip: bool) -> tuple[str, str]:
    """The lesson's line as its head (the step and its title) and what to do, with how to skip
    the step when a key would now. Both empty once the tutorial is done and its closing words
    read."""
    step = lesson.current
    if step is None:
        return ("", fill(FINISHED, key)) if lesson.news else ("", "")
    head = f"{lesson.number}/{len(STEPS)} {fill(step.title, key)}:"
    body = fill(step.text, key)
    if can_skip:
        body += f" {spoken(key('choose.back'))} skips."
    return head, body
