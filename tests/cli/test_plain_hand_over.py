"""`rajas play --plain` at one keyboard shared by several human seats: between two of them it
asks for the keyboard to be passed and tells nothing of the next seat until Enter, clears a
terminal of the last seat's lines, and offers the hand-over screen's undo."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

import saves
from rajas_tui import cli

HOT_SEAT = ["play", "--plain", "--players", "Asha,Bela", "--variant", "navaratnas", "--seed", "8"]
AGAINST_A_BOT = [*HOT_SEAT, "--bots", "Bela=greedy"]
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
BELAS_TURN = "Bela to place a worker."


class Keyboard:
    """Standard input typed from a list of lines (then the end of input), noting what had been
    written when each line was read."""

    def __init__(self, out: io.StringIO, lines: list[str]) -> None:
        self.out = out
        self.lines = lines
        self.seen: list[str] = []

    def readline(self) -> str:
        self.seen.append(self.out.getvalue())
        read = len(self.seen) - 1
        return f"{self.lines[read]}\n" if read < len(self.lines) else ""


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def play(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    args: list[str],
    lines: list[str],
    out: io.StringIO | None = None,
) -> tuple[int, Keyboard]:
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path))
    out = io.StringIO() if out is None else out
    keyboard = Keyboard(out, lines)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", keyboard)
    code = cli.main(args)
    monkeypatch.undo()
    return code, keyboard


def _saved(tmp_path: Path) -> saves.Game:
    (path,) = tmp_path.glob("*.toml")
    return saves.load(path)


def test_the_next_seat_is_told_nothing_before_enter(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Asha is asked for first too: her seat keeps tiles face down, as the app's first turn asks.
    lines = ["", "terrace t1", "list", "1", "", "quit"]
    code, keyboard = play(monkeypatch, tmp_path, HOT_SEAT, lines)
    assert code == 0
    first = next(i for i, said in enumerate(keyboard.seen) if BELAS_TURN in said)
    waiting = keyboard.seen[first - 1]
    # Everything after the line of Asha's move up to the line read: the hand-over alone.
    asked = waiting.rsplit("Asha terrace t1", 1)[1].split("\n")[1:]
    assert asked == [
        "",
        "Pass the keyboard to Bela, press Enter when Bela is ready. Or type undo to take back "
        "the last turn first.",
        "> The keyboard passes to Bela first: press Enter when Bela is ready, or type undo.",
        "> The keyboard passes to Bela first: press Enter when Bela is ready, or type undo.",
        "> ",
    ]
    assert lines[first - 1] == "", "only Enter shows Bela's turn"
    assert "Dice: orange 5, green 4, blue 2 and purple 4." in keyboard.seen[first]
    assert CLEAR[0] not in keyboard.seen[-1], "no escape codes to a pipe"
    assert "Pass the keyboard to Asha" in keyboard.seen[0]


def test_a_terminal_is_cleared_of_the_last_seat_before_the_next_is_told(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = Terminal()
    code, keyboard = play(monkeypatch, tmp_path, HOT_SEAT, ["", "terrace t1", "", "quit"], out)
    assert code == 0
    said = keyboard.seen[-1]
    assert said.count(CLEAR) == 1, "cleared at the hand-over between seats, not at the start"
    before, after = said.split(CLEAR)
    assert "Pass the keyboard to Bela" in before and BELAS_TURN not in before
    assert "Dice: orange 1, green 6" not in after, "Asha's dice are gone from the screen"
    # What Bela missed is told again, as when a game is opened.
    assert "Since your last turn:\nRound 1, Asha starts.\nAsha terrace t1" in after
    assert BELAS_TURN in after


def test_the_player_who_moved_may_undo_at_the_hand_over(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    lines = ["", "terrace t1", "undo", "quit"]
    code, keyboard = play(monkeypatch, tmp_path, [*HOT_SEAT, "--undo", "free"], lines)
    assert code == 0
    said = keyboard.seen[-1].split("Pass the keyboard to Bela", 1)[1]
    assert "Took back your last turn" in said
    assert BELAS_TURN not in said and "Asha to place a worker." in said
    assert _saved(tmp_path).log == ()


def test_the_end_of_input_at_the_hand_over_ends_the_session_saved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, keyboard = play(monkeypatch, tmp_path, HOT_SEAT, ["", "terrace t1"])
    assert code == 0
    assert len(keyboard.seen) == 3
    said = keyboard.out.getvalue()
    assert said.rstrip().split("\n")[-1].startswith("> End of input. The game is saved in ")
    assert BELAS_TURN not in said
    assert [entry.action for entry in _saved(tmp_path).log] == ["terrace t1"]


def test_one_human_against_a_bot_is_never_asked_to_pass_the_keyboard(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    code, keyboard = play(monkeypatch, tmp_path, AGAINST_A_BOT, ["terrace t1", "quit"])
    assert code == 0
    said = keyboard.seen[-1]
    assert "Pass the keyboard" not in said and CLEAR[0] not in said
    assert "Bela (greedy bot)" in said
    assert said.count("Asha to place a worker.") == 2, "Asha's next turn follows the bot's move"
