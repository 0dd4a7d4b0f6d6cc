"""The vocabulary of gains (`rules/data/effects.toml`): every kind reads in words and glyphs, and a
kind no rule carries out is refused when the data loads or when a game would meet it."""

from __future__ import annotations

import shutil
from pathlib import Path

import attrs
import pytest

from rules import effects
from rules.actions import Boat
from rules.catalog import DATA_DIR, DataError, catalog, load_catalog
from rules.effects import HANDLED
from rules.errors import IllegalAction
from rules.gains import render
from rules.model import Colour, Effect
from rules.setup import config_problem, new_game
from rules.state import Config


def _copy(tmp_path: Path) -> Path:
    for path in DATA_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path)
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _refused(directory: Path, name: str, key: str, problem: str) -> None:
    with pytest.raises(DataError) as caught:
        load_catalog(directory)
    message = str(caught.value)
    assert message.startswith(f"{name}: {key}: "), message
    assert problem in message, message


_UNRULED_KIND = """
[kind.nirvana]
parameters = ["n"]
glyph = "N"
words = "nirvana {n}"
log = "nirvana {n}"
"""


def _with_unruled_kind(tmp_path: Path) -> Path:
    """A copy of the data whose vocabulary words a kind of gain no rule carries out."""
    effects_file = _copy(tmp_path) / "effects.toml"
    effects_file.write_text(effects_file.read_text(encoding="utf-8") + _UNRULED_KIND, "utf-8")
    return tmp_path


def test_a_gain_no_rule_carries_out_is_refused_at_load(tmp_path: Path) -> None:
    river = _with_unruled_kind(tmp_path) / "river.toml"
    _edit(river, '{ kind = "karma", n = 2 }', '{ kind = "nirvana", n = 2 }')
    _refused(tmp_path, "river.toml", "spaces[3].gain[0].kind", "no rule carries out")


@pytest.mark.parametrize(
    ("name", "old", "key"),
    [
        ("yields.toml", '{ kind = "upgrade" }', "white[2].gain[0].kind"),
        ("yields.toml", '{ kind = "fame_per_bend", n = 2 }', "brown[4].gain[0].kind"),
        ("province.toml", '{ kind = "money", n = 1 }', "side[1].left[0].gain[0].kind"),
        ("variants.toml", '{ kind = "take_yield" }', "board.navaratnas.chamber[0].gain[1].kind"),
        ("variants.toml", '{ kind = "score_good", n = 3 }', "ganga.tile[5].gain[0].kind"),
    ],
)
def test_variant_data_needs_rules_too(tmp_path: Path, name: str, old: str, key: str) -> None:
    _edit(_with_unruled_kind(tmp_path) / name, old, '{ kind = "nirvana", n = 1 }')
    _refused(tmp_path, name, key, "no rule carries out")


def test_a_kind_outside_the_vocabulary_is_unknown(tmp_path: Path) -> None:
    _copy(tmp_path)
    _edit(tmp_path / "board.toml", '{ kind = "mogul" }', '{ kind = "nirvana" }')
    _refused(tmp_path, "board.toml", "chamber[0].gain[1].kind", "unknown gain 'nirvana'")


def test_a_kind_only_the_rules_push_may_not_be_named_in_data(tmp_path: Path) -> None:
    _copy(tmp_path)
    _edit(tmp_path / "board.toml", '{ kind = "mogul" }', '{ kind = "place_tile" }')
    _refused(tmp_path, "board.toml", "chamber[0].gain[1].kind", "unknown gain 'place_tile'")


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        ('glyph = "{n}{money}"', 'glyph = "{n}{gold}"', "kind.money.glyph", "{gold}"),
        ('words = "+{n}{money}"', 'words = "+{low}{money}"', "kind.money.words", "{low}"),
        ('log = "+{n} money"', 'log = "+{n} {money}"', "kind.money.log", "{money}"),
        ('log = "+{n} money"', 'log = "+{n money"', "kind.money.log", "not a valid template"),
        ('words = "+{n}{money}"', 'words = ""', "kind.money.words", "is empty"),
        ('glyph = "1st"', 'glyph = "①"', "kind.mogul.glyph", "ASCII"),
        ('strip = "{die}~"', 'strip = "{die}≠"', "kind.dice_distinct.strip", "ASCII"),
        ('strip = "{boat}~"', 'strip = "{boat}{n}"', "kind.boat_steps.strip", "{n}"),
        ('strip = "{boat}~"', 'strip = ""', "kind.boat_steps.strip", "is empty"),
        ('ascii = "*"', 'ascii = "★"', "symbols.fame", "ASCII"),
        ('parameters = ["n"]', 'parameters = ["n", "size"]', "kind.money.parameters", "'size'"),
        ("[kind.reroll]", "[kind.reroll_all]", "kind.reroll", "the rules carry it out"),
    ],
)
def test_a_broken_vocabulary_is_refused_naming_the_key(
    tmp_path: Path, old: str, new: str, key: str, problem: str
) -> None:
    _edit(_copy(tmp_path) / "effects.toml", old, new)
    _refused(tmp_path, "effects.toml", key, problem)


