"""`rajas play --plain` when its save cannot be written: it offers `save as NAME`, which writes the
game to a new file it goes on in, as the app's Save as does (confined to the saves folder over
SSH, asking before it replaces a save), and does not claim at the end that the game is saved
when the last write failed."""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui import cli

NEW_GAME = ["play", "--plain", "--players", "Asha,Bela", "--bots", "Bela=greedy", "--seed", "5"]
FULL = os.strerror(errno.ENOSPC)


Line = str | Callable[[], str]  # a line typed, or what gives it as it is read


class Keyboard:
    """Standard input typed from a list of lines (then the end of input); `before` runs just
    before the first line is read."""

    def __init__(self, lines: list[Line], before: Callable[[], None]) -> None:
        self.lines = lines
        self.before = before

    def readline(self) -> str:
        self.before()
        self.before = lambda: None
        if not self.lines:
            return ""
        line = self.lines.pop(0)
        return f"{line if isinstance(line, str) else line()}\n"


OTHER = saves.start_game(saves.seated((("Chand", "human"), ("Devi", "human")), 7))
OVER_SSH = "Over SSH, Save as saves in the saves folder: give only a name, no folder."


def session(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lines: list[Line],
    before: Callable[[], None] = lambda: None,
    args: list[str] = NEW_GAME,
) -> str:
    """What one `rajas play --plain` says, the saves folder `tmp_path`, typed `lines`."""
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", Keyboard(list(lines), before))
    assert cli.main(args) == 0
    monkeypatch.setattr(sys, "stdout", sys.__stdout__)
    return out.getvalue()


def play(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, before: Callable[[], None]) -> str:
    said = session(monkeypatch, tmp_path, ["terrace t1"], before)
    monkeypatch.undo()
    return said


def asha(game: saves.Game) -> list[str]:
    """The actions of the human seat (Bela, a greedy bot, acts first with seed 5)."""
    return [entry.action for entry in game.log if entry.seat == 0]


def taken_over(tmp_path: Path) -> Callable[[], None]:
    """Overwrites the game's file with another game, past the lock, as another program may."""

    def overwritten() -> None:
        (path,) = tmp_path.glob("*.toml")
        saves.save(OTHER, path)

    return overwritten


PLAYED = (
    "This game goes on unsaved here; type save as and a name, such as save as friday, to write "
    "it to a new file."
)
GIVEN_UP = f"holds a different game; it was not overwritten. {PLAYED}"


