"""Two apps bound to seats of one table, and a watcher: each sees the others' moves as soon as
they are written (how soon is measured and printed, not asserted), acts only on its own turn, and
a bot seat moves exactly once though every app is open."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

import rules
import saves
from rajas_tui.present import turns
from rajas_tui.present.bot_process import Cancelled, InProcess, Thinker
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui.private_textual import Footer
from rajas_tui.tui.screens.game import Line
from rajas_tui.tui.screens.help import HelpScreen
from rajas_tui.tui.table import WATCHERS, WATCHERS_COACH, TableApp, TableScreen, _stamp
from rajas_tui.tui.widgets.log import LogLine
from saves import tables
from saves.records import Seat, Setup
from tests.helpers import apps
from tests.helpers.key_plan import plan

pytestmark = pytest.mark.asyncio
# How soon another terminal shows a move is measured and printed (the issue asks for 300 ms;
# about 70 ms with watchfiles, 120 ms polling, on an idle machine), never asserted: tests do
# not assert on wall-clock time. The waits below only stop a hang.
HANG = 10.0


def _table(folder: Path, kinds: tuple[str, ...], undo: str = "strict") -> Path:
    names = ("Asha", "Bela", "Chand")[: len(kinds)]
    seats = tuple(Seat(n, k) for n, k in zip(names, kinds, strict=True))
    setup = Setup(seats, seed=21, undo=undo)
    path = tables.table_path(folder, "two")
    tables.create(path, saves.start_game(setup))
    tables.tend(path, turns.bot_action)
    return path


def _app(path: Path, seat: int | None, thinker: Thinker | None = None) -> TableApp:
    return TableApp(path, seat, bot_delay=0, theme="rajas-dark", thinker=thinker or InProcess())


async def _until(pilot, done, limit: float) -> float:  # type: ignore[no-untyped-def]
    """Waits for `done()` (checked each few ms); the seconds it took, or fails after `limit`."""
    start = time.monotonic()
    while not done():
        if time.monotonic() - start > limit:
            raise AssertionError(f"not within {limit} s")
        await pilot.pause(0.005)
    return time.monotonic() - start


def _shown_at(app: TableApp) -> list[float]:
    """The wall-clock times at which the app showed a new game (its panes redrawn), from now."""
    times: list[float] = []
    take = app.bound._take

    def timed(game: saves.Game) -> None:
        take(game)
        times.append(time.time())

    app.bound._take = timed  # type: ignore[method-assign]
    return times


def _first(game: saves.Game) -> str:
    return str(rules.legal_actions(game.state)[0])


def _prompt(app: TableApp) -> str:
    return str(app.screen.query_one("#prompt", Line).content)


def _footer(app: TableApp) -> str:
    """The footer's keys as it shows them, a dimmed one in brackets."""
    keys = [k for k in app.screen.query_one(Footer).query(FooterKey) if k.display]
    faces = ((k, f"{k.key_display} {k.description}") for k in keys)
    return "  ".join(f"[{face}]" if k.has_class("-disabled") else face for k, face in faces)


def _log_line(app: TableApp) -> str:
    return str(app.screen.query_one(LogLine).render())