def _sample(kind: str) -> Effect:
    return Effect(kind, n=2, colour=Colour.GREEN, low=2, high=6, per=3)


def test_every_kind_has_words_a_glyph_and_an_ascii_glyph() -> None:
    data = catalog()
    assert set(data.gains) >= HANDLED
    glyphs = {name: s.glyph for name, s in data.symbols.items()}
    ascii_ = {name: s.ascii for name, s in data.symbols.items()}
    for name, kind in data.gains.items():
        effect = _sample(name)
        assert render(kind.words, effect, glyphs).strip(), name
        assert render(kind.log, effect, {}).isascii(), name
        assert render(kind.glyph, effect, glyphs), name
        short = render(kind.glyph, effect, ascii_)
        assert short and short.isascii(), name
        assert "_" not in render(kind.words, effect, glyphs), name


def test_every_board_the_data_names_can_be_played() -> None:
    for board in catalog().boards:
        assert config_problem(Config(players=2, seed=1, boards=(board, "base"))) is None
        new_game(Config(players=2, seed=1, boards=(board, "base"), ganga=True))


def test_a_board_the_data_does_not_name_is_refused_with_a_sentence() -> None:
    config = Config(players=2, seed=1, boards=("navaratnas", "lotus"))
    problem = config_problem(config)
    assert problem == "there is no 'lotus' board; boards: base, navaratnas."
    with pytest.raises(ValueError, match="lotus"):
        new_game(config)


def test_a_base_gain_drawing_a_yield_tile_no_rule_draws_is_refused_at_load(
    tmp_path: Path,
) -> None:
    # The Dancer's rule draws from the white stack alone; a yellow draw would silently be white.
    _copy(tmp_path)
    _edit(tmp_path / "board.toml", 'colour = "white" }', 'colour = "yellow" }')
    _refused(tmp_path, "board.toml", "chamber[1].gain[1].colour", "only white yield tiles")


def test_a_choice_asks_in_the_words_of_the_vocabulary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _edit(
        _copy(tmp_path) / "effects.toml",
        'prompt = "choose a building row to upgrade"',
        'prompt = "pick a row to raise"',
    )
    data = load_catalog(tmp_path)
    monkeypatch.setattr(effects, "catalog", lambda: data)
    state = new_game(Config(players=2, seed=1))
    state = attrs.evolve(state, queue=(Effect("upgrade"),))
    assert effects.prompt(state) == "pick a row to raise"
    with pytest.raises(IllegalAction, match="waiting for you to pick a row to raise"):
        effects.choose(state, Boat(True))


def test_a_choice_without_a_prompt_is_refused_at_load(tmp_path: Path) -> None:
    _edit(_copy(tmp_path) / "effects.toml", 'prompt = "choose the good to score"\n', "")
    _refused(tmp_path, "effects.toml", "kind.score_good.prompt", "missing")


def test_a_gain_carried_out_at_once_asks_nothing(tmp_path: Path) -> None:
    _edit(_copy(tmp_path) / "effects.toml", 'log = "+{n} fame"', 'log = "+{n} fame"\nprompt = "?"')
    _refused(tmp_path, "effects.toml", "kind.fame.prompt", "asks nothing")


@pytest.mark.parametrize(
    ("kind", "n", "per", "words"),
    [
        ("boat_exact", 1, 1, "boat 1 free space"),
        ("boat_exact", 6, 1, "boat 6 free spaces"),
        ("score_good", 1, 1, "score 1 market of one good"),
        ("score_good", 4, 1, "score 4 markets of one good"),
        ("fame_per_river_spaces", 2, 1, "+2 fame per 1 river space"),
        ("fame_per_river_spaces", 2, 3, "+2 fame per 3 river spaces"),
        ("money", 1, 1, "+1 money"),
    ],
)
def test_counted_template_fields_agree_with_their_number(
    kind: str, n: int, per: int, words: str
) -> None:
    """`{n:noun}` counts its noun, singular for one: a gain of one never reads "1 spaces"."""
    log = catalog().gains[kind].log
    assert render(log, Effect(kind, n=n, per=per), {}) == words
