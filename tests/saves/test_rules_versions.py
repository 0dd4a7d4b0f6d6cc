"""Saves across rules versions: an older save is replayed under today's rules and opens when its
log is still legal; a newer one, or one with an action today's rules refuse, is refused with one
sentence and left as it is (docs/saves.md, "Versions and the generator")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
import saves
from rules import Action, GameState, building
from saves.folder import list_saves
from tests.helpers.fixture_states import boats, cell, new, on_top, turn_to, with_player, with_tiles
from tests.helpers.older_rules import copy_saying, play_version_2
from tests.helpers.save_examples import MIDGAME, OPENING


@pytest.fixture
def version_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """This rajas plays rules version 2; the example saves were played under version 1."""
    play_version_2(monkeypatch)


def _copy(source: Path, folder: Path, rules_line: str = "rules = 1") -> Path:
    """A copy of an example save whose header says `rules_line`."""
    return copy_saying(source, folder / source.name, rules_line)


def _header_rules(path: Path) -> str:
    return next(line for line in path.read_text().splitlines() if line.startswith("rules = "))


@pytest.mark.usefixtures("version_2")
def test_an_older_save_opens_under_today_s_rules_and_says_so(tmp_path: Path) -> None:
    path = _copy(MIDGAME, tmp_path)
    game = saves.load(path)
    assert game.played_under == 1
    assert game.log == saves.load(MIDGAME).log
    assert saves.rules_note(game) == (
        "This game was saved under rules version 1 and now plays under version 2: the Rules "
        "versions section of docs/rules.md lists what changed."
    )
    # A game of today's rules has nothing to tell.
    assert saves.rules_note(saves.start_game(game.setup)) is None


@pytest.mark.usefixtures("version_2")
def test_the_next_save_writes_today_s_version_and_keeps_the_old_file(tmp_path: Path) -> None:
    path = _copy(MIDGAME, tmp_path)
    before = path.read_bytes()
    game = saves.load(path)
    file = saves.open_file(game, path)
    try:
        game = saves.play(game, rules.legal_actions(game.state)[0])
        saves.write(game, file)
    finally:
        file.close()
    assert _header_rules(path) == "rules = 2"
    assert saves.backup_of(path).read_bytes() == before
    again = saves.load(path)
    assert again.played_under == 2 and saves.rules_note(again) is None
    assert again.log == game.log


@pytest.mark.usefixtures("version_2")
def test_the_old_file_is_kept_once_beside_the_backups(tmp_path: Path) -> None:
    """NAME.toml.bak holds only the file the last write replaced: the file as the older rules
    left it is kept apart, once, and later writes leave it alone; listings pass it over."""
    path = _copy(MIDGAME, tmp_path)
    before = path.read_bytes()
    game = saves.load(path)
    file = saves.open_file(game, path)
    try:
        for _ in range(2):
            game = saves.play(game, rules.legal_actions(game.state)[0])
            saves.write(game, file)
    finally:
        file.close()
    kept = saves.older_rules_backup(path, 1)
    assert kept.name == "midgame-4p.toml.rules1.bak" and kept.read_bytes() == before
    assert saves.backup_of(path).read_bytes() != before
    assert [item.path for item in list_saves(tmp_path)] == [path]
    # A game of today's rules keeps no such copy.
    file = saves.open_file(saves.load(path), path)
    file.close()
    assert sorted(p.name for p in tmp_path.iterdir() if ".rules" in p.name) == [kept.name]


@pytest.mark.usefixtures("version_2")
def test_a_save_without_the_rules_key_counts_as_version_1(tmp_path: Path) -> None:
    path = tmp_path / "older.toml"
    path.write_text(re.sub(r"(?m)^rules = \d+\n", "", OPENING.read_text()))
    assert saves.load(path).played_under == 1


@pytest.mark.usefixtures("version_2")
def test_a_save_from_a_newer_rajas_is_refused(tmp_path: Path) -> None:
    path = _copy(OPENING, tmp_path, "rules = 3")
    before = path.read_bytes()
    with pytest.raises(saves.SaveError) as refused:
        saves.load(path)
    assert str(refused.value) == (
        f"{path}: key header.rules: the game was saved by a newer rajas (rules version 3; this "
        "one plays version 2): update rajas to open it."
    )
    assert path.read_bytes() == before


@pytest.mark.usefixtures("version_2")
def test_the_listing_shows_older_saves_as_loadable_and_newer_ones_not(tmp_path: Path) -> None:
    older = _copy(OPENING, tmp_path)
    newer = _copy(MIDGAME, tmp_path, "rules = 3")
    listed = {item.path: item for item in list_saves(tmp_path)}
    assert listed[older].problem == "" and listed[older].players == ("Asha", "Bela")
    assert "newer rajas" in listed[newer].problem
    assert saves.last_unfinished(tmp_path) == older


def _closed_harbor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule of a version 2: the harbor's first space takes no boat."""
    apply_revealing = rules.apply_revealing

    def closed(state: GameState, action: Action, as_listed: bool = False):  # type: ignore[no-untyped-def]
        if str(action).startswith("harbor h1 "):
            raise rules.IllegalAction("The harbor's first space is closed.")
        return apply_revealing(state, action, as_listed=as_listed)

    monkeypatch.setattr(rules, "apply_revealing", closed)


