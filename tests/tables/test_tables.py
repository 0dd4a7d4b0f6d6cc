"""Tables: the shared-write protocol, undo of one's own action, presence, and the commands."""

from __future__ import annotations

import errno
import fcntl
import multiprocessing
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.cli import main
from rajas_tui.present import turns
from saves import lock as gamelock
from saves import tables
from saves.records import Seat, Setup
from tests.helpers.table_racer import tend_race
from tests.helpers.unwritable import unwritable

RACE_ROUNDS = 15


def _table(folder: Path, kinds: tuple[str, ...] = ("human", "human")) -> Path:
    names = ("Asha", "Bela", "Chand", "Devi")[: len(kinds)]
    setup = Setup(tuple(Seat(n, k) for n, k in zip(names, kinds, strict=True)), 5, undo="free")
    path = tables.table_path(folder, "t1")
    tables.create(path, saves.start_game(setup))
    tables.tend(path, turns.bot_action)  # a bot to act first moves, as `table new` has it
    return path


def _first(game: saves.Game) -> str:
    return str(rules.legal_actions(game.state)[0])


def test_a_stale_move_is_refused_and_not_applied(tmp_path: Path) -> None:
    path = _table(tmp_path)
    game = tables.read(path)
    saw, seat = tables.seen(game), game.state.turn
    tables.act(path, seat, _first(game), saw)
    with pytest.raises(tables.Stale, match="changed while you looked"):
        tables.act(path, seat, _first(game), saw)
    assert len(tables.read(path).log) == 1


def test_only_the_seat_to_act_may_act(tmp_path: Path) -> None:
    path = _table(tmp_path)
    game = tables.read(path)
    turn = game.state.turn
    with pytest.raises(tables.TableError, match=f"it is {game.name(turn)}'s turn."):
        tables.act(path, 1 - turn, _first(game), tables.seen(game))


def test_an_illegal_action_is_refused_with_the_engines_sentence(tmp_path: Path) -> None:
    path = _table(tmp_path)
    game = tables.read(path)
    with pytest.raises(tables.TableError):
        tables.act(path, game.state.turn, "sail 9", tables.seen(game))
    assert tables.read(path).log == ()


@pytest.mark.slow
def test_bots_move_once_each_under_the_lock(tmp_path: Path) -> None:
    path = _table(tmp_path, ("random", "human", "human", "random"))
    game = tables.read(path)
    assert game.seat.is_human  # a bot to act at creation was tended then
    assert tables.tend(path, turns.bot_action).log == game.log  # nothing left to play
    names = ("Asha", "Bela")
    setup = Setup(tuple(Seat(n, "random") for n in names), 5)
    resting = tables.table_path(tmp_path, "bots")
    tables.create(resting, saves.start_game(setup))  # left on a bot's turn
    ended = tables.tend(resting, turns.bot_action)
    assert ended.over and tables.tend(resting, turns.bot_action).log == ended.log


def test_each_move_is_written_as_it_is_made(tmp_path: Path) -> None:
    """A player's action is in the file before any bot thinks about it, and each bot thinks
    with every move before its own already written: the other terminals see each as made."""
    path = _table(tmp_path, ("human", "random", "random"))
    game = tables.read(path)
    while game.state.turn == 0:
        game = tables.act(path, 0, _first(game), tables.seen(game))
        assert tables.read(path).log == game.log  # written at once, no bot's move with it
    assert not game.seat.is_human
    on_file: list[int] = []

    def choose(now: saves.Game) -> rules.Action:
        on_file.append(len(tables.read(path).log))
        assert len(now.log) == on_file[-1]
        return turns.bot_action(now)

    ended = tables.tend(path, choose)
    assert ended.seat.is_human or ended.over
    assert on_file == list(range(len(game.log), len(ended.log)))  # one think per move
    assert tables.read(path).log == ended.log


@pytest.mark.slow
def test_bots_tended_by_two_processes_move_exactly_once(tmp_path: Path) -> None:
    """Two processes race to tend the same bot turns: each bot move is thought once and played
    once, each the move its bot chooses there (the loaded file replays every one)."""
    seats = (Seat("Asha"), Seat("Bela", "random"), Seat("Chand", "random"))
    path = tables.table_path(tmp_path, "race")
    tables.create(path, saves.start_game(Setup(seats, seed=8)))
    context = multiprocessing.get_context("spawn")
    barrier = context.Manager().Barrier(2, timeout=60)
    with context.Pool(2) as pool:
        runs = [pool.apply_async(tend_race, (str(path), RACE_ROUNDS, barrier, w)) for w in (0, 1)]
        thinks = [run.get(timeout=300) for run in runs]
    game = saves.load(path)
    replay = saves.start_game(game.setup)
    bot_moves = 0
    for entry in game.log:
        if not game.setup.seats[entry.seat].is_human:
            bot_moves += 1
            assert entry.action == str(turns.bot_action(replay))
        replay = saves.play(replay, entry.action)
    print(f"bot moves {bot_moves}, thought by each process {thinks}")
    assert bot_moves > RACE_ROUNDS and sum(thinks) == bot_moves


