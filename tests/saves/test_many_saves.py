"""Listing many saves reads each file's header and setup only, never the log or the state."""

from __future__ import annotations

import shutil
from pathlib import Path

import attrs
import pytest

import rules
import saves
from saves import folder as savefolder

SAVES = saves.examples_dir()
OLD_EXAMPLES = ("opening-2p.toml", "midgame-4p.toml", "final-action-3p.toml")
COUNT = 2000
SUMMARY = ("round", "turn", "over")


def _game(seed: int) -> saves.Game:
    setup = saves.Setup((saves.Seat("Asha"), saves.Seat("Bela")), seed=seed)
    game = saves.start_game(setup)
    for _ in range(6):
        game = saves.play(game, rules.legal_actions(game.state)[0])
    return game


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """COUNT saves of several games, written as the text of a few (writing is not measured)."""
    folder = tmp_path_factory.mktemp("crowded")
    texts = [saves.dumps(_game(seed)) for seed in range(4)]
    for number in range(COUNT):
        stamp = f"2025-01-01T00:{number // 60 % 60:02}:{number % 60:02}Z"
        text = texts[number % 4].replace('updated = "', f'updated = "{stamp}" #', 1)
        (folder / f"g{number:05}.toml").write_text(text)
    return folder


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts whole-file reads and the bytes the listing reads."""
    counted = {"whole files": 0, "bytes": 0}
    savefolder.forget_listing()
    whole, head = savefolder.read, savefolder.read_head

    def counting_read(path: Path) -> dict[str, object]:
        counted["whole files"] += 1
        counted["bytes"] += path.stat().st_size
        return whole(path)

    def counting_head(path: Path) -> bytes:
        data = head(path)
        counted["bytes"] += len(data)
        return data

    monkeypatch.setattr(savefolder, "read", counting_read)
    monkeypatch.setattr(savefolder, "read_head", counting_head)
    return counted


@pytest.mark.slow
def test_listing_reads_headers_only(crowded: Path, reads: dict[str, int]) -> None:
    found = saves.list_saves(crowded)
    assert len(found) == COUNT and not any(s.problem for s in found)
    assert reads["whole files"] == 0
    total = sum(p.stat().st_size for p in crowded.glob("*.toml"))
    assert reads["bytes"] < total / 5, (reads["bytes"], total)
    first = found[0]
    assert first.players == ("Asha", "Bela") and first.round == 1 and first.to_act


def test_the_summary_in_the_header_is_what_a_full_read_shows(tmp_path: Path) -> None:
    game = _game(3)
    saves.save(game, tmp_path / "g.toml")
    head, rest = saves.dumps(game).split("\n\n", 1)
    without = [line for line in head.splitlines() if line.split(" = ")[0] not in SUMMARY]
    (tmp_path / "old.toml").write_text("\n".join(without) + "\n\n" + rest)
    new, old = sorted(saves.list_saves(tmp_path), key=lambda s: s.path.name)
    assert attrs.evolve(new, path=old.path) == old
    assert (new.round, new.to_act, new.over) == (game.state.round, game.seat.name, False)


def test_old_saves_without_the_summary_are_listed_without_parsing_the_log(
    reads: dict[str, int], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in OLD_EXAMPLES:  # written before the header held the summary
        shutil.copy(SAVES / name, tmp_path / name)
        assert "\nround = " not in (tmp_path / name).read_text().split("\n\n")[0]
    found = saves.list_saves(tmp_path)
    assert len(found) == 3 and not any(s.problem for s in found)
    assert reads["whole files"] == 0
    monkeypatch.setattr(savefolder, "_summary_skipping_the_log", lambda path, head: None)
    savefolder.forget_listing()
    assert saves.list_saves(tmp_path) == found, "the same as a whole read shows"
    assert reads["whole files"] == 3


def test_a_summary_that_disagrees_with_the_log_is_refused_on_load(tmp_path: Path) -> None:
    game = _game(3)
    head, rest = saves.dumps(game).split("\n\n", 1)
    assert f"\nround = {game.state.round}\n" in head + "\n"
    text = head.replace(f"\nround = {game.state.round}", "\nround = 9") + "\n\n" + rest
    path = tmp_path / "g.toml"
    path.write_text(text)
    with pytest.raises(saves.SaveError, match=r"header\.round"):
        saves.load(path)


def test_last_unfinished_does_not_replay_every_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saves whose header reads well but whose log does not replay are not all loaded."""
    game = _game(3)
    broken = saves.dumps(game).replace('action = "', 'action = "x', 1)
    for number in range(50):
        (tmp_path / f"broken{number:02}.toml").write_text(broken)
    loaded: list[Path] = []
    real = savefolder.load

    def counting_load(path: Path) -> saves.Game:
        loaded.append(path)
        return real(path)

    monkeypatch.setattr(savefolder, "load", counting_load)
    assert saves.last_unfinished(tmp_path) is None
    assert len(loaded) <= savefolder.LOAD_TRIES


def test_listing_again_reads_only_the_files_that_changed(
    tmp_path: Path, reads: dict[str, int]
) -> None:
    for seed in range(5):
        saves.save(_game(seed), tmp_path / f"g{seed}.toml")
    first = saves.list_saves(tmp_path)
    read_once = reads["bytes"]
    assert saves.list_saves(tmp_path) == first
    assert reads["bytes"] == read_once, "nothing changed, nothing read"
    changed = saves.play(_game(2), rules.legal_actions(_game(2).state)[0])
    saves.save(changed, tmp_path / "g2.toml")
    again = {s.path.name: s for s in saves.list_saves(tmp_path)}
    assert reads["bytes"] > read_once
    assert again["g2.toml"].to_act == changed.seat.name
