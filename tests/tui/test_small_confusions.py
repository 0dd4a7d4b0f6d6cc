"""Small confusions a first hour meets: the display's fame for whose eyes, a gain worth nothing
now, an area key's cursor on a free space, a refusal that names what it refuses, the workers
placed told without colour."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

import rules
from rajas_tui.present import text
from rajas_tui.present.action_preview import preview
from rajas_tui.present.chooser import AREAS, Chooser
from rajas_tui.tui.widgets.base import View
from rajas_tui.tui.widgets.display import DisplayPane
from rajas_tui.tui.widgets.kali import karma_workers
from rules import GameState, Harbor
from tests.helpers import apps
from tests.helpers.playouts import random_states

NAMES = ("Asha", "Bela", "Chand", "Devi")
GLYPHS = pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])


@pytest.fixture(autouse=True)
def unicode_after() -> Iterator[None]:
    yield
    text.G.use_ascii(False)


@cache
def _states() -> list[GameState]:
    return (random_states(6) + random_states(10, variants=True))[::5]


# The display's fame -----------------------------------------------------------------------------


def _fames(drawn: str) -> list[int]:
    return [int(found) for found in re.findall(r"\+(\d+)" + re.escape(text.G["fame"]), drawn)]


def _expected(state: GameState, seat: int) -> list[int]:
    tiles = rules.catalog().tiles
    levels = state.players[seat].levels
    return [
        sum(levels[b] for b in tiles[stack[-1]].buildings)
        for stack in state.supply.stacks
        if stack and tiles[stack[-1]].buildings
    ]


def test_during_a_bot_s_turn_the_display_shows_fame_at_the_viewer_s_levels() -> None:
    state = apps.midgame().state  # D to play; A's levels are not D's
    assert state.players[0].levels != state.players[state.turn].levels
    kinds = ("human", "random", "random", "random")
    drawn = DisplayPane().draw(View(state=state, names=NAMES, kinds=kinds)).plain
    assert _fames(drawn) == _expected(state, 0) != _expected(state, state.turn)
    assert f"{text.player_tag(0)}'s levels" in drawn


def test_with_nobody_s_eyes_the_display_says_whose_levels() -> None:
    state = apps.midgame().state
    kinds = ("human", "human", "random", "random")
    drawn = DisplayPane().draw(View(state=state, names=NAMES, kinds=kinds)).plain
    assert _fames(drawn) == _expected(state, state.turn)
    assert f"{text.player_tag(state.turn)}'s levels" in drawn


# A gain worth nothing now -----------------------------------------------------------------------


def _steps_options(state: GameState) -> Iterator[tuple[int, str]]:
    """Each boat move a harbor action offers now: (the space reached, the option's words)."""
    harbor = [a for a in rules.legal_actions(state) if isinstance(a, Harbor)]
    if not harbor:
        return
    chooser = Chooser(state)
    chooser.press("harbor")
    while chooser.top.kind == "list" and not chooser.top.title.startswith("How far"):
        chooser.press("confirm")
    if chooser.top.title.startswith("How far"):
        for option in chooser.top.options:
            to = rules.destination(state.river.boats, state.turn, option.value)
            yield to, option.detail


def test_a_river_gain_worth_nothing_now_says_so() -> None:
    said = 0
    for state in _states():
        if state.queue:
            continue
        for to, detail in _steps_options(state):
            for gain in rules.ruleset(state).river[to]:
                amount = rules.gain_amount(state, state.turn, gain)
                if amount == 0:
                    assert f"{text.gain_words(gain)} (nothing now)" in detail, detail
                    said += 1
                elif amount is not None:
                    assert re.search(
                        rf"{re.escape(text.gain_words(gain))} \({amount}\D* now\)", detail
                    ), detail
    assert said, "the sample reaches a gain worth nothing"


def test_a_boat_move_s_preview_tells_a_gain_worth_nothing_now() -> None:
    said = 0
    for state in _states():
        if state.queue:
            continue
        for action in rules.legal_actions(state):
            if not isinstance(action, Harbor):
                continue
            to = rules.destination(state.river.boats, state.turn, action.steps)
            for gain in rules.ruleset(state).river[to]:
                if rules.gain_amount(state, state.turn, gain) == 0:
                    shown = preview(state, action)
                    assert f"{text.gain_words(gain)} (nothing now)" in shown, shown
                    said += 1
    assert said, "the sample reaches a gain worth nothing"


def test_dice_per_karma_is_worth_the_karma_held() -> None:
    state = rules.new_game(rules.Config(players=2, seed=1))
    gain = rules.Effect("dice_per_karma")
    player = state.players[0]
    for karma in (0, 2):
        players = (rules.replace(player, karma=karma), *state.players[1:])
        assert rules.gain_amount(rules.replace(state, players=players), 0, gain) == karma
    assert rules.gain_amount(state, 0, rules.Effect("upgrade")) is None


# An area key's cursor ----------------------------------------------------------------------------


def test_an_area_key_puts_the_cursor_on_its_first_open_space() -> None:
    checked = 0
    for state in _states():
        if state.queue or state.over:
            continue
        for area in AREAS:
            chooser = Chooser(state)
            root = chooser.top
            chooser.press(area)
            if chooser.prefix is None:
                continue
            ours = [o for o in root.options if o.value is not None and o.value.area == area]
            first = next(o for o in ours if o.enabled)
            assert root.options[root.cursor] is first, (area, first.key)
            checked += ours[0] is not first
    assert checked, "the sample has an area whose first space is taken"


# A refusal names what it refuses ----------------------------------------------------------------


def _refusals(chooser: Chooser) -> Iterator[tuple[str, str]]:
    """Every refused option of each step on one way through the chooser: (its label, the
    message a key choosing it gets)."""
    for _ in range(8):
        step = chooser.top
        if step.kind != "list":
            return
        for index, option in enumerate(step.options[:10]):
            if not option.enabled:
                chooser.press(str((index + 1) % 10))
                yield option.label, chooser.message
                step.cursor = 0
        enabled = next((i for i, o in enumerate(step.options) if o.enabled), None)
        if enabled is None:
            return
        step.cursor = enabled
        chooser.press("confirm")


def test_a_refusal_names_the_option_as_the_list_shows_it() -> None:
    fields = 0
    for state in _states():
        if not state.queue:
            continue
        for label, message in _refusals(Chooser(state)):
            name = " ".join(label.split())
            assert message.startswith(f"Cannot choose {name}: "), (label, message)
            fields += bool(re.search(r"\b[a-e][1-4]\b", name))
    assert fields, "the sample refuses a field"


# Workers placed ---------------------------------------------------------------------------------


@GLYPHS
def test_the_workers_placed_show_without_colour(ascii_only: bool) -> None:
    text.G.use_ascii(ascii_only)
    state = apps.midgame().state
    seen = 0
    for player in state.players:
        line = karma_workers(player).plain
        workers = line.split("workers ")[1].split()[0]
        assert workers == text.G["worker"] * player.workers_left + text.G["placed"] * player.placed
        assert text.G["placed"] not in (text.G["worker"], text.G["no_tile"])
        seen += player.placed
    assert seen, "some worker is placed"
