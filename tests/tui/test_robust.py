"""The app never loses a game, never reads a name as markup, and says when it cannot start."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static
from textual.widgets._toast import Toast

import saves as save_layer
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.load import LoadScreen, SaveAsScreen
from rajas_tui.tui.screens.newgame import NewGameScreen
from tests.helpers import apps

TOO_BIG_SEED = str(2**63)


async def _fill(pilot, selector: str, value: str) -> None:  # type: ignore[no-untyped-def]
    field = pilot.app.screen.query_one(selector, Input)
    field.value = ""
    await pilot.click(selector)
    await pilot.press(*value)


def _dialog_error(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#dialog-error", Static).render())


# Item 3: the dialog starts only games the save format can hold ----------------------------------


def test_a_seed_beyond_64_bits_is_refused_when_the_game_starts() -> None:
    with pytest.raises(ValueError, match="seed"):
        apps.new_game([("Asha", "human"), ("Bela", "random")], 2**63)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("#seed", TOO_BIG_SEED, "seed"),
        ("#name-0", "A,b", "comma"),
        ("#name-1", "x=y", "comma"),
    ],
)
@pytest.mark.slow
async def test_new_game_dialog_keeps_a_setup_the_save_cannot_hold(
    saves: Path, field: str, value: str, words: str
) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await _fill(pilot, field, value)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game is None
        assert isinstance(app.screen, NewGameScreen), "the dialog stays open to mend the setup"
        assert words in _dialog_error(app)
    assert not list(saves.glob("*.toml"))


@pytest.mark.slow
@pytest.mark.asyncio
async def test_the_largest_seed_the_dialog_takes_can_be_continued(saves: Path) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await _fill(pilot, "#seed", str(2**63 - 1))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    autosave = save_layer.last_unfinished(saves)
    assert autosave is not None
    assert save_layer.load(autosave).setup.seed == 2**63 - 1


# Item 10: no text from a file or a user is read as markup ---------------------------------------

MARKUP_NAMES = ("[/]", "[b]Bela", "[@click=app.quit]x")


@pytest.mark.slow
@pytest.mark.asyncio
async def test_load_dialog_shows_markup_in_names_as_written(saves: Path) -> None:
    game = apps.new_game([(MARKUP_NAMES[0], "human"), (MARKUP_NAMES[1], "human")], 3)
    save_layer.save_as(game, saves / "[a=b=c].toml")
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.LARGE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        shown = str(app.screen.query_one("#saves").render_line(0).text)
        assert "[a=b=c]" in shown and "[/]" in shown, shown
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    assert app.return_code in (0, None)


@pytest.mark.asyncio
async def test_messages_with_markup_are_shown_as_written(saves: Path) -> None:
    game = apps.new_game([(MARKUP_NAMES[0], "human"), ("Bela", "human")], 3)
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.LARGE, notifications=True) as pilot:
        app.open_save(saves / "[/]" / "[b]missing.toml")
        await pilot.pause()
        app.action_save_as()
        await pilot.pause()
        assert isinstance(app.screen, SaveAsScreen)
        (saves / "[x]").write_text("a file, so no folder can be made under it")
        await pilot.press(*"[x]/[x=y]/nowhere", "enter")
        await pilot.pause()
        assert "[x=y]" in _dialog_error(app)
        await pilot.pause(0.2)
        shown = [str(toast.render()) for toast in app.screen.query(Toast)]
        assert any("[/]/[b]missing.toml" in words for words in shown), shown
    assert app.return_code in (0, None)


@pytest.mark.slow
@pytest.mark.asyncio
async def test_new_game_dialog_error_shows_markup_as_written(saves: Path) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await _fill(pilot, "#name-0", "[/],")
        await pilot.press("enter")
        await pilot.pause()
        assert "[/]," in _dialog_error(app)


# Item 9: without a terminal it says so; a hang-up saves and exits --------------------------------

ROOT = Path(__file__).resolve().parents[2]


def _env(home: Path) -> dict[str, str]:
    return {
        "HOME": str(home),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "RAJAS_SAVES": str(home / "saves"),
        "TERM": "xterm-256color",
        "PYTHONPATH": str(ROOT),
    }


def test_without_a_terminal_it_says_so_and_exits(tmp_path: Path) -> None:
    # As `rajas </dev/null | cat` or `ssh host rajas` without -t: neither end is a terminal.
    done = subprocess.run(
        [sys.executable, "-m", "rajas_tui.cli"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=30,
    )
    assert done.returncode != 0
    assert done.stdout == ""
    sentence = done.stderr.strip()
    assert "\n" not in sentence and "Traceback" not in sentence
    assert "terminal" in sentence and "ssh -t" in sentence


class Terminal:
    """A pseudo-terminal of 80×24 with rajas in it; everything rajas writes is kept."""

    def __init__(self, home: Path, code: str = "from rajas_tui.cli import main; sys.exit(main())"):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-c", f"import sys\n{code}"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=_env(home),
            start_new_session=True,
        )
        os.close(slave)
        self.output = b""
        self.open = True

    def read_until(self, words: bytes, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while words not in self.output:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise AssertionError(f"{words!r} not shown; the app wrote {self.output[-400:]!r}")
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:
                    break

    def drain(self) -> None:
        """Reads what the app wrote, so its writes never block on a full terminal."""
        while self.open and select.select([self.master], [], [], 0)[0]:
            try:
                data = os.read(self.master, 65536)
                if not data:
                    return
                self.output += data
            except OSError:
                return

    def wait(self, timeout: float = 10.0) -> int:
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self.drain()
            time.sleep(0.05)
        return self.process.wait(timeout=0.1)

    def start_a_game(self) -> None:
        """A new game with the dialog's defaults, up to the first turn shown."""
        self.read_until(b"New game")
        os.write(self.master, b"n")
        self.read_until(b"Seed")
        # The first field has the focus: shift+tab twice wraps round to Cancel, then Start.
        os.write(self.master, b"\x1b[Z")
        time.sleep(0.2)
        os.write(self.master, b"\x1b[Z")
        time.sleep(0.2)
        os.write(self.master, b"\r")
        self.read_until(b"Your turn")
        time.sleep(0.3)

    def hang_up(self) -> None:
        """What sshd does when the client leaves: the terminal closes, then SIGHUP."""
        self.open = False
        os.close(self.master)
        self.process.send_signal(signal.SIGHUP)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.open:
            self.open = False
            os.close(self.master)


