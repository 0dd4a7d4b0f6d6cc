"""What the command line shows of a game carries no seed and no generator state: set up again
from either, a game tells every face-down tile, the white stack's order and the display stacks
below their tops. `show` (for a seat or for no seat), `show --json`, `legal --json` and
`apply --json` are checked with a seed no other number on the screen could be."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rules
import saves
from saves.converter import unstructure
from saves.records import Seat, Setup

SEED = 7_346_912_058_113  # no count, score or tile number comes near it


def _game(moves: int = 6) -> saves.Game:
    """A Navaratnas game (face-down brown tiles on every board) a few moves in."""
    setup = Setup((Seat("Asha"), Seat("Bela"), Seat("Chand")), SEED, ("navaratnas",))
    game = saves.start_game(setup)
    for _ in range(moves):
        game = saves.play(game, rules.legal_actions(game.state)[0])
    return game


def _secrets(game: saves.Game) -> list[str]:
    """The seed and the generator state, as any output could spell them."""
    rng = game.state.rng
    return [str(SEED), f"{SEED:x}", str(rng), f"{rng:016x}", f"{rng:x}"]


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    from rajas_tui.cli import main

    assert main(args) == 0
    return capsys.readouterr().out


@pytest.fixture
def saved(tmp_path: Path) -> tuple[saves.Game, Path]:
    game = _game()
    path = tmp_path / "g.toml"
    saves.save(game, path)
    return game, path


@pytest.mark.parametrize("seat", [None, "0", "2"])
@pytest.mark.parametrize("as_json", [False, True])
def test_show_carries_no_seed(
    saved: tuple[saves.Game, Path],
    capsys: pytest.CaptureFixture[str],
    seat: str | None,
    as_json: bool,
) -> None:
    game, path = saved
    seat_args = ["--seat", seat] if seat else []
    out = _run(["show", str(path), *seat_args, *(["--json"] if as_json else [])], capsys)
    for secret in _secrets(game):
        assert secret not in out, secret


@pytest.mark.parametrize("seat", [None, 0, 2])
def test_show_json_holds_the_seats_view_of_the_state(
    saved: tuple[saves.Game, Path], capsys: pytest.CaptureFixture[str], seat: int | None
) -> None:
    game, path = saved
    args = ["show", str(path), "--json", *(["--seat", str(seat)] if seat is not None else [])]
    shown = json.loads(_run(args, capsys))["state"]
    assert shown == unstructure(rules.seat_view(game.state, seat))
    assert shown["config"]["seed"] == 0 and int(shown["rng"], 16) == 0
    for other, player in enumerate(game.state.players):
        if other != seat and player.face_down:  # another seat's brown tiles: unseen
            assert shown["players"][other]["fields"] != list(player.fields)


def test_legal_and_apply_json_carry_no_seed(
    saved: tuple[saves.Game, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    game, path = saved
    legal = _run(["legal", str(path), "--json"], capsys)
    action = json.loads(legal)["legal"][0]
    applied = _run(["apply", str(path), action, "--json"], capsys)
    after = saves.load(path)
    for secret in _secrets(game) + _secrets(after):
        assert secret not in legal and secret not in applied, secret
