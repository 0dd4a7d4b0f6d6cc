"""Where saves live, autosave, the listing, the header, the generator, and the bots."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import rules
import saves
from rajas_tui import bots
from rules.rng import next_u64, seed_state
from saves.records import Seat, Setup
from tests.helpers.save_examples import ALL, FINAL, MIDGAME, OPENING


def test_the_saves_folder_follows_option_environment_and_xdg(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("RAJAS_SAVES", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert saves.saves_dir() == tmp_path / ".local/share/rajas/saves"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
    assert saves.saves_dir() == tmp_path / ".local/share/rajas/saves"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert saves.saves_dir() == tmp_path / "data/rajas/saves"
    monkeypatch.setenv("RAJAS_SAVES", str(tmp_path / "env"))
    assert saves.saves_dir() == tmp_path / "env"
    assert saves.saves_dir(str(tmp_path / "option")) == tmp_path / "option"


def test_autosave_makes_the_folder_and_lists_last_played_first(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    setup = Setup((Seat("Asha"), Seat("Bela Ö")), seed=3)
    older = attrs.evolve(saves.start_game(setup), created="2025-01-01T10:00:00Z",
                         updated="2025-01-01T10:00:00Z")  # fmt: skip
    newer = attrs.evolve(older, created="2025-01-02T10:00:00Z", updated="2025-01-03T10:00:00Z")
    assert saves.autosave_path(older, folder).name == "20250101-100000-asha-bela-o.toml"
    for game in (older, newer):
        assert saves.autosave(game, folder).parent == folder
    listed = saves.list_saves(folder)
    assert [s.updated for s in listed] == ["2025-01-03T10:00:00Z", "2025-01-01T10:00:00Z"]
    assert listed[0].players == ("Asha", "Bela Ö") and listed[0].round == 1
    assert saves.last_unfinished(folder) == listed[0].path


def test_last_unfinished_skips_finished_and_broken_games(tmp_path: Path) -> None:
    finished = saves.play(saves.load(FINAL), _ending(saves.load(FINAL)))
    saves.save(attrs.evolve(finished, updated="2030-01-01T00:00:00Z"), tmp_path / "over.toml")
    (tmp_path / "broken.toml").write_text('[header]\nformat = "rajas-save"\nversion = 1\n')
    assert saves.last_unfinished(tmp_path) is None
    saves.save(saves.load(OPENING), tmp_path / "opening.toml")
    assert saves.last_unfinished(tmp_path) == tmp_path / "opening.toml"
    assert saves.list_saves(tmp_path / "missing") == []


def _ending(game: saves.Game) -> str:
    return next(str(a) for a in rules.legal_actions(game.state) if saves.play(game, a).state.over)


def test_the_examples_are_what_they_say() -> None:
    opening, midgame, final = (saves.load(p) for p in (OPENING, MIDGAME, FINAL))
    assert len(opening.setup.seats) == 2 and opening.state.round == 1
    assert len(midgame.setup.seats) == 4 and midgame.state.round >= 5 and not midgame.over
    assert not final.over and _ending(final)
    for path in ALL:
        text = path.read_text()
        assert text.startswith('[header]\nformat = "rajas-save"\nversion = 1\n')


def test_the_generator_is_the_format_s(tmp_path: Path) -> None:
    """SplitMix64's first output for seed 0. If this fails, the generator changed: old saves
    no longer replay, so the save format needs a new version (see saves.GENERATORS)."""
    assert next_u64(seed_state(0))[0] == 0xE220A8397B1DCDAF
    assert saves.engine_generator() == saves.GENERATORS[saves.VERSION] == "splitmix64"


def test_the_header_says_what_wrote_the_file(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    game = saves.start_game(Setup((Seat("A"), Seat("B")), seed=1))
    saves.save(game, path)
    header = path.read_text().split("\n\n")[0].splitlines()
    assert header[:5] == [
        "[header]",
        'format = "rajas-save"',
        "version = 1",
        f'app = "{saves.app_version()}"',
        'generator = "splitmix64"',
    ]
    assert header[5].startswith('created = "') and header[5].endswith('Z"')
    assert header[7] == f"rules = {rules.RULES_VERSION}"


def test_a_save_played_under_other_rules_says_which(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A newer rajas's save is refused by name; an older one opens under today's rules
    (tests/saves/test_rules_versions.py)."""
    text = Path(OPENING).read_text()
    assert f"rules = {rules.RULES_VERSION}\n" in text
    other = tmp_path / "other.toml"
    other.write_text(text.replace(f"rules = {rules.RULES_VERSION}\n", "rules = 99\n"))
    with pytest.raises(saves.SaveError) as refused:
        saves.load(other)
    assert "header.rules" in str(refused.value) and "rules version 99" in str(refused.value)
    assert "newer rajas" in str(refused.value)
    monkeypatch.setattr(rules, "RULES_VERSION", 99)
    assert saves.load(other).played_under == 99
    assert saves.load(OPENING).played_under < 99
    monkeypatch.undo()
    # Saves from before the key existed were all played under version 1.
    older = tmp_path / "older.toml"
    older.write_text(text.replace(f"rules = {rules.RULES_VERSION}\n", ""))
    assert saves.load(older).state == saves.load(OPENING).state
    assert saves.load(older).played_under == 1


def test_setups_are_checked() -> None:
    seats = (Seat("A"), Seat("B"))
    bad = [
        Setup(seats[:1], 1),
        Setup((Seat("A"), Seat("a")), 1),
        Setup((Seat("A"), Seat("B,C")), 1),
        Setup((Seat("A"), Seat("B", "genius")), 1),
        Setup(seats, 1, variants=("chess",)),
        Setup(seats, 1, undo="sometimes"),
    ]
    for setup in bad:
        with pytest.raises(ValueError):
            saves.start_game(setup)


def test_bots_are_deterministic_and_leave_the_generator_alone() -> None:
    state = saves.load(MIDGAME).state
    first = bots.choose("random", state, 7)
    assert all(bots.choose("random", state, 7) == first for _ in range(5))
    assert first in rules.legal_actions(state)
    assert {str(bots.choose("random", state, seed)) for seed in range(30)} != {str(first)}
    assert saves.load(MIDGAME).state.rng == state.rng
    with pytest.raises(ValueError, match="not a bot kind"):
        bots.choose("genius", state, 7)
    assert "random" in bots.KINDS  # old saves name it: it stays a kind
    assert saves.records.BOT_KINDS == bots.KINDS  # the save format names exactly the bots there are