def test_undo_takes_back_only_your_own_last_action(tmp_path: Path) -> None:
    path = _table(tmp_path)
    game = tables.read(path)
    one = game.state.turn
    while game.state.turn == one:  # the first seat plays its whole turn
        game = tables.act(path, one, _first(game), tables.seen(game))
    other = game.state.turn
    with pytest.raises(tables.TableError, match="you have not acted yet, so there is nothing"):
        tables.undo_own(path, other, tables.seen(game))
    game = tables.act(path, other, _first(game), tables.seen(game))
    since = f"{game.name(other)} has acted since your last action, so it stands"
    with pytest.raises(tables.TableError, match=since):
        tables.undo_own(path, one, tables.seen(game))
    undone = tables.undo_own(path, other, tables.seen(game))
    assert len(undone.log) == len(game.log) - 1
    assert tables.read(path).log == undone.log


def test_a_bots_move_after_yours_counts_as_someone_acting(tmp_path: Path) -> None:
    """Bots play in answer to your action, and the others see their moves: your action then
    stands as if another player had answered it, and the sentence says that a bot acted (each
    one that did, by name)."""
    path = _table(tmp_path, ("human", "random", "random"))
    game = tables.read(path)
    assert game.state.turn == 0
    game = tables.act(path, 0, _first(game), tables.seen(game))
    if game.state.turn == 0:  # its turn goes on: nobody acted since, so it may take it back
        undone = tables.undo_own(path, 0, tables.seen(game))
        assert undone.log == game.log[:-1]
        game = tables.act(path, 0, _first(undone), tables.seen(undone))
    while game.state.turn == 0:
        game = tables.act(path, 0, _first(game), tables.seen(game))
    game = tables.tend(path, turns.bot_action)
    last = max(i for i, entry in enumerate(game.log) if entry.seat == 0)
    bots = [game.name(seat) for seat in (1, 2) if seat in {e.seat for e in game.log[last:]}]
    assert bots and bots[0] == "Bela"  # the next seat, a bot, answered at once
    who = " and ".join(f"{name} (a bot)" for name in bots)
    says = f"{who} {'has' if len(bots) == 1 else 'have'} acted since your last action, so it stands"
    with pytest.raises(tables.TableError, match=re.escape(says)):
        tables.undo_own(path, 0, tables.seen(game))
    assert tables.read(path).log == game.log


def test_presence_lasts_as_long_as_the_process(tmp_path: Path) -> None:
    path = _table(tmp_path)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from saves import tables; "
            f"tables.join(Path({str(path)!r}), 1); print('in', flush=True); sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "in\n"
        assert tables.connected(path, 1) and not tables.connected(path, 0)
        assert not tables.connected(path, None)
        one, two = tables.join(path, None), tables.join(path, None)  # watchers share
        assert tables.connected(path, None)
        one.leave()
        assert tables.connected(path, None)
        two.leave()
        assert not tables.connected(path, None)
        with pytest.raises(tables.SeatTaken, match="open in another rajas"):
            tables.join(path, 1)
    finally:
        holder.kill()
        holder.wait()
    assert not tables.connected(path, 1)  # killed: the kernel dropped its lock


@pytest.mark.parametrize("kind", saves.BOT_KINDS)
def test_a_table_is_made_with_each_bot_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """Any bot kind may take a seat, the first too: `new` leaves its moves to the first terminal
    to join (a searching bot's first turn kept `new` waiting for half a minute), which tends it."""
    new = ["table", "new", "solo", "--players", "Asha,Bela", "--seats", f"A={kind}", "--seed", "4"]
    assert main([*new, "--tables", str(tmp_path)]) == 0
    assert f"  A  Asha: {kind}\n" in capsys.readouterr().out
    path = tables.table_path(tmp_path, "solo")
    game = tables.read(path)
    assert game.setup.seats[0].kind == kind and game.log == () and game.state.turn == 0


def test_a_table_is_made_with_undo_free_as_the_apps_dialog_makes_one(tmp_path: Path) -> None:
    """`--undo free` makes a practice table, as the app's New table dialog can; strict stays
    the default."""
    for name, undo in (("practice", ["--undo", "free"]), ("plain", [])):
        new = ["table", "new", name, "--players", "Asha,Bela", *undo, "--tables", str(tmp_path)]
        assert main(new) == 0
    assert tables.read(tables.table_path(tmp_path, "practice")).setup.undo == "free"
    assert tables.read(tables.table_path(tmp_path, "plain")).setup.undo == "strict"


