"""Puzzles in the app: `rajas puzzle N`'s app opens on the puzzle's card, the player solves it by
keys and the verdict says so (and the solution is noted); a wrong line is not solved and Retry
starts again; the coach's key gives a hint, a step of a line that meets the goal, counted
across retries and reopening until the puzzle is solved; the title lists the puzzles with their
marks and opens one; nothing is saved or played by the other seats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

import rules
import saves as save_layer
from rajas_tui.present import puzzle_hint
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.coach import CoachScreen
from rajas_tui.tui.screens.game import Line
from rajas_tui.tui.screens.puzzle import PuzzleCard, PuzzleScreen, PuzzlesScreen, VerdictCard
from saves import marks, puzzles
from saves.marks import Mark
from tests.helpers import apps
from tests.helpers.key_plan import plan
from tests.helpers.puzzle_search import Search, fair_line

SHIPPED = puzzles.load_all()
FIRST = SHIPPED[0]
SOLUTION = ("quarry q1 d3 o4 o5", "place a1 r0")
NEAREST = ("quarry q1 d3 o4 o5", "place d1 r0")


def puzzle_app(number: int, marks_file: Path | None, **options: Any) -> RajasApp:
    return apps.app(puzzle=(SHIPPED, SHIPPED[number - 1]), marks_file=marks_file, **options)


def status(app: RajasApp) -> str:
    return str(app.screen.query_one("#status", Line).content)


async def play(pilot: Pilot[None], app: RajasApp, line: tuple[rules.Action, ...]) -> None:
    """Plays each action by the keys a player would press for it."""
    for action in line:
        state = app.shown.state
        chooser = Chooser(rules.seat_view(state, state.turn))
        await pilot.press(*apps.keys_for(plan(chooser, action)))
        await apps.until(pilot, lambda s=state: app.shown.state is not s, f"{action} played")


def actions(words: tuple[str, ...]) -> tuple[rules.Action, ...]:
    return tuple(rules.parse_action(w) for w in words)


@pytest.mark.asyncio
async def test_a_puzzle_is_solved_by_keys_and_the_solution_noted(tmp_path: Path) -> None:
    noted = tmp_path / "puzzles.toml"
    app = puzzle_app(1, noted)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PuzzleCard)
        assert str(app.screen.query_one("#card-goal").render()) == "Goal: Gain 7 fame this turn."
        await pilot.press("enter")
        assert isinstance(app.screen, PuzzleScreen)
        assert status(app).startswith(" Puzzle 1 (easy) · no hints · Gain 7 fame this turn.")
        await play(pilot, app, actions(SOLUTION))
        await apps.until(pilot, lambda: isinstance(app.screen, VerdictCard), "the verdict")
        verdict = str(app.screen.query_one("#verdict").render())
        assert verdict.splitlines() == ["Solved, with no hints.", "  gain 7 fame: gained 7 (met)"]
        await app.workers.wait_for_complete()
        assert app.shown.state.turn != FIRST.seat, "the next seat's turn came, and it waits"
        assert len(app.shown.log) == len(SOLUTION), "no other seat moved"
    assert marks.read(noted) == ({FIRST.id: Mark(0)}, None)
    assert app.file.path is None, "a puzzle is played without a file"


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_wrong_line_is_not_solved_and_retry_starts_again(tmp_path: Path) -> None:
    noted = tmp_path / "puzzles.toml"
    app = puzzle_app(1, noted)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.press("enter")
        await play(pilot, app, actions(NEAREST))
        await apps.until(pilot, lambda: isinstance(app.screen, VerdictCard), "the verdict")
        verdict = str(app.screen.query_one("#verdict").render()).splitlines()
        assert verdict == ["Not solved, with no hints.", "  gain 7 fame: gained 5 (not met)"]
        screen = app.screen_stack[-2]
        assert isinstance(screen, PuzzleScreen)
        assert "Not solved." in str(screen.query_one("#prompt", Line).content)
        await pilot.press("r")
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the card again")
        assert not isinstance(app.screen, VerdictCard)
        assert app.shown.state == FIRST.state and app.shown.log == ()
    assert not noted.exists(), "nothing solved, nothing noted"


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_coachs_advice_is_a_hint_and_is_counted(tmp_path: Path) -> None:
    noted = tmp_path / "puzzles.toml"
    app = puzzle_app(1, noted)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("enter")
        await pilot.press("a")
        await apps.until(pilot, lambda: isinstance(app.screen, CoachScreen), "advice", looks=6000)
        await pilot.press("escape")
        await pilot.pause()
        assert "· 1 hint ·" in status(app)
        await pilot.press("g")
        assert isinstance(app.screen, PuzzleCard)
        assert "1 hint so far" in str(app.screen.query_one("#card-hints").render())
        await pilot.press("enter")
        await play(pilot, app, actions(SOLUTION))
        await apps.until(pilot, lambda: isinstance(app.screen, VerdictCard), "the verdict")
        assert str(app.screen.query_one("#verdict").render()).startswith("Solved, with 1 hint.")
        await app.workers.wait_for_complete()
    assert marks.read(noted) == ({FIRST.id: Mark(1)}, None)


async def hint(pilot: Pilot[None], app: RajasApp) -> CoachScreen:
    await pilot.press("a")
    await apps.until(pilot, lambda: isinstance(app.screen, CoachScreen), "the hint", looks=6000)
    assert isinstance(app.screen, CoachScreen)
    return app.screen


@pytest.mark.slow
@pytest.mark.asyncio
async def test_playing_each_hint_solves_the_puzzle_and_each_is_counted(tmp_path: Path) -> None:
    noted = tmp_path / "puzzles.toml"
    number = 10  # the coach's advice here leads away from the goal
    puzzle = SHIPPED[number - 1]
    app = puzzle_app(number, noted)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.press("enter")
        shown = 0
        while not isinstance(app.screen, VerdictCard):
            card = await hint(pilot, app)
            shown += 1
            assert card.counsel.title.startswith("Hint")
            expected = puzzle_hint.hint(puzzle, app.shown.state)
            assert card.counsel.action == expected.action
            assert str(card.query_one("#advice").render()).startswith(f"Play {expected.told[0]}")
            state = app.shown.state
            await pilot.press("enter")
            await apps.until(pilot, lambda s=state: app.shown.state is not s, "the hint played")
        verdict = str(app.screen.query_one("#verdict").render()).splitlines()
        hints = "1 hint" if shown == 1 else f"{shown} hints"
        assert verdict[0] == f"Solved, with {hints}."
        await app.workers.wait_for_complete()
    assert marks.read_book(noted) == (marks.Book({puzzle.id: Mark(shown)}, {}), None)


@pytest.mark.slow
@pytest.mark.asyncio
async def test_hints_asked_stay_counted_on_retry_and_reopening_until_solved(
    tmp_path: Path,
) -> None:
    noted = tmp_path / "puzzles.toml"
    app = puzzle_app(1, noted)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.press("enter")
        await hint(pilot, app)
        await pilot.press("escape", "g", "r")
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the card again")
        assert "1 hint so far" in str(app.screen.query_one("#card-hints").render())
        await pilot.press("enter")
        assert "· 1 hint ·" in status(app)
        await app.workers.wait_for_complete()
    assert marks.read_book(noted) == (marks.Book({}, {FIRST.id: 1}), None)
    app = puzzle_app(1, noted)  # the puzzle opened again, in another run
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.pause()
        assert "1 hint so far" in str(app.screen.query_one("#card-hints").render())
        await pilot.press("enter")
        await play(pilot, app, actions(NEAREST))
        await apps.until(pilot, lambda: isinstance(app.screen, VerdictCard), "the verdict")
        verdict = str(app.screen.query_one("#verdict").render())
        assert verdict.startswith("Not solved, with 1 hint.")
        await pilot.press("r")
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the card again")
        await pilot.press("enter")
        await play(pilot, app, actions(SOLUTION))
        await apps.until(pilot, lambda: isinstance(app.screen, VerdictCard), "the verdict")
        verdict = str(app.screen.query_one("#verdict").render())
        assert verdict.startswith("Solved, with 1 hint.")
        await app.workers.wait_for_complete()
        await pilot.press("r")  # after a solution, a new attempt counts from none
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the card again")
        assert "no hints so far" in str(app.screen.query_one("#card-hints").render())
    assert marks.read_book(noted) == (marks.Book({FIRST.id: Mark(1)}, {}), None)


@pytest.mark.asyncio
async def test_a_position_that_cannot_meet_the_goal_gets_one_sentence(tmp_path: Path) -> None:
    search = Search(FIRST)
    wrong = next(
        action
        for action, solves in search.first_moves().items()
        if not solves and not FIRST.ended(rules.apply(FIRST.state, action))
    )
    app = puzzle_app(1, None)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.press("enter")
        await play(pilot, app, (wrong,))
        card = await hint(pilot, app)
        assert card.counsel.action is None
        assert str(card.query_one("#advice").render()) == (
            "No line from here meets the goal: u takes an action back, or g then r starts again."
        )
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PuzzleScreen)
        assert "· 1 hint ·" in status(app)


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_title_lists_the_puzzles_with_their_marks_and_opens_one(
    tmp_path: Path, saves: Path
) -> None:
    noted = tmp_path / "puzzles.toml"
    marks.solved(noted, SHIPPED[1].id, 2)
    marks.asked(noted, SHIPPED[3].id, 2)  # asked, not solved yet: kept for the next try
    app = apps.app(saves=saves, marks_file=noted)
    async with app.run_test(size=apps.SMALL) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("p")
        assert isinstance(app.screen, PuzzlesScreen)
        await apps.until(pilot, lambda: len(app.screen.shown) == len(SHIPPED), "the list")
        menu = app.screen.query_one("#puzzle-menu")
        texts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert texts[1] == f" 2. {SHIPPED[1].title} ({SHIPPED[1].level})  solved, 2 hints\n" + (
            f"    {SHIPPED[1].goal_words()}"
        )
        assert "solved" not in texts[0]
        assert texts[3].startswith(f" 4. {SHIPPED[3].title} ({SHIPPED[3].level})  2 hints asked\n")
        await pilot.press("down", "down", "enter")
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzleCard), "puzzle 3's card")
        assert app.attempt is not None and app.attempt.puzzle == SHIPPED[2]
        await pilot.press("escape")  # the card's Escape: back to the list
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzlesScreen), "the list again")
        await pilot.press("escape")
        assert type(app.screen).__name__ == "TitleScreen"


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_broken_marks_file_is_one_sentence_in_the_app(tmp_path: Path, saves: Path) -> None:
    noted = tmp_path / "puzzles.toml"
    noted.write_text("[solved\n")
    app = apps.app(saves=saves, marks_file=noted)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("p")
        await apps.until(pilot, lambda: len(app.screen.shown) == len(SHIPPED), "the list")
        told = apps.notices(app)
        assert any(m.startswith(f"{noted}: not a puzzles file") for m in told), told
        await pilot.press("enter", "enter")
        await play(pilot, app, actions(SOLUTION))
        await apps.until(pilot, lambda: isinstance(app.screen, VerdictCard), "the verdict")
        await app.workers.wait_for_complete()
    assert marks.read(noted) == ({FIRST.id: Mark(0)}, None)
    assert (tmp_path / "puzzles.toml.bak").read_text() == "[solved\n"


@pytest.mark.asyncio
async def test_next_opens_the_following_puzzle_and_the_last_has_none(tmp_path: Path) -> None:
    app = puzzle_app(len(SHIPPED) - 1, None)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.press("n")
        await apps.until(pilot, lambda: app.shown.state == SHIPPED[-1].state, "the last puzzle")
        await pilot.press("n")
        await pilot.pause()
        assert app.attempt is not None and app.attempt.puzzle == SHIPPED[-1]
        assert any("This is the last puzzle" in note for note in apps.notices(app))


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_puzzle_ending_the_game_shows_the_verdict_not_the_game_over(
    tmp_path: Path,
) -> None:
    number = next(p.number for p in SHIPPED if p.goal[0].kind == "win")
    puzzle = SHIPPED[number - 1]
    line = fair_line(Search(puzzle))
    assert line is not None
    app = puzzle_app(number, None)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.press("enter")
        await play(pilot, app, line)
        await apps.until(pilot, lambda: isinstance(app.screen, VerdictCard), "the verdict")
        assert app.shown.state.over
        assert str(app.screen.query_one("#verdict").render()).startswith("Solved")
        assert isinstance(app.screen_stack[-2], PuzzleScreen)


@pytest.mark.asyncio
async def test_save_as_says_a_puzzle_is_not_saved(tmp_path: Path) -> None:
    app = puzzle_app(1, None)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("enter", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PuzzleScreen)
        told = apps.notices(app)
        assert "A puzzle is not saved: its card (g) starts it again." in told


@pytest.mark.asyncio
async def test_a_navaratnas_puzzle_shows_the_players_view_only(tmp_path: Path) -> None:
    number = next(p.number for p in SHIPPED if "navaratnas" in p.state.config.boards)
    app = puzzle_app(number, None)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.view is not None
        assert screen.view.eyes() == SHIPPED[number - 1].seat


@pytest.mark.asyncio
async def test_a_marks_file_that_cannot_be_written_is_one_sentence(tmp_path: Path) -> None:
    noted = tmp_path / "puzzles.toml"
    noted.mkdir()  # a folder where the file goes
    app = puzzle_app(1, noted)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("enter")
        await play(pilot, app, actions(SOLUTION))
        await apps.until(pilot, lambda: isinstance(app.screen, VerdictCard), "the verdict")
        await app.workers.wait_for_complete()
        await pilot.pause()
        told = apps.notices(app)
        assert any(m.startswith("The solved puzzle could not be noted: ") for m in told), told
        assert isinstance(app.screen, VerdictCard)


@pytest.mark.asyncio
async def test_the_help_over_a_puzzle_names_the_puzzles_own_keys(tmp_path: Path) -> None:
    from rajas_tui.tui.screens.help import HelpScreen

    app = puzzle_app(1, tmp_path / "puzzles.toml")
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("question_mark")
        await apps.until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        words = str(app.screen.query_one("#help-text").render())
        assert "Keys on this screen" in words
        assert "  g           goal" in words, "the puzzle's card key is told"


@pytest.mark.asyncio
async def test_the_list_opened_from_a_game_goes_back_to_that_game(
    tmp_path: Path, saves: Path
) -> None:
    """Ctrl+P → Puzzles during a game, a puzzle opened and left for the list (its card's
    Escape): Escape on the list goes back to the game left, from its file, not to the title."""
    from rajas_tui.tui.screens.game import GameScreen

    game = apps.new_game([("Asha", "human"), ("Bela", "random")], 3)
    path = saves / "played.toml"
    save_layer.save(game, path)
    app = apps.app(game, saves=saves, path=path, marks_file=tmp_path / "puzzles.toml")
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        app.action_puzzles()
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzlesScreen), "the list")
        await apps.until(pilot, lambda: bool(app.screen.shown), "the puzzles listed")  # type: ignore[attr-defined]
        await pilot.press("enter")
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the card")
        await pilot.press("enter")  # the puzzle played; the list opened over it goes back to it
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzleScreen), "the puzzle")
        app.action_puzzles()
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzlesScreen), "the list over it")
        await pilot.press("escape")
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzleScreen), "the puzzle again")
        await pilot.press("g")
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzleCard), "the card again")
        await pilot.press("escape")
        await apps.until(pilot, lambda: isinstance(app.screen, PuzzlesScreen), "the list again")
        await pilot.press("escape")
        await apps.until(pilot, lambda: type(app.screen) is GameScreen, "the game again")
        assert app.attempt is None and app.file.path == path
        assert app.shown.state == game.state


@pytest.mark.asyncio
async def test_the_card_and_help_call_the_key_a_hint_not_the_coach(tmp_path: Path) -> None:
    """In a puzzle the coach's key gives the next step of a line that meets the goal, not the
    coach's bot's move: the card and the help say so, in the binding's words."""
    app = puzzle_app(1, tmp_path / "puzzles.toml")
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        card = str(app.screen.query_one("#card-hints").render())
        assert card == "a: a hint, the next step towards the goal (counted: no hints so far)."
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        said = str(app.screen.query_one("#help-text").render())
        assert "a           hint: the next step of a line that meets the goal, counted" in said
        assert "coach: what the normal bot would play" not in said
