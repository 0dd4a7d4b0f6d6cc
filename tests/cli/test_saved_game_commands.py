"""The headless saved-game commands: new, legal, apply, show, undo, redo, validate, saves."""

from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui import bots
from rajas_tui.cli import main
from rajas_tui.present import text as words
from saves.lock import lock_path
from tests.helpers.unwritable import unwritable

FINAL, MIDGAME, OPENING = (
    saves.examples_dir() / name
    for name in ("final-action-3p.toml", "midgame-4p.toml", "opening-2p.toml")
)

ROOT = Path(__file__).resolve().parents[2]


def _rajas(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rajas_tui.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
    )


@pytest.mark.slow
def test_the_issue_s_done_when_walk(tmp_path: Path) -> None:
    made = _rajas("new", "--players", "Asha,Bela,Chand", "--seed", "42", "--save", "g.toml",
                  cwd=tmp_path)  # fmt: skip
    assert made.returncode == 0, made.stderr
    legal = _rajas("legal", "g.toml", cwd=tmp_path)
    assert legal.returncode == 0 and legal.stdout.strip()
    action = legal.stdout.splitlines()[0]
    applied = _rajas("apply", "g.toml", action, cwd=tmp_path)
    assert applied.returncode == 0, applied.stderr
    shown = _rajas("show", "g.toml", cwd=tmp_path)
    assert shown.returncode == 0 and "Asha" in shown.stdout and "margin" in shown.stdout
    valid = _rajas("validate", "g.toml", cwd=tmp_path)
    assert valid.returncode == 0 and len(valid.stdout.splitlines()) == 1
    path = tmp_path / "g.toml"
    raw = bytearray(path.read_bytes())
    raw[raw.index(b"[state]") + 3] ^= 0x01  # "[state]" becomes "[sta`e]"
    path.write_bytes(bytes(raw))
    broken = _rajas("validate", "g.toml", cwd=tmp_path)
    assert broken.returncode == 1 and broken.stdout == ""
    assert len(broken.stderr.splitlines()) == 1 and broken.stderr.startswith("rajas: g.toml: ")


@pytest.mark.parametrize(
    "args",
    [
        ["new", "--players", "Asha", "--save", "x.toml"],
        ["new", "--players", "A,B,C,D,E", "--save", "x.toml"],
        ["new", "--players", "A,,B", "--save", "x.toml"],
        ["new", "--players", "A,a", "--save", "x.toml"],
        ["new", "--players", "A,B", "--bots", "5=random", "--save", "x.toml"],
        ["new", "--players", "A,B", "--bots", "1=genius", "--save", "x.toml"],
        ["new", "--players", "A,B", "--bots", "B", "--save", "x.toml"],
        ["new", "--players", "A,B", "--variant", "chess", "--save", "x.toml"],
        ["new", "--players", "A,B", "--seed", "x", "--save", "x.toml"],
        ["new", "--players", "A,B", "--seed", str(2**64), "--save", "x.toml"],
        ["new", "--players", "A,B", "--undo", "maybe", "--save", "x.toml"],
        ["new", "--players", "A,B"],
        ["apply", "g.toml"],
        ["show"],
        ["show", "g.toml", "--colour"],
    ],
)
def test_bad_arguments_get_one_sentence_and_exit_2(args: list[str], tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        code = main([a.replace("x.toml", str(tmp_path / "x.toml")) for a in args])
        raise SystemExit(code)
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert len(error.splitlines()) == 1 and error.startswith("rajas: "), error
    assert not (tmp_path / "x.toml").exists()


def _copy(source: Path, tmp_path: Path) -> Path:
    path = tmp_path / source.name
    path.write_bytes(source.read_bytes())
    return path


def test_an_illegal_action_changes_nothing(tmp_path: Path, capsys) -> None:
    path = _copy(OPENING, tmp_path)
    before = path.read_bytes()
    legal = bots.choose("random", saves.load(path).state, 1)
    for actions in (["quarry q9 d1 o1"], [str(legal), "boat yes maybe"], ["dance"]):
        assert main(["apply", str(path), *actions]) == 1
        error = capsys.readouterr().err
        assert len(error.splitlines()) == 1 and error.startswith("rajas: "), error
        assert path.read_bytes() == before
    assert main(["apply", str(path), "quarry", "q1"]) == 1
    assert "quote each action" in capsys.readouterr().err


QUARRY_WRITTEN = "a quarry action is written quarry SPACE STACK DIE [DIE ...]"


def test_an_unreadable_action_is_one_sentence_that_quotes_it_once(tmp_path: Path, capsys) -> None:
    """`apply` and a save's log name the text once, after "cannot read", and say how the
    action is written; the exit code is an illegal action's."""
    path = _copy(OPENING, tmp_path)
    refused = {
        ("quarry q9",): f"cannot read 'quarry q9': {QUARRY_WRITTEN}.",
        ("terrace t1", "boat yes maybe"): (
            "cannot read 'boat yes maybe' (action 2): a boat action is written boat yes|no."
        ),
        ("dance",): "cannot read 'dance': it is not an action (one of quarry, harbor,",
        ("Quarry q1 d5 o4",): "cannot read 'Quarry q1 d5 o4': 'Quarry' is not an action (one",
    }
    for actions, says in refused.items():
        assert main(["apply", str(path), *actions]) == 1
        assert capsys.readouterr().err.startswith(f"rajas: {says}")
    text = OPENING.read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace('action = "chamber c6 p6"', 'action = "quarry q9"'))
    assert main(["validate", str(broken)]) == 1
    said = capsys.readouterr().err
    assert said == f"rajas: {broken}: log entry 1: cannot read 'quarry q9': {QUARRY_WRITTEN}.\n"
    with pytest.raises(rules.IllegalAction, match=r"^Cannot read 'quarry q9': a quarry action"):
        saves.play(saves.load(path), "quarry q9")


