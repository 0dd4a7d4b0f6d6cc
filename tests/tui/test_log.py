"""The log: every move since your last turn (bots included), a separator where each round
begins naming who starts it, older moves one key away, and a count of the new moves in words."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.pilot import Pilot

import rules
import saves as save_layer
from rajas_tui.present import logbook, text
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import PANE_NAMES
from rajas_tui.tui.widgets.log import NEW_MARK, LogLine, LogPane, line_heads
from tests.helpers import apps
from tests.helpers.key_plan import plan

LOG_KEY = str(PANE_NAMES.index("log") + 1)


def _played(seats: list[tuple[str, str]], seed: int, actions: int) -> save_layer.Game:
    game = apps.new_game(seats, seed)
    for _ in range(actions):
        game = save_layer.play(game, rules.legal_actions(game.state)[0])
    return game


def test_each_round_starts_with_a_separator_naming_its_start_player() -> None:
    game = apps.midgame()
    names = [seat.name for seat in game.setup.seats]
    lines = logbook.told(game)
    moves = [line for line in lines if line.kind == logbook.MOVE]
    assert [line.seat for line in moves] == [entry.seat for entry in game.log]
    assert all(line.words.startswith(f"{text.player_tag(line.seat)} ") for line in moves)
    state = game.start
    expected = []
    for entry in game.log:
        if not expected or expected[-1] != (state.round, state.start_player):
            expected.append((state.round, state.start_player))
        state = rules.apply(state, rules.parse_action(entry.action))
    separators = [line for line in lines if line.kind == logbook.ROUND]
    said = []
    for index, (round_, starts) in enumerate(expected):
        in_turn = index == 0 or starts == (expected[index - 1][1] + 1) % len(names)
        said.append(
            f"— round {round_}, {names[starts]} starts{'' if in_turn else ' (Great Mogul)'} —"
        )
    assert [line.words for line in separators] == said
    assert len(separators) == game.state.round  # the example begins at round 1
    assert lines[0].kind == logbook.ROUND


def test_the_replay_follows_an_undo_and_another_game() -> None:
    game = apps.midgame()
    whole = logbook.rounds_of(game)
    told = logbook.told(game)
    shorter = attrs.evolve(game, log=game.log[:120])  # as after undoing 40 actions
    assert logbook.rounds_of(shorter) == whole[: len(shorter.log)]
    fewer = logbook.told(shorter)
    assert fewer == told[: len(fewer)] and len(fewer) < len(told)
    other = _played([("Asha", "random"), ("Bela", "random")], 3, 30)
    fresh = logbook._Replay()
    logbook._replay, saved = fresh, logbook._replay
    try:
        expected = logbook.rounds_of(other)
        expected_told = logbook.told(other)
    finally:
        logbook._replay = saved
    assert logbook.rounds_of(other) == expected
    logbook._told.clear()  # told again from the replay, not from the last game told
    assert logbook.told(other) == expected_told
    assert logbook.rounds_of(game) == whole
    assert logbook.told(game) == told


def test_the_moves_since_a_seat_last_acted_start_after_its_last_move() -> None:
    lines = logbook.told(apps.midgame())
    for seat in range(4):
        start = logbook.since_last_turn(lines, seat)
        assert lines[start - 1].seat == seat and lines[start - 1].kind == logbook.MOVE
        assert all(line.seat != seat for line in lines[start:] if line.kind == logbook.MOVE)
    assert logbook.since_last_turn(lines, None) == len(lines)
    assert logbook.since_last_turn([], 0) == 0


def _terrace_keys(app: RajasApp) -> list[str]:
    state = app.shown.state
    legal = rules.legal_actions(state)
    terrace = next(a for a in legal if isinstance(a, rules.actions.Terrace))
    return apps.keys_for(plan(Chooser(state, legal), terrace))


async def _until_asha(pilot: Pilot[None], app: RajasApp) -> None:
    for _ in range(50):
        await pilot.pause()
        if app.game is not None and app.game.state.turn == 0 and app.screen.chooser is not None:
            return
    raise AssertionError("Asha never got the turn")


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_log_pane_shows_the_bots_moves_since_your_turn(saves: Path) -> None:
    """A human and two bots: when the human is to act again, the log pane marks where the
    bots' moves began and the small screen's log line counts them."""
    seats = [("Asha", "human"), ("Bela", "random"), ("Chand", "random")]
    app = apps.app(apps.new_game(seats, 11), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await _until_asha(pilot, app)
        await pilot.press(*_terrace_keys(app))
        await pilot.pause()
        assert any(entry.seat == 0 for entry in app.game.log)
        await _until_asha(pilot, app)
        line = str(app.screen.query_one(LogLine).render())
        bots = app.game.log[max(i for i, e in enumerate(app.game.log) if e.seat == 0) + 1 :]
        assert len(bots) >= 2
        # The count is of the moves since the turn, the newest shown among them; the 7 is
        # called a key, never left to read as a count.
        n = len(bots)
        heads = (
            f"Log, {n} moves since your last turn (key 7 shows them): ",
            f"Log, {n} moves since your last turn (key 7): ",
            f"Log, {n} new moves (key 7): ",
        )
        assert line.startswith(heads), line
        await pilot.press(LOG_KEY)
        await pilot.pause()
        shown = str(app.screen.query_one(LogPane).render())
        assert NEW_MARK in shown
        starts = seats[app.game.start.start_player][0]
        assert f"— round 1, {starts} starts —" in shown
        after = shown.split(NEW_MARK)[1]
        assert after.count("Bela") + after.count("Chand") >= len(bots)
        assert "Asha" not in after.replace("Asha starts", "")


@pytest.mark.asyncio
async def test_the_log_key_again_pages_to_older_moves(saves: Path) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press(LOG_KEY)
        await pilot.pause()
        pane = app.screen.query_one(LogPane)
        newest = str(pane.render())
        assert newest.startswith("Log — newest at the bottom; 7 again: older moves\n")
        assert "round 11, " in newest
        await pilot.press(LOG_KEY)
        await pilot.pause()
        older = str(pane.render())
        assert older.startswith("Log — page 2 back of ")
        assert older.split("\n")[1:] != newest.split("\n")[1:]
        await pilot.press("3", LOG_KEY)
        await pilot.pause()
        assert "newest at the bottom" in str(pane.render())  # it opens on its newest lines again


def test_the_log_is_told_again_in_the_other_glyph_set() -> None:
    game = apps.midgame()
    try:
        unicode_lines = logbook.told(game)
        assert logbook.told(game) is unicode_lines  # a redraw with no new move tells nothing anew
        text.G.use_ascii(True)
        ascii_lines = logbook.told(game)
        assert ascii_lines != unicode_lines
        assert all(line.words.isascii() for line in ascii_lines if line.kind != logbook.MOVE)
    finally:
        text.G.use_ascii(False)


def test_a_seat_that_has_not_moved_yet_reads_the_moves_so_far() -> None:
    assert line_heads(3, moved=False)[0] == "Log, 3 moves so far (key 7 shows them)"
    assert line_heads(3, moved=True)[0] == "Log, 3 moves since your last turn (key 7 shows them)"
    assert line_heads(1, moved=True) == ("Log",)  # the one move is the one shown