@pytest.mark.slow
async def test_a_move_shows_on_the_other_seat_and_the_watcher(tmp_path: Path) -> None:
    path = _table(tmp_path, ("human", "human"))
    first = tables.read(path).state.turn
    mover, other, watcher = _app(path, first), _app(path, 1 - first), _app(path, None)
    held = [tables.join(path, first), tables.join(path, 1 - first)]  # as `rajas join` holds them
    async with (
        mover.run_test(size=apps.SMALL) as pm,
        other.run_test(size=apps.SMALL) as po,
        watcher.run_test(size=apps.SMALL) as pw,
    ):
        assert isinstance(other.screen, TableScreen)
        # The other seat and the watcher cannot act now; a key says why.
        for app, pilot, says in (
            (other, po, f"It is {mover.real.seat.name}'s turn."),
            (watcher, pw, "Watchers only watch"),
        ):
            await pilot.press(apps.KEYS["confirm"])
            await pilot.pause()
            assert any(says in note for note in apps.notices(app)), says
        assert tables.read(path).log == ()
        prompt = str(other.screen.query_one("#prompt").render())
        assert f"{mover.real.seat.name}'s turn: their moves show here" in prompt
        # The mover plays by keys; the others show it without a key of their own.
        view = mover.game.state if mover.game else None
        assert view is not None
        action = rules.legal_actions(view)[0]
        keys = apps.keys_for(plan(Chooser(view), action))
        seen = [_shown_at(other), _shown_at(watcher)]
        moved = _shown_at(mover)
        await pm.press(*keys)
        # The move is written by a worker thread: the keys' return does not wait for it (on a
        # slowed machine the file was read before the write, in a clean-clone run).
        await _until(pm, lambda: len(tables.read(path).log) == 1, HANG)
        assert [e.action for e in tables.read(path).log] == [str(action)]
        written = path.stat().st_ctime_ns / 1e9  # the rename that made it the table
        await _until(po, lambda: len(other.real.log) == 1, HANG)
        await _until(pw, lambda: len(watcher.real.log) == 1, HANG)
        # Here the three apps share one thread, which the mover holds while it redraws after
        # its write; in play each is its own process, so the wait counts from then.
        took = max(times[0] for times in seen) - max(written, moved[0])
        await po.pause()
        assert _log_line(other) == _log_line(mover) != "Log: (no action yet)"
        print(f"seen by both {took * 1000:.0f} ms after the write")
    for presence in held:
        presence.leave()


async def test_a_waiting_seat_and_a_watcher_are_told_the_player_to_act_has_left(
    tmp_path: Path,
) -> None:
    """The player whose turn it is leaves (her process ends, and the kernel drops her seat's
    lock): the seat waiting on her and the watcher say so, and again when she is back."""
    path = _table(tmp_path, ("human", "human"))
    turn = tables.read(path).state.turn
    name = tables.read(path).seat.name
    waiting, watcher = _app(path, 1 - turn), _app(path, None)
    mine = tables.join(path, 1 - turn)
    try:
        async with waiting.run_test(size=apps.SMALL) as pw, watcher.run_test(size=apps.SMALL):
            await _until(
                pw,
                lambda: (
                    "is not at the table: their moves show here once they join" in _prompt(waiting)
                ),
                HANG,
            )
            assert f"{name}'s turn, but {name} is not at the table" in _prompt(waiting)
            absent = f"Watching: {name}'s turn, but {name} is not at the table."
            await _until(pw, lambda: absent in _prompt(watcher), HANG)
            hers = tables.join(path, turn)
            await _until(
                pw, lambda: "their moves show here as they make them" in _prompt(waiting), HANG
            )
            await _until(pw, lambda: f"Watching: {name} is playing…" in _prompt(watcher), HANG)
            hers.leave()
            said = f"{name}'s turn, but {name} has left the table: their moves show here when"
            await _until(pw, lambda: said in _prompt(waiting), HANG)
            await _until(pw, lambda: f"{name} has left the table." in _prompt(watcher), HANG)
            await _until(pw, lambda: f"{name} has left the table." in apps.notices(waiting), HANG)
            hers = tables.join(path, turn)
            await _until(
                pw, lambda: "their moves show here as they make them" in _prompt(waiting), HANG
            )
            await _until(pw, lambda: f"{name} is back at the table." in apps.notices(waiting), HANG)
            hers.leave()
    finally:
        mine.leave()


async def test_a_write_by_another_process_shows_by_itself(tmp_path: Path) -> None:
    """Measured from the write itself: the app idles while the table is written elsewhere."""
    path = _table(tmp_path, ("human", "human"))
    game = tables.read(path)
    app = _app(path, 1 - game.state.turn)
    async with app.run_test(size=apps.SMALL) as pilot:
        took = []
        for _ in range(5):
            await pilot.pause(0.1)
            game = tables.read(path)
            turn = game.state.turn
            if turn == app.seat:
                break
            seen = _shown_at(app)
            game = tables.act(path, turn, rules.legal_actions(game.state)[0], tables.seen(game))
            written = path.stat().st_ctime_ns / 1e9  # the rename that made it the table
            await _until(pilot, lambda g=game: app.real.log == g.log, HANG)
            took.append(seen[0] - written)
        assert took
        print(f"seen {max(took) * 1000:.0f} ms after the write at most ({len(took)} writes)")


