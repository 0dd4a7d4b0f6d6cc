"""The layers below the app stay free of the user interface: importing the engine or the save
layer, or running any headless command, must not load Textual or Rich."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

UI_CHECK = (
    "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
    "print('UI:' + ','.join(loaded))\n"
)


def _ui_loaded_by(code: str, cwd: Path | None = None) -> str:
    result = subprocess.run(
        [sys.executable, "-c", "import sys\n" + code + UI_CHECK],
        capture_output=True,
        text=True,
        cwd=cwd,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1].removeprefix("UI:")


@pytest.mark.parametrize(
    "modules",
    ["rules, rules.engine, rules.invariants", "saves", "themes", "rajas_tui.bots",
     "rajas_tui.present.chooser, rajas_tui.present.text, rajas_tui.present.turns",
     "rajas_tui.cli"],
)  # fmt: skip
def test_importing_a_lower_layer_loads_no_ui(modules: str) -> None:
    assert _ui_loaded_by(f"import {modules}\n") == ""


def test_every_headless_command_loads_no_ui(tmp_path: Path) -> None:
    save = str(tmp_path / "g.toml")
    commands = [
        ["new", "--players", "A,B", "--bots", "1=random", "--seed", "3", "--save", save],
        ["legal", save],
        ["show", save],
        ["show", "--json", save],
        ["apply", save, "terrace t1"],
        ["undo", save],
        ["redo", save],
        ["validate", save],
        ["saves", "--saves", str(tmp_path)],
        ["simulate", "--players", "2", "--games", "1", "--seed", "3"],
    ]
    code = "from rajas_tui.cli import main\n" + "".join(
        f"main({command!r})\n" for command in commands
    )
    assert _ui_loaded_by(code, cwd=tmp_path) == ""
