"""`rajas play --plain`: the game as lines of words, played from a script of inputs."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import attrs
import pytest

import rules
import saves
from rajas_tui import cli
from rajas_tui.cli.plain import GO_BACK, Menu, PlainGame
from rajas_tui.present import spoken
from rajas_tui.present.chooser import Chooser
from tests.helpers.exit_codes import exit_code
from tests.helpers.fixture_states import new, nothing_to_do, run, turn_to, variant, with_player
from tests.helpers.playouts import random_states

ROOT = Path(__file__).resolve().parents[2]
NEW_GAME = ["play", "--plain", "--players", "Asha,Bela", "--bots", "Bela=easy", "--seed", "5"]
RANDOM_BOT = ["play", "--plain", "--players", "Asha,Bela", "--bots", "Bela=random", "--seed"]
# The same game against the greedy bot, for tests of the session rather than of a bot's play:
# it answers in a few milliseconds where easy searches.
AGAINST_GREEDY = [
    "play",
    "--plain",
    "--players",
    "Asha,Bela",
    "--bots",
    "Bela=greedy",
    "--seed",
    "5",
]
ASKED = re.compile(r"^Type (?:1|a number from 1 to (\d+)), or help\.$", re.MULTILINE)


def unsayable(text: str) -> list[str]:
    """The characters a screen reader cannot say as words: box drawing (U+2500-257F), block
    elements (U+2580-259F), private use, and every symbol or mark outside ASCII (the game's
    glyphs among them: fame, karma, a die, arrows)."""
    found = []
    for char in text:
        if char.isascii():
            if not (char.isprintable() or char == "\n"):
                found.append(char)
            continue
        category = unicodedata.category(char)
        if 0x2500 <= ord(char) <= 0x259F or category == "Co" or category[0] in "SPZC":
            found.append(char)
    return found


class Script:
    """Standard input that answers each prompt by reading the output so far: a number of the
    list printed last, chosen at random (seeded), and now and then a command or a bad line."""

    EXTRA = ("board", "log", "why", "help", "state", "back", "list", "zzz", "99", "terrace t9")

    def __init__(self, out: io.StringIO, seed: int, extras: bool = True) -> None:
        self.out = out
        self.pick = random.Random(seed)
        self.extras = extras
        self.lines = 0

    def readline(self) -> str:
        self.lines += 1
        assert self.lines < 20_000, "the game did not end"
        asked = ASKED.findall(self.out.getvalue()[-4000:])
        assert asked, "no list to choose from"
        if self.extras and self.pick.random() < 0.05:
            return self.pick.choice(self.EXTRA) + "\n"
        return f"{self.pick.randint(1, int(asked[-1] or 1))}\n"


def play_scripted(
    monkeypatch: pytest.MonkeyPatch, args: list[str], seed: int, extras: bool = True
) -> tuple[int, str]:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", Script(out, seed, extras))
    code = cli.main(args)
    monkeypatch.undo()
    return code, out.getvalue()


@pytest.mark.slow
def test_a_whole_game_against_a_bot_from_a_script_of_ones_loads_no_textual(
    tmp_path: Path,
) -> None:
    """A subprocess reads "1" at every prompt until the game ends: exit 0, every line said in
    words, the save on disk a valid finished game, and Textual never loaded."""
    code = (
        "import sys\n"
        "from rajas_tui.cli import main\n"
        f"code = main({NEW_GAME!r})\n"
        "ui = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print('UI:' + ','.join(ui), file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        input="1\n" * 3000,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"RAJAS_SAVES": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().splitlines()[-1] == "UI:"
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert unsayable(out) == []
    assert "The game is over after" in out
    assert re.search(r"^> ?Place 1: (Asha|Bela), \d+ fame", out, re.MULTILINE) or (
        "Place 1: " in out
    )
    (path,) = tmp_path.glob("*.toml")
    game = saves.load(path)
    assert game.over and len(game.setup.seats) == 2
    assert game.setup.seats[1].kind == "easy"
    assert f"The game is saved in {path}." in out
    # The game is noted as last played, as the app notes it.
    assert saves.list_saves(tmp_path)[0].path.name == path.name


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_random_choices_and_commands_play_a_whole_game_said_in_words(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, seed: int
) -> None:
    """Numbers read from each printed list, with commands and bad lines between: every line
    is words (no glyph, box drawing or private-use character), a bad line is one sentence,
    and the game ends with its save finished."""
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path))
    variants = ["--variant", "ganga,navaratnas"] if seed == 2 else []
    code, out = play_scripted(monkeypatch, [*RANDOM_BOT, str(seed), *variants], seed)
    assert code == 0
    assert unsayable(out) == []
    assert "The game is over after" in out
    assert "Traceback" not in out
    assert "'zzz' is neither a number, an action nor a command" in out or "zzz" not in out
    (path,) = tmp_path.glob("*.toml")
    assert saves.load(path).over


def test_bad_lines_get_one_sentence_each_and_the_end_of_input_saves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path))
    lines = ["zzz", "99", "terrace t9", "back", "terrace t1", "undo", "board", "log", ""]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines)))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(AGAINST_GREEDY) == 0
    monkeypatch.undo()
    said = out.getvalue()
    assert "'zzz' is neither a number, an action nor a command: type a number" in said
    assert "There is no choice 99: type a number from 1 to" in said
    assert "Nothing to step back from: this is the first stage." in said
    assert "Asha terrace t1: +1 orange die" in said  # the notation plays an action at once
    assert "End of input. The game is saved in" in said
    (path,) = tmp_path.glob("*.toml")
    game = saves.load(path)
    # "terrace t1" rolled a die, which a strict game does not take back: the undo refused.
    assert [e.action for e in game.log if e.seat == 0] == ["terrace t1"]
    assert "brought chance to light" in said
    # A refusal is one line, and only what to type follows it, not the whole list again.
    assert (
        "> You cannot go there: there is no terrace space 't9' on this board.\n"
        "Type a number from 1 to 20, or help.\n> "
    ) in said
    assert "Traceback" not in said


def test_x_passes_as_pass_does(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`x`, the pass key of the app and of the first stage's list, is the word pass: refused
    with pass's sentence while a placement is legal, and the pass when none is."""
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("x\npass\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(AGAINST_GREEDY) == 0
    said = out.getvalue()
    assert "is neither a number" not in said
    assert said.count("> You cannot pass while a worker of yours can be placed.\n") == 2
    monkeypatch.undo()
    # A position the save layer would not start (seats hold more workers than they could
    # have), played here as it stands: no placement is left to seat 0.
    seats = [("Asha", saves.HUMAN), ("Bela", "greedy"), ("Chand", "greedy"), ("Devi", "greedy")]
    plain, said = _played_from(nothing_to_do(), seats, tmp_path, ["x", "1"])
    assert plain.game.log[0].action == "pass", said


def test_a_saved_game_goes_on_where_it_was_left(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.toml"
    assert (
        exit_code(["new", "--players", "Asha,Bela", "--bots", "1=greedy", "--seed", "4", "--save",
                   str(save)])
        == 0
    )  # fmt: skip
    assert exit_code(["apply", str(save), "terrace t1"]) == 0
    capsys.readouterr()
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path / "saves"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert cli.main(["play", "--plain", str(save)]) == 0
    said = capsys.readouterr().out
    assert "Since your last turn:" in said
    assert "Bela (greedy bot)" in said
    assert len(saves.load(save).log) >= 2  # t1 and the bot's answer, kept
    # Noted as last played: with no save named, `play --plain` goes on with it.
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["play", "--plain"]) == 0
    assert f"Going on with the game last played, {save}." in capsys.readouterr().out


def test_a_save_and_new_game_options_together_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert exit_code(["play", "--plain", str(tmp_path / "g.toml"), "--players", "A,B"]) == 2
    assert "cannot go together" in capsys.readouterr().err
    assert exit_code(["play", "--plain", str(tmp_path / "none.toml")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("rajas: ")
    assert exit_code(["play", str(tmp_path / "none.toml")]) == 2
    assert "--plain" in capsys.readouterr().err


def test_a_dumb_terminal_hears_of_the_plain_mode(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    from rajas_tui.tui import app

    monkeypatch.setattr(app, "run", lambda *args, **kwargs: 99)  # the app would start here
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(sys, "stdout", Tty())
    assert cli.run_app() == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "'rajas play --plain'" in err


NAMES = ("Asha", "Bela", "Chand", "Devi")


def _walk(menu: Menu, depth: int, lines: list[str]) -> None:
    """Every stage the chooser reaches from here (a few options each), said as the plain mode
    says it."""
    stage = menu.stage()
    lines += [stage.title, *stage.refused]
    for index, item in enumerate(stage.items):
        lines.append(item.words)
        if depth > 4 or index > 4 or item.words.startswith("play it") or item.words == GO_BACK:
            continue
        item.pick()
        if not menu.chooser.refused:
            _walk(menu, depth + 1, lines)
            menu.back()


@pytest.mark.slow
def test_every_stage_of_random_variant_games_is_said_in_known_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The chooser's options, their previews and the board, over random states of base and
    variant games: every glyph is turned into words by a rule, none is said by its Unicode
    name, the last resort, and dice are named by their colours."""
    last_resort: list[str] = []
    named = spoken._glyph

    def noted(char: str) -> str:
        if char not in spoken._WORDS:
            last_resort.append(char)
        return named(char)

    monkeypatch.setattr(spoken, "_glyph", noted)
    states = random_states(3, variants=True)[::13] + random_states(2)[::13]
    for state in states:
        names = NAMES[: len(state.players)]
        view = rules.seat_view(state, state.turn)
        lines: list[str] = []
        _walk(Menu(Chooser(view), names), 0, lines)
        lines += spoken.board_words(view, names, ("human",) * len(names))
        said = "\n".join(spoken.spoken(line, names) for line in lines)
        assert unsayable(said) == [], said
        # A die paid, given, added or returned is named by its colour: "pay orange 3".
        assert not re.search(r"\b(add|pay|pays|gives|return|returns) [ogbp][1-6]\b", said), said
    assert last_resort == []


def test_spoken_words_for_the_glyphs() -> None:
    names = ["Asha", "Bela"]
    assert spoken.spoken("A▲ Asha harbor h1: +6★ » boat 22→23; B● +1$", names) == (
        "Asha harbor h1: +6 fame, boat from river space 22 to 23; Bela +1 money"
    )
    assert spoken.spoken("−2$ −1☯ then choose", names) == "-2 money, -1 karma, then choose"
    assert spoken.spoken("+2⚀o +1⇡ +1☯ karma") == "+2 orange dice, +1 upgrade, +1 karma"
    assert spoken.spoken("»2 → space 5: 1 orange die per ☯") == (
        "boat 2 spaces on, to river space 5: 1 orange die per karma"
    )
    assert spoken.spoken("builds on b3, turned 1×90°") == (
        "builds on b3, turned 1 quarter turn clockwise"
    )
    assert spoken.spoken("— round 2, Bela starts —") == "Round 2, Bela starts."
    assert spoken.spoken("pays o3!→4 g2, (rolled b5 p6)") == (
        "pays orange 3 turned to 4 with karma and green 2, (rolled blue 5 and purple 6)"
    )
    assert spoken.spoken("-1$ then choose") == "-1 money, then choose"
    assert spoken.spoken("a tile ┐") == "a tile (roads south and west)"
    assert spoken.roads_words(5) == "roads north and south"


def test_two_humans_hand_over_and_the_board_tells_the_variants_in_one_line_each(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path))
    # Enter first: the seats keep tiles face down, so Asha too is asked for the keyboard.
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nboard\n" + "1\n" * 6 + "\nboard\n"))
    args = ["play", "--plain", "--players", "Asha,Bela", "--variant", "ganga,navaratnas"]
    assert cli.main([*args, "--seed", "8"]) == 0
    said = capsys.readouterr().out
    assert unsayable(said) == []
    assert "Pass the keyboard to Bela, press Enter when Bela is ready." in said
    board = said.split("> Round 1; ", 1)[1]
    assert re.search(r"^Ganga tiles on the river: .*\(space \d+\)\.$", board, re.MULTILINE)
    # Each seat's fields on the line that names its board, not wrapped as `show` wraps them.
    assert re.search(r"^Asha: navaratnas board; .* fields: a2 w \(white\)", board, re.MULTILINE)


def test_x_declines_a_yield_tile_in_the_plain_mode(tmp_path: Path) -> None:
    """Taking a yield tile is optional (docs/rules.md §12): the list says x passes, and x then
    the confirmation plays the pass."""
    state = turn_to(variant(2, seed=3, boards=("navaratnas", "navaratnas")), 0)
    state = run(with_player(state, 0, hand=["o2", "g1"]), "chamber c2 o2", "take g g")
    seats = [("Asha", saves.HUMAN), ("Bela", "greedy")]
    plain, said = _played_from(state, seats, tmp_path, ["x", "1"])
    assert "x: takes no yield tile: the tiles stay for later" in said
    assert plain.game.log[0].action == "pass", said
    assert plain.game.log[0].seat == 0 and plain.game.state.players[0].fields == (
        state.players[0].fields
    )


def test_the_dice_chosen_to_re_roll_are_named_in_words() -> None:
    """ "chosen so far: orange 3", not the notation "o3" a screen reader spells out."""
    state = run(new(2), "outer o")
    state = run(state, str(rules.legal_actions(state)[0]))
    (chosen,) = state.queue[0].chosen
    menu = Menu(Chooser(rules.seat_view(state, state.turn)), NAMES[:2])
    said = [item.words for item in menu.stage().items]
    die = spoken.die_words(chosen)
    assert said[0].endswith(f": chosen so far: {die}"), said
    assert said[-1] == f"done, roll them: roll the chosen dice ({die})", said
    assert not any(re.search(r"\b[ogbp][1-6]\b", words) for words in said), said


def test_an_action_word_alone_is_told_how_the_action_is_written(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ "quarry" is an action's first word: the line says how that action is written, not that
    it is neither a number, an action nor a command."""
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("quarry\nterrace\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(AGAINST_GREEDY) == 0
    monkeypatch.undo()
    said = out.getvalue()
    assert (
        "> 'quarry' is not a whole action: a quarry action is written quarry SPACE STACK DIE "
        "[DIE ...]; type a number from 1 to 20, or help.\n"
    ) in said
    assert "'terrace' is not a whole action: a terrace action is written terrace SPACE;" in said
    assert "neither a number" not in said


def test_a_tile_bought_or_built_is_named_in_words_whatever_its_value() -> None:
    """A tile's value runs to 12, past a die's 6: "buys orange 7", not the label "o7"."""
    names = ["Asha", "Bela"]
    line = "B● Bela quarry q1: buys o7 (temple) from d2, pays o3 o5: −1$"
    assert spoken.spoken(line, names) == (
        "Bela quarry q1: buys orange 7 (temple) from d2, pays orange 3 and orange 5: -1 money"
    )
    assert spoken.spoken("Master Builder: covers b2 with p12 (roads only) from d9, pays g6") == (
        "Master Builder: covers b2 with purple 12 (roads only) from d9, pays green 6"
    )


def _said(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lines: list[str]) -> str:
    """What plain mode says to `lines` in a new game of Asha against a greedy bot."""
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(AGAINST_GREEDY) == 0
    monkeypatch.undo()
    return out.getvalue()


def test_a_signed_number_is_told_it_is_not_one_of_the_choices(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ "-1" is a number, only not one of the list's: it was called neither a number, an action
    nor a command."""
    said = _said(monkeypatch, tmp_path, ["-1", "+0", "+2"])
    assert "> There is no choice -1: type a number from 1 to 20.\n" in said
    assert "> There is no choice +0: type a number from 1 to 20.\n" in said
    assert "neither a number" not in said
    assert "> Choose the die to give up (1 to 3):\n" in said  # +2 chose the second space


def test_an_action_is_read_in_any_case_as_the_commands_are(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The notation is all lower case: "Terrace T1" is terrace t1, where it was refused while
    "HELP" or "Undo" were taken."""
    said = _said(monkeypatch, tmp_path, ["Terrace T1"])
    assert "Asha terrace t1: +1 orange die" in said
    assert "neither a number" not in said


def test_save_as_the_file_already_saved_to_saves_there_at_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`save as friday` while the game saves to friday.toml is no replacing of another file: it
    saves there, where it asked to replace that same file."""
    said = _said(monkeypatch, tmp_path, ["save as friday", "save as friday"])
    going_on = f"> The game is saved in {tmp_path / 'friday.toml'} and goes on saving there"
    assert said.count(going_on) == 2, said
    assert "already exists" not in said


def test_the_confirm_list_offers_going_back_as_its_title_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ "Confirm the action, or go back" listed only "1. play it": going back is its second
    choice, and choosing it goes back as `back` does."""
    said = _said(monkeypatch, tmp_path, ["t1", "2"])
    assert (
        "> Confirm the action, or go back:\n"
        "1. play it: terrace t1; +1 orange die\n"
        "2. go back: choose again (as the back command does)\n"
        "Type a number from 1 to 2, or help.\n"
        "> Asha to place a worker.\n"
    ) in said
    assert "Asha terrace t1" not in said


def test_who_starts_a_round_is_said_before_its_first_turn(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ "Round 1." came before Asha's first turn and "Round 1, Asha starts." only after her
    move: the turn that begins a round says who starts it, once."""
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("terrace t1\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    args = ["play", "--plain", "--players", "Asha,Bela", "--bots", "Bela=greedy", "--seed", "7"]
    assert cli.main(args) == 0
    monkeypatch.undo()
    said = out.getvalue()
    assert "\n\nRound 1, Asha starts.\nAsha: 0 fame" in said
    assert said.count("Round 1, Asha starts.") == 1
    assert "> Asha terrace t1: +1 orange die" in said
    assert "\n\nRound 1.\nAsha: 0 fame" in said  # her second turn


def _played_from(
    state: rules.GameState, seats: list[tuple[str, str]], folder: Path, lines: list[str]
) -> tuple[PlainGame, str]:
    """Plain mode on a game set at `state` (seat 0 the human), fed `lines` then the end of
    input; the game as it ended and what was said."""
    game = attrs.evolve(saves.start_game(saves.seated(seats, 3)), start=state, state=state)
    file = saves.open_file(game, None, folder)
    out = io.StringIO()
    typed = iter([*(f"{line}\n" for line in lines), ""])
    plain = PlainGame(game, file, folder, out, typed.__next__)
    try:
        assert plain.start() == 0
    finally:
        file.close()
    return plain, out.getvalue()