async def test_a_stale_app_is_refused_and_catches_up(tmp_path: Path) -> None:
    path = _table(tmp_path, ("human", "human"))
    first = tables.read(path).state.turn
    app = _app(path, first)
    async with app.run_test(size=apps.SMALL) as pilot:
        stale = app.real
        played = tables.act(path, first, rules.legal_actions(stale.state)[0], tables.seen(stale))
        app.bound._stop.set()  # the watcher is not what this test is about: the protocol is
        app.real = stale
        app.commit(rules.legal_actions(stale.state)[0])
        await pilot.pause()
        assert any("changed while you looked" in note for note in apps.notices(app))
        assert tables.read(path).log == played.log  # not applied twice
        assert app.real.log == played.log  # and the app reloaded the table


async def test_a_bot_seat_moves_exactly_once_with_both_apps_open(tmp_path: Path) -> None:
    """The table rests on the bot's turn (the process that should have played it was killed):
    both apps open see it, both try to play it, and it is played once."""
    seats = (Seat("Asha"), Seat("Bela"), Seat("Chand", "random"))
    setup = Setup(seats, seed=3)
    game = saves.start_game(setup)
    while game.state.turn != 2:  # the humans play until the bot is to act
        game = saves.play(game, rules.legal_actions(game.state)[0])
    path = tables.table_path(tmp_path, "bot")
    tables.create(path, game)
    expected = turns.run_bots(game)  # what the bot plays, once, from here
    assert len(expected.log) > len(game.log)
    a, b = _app(path, 0), _app(path, 1)
    async with a.run_test(size=apps.SMALL) as pa, b.run_test(size=apps.SMALL) as pb:
        for app, pilot in ((a, pa), (b, pb)):
            await _until(pilot, lambda app=app: app.real.log == expected.log, 2.0)
        await pa.pause(0.2)
        await pb.pause(0.2)
        assert tables.read(path).log == expected.log
        assert a.real.log == b.real.log == expected.log


async def test_the_app_answers_while_a_slow_bot_moves_at_the_table(
    tmp_path: Path, held_bot: apps.Held
) -> None:
    """The player's last action is shown at once; the bot answering it thinks in the app's
    worker (held here), and meanwhile the screen says so and help, the panes and quit all
    answer. Before, the app played the bots on its UI thread: frozen until they moved."""
    path = _table(tmp_path, ("human", "random"))
    app = _app(path, 0, held_bot)
    async with app.run_test(size=apps.SMALL) as pilot:
        while app.real.seat.is_human:
            played = len(app.real.log)
            assert app.game is not None
            app.commit(rules.legal_actions(app.game.state)[0])
            await _until(pilot, lambda played=played: len(app.real.log) > played, HANG)
        await _until(pilot, held_bot.started.is_set, HANG)
        assert threading.main_thread() not in held_bot.threads, "thought on the UI thread"
        waiting = app.real
        assert tables.read(path).log == waiting.log  # the player's action: on file, shown
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await _until(pilot, lambda: "Bela (bot) is thinking…" in _prompt(app), HANG)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen), "help opens while the bot thinks"
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("7")
        assert screen.pane == "log", "the panes change while the bot thinks"
        assert not held_bot.release.is_set() and app.real is waiting, "and the bot is still at it"
        await pilot.press("ctrl+q")
        await _until(pilot, lambda: not app.is_running, HANG)