@pytest.mark.usefixtures("version_2")
def test_an_action_today_s_rules_refuse_leaves_the_file_as_it_is(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = _copy(OPENING, tmp_path)
    before = path.read_bytes()
    _closed_harbor(monkeypatch)
    with pytest.raises(saves.SaveError) as refused:
        saves.load(path)
    assert str(refused.value) == (
        f"{path}: log entry 3: 'harbor h1 b2 move 1' was played under rules version 1 but "
        "cannot be played under version 2, which this rajas plays (The harbor's first space "
        "is closed)."
    )
    assert path.read_bytes() == before
    assert not saves.backup_of(path).exists()


def test_a_save_of_today_s_rules_is_refused_as_before(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Under the version it was played under, a refused action is a broken file, not a change
    of rules: the sentence says so, as it always did."""
    path = _copy(OPENING, tmp_path, f"rules = {rules.RULES_VERSION}")
    _closed_harbor(monkeypatch)
    with pytest.raises(saves.SaveError) as refused:
        saves.load(path)
    assert str(refused.value) == (
        f"{path}: log entry 3: 'harbor h1 b2 move 1' cannot be played there: The harbor's "
        "first space is closed."
    )


def _chain_position() -> GameState:
    """Seat 0 about to buy green tile 17 (a palace) for a3, whose edge yields an upgrade and a
    boat's move to river space 7, whose chamber choice gives the Master Builder: tile 25 (a
    palace and a market) can then cover the tile on b1 (docs/rules.md §14)."""
    state = turn_to(new(2, seed=5), 0)
    state = with_tiles(state, 0, {cell("b1"): (3, 0), cell("b2"): (8, 0), cell("b3"): (0, 3)})
    state, _ = on_top(state, 17)
    state, _ = on_top(state, 25)
    state = with_player(state, 0, hand=["g4", "g3", "b1"], money=11, fame=3)
    state = with_player(state, 0, fame_bonus_next=0, money_bonus_next=0, money_workers_taken=0)
    return boats(state, 6, 0)


CHAIN = ("quarry q1 d4 g4", "place a3 r1", "upgrade palace", "boat yes", "palace 5")
CHAIN_END = ("rebuild b1 d5 g3", "place b1 r0")


def test_a_version_1_game_with_an_upgrade_and_the_master_builder_in_one_action_loads_under_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Under version 1 the edge yield's upgrade already counted for the Master Builder's tile
    in the same action; a save played then opens under version 2 with the fame version 2 gives
    (docs/rules.md, "Rules versions")."""
    assert rules.RULES_VERSION == 2
    position = _chain_position()
    setup = saves.seated([("Asha", "human"), ("Bela", "human")], 5)
    path = tmp_path / "chain.toml"
    with monkeypatch.context() as version_1:
        version_1.setattr(rules, "RULES_VERSION", 1)
        version_1.setattr(
            building, "scoring_levels", lambda state, seat: state.players[seat].levels
        )
        game = saves.start_game(setup, position)
        for action in (*CHAIN, *CHAIN_END):
            game = saves.play(game, action)
        saves.save(game, path)
        played_then = game.state.players[0].fame
    assert _header_rules(path) == "rules = 1"
    loaded = saves.load(path)
    assert loaded.played_under == 1 and len(loaded.log) == len(CHAIN) + len(CHAIN_END)
    # Tile 17's palace at level 2, then tile 25's at 2 as the action began: 3 + 2 + 2.
    assert loaded.state.players[0].fame == 7 == played_then - 1
    assert loaded.state.players[0].levels[1] == 3
