"""The command line as a tool: JSON from show, legal and apply; a finished game is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rules
import saves
from rajas_tui.cli import main
from rules import tracks

FINAL = saves.examples_dir() / "final-action-3p.toml"
MIDGAME = saves.examples_dir() / "midgame-4p.toml"
OPENING = saves.examples_dir() / "opening-2p.toml"


def _json(capsys, *args: str) -> dict:
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


def test_show_json_gives_margins_ranking_turn_prompt_and_legal_actions(capsys) -> None:
    data = _json(capsys, "show", "--json", str(MIDGAME))
    game = saves.load(MIDGAME)
    state = game.state
    assert data["round"] == 11 and data["over"] is False
    assert data["turn"] == state.turn and data["to_act"] == game.seat.name
    assert data["prompt"] == "place a worker"
    assert [p["margin"] for p in data["players"]] == [
        tracks.margin(p.fame, p.money) for p in state.players
    ]
    assert [p["name"] for p in data["players"]] == [s.name for s in game.setup.seats]
    assert [r["seat"] for r in data["ranking"]] == [s.seat for s in rules.ranking(state)]
    assert data["legal"] == [str(a) for a in rules.legal_actions(state)]
    assert data["state"]["round"] == 11  # the whole state, in the save's format


def test_legal_json_lists_the_same_actions_as_the_text(capsys) -> None:
    assert main(["legal", str(OPENING)]) == 0
    lines = capsys.readouterr().out.splitlines()
    data = _json(capsys, "legal", "--json", str(OPENING))
    assert data["legal"] == lines
    assert data["to_act"] == "Asha" and data["prompt"] == "place a worker"
    assert "minimal" in data["note"]


def test_apply_json_says_what_changed(tmp_path: Path, capsys) -> None:
    path = tmp_path / OPENING.name
    path.write_bytes(OPENING.read_bytes())
    before = saves.load(path)
    action = "outer o"  # +2 money, then the re-roll choice
    assert action in {str(a) for a in rules.legal_actions(before.state)}
    data = _json(capsys, "apply", "--json", str(path), action)
    assert data["played"][0] == {"seat": 0, "name": "Asha", "action": action, "revealed": ""}
    money = before.state.players[0].money
    asha = next(c for c in data["changed"] if c["seat"] == 0)
    assert asha["money"] == {"before": money, "after": money + 2}
    assert (
        data["now"]["prompt"] == "choose dice to re-roll, in order"
        and data["now"]["to_act"] == "Asha"
    )
    assert data["now"]["legal"] == [str(a) for a in rules.legal_actions(saves.load(path).state)]


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    path = tmp_path / FINAL.name
    path.write_bytes(FINAL.read_bytes())
    game = saves.load(path)
    ending = next(a for a in rules.legal_actions(game.state) if saves.play(game, a).over)
    assert main(["apply", str(path), str(ending)]) == 0
    return path


@pytest.mark.parametrize("command", [["legal"], ["legal", "--json"], ["apply"]])
def test_a_finished_game_is_refused(finished: Path, command: list[str], capsys) -> None:
    capsys.readouterr()
    args = [*command, str(finished)] + (["pass"] if command == ["apply"] else [])
    before = finished.read_bytes()
    assert main(args) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "is over" in err, err
    assert finished.read_bytes() == before


def test_show_json_of_a_finished_game(finished: Path, capsys) -> None:
    capsys.readouterr()
    data = _json(capsys, "show", "--json", str(finished))
    assert data["over"] is True and data["turn"] is None and data["legal"] == []
    assert data["ranking"][0]["met"] is True


def test_help_says_bare_rajas_opens_the_game(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "With no command, rajas opens the game" in text
    assert "141" in text  # the exit code of a closed output pipe is documented