async def test_quitting_stops_the_bot_it_waits_for_and_the_next_process_plays_it(
    tmp_path: Path, held_bot: apps.Held
) -> None:
    """Before, the worker's thread outlived its app and wrote the bot's move after it had quit
    (a hard bot kept the process alive ~10 s). Now quitting stops the thinking: nothing is
    written after the app is gone, and the move is played by the next process at the table."""
    path = _table(tmp_path, ("human", "random"))
    app = _app(path, 0, held_bot)
    async with app.run_test(size=apps.SMALL) as pilot:
        while app.real.seat.is_human:
            played = len(app.real.log)
            assert app.game is not None
            app.commit(rules.legal_actions(app.game.state)[0])
            await _until(pilot, lambda played=played: len(app.real.log) > played, HANG)
        await _until(pilot, held_bot.started.is_set, HANG)
        waiting = app.real
        await pilot.press("ctrl+q")
        await _until(pilot, lambda: not app.is_running, HANG)
    assert held_bot.stopped.wait(HANG), "quitting stopped the bot's thinking"
    assert tables.read(path).log == waiting.log, "nothing written after the app quit"
    moved = tables.tend(path, turns.bot_action)
    assert len(moved.log) == len(waiting.log) + 1 and moved.log[-1].seat == 1


async def test_the_app_stays_at_its_table(tmp_path: Path) -> None:
    path = _table(tmp_path, ("human", "human"))
    app = _app(path, 0)
    async with app.run_test(size=apps.SMALL) as pilot:
        screen = app.screen
        app.action_new_game()
        app.action_load()
        app.action_save_as()
        await pilot.pause()
        assert app.screen is screen and app.file.path is None
        # New game and Load say the same sentence, shown once (a message on screen is not
        # stacked again); Save as says its own.
        assert sum("one table only" in note for note in apps.notices(app)) == 1
        assert any("no Save as here" in note for note in apps.notices(app))
        app.to_title()  # the game over screen's way out: out of rajas, not to another game
        await pilot.pause()
    assert app.return_code == 0


async def test_undo_takes_back_only_ones_own_last_action(tmp_path: Path) -> None:
    path = _table(tmp_path, ("human", "human"), undo="free")
    first = tables.read(path).state.turn
    mover, other = _app(path, first), _app(path, 1 - first)
    async with mover.run_test(size=apps.SMALL) as pm, other.run_test(size=apps.SMALL) as po:
        view = mover.game.state if mover.game else None
        assert view is not None
        mover.commit(rules.legal_actions(view)[0])
        await _until(po, lambda: len(other.real.log) == 1, HANG)
        other.undo()  # refused in the app's worker, said on its UI thread
        says = "You have not acted yet, so there is nothing of yours to undo."
        await _until(po, lambda: any(says in note for note in apps.notices(other)), HANG)
        assert len(tables.read(path).log) == 1
        mover.undo()
        await _until(pm, lambda: mover.real.log == (), HANG)
        assert tables.read(path).log == ()
        await _until(po, lambda: other.real.log == (), HANG)
        # The other seat is told what went, not only shown the table as it was before it.
        # A notice is a message to the app: it arrives after the table is shown.
        taken = f"{mover.real.seat.name} took back a move ("
        await _until(po, lambda: any(n.startswith(taken) for n in apps.notices(other)), HANG)
        await pm.pause()
        assert not any(note.startswith(taken) for note in apps.notices(mover))


async def test_a_strict_undo_refusal_speaks_to_its_player_of_her_own_move(
    tmp_path: Path,
) -> None:
    """Undo across a roll is refused in words, to the player as her own move, and as a table's:
    "Asha's 'terrace t1'" named her in the third person and in notation."""
    path = _table(tmp_path, ("human", "human"))
    first = tables.read(path).state.turn
    mover = _app(path, first)
    async with mover.run_test(size=apps.SMALL) as pm:
        view = mover.game.state if mover.game else None
        assert view is not None
        mover.commit(next(a for a in rules.legal_actions(view) if isinstance(a, rules.Terrace)))
        await _until(pm, lambda: len(mover.real.log) == 1, HANG)
        mover.undo()
        said = "Your move (terrace t1) brought chance to light ("
        await _until(pm, lambda: any(note.startswith(said) for note in apps.notices(mover)), HANG)
        (note,) = [note for note in apps.notices(mover) if note.startswith(said)]
        assert note.endswith(
            "and this table never takes that back (a table started with undo free, for "
            "practice, does)."
        )
        assert len(tables.read(path).log) == 1


