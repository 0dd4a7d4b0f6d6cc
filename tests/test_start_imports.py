"""What a start loads: only what its first output needs. `rajas show` and the game screen's first
frame are timed as whole processes (issues 10 and 13), and most of that time is imports."""

from __future__ import annotations

from pathlib import Path

import pytest

import saves
from tests.helpers.new_interpreter import output_of

MODULES_CHECK = "print('LOADED:' + ','.join(sorted(sys.modules)))\n"
EXAMPLE = saves.examples_dir() / "midgame-4p.toml"


def _loaded_by(code: str, cwd: Path) -> set[str]:
    printed = output_of("import sys\n" + code + MODULES_CHECK, cwd)
    return set(printed.strip().splitlines()[-1].removeprefix("LOADED:").split(","))


# What reading a save and printing it never needs: each costs `rajas show` and `rajas validate`
# from a fraction of a millisecond to a few on every start.
NOT_FOR_READING = (
    "secrets",
    "_strptime",  # the header's times are checked without the locale's date parser
    "tempfile",  # writing a save (shutil is not listed: argparse imports it)
    "tomli_w",
    "json",  # --json only
    "saves.tables",  # shared tables
    "rajas_tui.cli.table_command",
    "saves.folder",  # the saves folder and the open game's file, for the app and writing
    "saves.gamefile",
    "saves.lock",
    "textwrap",  # in a base game (this example), `show` wraps no lines
)


def test_showing_and_checking_a_save_loads_no_bot_and_nothing_only_other_commands_need(
    tmp_path: Path,
) -> None:
    code = (
        "from rajas_tui.cli import main\n"
        f"main(['show', {str(EXAMPLE)!r}])\n"
        f"main(['validate', {str(EXAMPLE)!r}])\n"
    )
    loaded = _loaded_by(code, tmp_path)
    assert "saves.converter" in loaded  # the check itself ran
    assert not {m for m in loaded if m.startswith("rajas_tui.bots")}
    assert sorted(loaded.intersection(NOT_FOR_READING)) == []


@pytest.mark.slow
def test_the_app_starts_without_the_bots_or_the_screens_it_does_not_show(tmp_path: Path) -> None:
    loaded = _loaded_by("import rajas_tui.tui.app\n", tmp_path)
    assert "rajas_tui.tui.screens.game" in loaded
    assert not {m for m in loaded if m.startswith("rajas_tui.bots")}
    for screen in ("gameover", "help", "load", "newgame", "tutorial"):
        assert f"rajas_tui.tui.screens.{screen}" not in loaded


def test_importing_the_save_layer_does_not_build_its_converter(tmp_path: Path) -> None:
    code = (
        "import saves\n"
        "from saves import converter\n"
        "print('BUILT:', converter.converter.cache_info().currsize)\n"
    )
    assert "BUILT: 0" in output_of(code, tmp_path)


@pytest.mark.slow
def test_the_first_frame_of_a_game_imports_no_screen_it_does_not_show(tmp_path: Path) -> None:
    code = (
        "import asyncio\n"
        "import saves\n"
        "from rajas_tui.tui.app import RajasApp\n"
        f"app = RajasApp(saves.load({str(EXAMPLE)!r}), saves_dir={str(tmp_path)!r})\n"
        "async def first_frame():\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        await pilot.pause()\n"
        "        assert type(app.screen).__name__ == 'GameScreen'\n"
        "asyncio.run(first_frame())\n"
    )
    loaded = _loaded_by(code, tmp_path)
    assert "rajas_tui.tui.screens.game" in loaded
    for screen in ("gameover", "help", "load", "newgame", "tutorial"):
        assert f"rajas_tui.tui.screens.{screen}" not in loaded
    assert not {m for m in loaded if m.startswith("rajas_tui.bots")}


def test_a_headless_command_leaves_what_it_loaded_to_the_system_at_exit(tmp_path: Path) -> None:
    # atexit runs its functions last registered first: this check runs after rajas's own.
    code = (
        "import atexit, gc\n"
        "atexit.register(lambda: print('FROZEN AT EXIT:', gc.get_freeze_count() > 0))\n"
        "from rajas_tui.cli import main\n"
        f"main(['validate', {str(EXAMPLE)!r}])\n"
        f"main(['show', {str(EXAMPLE)!r}])\n"
        "print('FROZEN BEFORE EXIT:', gc.get_freeze_count() > 0)\n"
    )
    lines = output_of(code, tmp_path).splitlines()
    assert lines[-2:] == ["FROZEN BEFORE EXIT: False", "FROZEN AT EXIT: True"]