def test_apply_plays_and_bots_answer(tmp_path: Path, capsys) -> None:
    path = tmp_path / "g.toml"
    args = ["new", "--players", "Asha,Bela", "--bots", "Bela=random", "--seed", "9"]
    assert main([*args, "--save", str(path)]) == 0
    for _ in range(5):
        game = saves.load(path)
        assert game.seat.name == "Asha"
        action = str(bots.choose("random", game.state, 0))
        assert main(["apply", str(path), action]) == 0
    assert saves.load(saves.backup_of(path)).log  # the save before the last one
    out = capsys.readouterr().out
    assert "Bela (random bot):" in out


def test_apply_says_what_each_action_gained_and_paid(tmp_path: Path, capsys) -> None:
    """Each action played is told with what it gained and paid, in the log's symbols, the
    bots' answers too: the harbor's free space, its boat to river space 2 and that space's 3$."""
    path = tmp_path / "g.toml"
    args = ["new", "--players", "Asha,Bela", "--bots", "Bela=random", "--seed", "3"]
    assert main([*args, "--save", str(path)]) == 0
    capsys.readouterr()
    assert main(["apply", str(path), "harbor h1 b3 move 2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"  Asha: harbor h1 b3 move 2  (+3$ {words.G['boat']} boat 0→2)"
    game = saves.load(path)
    bots = [line for line in out if line.startswith("  Bela (random bot): ")]
    assert len(bots) == sum(1 for entry in game.log if entry.seat == 1)
    told = re.compile(r"[a-z0-9!]  \((no gain|[^)]*[$★☯⚀⇡☺»][^)]*)\)")
    assert bots and all(told.search(line) for line in bots), bots


def test_a_game_of_bots_plays_to_the_end(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bots.toml"
    args = ["new", "--players", "A,B", "--bots", "0=random,1=random", "--seed", "1"]
    assert main([*args, "--save", str(path)]) == 0
    assert "Game over" in capsys.readouterr().out
    assert main(["legal", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "the game is over" in captured.err


def test_one_action_from_the_end(tmp_path: Path, capsys) -> None:
    path = _copy(FINAL, tmp_path)
    game = saves.load(path)
    ending = [a for a in map(str, rules.legal_actions(game.state))
              if saves.play(game, a).over]  # fmt: skip
    assert ending
    assert main(["apply", str(path), ending[0]]) == 0
    assert "Game over" in capsys.readouterr().out
    assert saves.load(path).over


def test_show_as_text_and_as_json(tmp_path: Path, capsys) -> None:
    assert main(["show", str(MIDGAME)]) == 0
    text = capsys.readouterr().out
    for word in ("Round 11", "fame", "money", "margin", "karma", "dice", "province", "Devi"):
        assert word in text
    assert main(["show", "--json", str(MIDGAME)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["round"] == 11 and len(data["players"]) == 4


def test_show_names_the_tiles_of_each_province_as_the_screen_does(capsys) -> None:
    """Each placed tile reads as its colour and value, roads and buildings and markets, in its
    cell of the grid (`p6 ┌Fx`), never as a bare tile number and quarter turns (`35r3`)."""
    assert main(["show", str(FINAL)]) == 0
    out = capsys.readouterr().out
    game = saves.load(FINAL)
    tiles = rules.catalog().tiles
    grids = out.split("'s province:\n")[1:]
    assert len(grids) == len(game.state.players)
    named = 0
    for player, grid in zip(game.state.players, grids, strict=True):
        rows = grid.split("\n")[1:5]
        for cell, placed in player.province.placed():
            tile = tiles[placed.tile]
            row, column = divmod(cell, 5)
            shown = rows[row][6 + 9 * column : 6 + 9 * column + 9].strip()
            roads = words.road_glyph(rules.ends_at(player.province, cell))
            want = f"{words.tile_label(tile)} {roads}{words.tile_summary(tile)}"
            assert shown == want + ("*" if placed.rebuilt else ""), (cell, shown, want)
            assert f"{placed.tile}r{placed.rotation}" not in shown
            named += 1
    assert named >= 6
    assert "buildings T P F M and markets s t x" in out


def test_show_counts_one_action_in_the_singular(tmp_path: Path, capsys) -> None:
    path = tmp_path / "g.toml"
    assert main(["new", "--players", "A,B", "--seed", "3", "--save", str(path)]) == 0
    first = str(rules.legal_actions(saves.load(path).state)[0])
    assert main(["apply", str(path), first]) == 0
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    assert "; 1 action; " in capsys.readouterr().out


def test_undo_and_redo_on_the_command_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "g.toml"
    args = ["new", "--players", "A,B", "--undo", "free", "--seed", "3", "--save", str(path)]
    assert main(args) == 0
    assert main(["undo", str(path)]) == 1  # nothing yet
    assert "nothing to undo" in capsys.readouterr().err
    first = str(bots.choose("random", saves.load(path).state, 0))
    assert main(["apply", str(path), first]) == 0
    assert main(["undo", str(path)]) == 0
    assert saves.load(path).redo[0].action == first
    assert main(["redo", str(path)]) == 0
    assert saves.load(path).log[-1].action == first
    assert main(["redo", str(path)]) == 1


@pytest.mark.parametrize("command", ["apply", "undo", "redo"])
def test_a_save_in_a_folder_that_cannot_be_written_is_refused_as_save_as_says_it(
    command: str, tmp_path: Path, capsys
) -> None:
    """Not that the game cannot be locked: the folder cannot be written, so neither can the save."""
    path = tmp_path / "g.toml"
    assert (
        main(["new", "--players", "A,B", "--undo", "free", "--seed", "3", "--save", str(path)]) == 0
    )
    lock_path(path).unlink()  # a lock file there could be reused: the folder refuses only a new one
    before = path.read_bytes()
    capsys.readouterr()
    first = str(bots.choose("random", saves.load(path).state, 0))
    with unwritable(tmp_path):
        assert main([command, str(path), *([first] if command == "apply" else [])]) == 1
    assert capsys.readouterr().err == (
        f"rajas: {tmp_path}: this folder cannot be written ({os.strerror(errno.EACCES)}), so "
        "g.toml cannot be saved there.\n"
    )
    assert path.read_bytes() == before


def test_new_refuses_to_overwrite(tmp_path: Path, capsys) -> None:
    path = _copy(OPENING, tmp_path)
    before = path.read_bytes()
    assert main(["new", "--players", "A,B", "--save", str(path)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert path.read_bytes() == before
    assert main(["new", "--players", "A,B", "--save", str(path), "--force"]) == 0
    assert saves.backup_of(path).read_bytes() == before


def test_saves_lists_the_folder(tmp_path: Path, capsys, monkeypatch) -> None:
    for source in (OPENING, MIDGAME):
        _copy(source, tmp_path)
    (tmp_path / "broken.toml").write_text("[header]\n")
    assert main(["saves", "--saves", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and "Asha, Bela, Chand, Devi" in lines[0] and "unreadable" in lines[2]
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path / "none"))
    assert main(["saves"]) == 0
    assert "No saves in" in capsys.readouterr().out


def test_a_missing_save_gets_one_line(tmp_path: Path, capsys) -> None:
    for command in ("show", "legal", "validate", "undo", "redo"):
        assert main([command, str(tmp_path / "nope.toml")]) == 1
        error = capsys.readouterr().err
        assert error.splitlines() == [f"rajas: {tmp_path / 'nope.toml'}: no such file."]