async def test_a_table_app_never_asks_to_pass_the_keyboard(tmp_path: Path) -> None:
    """Each seat plays in its own terminal: when another human's move makes it this seat's turn,
    the game shows at once, from this seat's view, with no hot-seat hand-over in between."""
    from rajas_tui.tui.screens.handover import HandOverScreen

    path = _table(tmp_path, ("human", "human"))
    first = tables.read(path).state.turn
    app = _app(path, 1 - first)
    async with app.run_test(size=apps.SMALL) as pilot:
        game = tables.read(path)
        tables.act(path, first, rules.legal_actions(game.state)[0], tables.seen(game))
        await _until(pilot, lambda: len(app.real.log) == 1, HANG)
        await pilot.pause()
        assert not isinstance(app.screen, HandOverScreen)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.holder == app.seat
        if app.real.state.turn == app.seat:
            assert app.screen.chooser is not None


@pytest.mark.slow
async def test_an_app_closed_with_a_choice_half_made_loses_no_completed_action(
    tmp_path: Path,
) -> None:
    """A seat plays one action by keys, then starts the next and its app ends (its task
    cancelled, as a dropped SSH link ends it) before the last key: the table holds exactly the
    completed action, is valid, and the seat joining again plays on from there by keys."""
    path = _table(tmp_path, ("human", "human"))
    seat = tables.read(path).state.turn
    app = _app(path, seat)
    async with app.run_test(size=apps.SMALL) as pilot:
        view = app.game.state if app.game else None
        assert view is not None
        await pilot.press(*apps.keys_for(plan(Chooser(view), rules.legal_actions(view)[0])))
        await _until(pilot, lambda: len(tables.read(path).log) == 1, HANG)  # a worker writes
        done = tables.read(path)
        seat = done.state.turn
    # The seat to act now (the same one when its turn goes on) half-makes its next choice.
    app = _app(path, seat)
    async with app.run_test(size=apps.SMALL) as pilot:
        view = app.game.state if app.game else None
        assert view is not None
        keys = apps.keys_for(plan(Chooser(view), rules.legal_actions(view)[0]))
        assert len(keys) > 1
        await pilot.press(*keys[:-1])
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.chooser is not None
        assert len(screen.chooser.steps) > 1 or screen.chooser.top.kind != "spaces"
    assert saves.load(path).log == done.log  # valid (the full check of a load) and unchanged
    rejoined = _app(path, seat)
    async with rejoined.run_test(size=apps.SMALL) as pilot:
        assert rejoined.real.log == done.log
        await pilot.press(*keys)
        await _until(pilot, lambda: len(tables.read(path).log) == 2, HANG)
        assert [e.action for e in tables.read(path).log[1:]] == [str(rules.legal_actions(view)[0])]
        assert rejoined.real.log == tables.read(path).log


async def test_a_read_overtaken_by_the_apps_own_write_is_not_shown(tmp_path: Path) -> None:
    """The watcher reads the table in its thread and hands the game to the app's; when the app
    wrote its own next action in between (a seat playing two actions in a row), that read is
    older than what the app shows and must not take it back even for a moment."""
    path = _table(tmp_path, ("human", "human"))
    game = tables.read(path)
    app = _app(path, game.state.turn)
    async with app.run_test(size=apps.SMALL) as pilot:
        app.bound._stop.set()  # this test hands the reads over itself
        stamp = _stamp(path)
        app.commit(rules.legal_actions(app.real.state)[0])
        await _until(pilot, lambda: len(app.real.log) == 1, HANG)  # written in a worker
        app.bound._arrived(game, stamp)  # read before the write, handed over after it
        await pilot.pause()
        assert len(app.real.log) == 1
        assert app.game is not None and len(app.game.log) == 1
        # Another process plays next: a read as fresh as the file is shown.
        now = tables.read(path)
        tables.act(path, now.state.turn, _first(now), tables.seen(now))
        app.bound._arrived(tables.read(path), _stamp(path))
        assert len(app.real.log) == 2


