"""The screens, the log and the help tell gains in the words and glyphs of the engine's vocabulary
(`rules/data/effects.toml`) and the data, not in copies of their own."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules
from rajas_tui.present import text
from rajas_tui.tui.screens import help as help_screen
from rules import Outer
from rules.catalog import DATA_DIR, Catalog, catalog, load_catalog
from rules.gains import render
from rules.model import Colour, Effect
from saves import reveal_words


@pytest.fixture
def ascii_glyphs() -> Iterator[None]:
    text.G.use_ascii(True)
    yield
    text.G.use_ascii(False)


def _edited(tmp_path: Path, name: str, *swaps: tuple[str, str]) -> Catalog:
    """The data with the file `name` changed by each (old, new) swap."""
    for path in DATA_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path)
    path = tmp_path / name
    source = path.read_text(encoding="utf-8")
    for old, new in swaps:
        assert old in source
        source = source.replace(old, new)
    path.write_text(source, encoding="utf-8")
    return load_catalog(tmp_path)


def _use(monkeypatch: pytest.MonkeyPatch, data: Catalog) -> None:
    # The screens, the log and the help read the data through rules.catalog().
    monkeypatch.setattr(rules, "catalog", lambda: data)


def _sample(kind: str) -> Effect:
    return Effect(kind, n=2, colour=Colour.BLUE, low=2, high=6, per=3)


def test_every_kind_reads_as_the_vocabulary_says() -> None:
    glyphs = {name: s.glyph for name, s in catalog().symbols.items()}
    for name, kind in catalog().gains.items():
        effect = _sample(name)
        assert text.gain_words(effect) == render(kind.words, effect, glyphs)
        assert text.gain_short(effect) == render(kind.glyph, effect, glyphs)


def test_every_kind_reads_in_ascii_with_the_ascii_glyphs(ascii_glyphs: None) -> None:
    for name in catalog().gains:
        assert text.gain_short(_sample(name)).isascii(), name
    assert text.gain_words(Effect("fame", n=2)) == "+2*"


def test_new_words_in_the_vocabulary_reach_the_screens_and_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _edited(
        tmp_path,
        "effects.toml",
        ('"+{n} money"', '"+{n} rupees"'),
        ('"+{n}{money}"', '"{n} rupees{money}"'),
    )
    _use(monkeypatch, data)
    assert text.gain_words(Effect("money", n=3)) == "3 rupees$"
    money_tile = next(i for i, tile in enumerate(data.yields["white"]) if tile[0].kind == "money")
    assert reveal_words._yield_words(money_tile) == "+3 rupees"


def test_a_new_symbol_reaches_the_glyphs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _edited(tmp_path, "effects.toml", ('glyph = "★"', 'glyph = "✪"'))
    _use(monkeypatch, data)
    assert text.gain_short(Effect("fame", n=4)) == "4✪"
    assert "✪ fame" in help_screen.symbols_text()


def test_the_help_tells_the_chambers_and_outer_terrace_from_the_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _edited(
        tmp_path,
        "board.toml",
        ('{ kind = "money", n = 2 }, { kind = "reroll" }', '{ kind = "money", n = 9 }'),
        ('name = "Yogi"', 'name = "Sadhu"'),
    )
    _use(monkeypatch, data)
    assert "+9$" in help_screen.rules_text("outer")
    assert "3 Sadhu" in help_screen.rules_text("chamber")
    assert text.action_words(Outer("o")) == "outer terrace: +9$"
