"""Broken save files: over a thousand mutations of the example saves, each refused with one clear
line naming the file and the place, or (a flip in a name, say) read as the same game; never a
traceback, and never a change to the original."""

from __future__ import annotations

import copy
import hashlib
import random
import re
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w

import saves
from rajas_tui import bots
from tests.helpers.save_examples import ALL, FINAL, MIDGAME, MIXED, OPENING

SEED = 2025
PLACE = re.compile(
    r": (the top level|key \S+|log entry \d+|redo entry \d+|line \d+, column \d+|byte \d+"
    r"|line \d+:|is [\d,]+ (bytes|lines)|this is not a rajas save|not valid TOML"
    r"|nests arrays or tables)"
)

Mutation = tuple[str, bytes]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key and list index in a TOML document, parents before children."""
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in items:
        yield (*path, key)
        if isinstance(value, dict | list):
            yield from _paths(value, (*path, key))


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


def _copied_to(data: Any, path: tuple[Any, ...]) -> tuple[Any, Any]:
    """A copy of `data` and its container of `path`'s last key: the containers on the way are
    copied, the rest shared, so a change there leaves `data` (and every other mutation) as it
    was without a deep copy of the whole save for each one."""
    changed = copy.copy(data)
    node = changed
    for key in path[:-1]:
        node[key] = copy.copy(node[key])
        node = node[key]
    return changed, node


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    changed, parent = _copied_to(data, path)
    parent[path[-1]] = value
    return changed


def _delete(data: Any, path: tuple[Any, ...]) -> Any:
    changed, parent = _copied_to(data, path)
    del parent[path[-1]]
    return changed


def _toml(data: Any) -> bytes:
    return tomli_w.dumps(data).encode()


def _mutations(source: Path, rng: random.Random, scale: int) -> Iterator[Mutation]:
    """`scale` sets how many of each kind; the mid-game example gets the most."""
    raw = source.read_bytes()
    data = tomllib.loads(raw.decode())
    paths = list(_paths(data))
    leaves = [p for p in paths if not isinstance(_get(data, p), dict | list)]
    ints = [p for p in leaves if type(_get(data, p)) is int]
    state_ints = [p for p in ints if p[0] == "state"]

    for _ in range(5 * scale):
        yield "truncated", raw[: rng.randrange(0, len(raw) - 1)]
    for _ in range(15 * scale):
        at = rng.randrange(len(raw))
        flipped = bytearray(raw)
        flipped[at] ^= 1 << rng.randrange(8)
        yield "byte flip", bytes(flipped)
    for path in rng.sample(paths, min(len(paths), 5 * scale)):
        yield "deleted key", _toml(_delete(data, path))
    others: list[Any] = ["text", 7, True, 1.5, [1, 2], {"x": 1}]
    for path in rng.sample(leaves, min(len(leaves), 5 * scale)):
        value = _get(data, path)
        wrong = rng.choice([o for o in others if type(o) is not type(value)])
        yield "wrong type", _toml(_set(data, path, wrong))
    huge = [2**63 - 1, -(2**63), 2**64, 10**30, 10**9, -(10**9)]
    for path in rng.sample(ints, min(len(ints), 3 * scale)):
        yield "huge number", _toml(_set(data, path, rng.choice(huge)))
    for path in rng.sample(state_ints, min(len(state_ints), 2 * scale)):
        yield "snapshot disagrees", _toml(_set(data, path, _get(data, path) + 1))
    played = data["log"]["played"]
    if played:
        yield "log too short", _toml(_set(data, ("log", "played"), played[:-1]))
        for _ in range(scale):
            i = rng.randrange(len(played))
            yield (
                "entry dropped",
                _toml(_set(data, ("log", "played"), played[:i] + played[i + 1 :])),
            )
            j = rng.randrange(len(played) - 1) if len(played) > 1 else 0
            if len(played) > 1 and played[j] != played[j + 1]:
                swapped = [*played]
                swapped[j], swapped[j + 1] = swapped[j + 1], swapped[j]
                yield "entries swapped", _toml(_set(data, ("log", "played"), swapped))
        game = saves.load(source)
        extra = saves.play(game, bots.choose("random", game.state, 1)).log[-1]
        entry = {"seat": extra.seat, "action": extra.action}
        if extra.revealed:
            entry["revealed"] = extra.revealed
        yield "log too long", _toml(_set(data, ("log", "played"), [*played, entry]))
        yield "log not a list", _toml(_set(data, ("log", "played"), {"a": 1}))


def _specials(rng: random.Random) -> Iterator[Mutation]:
    header = '[header]\nformat = "rajas-save"\nversion = {}\n'
    yield "empty", b""
    yield "binary", bytes(rng.randrange(256) for _ in range(4000))
    yield "nul bytes", b"\x00" * 100
    yield "utf-16", "[header]\nformat = 'rajas-save'\n".encode("utf-16")
    yield "json", b'{"header": {"format": "rajas-save"}}'
    yield "oversized", b"# " + b"x" * saves.MAX_BYTES + b"\n"
    yield "header only", header.format(1).encode()
    yield "future version", header.format(2).encode()
    yield "version as text", header.format('"1"').encode()
    yield "other format", b'[header]\nformat = "chess"\nversion = 1\n'
    yield "no header", b"[state]\nround = 1\n"
    yield "top level array", b"x = [1, 2, 3]\n"
    yield "deep arrays", b"x = " + b"[" * 50_000 + b"]" * 50_000 + b"\n"
    yield "deep tables", b"x = " + b"{a=" * 5_000 + b"1" + b"}" * 5_000 + b"\n"
    text = MIDGAME.read_text()
    yield "other generator", text.replace('"splitmix64"', '"mt19937"').encode()
    yield "bad time", text.replace("2025-03-01T19:30:00Z", "2025-02-30T19:30:00Z").encode()
    yield "unknown key", text.replace("[state]\n", "[state]\nweather = 1\n").encode()


def _check(path: Path, original: saves.Game) -> str:
    """'error' (one line, naming file and place) or 'same' (read as the original game)."""
    before = path.read_bytes()
    try:
        game = saves.load(path)
    except saves.SaveError as error:
        message = str(error)
        assert "\n" not in message and message.startswith(f"{path}: "), message
        assert message.endswith("."), message
        assert PLACE.search(message), message
        assert path.read_bytes() == before, "loading changed the file"
        return "error"
    assert game.state == original.state and game.log == original.log, "a different game loaded"
    return "same"


def _all_mutations() -> Iterator[tuple[Path, str, bytes]]:
    rng = random.Random(SEED)
    for source, scale in ((MIDGAME, 16), (OPENING, 7), (FINAL, 7), (MIXED, 6)):
        for kind, content in _mutations(source, rng, scale):
            yield source, kind, content
    for kind, content in _specials(rng):
        yield MIDGAME, kind, content


@pytest.mark.slow
def test_a_thousand_broken_files_each_get_one_clear_line(tmp_path: Path) -> None:
    originals = {path: _digest(path) for path in ALL}
    games = {path: saves.load(path) for path in ALL}
    outcomes: dict[str, dict[str, int]] = {}
    count = 0
    for number, (source, kind, content) in enumerate(_all_mutations()):
        path = tmp_path / f"m{number}.toml"
        path.write_bytes(content)
        outcome = _check(path, games[source])
        tally = outcomes.setdefault(kind, {"error": 0, "same": 0})
        tally[outcome] += 1
        count += 1
        path.unlink()
    assert count >= 1000, count
    must_fail = (
        "truncated", "wrong type", "snapshot disagrees", "log too short", "entry dropped",
        "entries swapped", "log too long", "log not a list", "empty", "binary", "oversized",
        "future version", "other generator", "bad time", "unknown key", "deep arrays",
        "deep tables",
    )  # fmt: skip
    for kind in must_fail:
        if kind in outcomes:
            assert outcomes[kind]["same"] == 0, (kind, outcomes[kind])
    flips = outcomes["byte flip"]
    assert flips["error"] >= 0.9 * (flips["error"] + flips["same"]), flips
    assert {path: _digest(path) for path in ALL} == originals


def test_an_oversized_file_is_refused_before_parsing(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b"x" * (saves.MAX_BYTES + 1))

    def explode(*_: object) -> None:
        raise AssertionError("parsed an oversized file")

    monkeypatch.setattr(tomllib, "loads", explode)
    with pytest.raises(saves.SaveError, match=r"is 5,242,881 bytes, over the 5 MB"):
        saves.load(path)


def test_missing_files_and_folders_get_one_line(tmp_path: Path) -> None:
    with pytest.raises(saves.SaveError, match=r"nope\.toml: no such file\.$"):
        saves.load(tmp_path / "nope.toml")
    with pytest.raises(saves.SaveError, match=r"is a folder, not a save file\.$"):
        saves.load(tmp_path)


def test_the_messages_name_the_place(tmp_path: Path) -> None:
    cases: list[tuple[Callable[[str], str], str]] = [
        (lambda t: re.sub(r"karma = \d", 'karma = "x"', t, count=1),
         r"key state\.players\[0\]\.karma: expected a whole number, got 'x'\.$"),
        (lambda t: t.replace("version = 1", "version = 7"),
         r"key header\.version: format version 7 is not one this rajas reads \(it reads 1\)\.$"),
        (lambda t: t.replace('action = "', 'action = "x', 1),
         r"log entry 1: cannot read 'x.*': 'x.*' is not an action"),
        (lambda t: t.replace("round = 11", "round = 12"),
         r"key state\.round: the log does not lead here: the file says 12, the log leads to 11\.$"),
        (lambda t: t.replace("seed = 2025\n", "", 1), r"key setup\.seed: is missing\.$"),
        (lambda t: t + "\n[extra]\n", r"the top level: unknown key extra\.$"),
        (lambda t: t.replace('cell = "', 'cell = "z', 1),
         r"key state\.players\[\d\]\.province\[0\]\.cell: 'z.*' is not a province cell"),
    ]  # fmt: skip
    text = MIDGAME.read_text()
    for number, (change, expected) in enumerate(cases):
        path = tmp_path / f"place{number}.toml"
        path.write_text(change(text))
        with pytest.raises(saves.SaveError) as caught:
            saves.load(path)
        assert re.search(expected, str(caught.value)), str(caught.value)


@pytest.mark.slow
def test_validate_prints_one_line_and_exits_1(tmp_path: Path) -> None:
    raw = MIDGAME.read_bytes()
    rng = random.Random(7)
    for number in range(3):
        path = tmp_path / f"flip{number}.toml"
        flipped = bytearray(raw)
        flipped[rng.randrange(len(raw) // 2, len(raw))] ^= 0x04
        path.write_bytes(bytes(flipped))
        result = subprocess.run(
            [sys.executable, "-m", "rajas_tui.cli", "validate", str(path)],
            capture_output=True,
            text=True,
        )
        if result.returncode == 0:  # the flip hit a name or a time: still the same game
            continue
        assert result.returncode == 1
        assert result.stdout == ""
        assert len(result.stderr.splitlines()) == 1, result.stderr
        assert "Traceback" not in result.stderr