def test_a_file_that_now_holds_another_game_is_told_with_save_as(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    said = play(monkeypatch, tmp_path, taken_over(tmp_path))
    assert GIVEN_UP in said
    assert said.rstrip().endswith("> End of input. The game was not saved.")
    (path,) = tmp_path.glob("*.toml")
    assert saves.load(path).setup.seed == 7


def test_save_as_gives_a_given_up_game_a_new_file_it_goes_on_in(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The game's file taken over by another game, `save as mine` writes the game whole to
    mine.toml, takes its lock and saves every later move there; the game goes on from it."""
    mine = tmp_path / "mine.toml"

    def locked() -> str:  # another rajas cannot take the new file while this one plays it
        with pytest.raises(saves.SaveError, match="is open in another rajas"):
            saves.claim(mine)
        return "1"

    lines = ["terrace t1", "save as mine", locked, "1", "1", "1", "1", "1", "quit"]
    said = session(monkeypatch, tmp_path, lines, taken_over(tmp_path))
    assert GIVEN_UP in said
    assert f"The game is saved in {mine} and goes on saving there after every action." in said
    assert said.rstrip().endswith(
        f"> The game is saved in {mine}; rajas play --plain goes on with it."
    )
    game = saves.load(mine)
    assert game.setup.seed == 5 and asha(game)[0] == "terrace t1"
    assert len(asha(game)) >= 2, asha(game)  # the moves after save as were saved there too
    (autosave,) = [path for path in tmp_path.glob("*.toml") if path != mine]
    assert saves.load(autosave).setup.seed == 7  # the other game's file left alone
    saves.claim(mine).release()  # let go when the session ended
    resumed = session(monkeypatch, tmp_path, ["quit"], args=["play", "--plain"])
    assert f"Going on with the game last played, {mine}." in resumed
    assert saves.load(mine).log == game.log


def test_over_ssh_save_as_takes_only_a_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Reached over SSH, the player may have the game and not the account: a name with a folder
    is refused in one sentence and nothing is written outside the saves folder."""
    monkeypatch.setenv("SSH_CONNECTION", "192.0.2.7 50022 192.0.2.1 22")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    saves_folder = tmp_path / "saves"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    names = [str(elsewhere / "x"), "~/x", "../x", "sub/x", ".."]
    lines = ["terrace t1", *(f"save as {name}" for name in names), "save as mine", "quit"]
    said = session(monkeypatch, saves_folder, lines, taken_over(saves_folder))
    assert said.count(f"> {OVER_SSH}") == len(names), said
    assert list(elsewhere.iterdir()) == [] and not (tmp_path / "x.toml").exists()
    assert not (tmp_path / "home").exists() and not (saves_folder / "sub").exists()
    assert asha(saves.load(saves_folder / "mine.toml")) == ["terrace t1"]


def test_save_as_asks_before_it_replaces_a_save(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An existing save is replaced only when the same save as is typed again at once; any
    other line between asks again."""
    friday = tmp_path / "friday.toml"
    saves.save(OTHER, friday)
    asked = "> friday.toml already exists: type save as friday again to replace it."
    said = session(monkeypatch, tmp_path, ["save as friday", "state", "save as friday"])
    assert said.count(asked) == 2, said
    assert saves.load(friday).setup.seed == 7
    said = session(monkeypatch, tmp_path, ["save as friday", "save as friday", "terrace t1"])
    assert f"The game is saved in {friday} and goes on saving there" in said
    game = saves.load(friday)
    assert game.setup.seed == 5 and asha(game) == ["terrace t1"]


def test_save_as_without_a_name_says_how_and_help_names_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    said = session(monkeypatch, tmp_path, ["save as", "save", "help"])
    assert said.count("> Type save as and a name, such as: save as friday.") == 2, said
    assert "save as and a name (such as: save as friday) writes the game to a new file" in said


def test_a_failed_write_is_not_called_saved_at_the_end(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, FULL)

    def full() -> None:
        monkeypatch.setattr(os, "fsync", no_space)

    said = play(monkeypatch, tmp_path, full)
    (path,) = tmp_path.glob("*.toml")
    assert f"the game could not be saved: {path}: cannot be written ({FULL})." in said
    assert f"The game is saved in {path}" not in said.split("> End of input.", 1)[1]
    assert said.rstrip().endswith(
        f"> End of input. The last moves could not be saved: {path} holds the game as it was "
        "before them, and rajas play --plain goes on with that."
    )
    assert "terrace t1" not in [entry.action for entry in saves.load(path).log]


def test_a_finished_game_whose_file_was_given_up_is_offered_save_as(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The last action's write finds the file taken over: the game is over, and kept only if
    save as writes it, so the session asks for that before it ends."""
    final = tmp_path / "final.toml"
    game = saves.load(saves.examples_dir() / "final-action-3p.toml")
    saves.save(game, final)
    last = str(rules.legal_actions(game.state)[0])  # a quarry: its tile is placed by number
    lines = [last, *["1"] * 6, "save as kept", "never read"]
    said = session(
        monkeypatch, tmp_path, lines, taken_over(tmp_path), ["play", "--plain", str(final)]
    )
    offered = "> The game is over but not saved: type save as and a name to keep it, or quit."
    assert said.index("The game is over after") < said.index(offered), said
    kept = tmp_path / "kept.toml"
    assert saves.load(kept).over and saves.load(final).setup.seed == 7
    assert said.rstrip().endswith(f"> The game is saved in {kept}.")  # the session ends there


def test_a_game_another_rajas_plays_goes_on_unsaved_here_as_in_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Opened while another rajas holds its lock, the save is played here unsaved, told once
    with `save as`, which writes the game to a file of its own; the other's file is left alone."""
    theirs, mine = tmp_path / "theirs.toml", tmp_path / "mine.toml"
    saves.save(saves.start_game(saves.seated((("Asha", "human"), ("Bela", "greedy")), 5)), theirs)
    before = theirs.read_bytes()
    held = saves.claim(theirs)
    try:
        lines = ["terrace t1", "save as mine", "1", "quit"]
        said = session(monkeypatch, tmp_path, lines, args=["play", "--plain", str(theirs)])
    finally:
        held.release()
    assert said.startswith(f"{theirs} is open in another rajas; close it there first. {PLAYED}")
    assert said.count("This game goes on unsaved here") == 1, "told once"
    assert f"The game is saved in {mine} and goes on saving there after every action." in said
    assert said.rstrip().endswith(
        f"> The game is saved in {mine}; rajas play --plain goes on with it."
    )
    assert theirs.read_bytes() == before
    assert asha(saves.load(mine))[0] == "terrace t1"