def test_table_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = ["--tables", str(tmp_path)]
    new = [
        "table",
        "new",
        "fri",
        "--players",
        "Asha,Bela,Chand",
        "--seats",
        "C=random",
        "--seed",
        "1",
    ]
    assert main([*new, *folder]) == 0
    assert main([*new, *folder]) == 1
    said = "rajas: there is already a table fri; choose another name.\n"
    assert capsys.readouterr().err == said  # lower-case after "rajas: ", as every refusal
    assert main(["table", "list", *folder]) == 0
    listed = capsys.readouterr().out
    assert listed.startswith("fri  round 1, ")
    assert listed.endswith("; A=Asha (away), B=Bela (away), C=Chand (bot)\n")
    key = tmp_path / "k.pub"
    key.write_text("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE0 bela@home\n")
    assert main(["table", "keys", "fri", "--seat", "b", str(key), *folder]) == 0
    line = capsys.readouterr().out.strip()
    command = f"rajas join fri --seat B --tables {tmp_path.resolve()}"
    assert (
        line
        == f'restrict,pty,command="{command}" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE0 bela@home'
    )
    assert main(["table", "keys", "fri", "--watch", str(key), *folder]) == 0
    assert 'command="rajas watch fri' in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["table", "new", "Fri Day", "--players", "a,b"], "rajas: a table's name is 1 to 32"),
        (["table", "new", "x", "--players", "a"], "--players: name 2 to 4"),
        (["table", "new", "x", "--players", "a,b", "--seats", "C=random"], "neither a seat A"),
        (["table", "new", "x", "--players", "a,b", "--seats", "B=clever"], "KIND human or a bot"),
        (["table", "keys", "../x", "--watch", "k.pub"], "rajas: a table's name"),
    ],
)
def test_bad_input_is_one_sentence_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert main([*argv, "--tables", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def _holder(path: Path, seat: str) -> subprocess.Popen[str]:
    """Another process at the table (`seat` a letter, or "None" to watch), until killed."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from saves import tables; "
            f"tables.join(Path({str(path)!r}), {seat}); print('in', flush=True); sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "in\n"
    return holder


NAME_RULE = "1 to 32 lower-case letters, digits, '-' or '_', starting with a letter or digit"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["join", "Bad.Name", "--seat", "A"], f"a table's name is {NAME_RULE}, not 'Bad.Name'"),
        (["watch", "Bad.Name"], f"a table's name is {NAME_RULE}, not 'Bad.Name'"),
        (
            ["table", "keys", "Bad.Name", "--seat", "A", "k.pub"],
            f"a table's name is {NAME_RULE}, not 'Bad.Name'",
        ),
        (["join", "t1", "--seat", "Z"], "--seat: this table has seats A to C, not 'Z'"),
        (["join", "t1", "--seat", "7"], "--seat: this table has seats A to C, not '7'"),
        (["join", "t1", "--seat", "Devi"], "--seat: this table has seats A to C, not 'Devi'"),
        (
            ["table", "keys", "t1", "--seat", "Z", "k.pub"],
            "--seat: this table has seats A to C, not 'Z'",
        ),
    ],
)
def test_a_bad_table_name_or_seat_is_a_bad_argument_for_every_table_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    """A malformed name, or a seat no table has (the help's seats are A, B, C or D) nor a player
    of this one, is exit 2 and one sentence in the house style, as `table new` says a bad name;
    a seat A to D this table lacks is refused (exit 1) as a seat taken or a bot's is."""
    _table(tmp_path, ("human", "human", "random"))
    command = " ".join(argv[:2] if argv[0] == "table" else argv[:1])
    assert main([*argv, "--tables", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"rajas: {says}. See 'rajas {command} --help'.\n"


@pytest.mark.parametrize("seat", ["D", "d", "3"])
def test_a_seat_the_table_lacks_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seat: str
) -> None:
    _table(tmp_path, ("human", "human", "random"))
    for argv in (["join", "t1", "--seat", seat], ["table", "keys", "t1", "--seat", seat, "k.pub"]):
        assert main([*argv, "--tables", str(tmp_path)]) == 1
        assert capsys.readouterr().err == f"rajas: this table has seats A to C, not {seat!r}.\n"


def test_table_list_counts_the_watchers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _table(tmp_path)
    listing = ["table", "list", "--tables", str(tmp_path)]
    gone = _holder(path, "None")
    gone.kill()  # as a dropped link ends it: its file stays, unheld
    gone.wait()
    here = _holder(path, "None")
    mine = tables.join(path, None)
    try:
        assert tables.watching(path) == 2
        assert main(listing) == 0
        assert capsys.readouterr().out.endswith("(away); 2 watching\n")
        mine.leave()
        assert main(listing) == 0
        assert capsys.readouterr().out.endswith("(away); 1 watching\n")
    finally:
        here.kill()
        here.wait()
    assert main(listing) == 0
    assert capsys.readouterr().out.endswith("B=Bela (away)\n")
    assert not list(tmp_path.glob(".t1.watcher-*"))  # the list tidied both away


def test_tidy_removes_only_what_no_process_holds(tmp_path: Path) -> None:
    path = _table(tmp_path)
    tables.join(path, 0).leave()  # a seat's file stays with its table, held or not
    held = tables.join(path, 1)
    gone = tables.table_path(tmp_path, "gone")  # removed by hand, leaving its files behind
    for seat in "AB":
        gone.with_name(f".gone.seat-{seat}.here").touch()
    (tmp_path / ".notes.here").touch()  # not a table's file: never touched
    try:
        with gamelock.held(gone):  # a table being made (its lock taken first) is left alone
            seats = [gone.with_name(f".gone.seat-{seat}.here") for seat in "AB"]
            assert tables.tidy(tmp_path) == seats
        assert tables.tidy(tmp_path) == [gamelock.lock_path(gone)]
        left = sorted(p.name for p in tmp_path.iterdir())
        assert left == [
            ".notes.here",
            ".t1.seat-A.here",
            ".t1.seat-B.here",
            ".t1.toml.lock",
            "t1.toml",
        ]
        assert tables.connected(path, 1)
        assert tables.tidy(tmp_path) == []
    finally:
        held.leave()


def test_a_lock_taken_down_while_being_taken_is_not_held_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one race of tidying: a writer opens a lock file, `tidy` finds it unheld and removes
    it, then the writer locks the removed file. The writer must notice and lock the file now at
    that path, or a second writer would lock that one too: two writers of one table."""
    save = tmp_path / "gone.toml"
    where = gamelock.lock_path(save)
    where.touch()
    flock = fcntl.flock
    raced = []

    def tidied_first(fd: int, operation: int) -> None:
        if not raced:
            raced.append(fd)
            monkeypatch.setattr(fcntl, "flock", flock)
            assert gamelock.take_down(where)  # between the writer's open and its lock
        flock(fd, operation)

    monkeypatch.setattr(fcntl, "flock", tidied_first)
    first = gamelock.acquire(save)
    try:
        assert raced and where.exists()
        with pytest.raises(gamelock.GameInUse):
            gamelock.acquire(save)
    finally:
        first.release()


def test_a_seat_is_joined_while_a_probe_looks_at_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`connected` (as in `table list`) locks a free seat's file for an instant to see that it
    is free: a player joining that seat then must not be told it is taken."""
    path = _table(tmp_path)
    probe = os.open(tables.presence_path(path, 0), os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(probe, fcntl.LOCK_EX)
    waits: list[float] = []

    def probe_done(seconds: float) -> None:  # the joiner's wait: the probe lets go meanwhile
        waits.append(seconds)
        os.close(probe)

    monkeypatch.setattr(tables.time, "sleep", probe_done)
    seat = tables.join(path, 0)
    monkeypatch.undo()
    try:
        assert len(waits) == 1 and tables.connected(path, 0)
        with pytest.raises(tables.SeatTaken):  # held for good: taken, after the short wait
            tables.join(path, 0)
    finally:
        seat.leave()


def test_a_table_in_a_folder_that_cannot_be_written_says_so_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As Save as says it: the folder cannot be written, not that a lock file cannot be had."""
    new = ["table", "new", "fri", "--players", "Asha,Bela", "--tables"]
    with unwritable(tmp_path):
        assert main([*new, str(tmp_path)]) == 1
    denied = os.strerror(errno.EACCES)
    assert capsys.readouterr().err == (
        f"rajas: {tmp_path}: this folder cannot be written ({denied}), so fri.toml cannot be "
        "saved there.\n"
    )
    with unwritable(tmp_path):
        assert main([*new, str(tmp_path / "sub")]) == 1
    assert (
        capsys.readouterr().err
        == f"rajas: {tmp_path / 'sub'}: the folder cannot be made ({denied}).\n"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("refusal", "shown"),
    [
        ("there is no table fri in /t.", "There is no table fri in /t."),
        ("seat C is played by a bot.", "Seat C is played by a bot."),
        ("a table's name is 1 to 32 letters.", "A table's name is 1 to 32 letters."),
        ("Chand (a bot) chose a move the rules refuse: no.", "Chand (a bot) chose a move"),
        ("tables/t1.toml: cannot be locked (Busy).", "tables/t1.toml: cannot be locked"),
    ],
)
def test_the_app_shows_a_refusal_as_a_sentence_of_its_own(refusal: str, shown: str) -> None:
    """A first word is capitalised for the app's notices; a name or a path is left as it is."""
    assert tables.sentence(tables.TableError(refusal)).startswith(shown)
