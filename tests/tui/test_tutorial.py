"""The guided first game, played by keys: through every step to its end, skipped step by step
with Escape, left and taken up again, and with a key moved in the keymap."""

from __future__ import annotations

import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

import rules
import saves as save_layer
from rajas_tui.present import keynames, tutorial
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui import bindings
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import PANE_NAMES, Line
from rajas_tui.tui.screens.help import HelpScreen
from rajas_tui.tui.screens.title import TitleScreen
from rajas_tui.tui.screens.tutorial import TutorialScreen
from tests.helpers import apps
from tests.helpers.key_plan import plan

pytestmark = pytest.mark.asyncio


def lesson_line(app: RajasApp) -> str:
    return str(app.screen.query_one("#lesson", Line).content)


def step_of(app: RajasApp) -> str:
    assert app.tutorial is not None
    return app.tutorial.step


async def settle(pilot: Pilot[None], app: RajasApp, limit: float = 60.0) -> None:
    """Waits until the learner may act on the tutorial's screen (the easy bot moves by itself)
    or the game is over. The limit only keeps a hang from stalling the suite."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        await pilot.pause()
        if app.saving or app.game is None:
            continue
        screen = app.screen
        if app.game.over:
            return
        ready = isinstance(screen, TutorialScreen) and screen.chooser is not None
        if ready and app.game.state.turn == tutorial.LEARNER:
            return
    raise AssertionError("the bot did not hand the turn back")


def does(step: tutorial.Step, state: rules.GameState, action: Any) -> bool:
    assert step.act is not None
    return step.act(state, action, rules.apply(state, action))


def gain(state: rules.GameState, action: Any) -> int:
    """What an action brings the learner at once, roughly: money, fame and dice."""
    after = rules.apply(state, action)
    was, now = state.players[tutorial.LEARNER], after.players[tutorial.LEARNER]
    return now.money - was.money + now.fame - was.fame + len(now.dice) - len(was.dice)


def pick(step: tutorial.Step, state: rules.GameState, legal: list[Any]) -> Any | None:
    """An action that does this step and not the next too (so each step is seen on its own),
    the one bringing most; None when none does it."""
    doing = [a for a in legal if does(step, state, a)]
    following = tutorial.STEPS[tutorial.IDS.index(step.id) + 1 :]
    alone = [
        a
        for a in doing
        if not (following[:1] and following[0].act and does(following[0], state, a))
    ]
    if step.id == "quarry":
        tiles = rules.catalog().tiles
        alone = [a for a in alone if tiles[state.supply.stacks[a.stack][-1]].market_money]
    return max(alone or doing, key=lambda a: gain(state, a), default=None)


def harbor_paid_plainly(state: rules.GameState, legal: list[Any]) -> Any:
    return next(
        a for a in legal if isinstance(a, rules.Harbor) and not a.pay.flipped and a.steps == 1
    )


async def press_commands(pilot: Pilot[None], commands: list[str]) -> None:
    await pilot.press(*apps.keys_for(commands))
    await pilot.pause()


async def to_first_stage(pilot: Pilot[None], screen: TutorialScreen) -> None:
    """Steps back to the first stage (never pressing Escape there: it would skip a step)."""
    while screen.chooser is not None and len(screen.chooser.steps) > 1:
        await pilot.press("escape")
        await pilot.pause()


@pytest.mark.slow
async def test_the_tutorial_played_through_by_keys_to_its_end(saves: Path) -> None:
    """Every step done as its line asks, by keys, each at the first turn it is shown: the seed
    makes each possible then. The line fits its two rows at 80×24 all the way."""
    app = apps.app(saves=saves, tutorial=True)
    seen: list[str] = []
    async with app.run_test(size=apps.SMALL) as pilot:
        await settle(pilot, app)
        while app.tutorial is not None and not app.tutorial.done:
            screen = app.screen
            assert isinstance(screen, TutorialScreen)
            step = app.tutorial.current
            assert step is not None
            if step.id not in seen:
                seen.append(step.id)
                line = lesson_line(app)
                assert f"{len(seen)}/{len(tutorial.STEPS)}" in line
                assert screen.query_one("#lesson").size.height <= 2, line
            chooser = screen.chooser
            assert chooser is not None
            state = chooser.state
            legal = list(chooser.legal)
            if step.look == "help":
                await pilot.press("question_mark")
                await pilot.pause()
                assert isinstance(app.screen, HelpScreen)
                await pilot.press("escape")
            elif step.look:
                key = bindings.key_of(app.keymap, f"choose.{PANE_NAMES.index(step.look) + 1}")
                assert f"{key} shows the {step.look}" in line
                await pilot.press(key)
            elif step.stage:
                target = harbor_paid_plainly(state, legal)
                commands = plan(Chooser(state, legal), target)
                await press_commands(pilot, commands[:-1])  # up to the preview, not confirmed
                assert screen.chooser is not None and screen.chooser.top.kind == "confirm"
            elif chooser.top.kind == "confirm" and does(step, state, chooser.top.actions[0]):
                await pilot.press("enter")
            else:
                await to_first_stage(pilot, screen)
                action = pick(step, state, legal)
                if action is None:
                    # A choice an action left (dice to take) comes first: any answer.
                    assert state.queue, f"step {step.id} cannot be done in round {state.round}"
                    action = legal[0]
                await press_commands(pilot, plan(Chooser(state, legal), action))
            await pilot.pause()
            await settle(pilot, app)
        assert seen == list(tutorial.IDS)
        assert app.tutorial is not None and app.tutorial.done
        assert lesson_line(app).startswith("Tutorial done")
        # The game goes on as any game; the closing words go with the learner's next action.
        state = app.game.state
        legal = rules.legal_actions(state)
        await press_commands(pilot, plan(Chooser(state, legal), legal[0]))
        await settle(pilot, app)
        assert not app.screen.query_one("#lesson").display
    assert save_layer.tutorial_step(saves / "tutorial.toml") == tutorial.DONE
    assert save_layer.unfinished_tutorial(saves) is None


@pytest.mark.slow
async def test_escape_skips_each_step_when_no_stage_is_open(saves: Path) -> None:
    app = apps.app(saves=saves, tutorial=True)
    async with app.run_test(size=apps.SMALL) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        assert "Esc skips." in lesson_line(app)
        # With a stage open, Escape steps back, as in any game; the step stays.
        await pilot.press("h")
        await pilot.pause()
        assert "skips" not in lesson_line(app)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.chooser is not None and screen.chooser.idle
        assert step_of(app) == tutorial.IDS[0]
        for number, step in enumerate(tutorial.IDS, start=1):
            assert step_of(app) == step
            assert lesson_line(app).startswith(f"{number}/{len(tutorial.IDS)} ")
            assert screen.query_one("#lesson").size.height <= 2, lesson_line(app)
            await pilot.press("escape")
            await pilot.pause()
        assert step_of(app) == tutorial.DONE
        assert lesson_line(app).startswith("Tutorial done")
        # Done: Escape is only "one stage back" again, and says there is none.
        await pilot.press("escape")
        await pilot.pause()
        assert screen.chooser is not None and screen.chooser.message == "Nothing to step back from."
        assert step_of(app) == tutorial.DONE
        assert app.game.log == ()  # skipping played nothing


@pytest.mark.slow
async def test_leaving_and_coming_back_goes_on_at_the_same_step(saves: Path) -> None:
    first = apps.app(saves=saves, tutorial=True)
    async with first.run_test(size=apps.SMALL) as pilot:
        await settle(pilot, first)
        await pilot.press("2", "1")  # the goal and the river: looked at
        await pilot.pause()
        state = first.game.state
        legal = rules.legal_actions(state)
        harbor = plan(Chooser(state, legal), harbor_paid_plainly(state, legal))
        await press_commands(pilot, harbor)  # the four stages, then paid with a die
        await settle(pilot, first)
        left_at, log = step_of(first), first.game.log
        path = first.file.path
    assert left_at == "karma"
    assert path == saves / "tutorial.toml"
    assert save_layer.tutorial_step(path) == "karma"
    # `rajas tutorial` again: the same save, at the same step and move.
    second = apps.app(saves=saves, tutorial=True)
    async with second.run_test(size=apps.SMALL) as pilot:
        await settle(pilot, second)
        assert isinstance(second.screen, TutorialScreen)
        assert second.file.path == path
        assert step_of(second) == "karma"
        assert second.game.log == log
        assert lesson_line(second).startswith("5/10 Karma")
    # A save like any other: Continue on the title takes it up too, lesson and all.
    third = apps.app(saves=saves)
    async with third.run_test(size=apps.SMALL) as pilot:
        await third.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(third.screen, TitleScreen)
        await pilot.press("c")
        await settle(pilot, third)
        assert third.file.path == path
        assert lesson_line(third).startswith("5/10 Karma")


async def test_learn_on_the_title_starts_the_tutorial(saves: Path) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("e")
        await settle(pilot, app)
        assert isinstance(app.screen, TutorialScreen)
        assert [seat.kind for seat in app.game.setup.seats] == ["human", "easy"]
        assert app.game.setup.seed == tutorial.SEED
        assert lesson_line(app).startswith("1/10 The goal")


@pytest.mark.slow
async def test_a_tutorial_finished_and_played_on_is_kept_when_a_new_one_starts(
    saves: Path,
) -> None:
    first = apps.app(saves=saves, tutorial=True)
    async with first.run_test(size=apps.SMALL) as pilot:
        await settle(pilot, first)
        for _ in tutorial.IDS:
            await pilot.press("escape")
        await pilot.pause()
        state = first.game.state
        legal = rules.legal_actions(state)
        await press_commands(pilot, plan(Chooser(state, legal), legal[0]))
        await settle(pilot, first)
        played_on = first.game.log
    second = apps.app(saves=saves, tutorial=True)
    async with second.run_test(size=apps.SMALL) as pilot:
        await settle(pilot, second)
        assert second.file.path == saves / "tutorial-2.toml"
        assert step_of(second) == tutorial.IDS[0]
    assert save_layer.load(saves / "tutorial.toml").log == played_on


async def test_the_line_names_the_keys_the_keymap_sets(saves: Path, tmp_path: Path) -> None:
    keymap = tmp_path / "keymap.toml"
    keymap.write_text(
        '[keys]\n"area.harbor" = "H"\n"choose.back" = "backspace"\n"choose.1" = "f1"\n',
        encoding="utf-8",
    )
    app = apps.app(saves=saves, tutorial=True, keymap_file=keymap)
    async with app.run_test(size=apps.SMALL) as pilot:
        await settle(pilot, app)
        assert "Backspace skips." in lesson_line(app)
        await pilot.press("2")
        await pilot.pause()
        assert "F1 shows the river." in lesson_line(app)
        await pilot.press("f1")
        await pilot.pause()
        line = lesson_line(app)
        assert "Press H for the harbor" in line and "Backspace skips." in line
        await pilot.press("backspace")  # the moved key skips, as Escape would
        await pilot.pause()
        assert step_of(app) == "dice"


async def test_every_step_fits_the_lines_two_rows_at_80_columns() -> None:
    # The lesson takes the log line's row and one more at 80×24 (padding 1 each side).
    for lesson in [tutorial.Lesson(step) for step in tutorial.IDS]:
        head, body = tutorial.instruction(lesson, lambda b: bindings.key_of({}, b), True)
        assert len(textwrap.wrap(f"{head} {body}", apps.SMALL[0] - 2)) <= 2, lesson.step


async def test_every_key_a_step_names_is_a_binding() -> None:
    ids = {binding.id for binding in bindings.ALL}
    texts = [step.title + step.text for step in tutorial.STEPS] + [tutorial.FINISHED]
    named = {binding for text in texts for binding in keynames.placeholders(text)}
    assert named and named <= ids, named - ids
    assert set(keynames.MOVES) <= ids


async def test_save_as_takes_the_tutorial_to_the_copy(saves: Path) -> None:
    app = apps.app(saves=saves, tutorial=True)
    async with app.run_test(size=apps.SMALL) as pilot:
        await settle(pilot, app)
        await pilot.press("2")
        await pilot.pause()
        copy = app.save_as("copy")
        await app.workers.wait_for_complete()
        assert save_layer.tutorial_step(copy) == "river"
        await pilot.press("1")
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert save_layer.tutorial_step(copy) == "stages"
        assert save_layer.tutorial_step(saves / "tutorial.toml") == "river"  # left behind


async def test_another_game_opened_over_the_tutorial_has_no_lesson(
    saves: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other.toml"
    save_layer.save(apps.example("opening-2p.toml"), other)
    app = apps.app(saves=saves, tutorial=True)
    async with app.run_test(size=apps.SMALL) as pilot:
        await settle(pilot, app)
        await pilot.press("2")
        app.open_save(other)
        await apps.until(pilot, lambda: app.game is not None and app.game.setup.seed != 12, "open")
        await pilot.pause()
        assert app.tutorial is None and not isinstance(app.screen, TutorialScreen)
        assert save_layer.tutorial_step(saves / "tutorial.toml") == "river"
    assert save_layer.tutorial_step(other) is None


async def test_a_hang_up_keeps_the_step_with_the_game(saves: Path) -> None:
    """What SIGHUP's ending thread keeps (`keep_played`) holds the tutorial's step too."""
    app = apps.app(saves=saves, tutorial=True)
    async with app.run_test(size=apps.SMALL) as pilot:
        await settle(pilot, app)
        await app.workers.wait_for_complete()
        app.tutorial = tutorial.Lesson("karma")  # a step not yet noted by its worker
        app.keep_played(time.monotonic() + 1)
        assert save_layer.tutorial_step(saves / "tutorial.toml") == "karma"
