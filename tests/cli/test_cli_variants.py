"""The command line with the variants: --variant and --navaratnas for new and simulate, show
printing the variants' state without a hidden tile, legal and apply with the new notation."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.cli import choices, main

EXAMPLES = saves.examples_dir()
MIXED = EXAMPLES / "mixed-ganga-3p.toml"
NAVARATNAS = EXAMPLES / "navaratnas-3p.toml"


def test_the_cli_knows_the_variants_the_saves_do() -> None:
    assert choices.VARIANTS == saves.VARIANTS


def _new(tmp_path: Path, *options: str) -> saves.Game:
    path = tmp_path / "g.toml"
    args = ["new", "--players", "Asha,Bela,Chand", "--seed", "7", *options, "--save", str(path)]
    assert main(args) == 0
    return saves.load(path)


def test_new_plays_the_variants_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = _new(tmp_path, "--variant", "ganga,navaratnas")
    assert game.state.config.ganga and game.state.config.boards == ("navaratnas",) * 3
    told = capsys.readouterr().out.splitlines()
    laid = [line for line in told if line.startswith("Ganga: the ")]
    assert laid == saves.setup_revealed(game.start) and len(laid) == 8
    again = _new(tmp_path, "--variant", "ganga", "--variant", "navaratnas", "--force")
    assert again.state == game.state


@pytest.mark.parametrize("seats", ["Bela", "1", "bela,1"])
def test_new_seats_navaratnas_boards_by_number_or_name(tmp_path: Path, seats: str) -> None:
    game = _new(tmp_path, "--variant", "ganga", "--navaratnas", seats)
    assert game.state.config.boards == ("base", "navaratnas", "base")
    assert game.setup.variants == ("ganga", "navaratnas")  # --navaratnas implies the variant
    text = (tmp_path / "g.toml").read_text()
    assert '{ name = "Bela", kind = "human", board = "navaratnas" }' in text


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--variant", "chess"], "--variant: 'chess' is not a variant (ganga, navaratnas)"),
        (["--navaratnas", "Zed"], "--navaratnas: 'Zed' is neither a seat 0 to 2 nor a player"),
        (["--navaratnas", "3"], "--navaratnas: '3' is neither a seat 0 to 2 nor a player"),
        (["--navaratnas", "1,"], "--navaratnas: '' is neither a seat 0 to 2 nor a player"),
        (["--navaratnas", "1", "--position", str(MIXED)], "--navaratnas cannot go with"),
        (["--variant", "ganga", "--position", str(MIXED)], "--variant cannot go with --position"),
        # Two bots for one seat: the last would win unseen. (A seat or variant named twice
        # means the same either way, and is taken.)
        (["--bots", "0=random,0=greedy"], "--bots: seat 0 (Asha) is given two bots"),
        (["--bots", "asha=random,0=greedy"], "--bots: seat 0 (Asha) is given two bots"),
    ],
)
def test_bad_variant_options_get_one_sentence_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    path = tmp_path / "x.toml"
    args = ["new", "--players", "Asha,Bela,Chand", *options, "--save", str(path)]
    assert main(args) == 2
    error = capsys.readouterr().err
    assert len(error.splitlines()) == 1 and said in error and error.startswith("rajas: "), error
    assert not path.exists()


def test_simulate_plays_the_variants(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "3", "--games", "3", "--seed", "5", "--json"]
    assert main([*args, "--variant", "ganga", "--navaratnas", "0,2"]) == 0
    mixed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(mixed) == 3 and [g["seed"] for g in mixed] == [5, 6, 7]
    assert all(g["variants"] == ["ganga", "navaratnas"] for g in mixed)
    assert [s["board"] for s in mixed[0]["seats"]] == ["navaratnas", "base", "navaratnas"]
    assert main(args) == 0
    base = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert base != mixed  # the same seeds play other games with the variants


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--variant", "chess"], "--variant: 'chess' is not a variant"),
        (["--navaratnas", "4"], "--navaratnas: '4' is not a seat 0 to 3"),
        (["--navaratnas", "Asha"], "--navaratnas: 'Asha' is not a seat 0 to 3"),
    ],
)
def test_simulate_refuses_bad_variant_options(
    capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    assert main(["simulate", *options]) == 2
    error = capsys.readouterr().err
    assert len(error.splitlines()) == 1 and said in error and "rajas simulate --help" in error


@pytest.mark.slow
def test_the_issue_s_done_when_command_on_fewer_games() -> None:
    """`rajas simulate --players 4 --games 200 --seed 2 --variant ganga,navaratnas --json`,
    on its first games: every game finishes and the command exits 0."""
    args = ["--players", "4", "--games", "12", "--seed", "2", "--variant", "ganga,navaratnas"]
    done = subprocess.run(
        [sys.executable, "-m", "rajas_tui.cli", "simulate", *args, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert [g["seed"] for g in games] == list(range(2, 14))
    assert all(g["rounds"] > 5 and g["players"] == 4 for g in games)


# show ----------------------------------------------------------------------------------------


def _hidden_name(game: saves.Game, seat: int) -> str:
    player = game.state.players[seat]
    index = next(i for i in range(len(player.fields)) if player.face_down >> i & 1)
    return rules.catalog().yield_tiles[player.fields[index]].name


def test_show_prints_the_variants_but_no_hidden_tile(capsys: pytest.CaptureFixture[str]) -> None:
    game = saves.load(MIXED)
    hidden = _hidden_name(game, 1)
    assert main(["show", str(MIXED)]) == 0
    out = capsys.readouterr().out
    assert "Variants: ganga, navaratnas." in out and "Ganga tiles on the river: " in out
    dice = len(game.state.players[1].dice)
    assert f"Bela: navaratnas board; Kali statue {dice} of 8 places; " in out
    assert "Asha: base board; Kali statue" in out and "of 10 places" in out
    assert "(brown) hidden" in out and hidden not in out
    assert "face up: " in out and "white face down" in out
    added = out[out.index("Variants:") : out.index("Provinces:")]
    assert max(len(line) for line in added.splitlines()) <= 78
    assert main(["show", str(MIXED), "--seat", "1"]) == 0
    assert f"(brown) {hidden} face down" in capsys.readouterr().out


def test_show_json_carries_the_variants_but_no_hidden_tile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = saves.load(MIXED)
    hidden = _hidden_name(game, 1)
    assert main(["show", str(MIXED), "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert hidden not in out
    assert data["variants"] == ["ganga", "navaratnas"]
    assert len(data["river_tiles"]) == len(rules.catalog().ganga.tiles)
    assert data["display"] and all(isinstance(name, str) for name in data["display"])
    bela = data["players"][1]
    assert bela["board"] == "navaratnas" and bela["places"] == 8
    assert {"tile": "hidden", "face_down": True}.items() <= next(
        f for f in bela["fields"] if f["face_down"]
    ).items()
    assert rules.UNSEEN in data["state"]["players"][1]["fields"]
    assert data["players"][0]["fields"] == []
    assert main(["show", str(MIXED), "--json", "--seat", "1"]) == 0
    assert hidden in capsys.readouterr().out


def test_show_refuses_a_seat_the_game_has_not(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(MIXED), "--seat", "3"]) == 2
    assert "--seat: this game has seats 0 to 2, not 3" in capsys.readouterr().err


def test_a_base_game_shows_no_variant_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(EXAMPLES / "opening-2p.toml")]) == 0
    out = capsys.readouterr().out
    assert "Variants" not in out and "fields" not in out


# legal and apply with the new notation -------------------------------------------------------


def _until(path: Path, verb: str) -> saves.Game:
    """The game at `path` played on at random until `verb` is legal."""
    for seed in range(20):
        game = saves.load(path)
        chooser = random.Random(seed)
        while not game.over:
            legal = rules.legal_actions(game.state)
            if any(str(a).startswith(verb) for a in legal):
                return game
            game = saves.play(game, chooser.choice(legal))
    raise AssertionError(f"{verb!r} never legal")


@pytest.mark.parametrize(("source", "verb"), [(NAVARATNAS, "yield "), (MIXED, "sail ")])
def test_legal_lists_and_apply_plays_the_new_actions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: Path, verb: str
) -> None:
    path = tmp_path / "g.toml"
    game = _until(source, verb)
    saves.save(game, path)
    assert main(["legal", str(path)]) == 0
    action = next(a for a in capsys.readouterr().out.splitlines() if a.startswith(verb))
    assert main(["apply", str(path), action]) == 0
    logged = tomllib.loads(path.read_text())["log"]["played"]
    assert logged[len(game.log)]["action"] == action
    assert saves.load(path).log[len(game.log)].action == action