@pytest.mark.slow
@pytest.mark.parametrize("hang_up", [False, True], ids=["signal", "terminal-gone"])
def test_sighup_saves_the_game_and_exits(tmp_path: Path, hang_up: bool) -> None:
    terminal = Terminal(tmp_path)
    try:
        terminal.start_a_game()
        if hang_up:
            terminal.hang_up()
        else:
            terminal.process.send_signal(signal.SIGHUP)
        code = terminal.wait()
    finally:
        terminal.close()
    assert code == 129, terminal.output[-600:]
    autosave = save_layer.last_unfinished(tmp_path / "saves")
    assert autosave is not None
    game = save_layer.load(autosave)
    assert [seat.name for seat in game.setup.seats] == ["Asha", "Bela"]


@pytest.mark.slow
def test_an_unhandled_error_does_not_exit_0(tmp_path: Path) -> None:
    code = (
        "import sys; import rajas_tui.tui.app as app\n"
        "def broken(self): raise RuntimeError('a fault in the app')\n"
        "app.TitleScreen.on_mount = broken\n"
        "sys.exit(app.run())"
    )
    terminal = Terminal(tmp_path, code)
    try:
        exit_code = terminal.wait(timeout=30)
    finally:
        terminal.close()
    assert exit_code == 1


# Item 11: resizing with the palette open ----------------------------------------------------------


@pytest.mark.asyncio
async def test_palette_opened_while_too_small_leaves_no_too_small_screen_behind(
    saves: Path,
) -> None:
    app = apps.app(apps.midgame(), saves=saves)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.resize_terminal(100, 30)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(70, 20)
        await pilot.press("ctrl+p")
        await pilot.resize_terminal(100, 30)
        await pilot.resize_terminal(70, 20)
        await pilot.press("ctrl+p")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.slow
@pytest.mark.asyncio
@pytest.mark.parametrize("width", [1, 4, 5, 6, 40])
async def test_open_palette_survives_a_narrow_terminal(saves: Path, width: int) -> None:
    app = apps.app(saves=saves)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"new")
        await pilot.resize_terminal(width, 30)
        await pilot.press("ctrl+p", "down", "enter")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
    assert app.return_code in (None, 0)


@pytest.mark.asyncio
async def test_quit_chosen_in_the_title_menu_quits(saves: Path) -> None:
    # The menu called the async quit action without awaiting it: nothing happened.
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        menu = app.screen.query_one("#title-menu", OptionList)
        menu.highlighted = menu.get_option_index("quit")
        await pilot.press("enter")
        await pilot.pause()
        assert app._exit, "the app is quitting"


@pytest.mark.slow
def test_a_hung_up_app_whose_shutdown_hangs_still_ends_with_its_game_saved(tmp_path: Path) -> None:
    """Textual's shutdown can block for ever writing to a terminal that is gone (a killed tmux
    session left such a process behind); the process must end all the same."""
    code = (
        "import sys, threading\n"
        "from textual.drivers.linux_driver import LinuxDriver\n"
        "LinuxDriver.disable_input = lambda self: threading.Event().wait()\n"
        "from rajas_tui.cli import main; sys.exit(main())"
    )
    terminal = Terminal(tmp_path, code)
    try:
        terminal.start_a_game()
        terminal.hang_up()
        code = terminal.wait(timeout=30.0)
    finally:
        terminal.close()
    assert code == 129
    assert save_layer.last_unfinished(tmp_path / "saves") is not None


@pytest.mark.asyncio
async def test_the_saves_listing_arriving_late_keeps_the_menu_choice(saves: Path) -> None:
    """The title lists saves in a worker; a cursor the player moved before it came stays."""
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await apps.until(pilot, lambda: app.screen.listing is not None, "the listing")
        menu = app.screen.query_one("#title-menu", OptionList)
        menu.highlighted = menu.get_option_index("quit")
        app.screen._show_menu()  # what the listing's arrival does
        assert menu.highlighted == menu.get_option_index("quit")
