"""Action notation: `parse_action(str(a)) == a` for every action, and bad texts are refused."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rules
from rules.actions import (
    Action,
    Balcony,
    Boat,
    Chamber,
    Harbor,
    Outer,
    PalaceChoice,
    Pass,
    Place,
    Quarry,
    Rebuild,
    Reroll,
    Return,
    Sail,
    Score,
    Single,
    Take,
    TakeYield,
    Terrace,
    Upgrade,
    Variety,
)
from rules.model import Building, Colour, Die, Good, PaidDie, Side
from rules.state import Config


def _seen_in_games(games: int) -> dict[str, Action]:
    """Every distinct legal action of every state of some random games, by its notation."""
    seen: dict[str, Action] = {}
    for seed in range(games):
        state = rules.new_game(Config(players=2 + seed % 3, seed=seed))
        chooser = random.Random(seed)
        while not state.over:
            options = rules.legal_actions(state)
            for action in options:
                seen.setdefault(str(action), action)
            state = rules.apply(state, chooser.choice(options))
    return seen


@pytest.mark.slow
def test_every_action_of_many_random_games_reads_back_equal() -> None:
    seen = _seen_in_games(60)
    kinds = {type(a).__name__ for a in seen.values()}
    assert kinds >= {
        "Quarry",
        "Harbor",
        "Variety",
        "Single",
        "Terrace",
        "Balcony",
        "Outer",
        "Chamber",
        "Place",
        "Take",
        "Upgrade",
        "Boat",
        "PalaceChoice",
        "Rebuild",
        "Score",
        "Reroll",
    }
    for text, action in seen.items():
        assert rules.parse_action(text) == action, text
        assert str(rules.parse_action(text)) == text


# Every action, built at random ------------------------------------------------------------------

colours = st.sampled_from(list(Colour))
faces = st.integers(1, 6)
dice = st.builds(Die, colours, faces)
paid = st.builds(PaidDie, dice, st.booleans())
payments = st.lists(paid, min_size=1, max_size=5).map(tuple)
spaces = st.sampled_from(["q1", "q4", "h1", "h4", "v2", "s8", "t1", "b3", "c6", "o"])
cells = st.integers(0, 19)
stacks = st.integers(0, 11)

actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(Quarry, spaces, stacks, payments),
    st.builds(Harbor, spaces, paid, st.integers(1, 9)),  # a boat moves at least 1 space
    st.builds(Variety, spaces),
    st.builds(Single, spaces, paid, st.sampled_from(list(Good))),
    st.builds(Terrace, spaces),
    st.builds(Balcony, spaces, paid),
    st.builds(Outer, spaces),
    st.builds(Chamber, spaces, paid),
    st.just(Pass()),
    st.builds(Place, cells, st.integers(0, 3)),
    st.builds(Take, st.lists(colours, max_size=4).map(tuple)),
    st.builds(Return, dice),
    st.builds(Upgrade, st.sampled_from(list(Building))),
    st.builds(Boat, st.booleans()),
    st.builds(PalaceChoice, faces),
    st.builds(Rebuild, cells, stacks, payments),
    st.builds(Score, st.sampled_from(list(Good))),
    st.builds(Reroll, st.none() | dice),
    st.builds(Sail, st.integers(1, 9)),
    st.builds(
        TakeYield,
        st.sampled_from([t.name for t in rules.catalog().yield_tiles] + [rules.STACK]),
        cells,
        st.sampled_from(list(Side)),
    ),
)


@pytest.mark.slow
@given(actions)
def test_any_action_reads_back_equal(action: Action) -> None:
    text = str(action)
    assert "\n" not in text and text == text.strip()
    assert rules.parse_action(text) == action
    assert rules.parse_action(f"  {text.replace(' ', '   ')}  ") == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        (
            "quarry q1 d5 o3! o4",
            Quarry("q1", 4, (PaidDie(Die(Colour.ORANGE, 3), True), PaidDie(Die(Colour.ORANGE, 4)))),
        ),
        ("harbor h1 g2 move 2", Harbor("h1", PaidDie(Die(Colour.GREEN, 2)), 2)),
        ("variety v1", Variety("v1")),
        ("single s3 b5 tea", Single("s3", PaidDie(Die(Colour.BLUE, 5)), Good.TEA)),
        ("terrace t2", Terrace("t2")),
        ("balcony b1 o3", Balcony("b1", PaidDie(Die(Colour.ORANGE, 3)))),
        ("outer o", Outer("o")),
        ("chamber c4 g4", Chamber("c4", PaidDie(Die(Colour.GREEN, 4)))),
        ("pass", Pass()),
        ("place b3 r1", Place(11, 1)),
        ("place a1 r0", Place(0, 0)),
        ("place e4 r3", Place(19, 3)),
        ("take o p", Take((Colour.ORANGE, Colour.PURPLE))),
        ("take none", Take(())),
        ("return o5", Return(Die(Colour.ORANGE, 5))),
        ("upgrade temple", Upgrade(Building.TEMPLE)),
        ("boat yes", Boat(True)),
        ("boat no", Boat(False)),
        ("palace 5", PalaceChoice(5)),
        (
            "rebuild b2 d7 b2 b4",
            Rebuild(6, 6, (PaidDie(Die(Colour.BLUE, 2)), PaidDie(Die(Colour.BLUE, 4)))),
        ),
        ("score silk", Score(Good.SILK)),
        ("reroll o5", Reroll(Die(Colour.ORANGE, 5))),
        ("reroll done", Reroll(None)),
        ("sail 2", Sail(2)),
        ("yield yellow3 a3 w", TakeYield("yellow3", 10, Side.W)),
        ("yield stack e2 e", TakeYield("stack", 9, Side.E)),
        ("yield brown1 c4 s", TakeYield("brown1", 17, Side.S)),
    ],
)
def test_the_readme_examples(text: str, action: Action) -> None:
    assert rules.parse_action(text) == action
    assert str(action) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "dance",
        "Quarry q1 d5 o4",
        "quarry q1 d5",
        "quarry q1 5 o4",
        "quarry q1 d0 o4",
        "quarry q1 d5 x4",
        "quarry q1 d5 o7",
        "quarry q1 d5 o0",
        "quarry q1 d5 o44",
        "quarry q1 d5 o4!!",
        "harbor h1 g2",
        "harbor h1 g2 go 2",
        "harbor h1 g2 move two",
        "harbor h1 g2 move -1",
        "variety",
        "variety v1 v2",
        "single s3 b5",
        "single s3 b5 gold",
        "terrace",
        "balcony b1",
        "balcony b1 o3 o4",
        "outer",
        "chamber c4",
        "pass now",
        "place",
        "place b3",
        "place b3 r4",
        "place b3 1",
        "place f1 r0",
        "place a0 r0",
        "place a r0",
        "take",
        "take orange",
        "take o x",
        "take none o",
        "return",
        "return o9",
        "upgrade",
        "upgrade castle",
        "boat",
        "boat maybe",
        "palace",
        "palace 0",
        "palace 7",
        "rebuild b2 d7",
        "rebuild z2 d7 b4",
        "score",
        "score gold",
        "reroll",
        "reroll o5 o6",
        "reroll finished",
        "sail",
        "sail x",
        "sail -1",
        "sail 10",
        "sail 0",
        "sail 1 2",
        "yield",
        "yield yellow3 a3",
        "yield 3 a3 w",
        "yield yellow a3 w",
        "yield yellow3 z9 w",
        "yield yellow3 a3 q",
        "yield yellow3 a3 w s",
    ],
)
def test_bad_texts_are_refused_with_a_value_error(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        rules.parse_action(text)
    assert not isinstance(caught.value, rules.IllegalAction)
    assert str(caught.value)