@pytest.mark.slow
async def test_each_app_holds_only_what_its_seat_may_see(tmp_path: Path) -> None:
    """The game an app draws from is its seat's view (a watcher's: no seat's hidden tiles), before
    and after another process's move: never the table's generator, whose seed would tell every
    roll and tile to come."""
    path = _table(tmp_path, ("human", "human"))
    game = tables.read(path)
    assert game.state.rng != rules.seat_view(game.state, 0).rng  # there is something to hide
    opened = [_app(path, 0), _app(path, 1), _app(path, None)]
    async with (
        opened[0].run_test(size=apps.SMALL) as pilot,
        opened[1].run_test(size=apps.SMALL),
        opened[2].run_test(size=apps.SMALL),
    ):
        for _ in range(2):
            for app in opened:
                assert app.game is not None
                assert app.game.state == rules.seat_view(app.real.state, app.seat)
            now = tables.read(path)
            now = tables.act(path, now.state.turn, _first(now), tables.seen(now))
            for app in opened:
                await _until(pilot, lambda app=app, log=now.log: app.real.log == log, HANG)


async def test_a_watcher_plays_no_bot(tmp_path: Path) -> None:
    """A watcher alone at a table resting on a bot's turn leaves the bot's move to the players'
    processes: it thinks for no one (and so needs no bots' process), and says the bot plays
    once a player is at the table."""
    setup = Setup((Seat("Asha", "human"), Seat("Bela", "greedy")), seed=21)
    path = tables.table_path(tmp_path, "two")
    tables.create(path, saves.start_game(setup))
    assert not tables.read(path).seat.is_human  # Bela, the bot, acts first
    watcher = TableApp(path, None, bot_delay=0, theme="rajas-dark")
    async with watcher.run_test(size=apps.SMALL) as pilot:
        await pilot.pause(0.5)
        assert tables.read(path).log == ()
        assert "Bela (bot) plays once a player is at the table" in _prompt(watcher)
        with pytest.raises(Cancelled):
            watcher.thinker.choose("greedy", watcher.real.state, 21, lambda: False)


async def test_the_coach_says_whose_turn_it_is_and_that_watchers_have_none(
    tmp_path: Path,
) -> None:
    """Another human's turn is no bot's: the seat waiting for it is told whose turn it is, and a
    watcher (here while a human plays, beside a bot seat) that watchers have no coach. Before,
    both were told "A bot is playing"."""
    path = _table(tmp_path, ("human", "human"))
    first = tables.read(path).state.turn
    other = _app(path, 1 - first)
    async with other.run_test(size=apps.SMALL) as pilot:
        await pilot.press("a")
        await pilot.pause()
        notes = apps.notices(other)
        name = other.real.seat.name
        assert notes == [f"It is {name}'s turn: the coach advises on your own turn."]
    path = _table(tmp_path / "bot", ("human", "greedy"))
    watcher = _app(path, None)
    async with watcher.run_test(size=apps.SMALL) as pilot:
        assert watcher.real.seat.is_human
        await pilot.press("a")
        await pilot.pause()
        notes = apps.notices(watcher)
        assert notes == ["Watchers only watch: the coach advises the players on their own turns."]


async def test_a_watchers_footer_offers_only_the_keys_that_look(tmp_path: Path) -> None:
    """A watcher never acts on the game: its footer offers the panes and help, none of the keys
    that act (the areas, pass, confirm, back, undo), which a seat waiting for its turn keeps
    dimmed, as many as fit. Pressed all the same, each says why; the coach's key says watchers
    have none."""
    path = _table(tmp_path, ("human", "human"))
    first = tables.read(path).state.turn
    other, watcher = _app(path, 1 - first), _app(path, None)
    async with (
        other.run_test(size=apps.LARGE) as po,
        watcher.run_test(size=apps.LARGE) as pw,
    ):
        await po.pause()
        await pw.pause()
        assert _footer(watcher) == "tab next pane  ? help  ^p palette"
        assert "[q quarry]" in _footer(other) and "[x pass]" in _footer(other)
        # The coach's key between the others: a refusal told twice in a row is told once.
        for acting in "qxuU":
            for key, says in ((acting, WATCHERS), ("a", WATCHERS_COACH)):
                watcher.clear_notifications()
                await pw.press(key)
                await pw.pause()
                assert apps.notices(watcher) == [says], key
        assert tables.read(path).log == ()
