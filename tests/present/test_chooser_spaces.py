"""The chooser answers the questions the screens ask about the spaces list (the space under the
cursor, the spaces open now, choosing one by its key), so that none reads its steps: the board
pane, help and the plain interface ask these (tests/tui/test_space_cursor.py,
tests/cli/test_play_plain.py)."""

from __future__ import annotations

import random

from rajas_tui.present.chooser import AREAS, MOVES, Chooser
from tests.helpers.playouts import random_states

GAMES = 4


def test_the_spaces_open_are_those_chosen_without_a_refusal() -> None:
    checked = 0
    for state in random_states(GAMES)[::5]:
        chooser = Chooser(state)
        open_keys = chooser.takeable_space_keys()
        if state.queue or state.over:
            # An engine's question (or the end) is not the spaces list: no space is asked for.
            assert chooser.space_at_cursor() is None
            assert not open_keys
            assert not chooser.choose_space("q1")
            continue
        option = chooser.space_at_cursor()
        assert option is not None
        assert chooser.cursor_space_key() is None, "the cursor points at nothing chosen yet"
        assert not chooser.choose_space("nowhere") and chooser.at_first_step
        for area in AREAS:
            keys = {o.key for o in chooser.top.options if o.value and o.value.area == area}
            assert chooser.enabled(area) == bool(keys & open_keys), (area, state.steps)
        for listed in chooser.top.options:
            trying = Chooser(state)
            assert trying.choose_space(listed.key), listed.key
            assert trying.refused == (listed.key not in open_keys), listed.key
            assert trying.at_first_step == trying.refused
            # Help and the board go on showing the space chosen while its action is built.
            shown = trying.space_at_cursor()
            assert shown is not None and shown.key == listed.key
            assert trying.cursor_space_key() == listed.key
            if not trying.at_first_step:
                assert trying.trail and trying.trail[0].kind == "spaces"
                assert not trying.choose_space(listed.key), "only at the first step"
            checked += 1
    assert checked > 500


def test_the_cursor_key_follows_the_arrows() -> None:
    picker = random.Random(8)
    moved = 0
    for state in random_states(GAMES)[::7]:
        if state.queue or state.over:
            continue
        chooser = Chooser(state)
        for _ in range(picker.randrange(1, 6)):
            chooser.press(picker.choice(MOVES))
        option = chooser.space_at_cursor()
        assert option is not None
        if chooser.refused:  # only one option: the arrows did not move it
            continue
        assert (
            chooser.cursor_space_key() == option.key == chooser.top.options[chooser.top.cursor].key
        )
        moved += 1
    assert moved > 50


def test_the_tile_being_placed_is_the_latest_grid_step() -> None:
    seen_grid = 0
    for state in random_states(GAMES)[::3]:
        chooser = Chooser(state)
        for _ in range(6):
            if chooser.top.kind == "list":
                enabled = [i for i, o in enumerate(chooser.top.options) if o.enabled]
                chooser.choose(enabled[0])
            elif chooser.top.kind == "spaces":
                keys = sorted(chooser.takeable_space_keys())
                if not keys or not chooser.choose_space(keys[-1]):
                    break
            elif chooser.top.kind == "grid":
                seen_grid += 1
                assert chooser.placing() is chooser.top
                chooser.press("confirm")
            else:
                break
        grids = [s for s in [*chooser.trail, chooser.top] if s.kind == "grid"]
        assert chooser.placing() is (grids[-1] if grids else None)
    assert seen_grid > 0
