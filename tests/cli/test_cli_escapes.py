"""Text from files and from the command line reaches the terminal with its control characters
escaped: a player name or a file name holding `ESC ] 0;…` must not retitle or clear the terminal,
and U+202E must not turn the rest of a line around."""

from __future__ import annotations

import contextlib
import unicodedata
from pathlib import Path

import pytest

import saves
from rajas_tui.cli import main
from rajas_tui.cli.terminal import safe

OPENING = saves.examples_dir() / "opening-2p.toml"

HOSTILE = "A\x1b]0;owned\x07\x9b2J\u202eZ\u2066\u200b\u2028\x7f\r\t"


def _unsafe(text: str) -> list[str]:
    """Characters a terminal would act on or reorder (line ends of whole lines aside)."""
    return [
        c for c in text if c != "\n" and unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs")
    ]


def test_safe_escapes_every_control_and_format_character() -> None:
    shown = safe(HOSTILE)
    assert _unsafe(shown) == [] and "\n" not in shown
    assert shown.startswith("A\\x1b]0;owned\\x07\\x9b2J\\u202eZ")
    assert "\\x7f" in shown and "\\r" in shown and "\\t" in shown


@pytest.mark.parametrize("plain", ["Asha", "Ārya ★ é", "g.toml", "dir/sub dir/x-1.toml", ""])
def test_safe_leaves_plain_text_alone(plain: str) -> None:
    assert safe(plain) == plain


def _hostile_save(folder: Path, name: str) -> Path:
    path = folder / name
    text = OPENING.read_text().replace('name = "Asha"', 'name = "A\\u001b]0;owned\\u0007\\u202e"')
    path.write_text(text)
    return path


def test_no_command_prints_a_control_character(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "d\x1b[2J\nx"
    folder.mkdir()
    file_name = "g\x1b]0;t\x07\u202e.toml"
    clean = folder / file_name
    clean.write_bytes(OPENING.read_bytes())
    hostile = _hostile_save(folder, "h.toml")
    new_path = str(folder / "n\x1b[31m.toml")
    runs = [
        ["new", "--players", "A,B", "--seed", "1", "--save", new_path],
        ["new", "--players", "A,B", "--seed", "1", "--save", new_path],  # refused: exists
        ["show", str(clean)],
        ["show", str(hostile)],
        ["legal", str(clean)],
        ["apply", str(clean), "\x1b[2J"],
        ["apply", str(clean), "pass"],
        ["undo", str(clean)],
        ["redo", str(clean)],
        ["validate", str(clean)],
        ["validate", str(hostile)],
        ["validate", str(folder / "missing\x1b.toml")],
        ["saves", "--saves", str(folder)],
        ["saves", "--saves", str(folder / "none\x1b")],
        ["show", "--colour\x1b[2J", str(clean)],
    ]
    for args in runs:
        with contextlib.suppress(SystemExit):  # argparse's refusal of a bad option
            main(args)
        out, err = capsys.readouterr()
        assert out or err, args
        assert _unsafe(out) == [] and _unsafe(err) == [], (args, out, err)


def test_a_line_break_in_a_name_forges_no_line(tmp_path: Path, capsys) -> None:
    # A file name may hold a newline (a player name may not): printed raw, the rest of the
    # name reads as a line of its own ("rajas: fake.toml: a valid save."), so it is escaped.
    folder = tmp_path / "d\nforged"
    folder.mkdir()
    clean = folder / "g\nforged.toml"
    clean.write_bytes(OPENING.read_bytes())
    runs = [
        ["new", "--players", "A,B", "--seed", "1", "--save", str(folder / "n\nforged.toml")],
        ["new", "--players", "A,B", "--seed", "1", "--save", str(clean)],  # refused: exists
        ["show", str(clean)],
        ["apply", str(clean), "pass"],
        ["validate", str(clean)],
        ["validate", str(folder / "missing\nforged.toml")],
        ["saves", "--saves", str(folder)],
        ["saves", "--saves", str(folder / "none\nforged")],
    ]
    for args in runs:
        main(args)
        out, err = capsys.readouterr()
        assert out or err, args
        lines = (out + err).splitlines()
        assert not [line for line in lines if line.startswith("forged")], (args, out, err)
