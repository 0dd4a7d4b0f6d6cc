"""The shipped puzzles: at least twelve load, each is solved by a search over its position, the
solution holds in every world the player cannot tell from the real one, and a wrong first move
does not meet the goal; the goals are checked on the states a turn ends in; a broken puzzle file
is one sentence."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import attrs
import pytest

import rules
import saves
from saves import puzzles
from saves.converter import unstructure
from saves.puzzles import Condition, Puzzle, PuzzleError
from tests.helpers.puzzle_search import Search, fair_line, meets_in, play, worlds

SHIPPED = puzzles.load_all()


def test_at_least_twelve_puzzles_ship_numbered_with_distinct_ids_and_every_difficulty() -> None:
    assert len(SHIPPED) >= 12
    assert [p.number for p in SHIPPED] == list(range(1, len(SHIPPED) + 1))
    assert len({p.id for p in SHIPPED}) == len(SHIPPED)
    assert {p.difficulty for p in SHIPPED} == {1, 2, 3}


def test_the_puzzles_cover_the_game_and_both_variants() -> None:
    kinds = Counter(condition.kind for p in SHIPPED for condition in p.goal)
    asked = {"fame", "money", "upgrades", "workers", "dice", "karma", "yields", "meet", "win"}
    assert asked <= set(kinds)
    assert any(p.state.config.ganga for p in SHIPPED)
    assert any("navaratnas" in p.state.config.boards for p in SHIPPED)
    assert any(p.whole_round for p in SHIPPED), "a puzzle plays out the round"


@pytest.mark.parametrize("puzzle", SHIPPED, ids=[p.id for p in SHIPPED])
def test_a_search_solves_the_puzzle_and_a_wrong_first_move_does_not(puzzle: Puzzle) -> None:
    search = Search(puzzle)
    first = search.first_moves()
    solving = [action for action, solves in first.items() if solves]
    assert solving, "no line meets the goal"
    # Most first moves fail: the puzzle is neither trivial nor a guess among equals.
    assert len(solving) * 4 <= len(first), f"{len(solving)} of {len(first)} first moves solve"
    wrong = next(action for action, solves in first.items() if not solves)
    after = rules.apply(puzzle.state, wrong)
    assert not search.solvable(after)
    assert not any(True for _ in search.lines(after))


@pytest.mark.parametrize("puzzle", SHIPPED, ids=[p.id for p in SHIPPED])
def test_the_solution_holds_in_every_world_the_player_cannot_tell_apart(puzzle: Puzzle) -> None:
    line = fair_line(Search(puzzle))
    assert line is not None, "every line that solves it rests on something the player cannot see"
    for world in worlds(puzzle):
        assert meets_in(puzzle, world, line)


def test_the_search_finds_no_line_for_a_goal_out_of_reach() -> None:
    """The search can fail: a goal nobody reaches in one turn has no line and no first move."""
    puzzle = attrs.evolve(SHIPPED[0], goal=(Condition("fame", 40),))
    search = Search(puzzle)
    assert not any(search.first_moves().values())
    assert fair_line(search) is None


def test_the_first_puzzle_is_solved_by_its_line_and_not_by_the_nearest_cell() -> None:
    puzzle = SHIPPED[0]
    solved = play(puzzle, puzzle.state, tuple(map(rules.parse_action, SOLUTION)))
    assert solved is not None and puzzle.solved(solved)
    near = play(puzzle, puzzle.state, tuple(map(rules.parse_action, NEAREST)))
    assert near is not None and not puzzle.solved(near)
    assert puzzle.goal[0].reached(puzzle.state, near, puzzle.seat) == "gained 5"


SOLUTION = ("quarry q1 d3 o4 o5", "place a1 r0")
NEAREST = ("quarry q1 d3 o4 o5", "place d1 r0")


# The goal's words and what ends the player's part ------------------------------------------------


def test_the_goal_reads_as_a_sentence_with_its_span() -> None:
    assert SHIPPED[0].goal_words() == "Gain 7 fame this turn."
    ganga = next(p for p in SHIPPED if p.state.config.ganga)
    assert " and end with 3 karma this turn." in ganga.goal_words()
    whole = next(p for p in SHIPPED if p.whole_round)
    left = whole.state.player.workers_left
    assert whole.goal_words().endswith(f"with your last {left} workers this round.")


def test_one_turn_ends_when_the_next_seat_is_to_act() -> None:
    puzzle = SHIPPED[0]
    state = rules.apply(puzzle.state, rules.parse_action(SOLUTION[0]))
    assert not puzzle.ended(state), "the tile is still to be placed"
    state = rules.apply(state, rules.parse_action(SOLUTION[1]))
    assert puzzle.ended(state) and state.turn != puzzle.seat


def test_a_whole_round_goes_on_until_the_players_last_worker() -> None:
    puzzle = next(p for p in SHIPPED if p.whole_round)
    state = puzzle.state
    placements = 0
    while not puzzle.ended(state):
        placements += not state.queue
        state = rules.apply(state, rules.legal_actions(state)[0])
    assert placements == puzzle.state.player.workers_left
    assert state.round == puzzle.state.round + 1


def _ended(puzzle: Puzzle, line: tuple[str, ...]) -> rules.GameState:
    end = play(puzzle, puzzle.state, tuple(map(rules.parse_action, line)))
    assert end is not None
    return end


@pytest.mark.parametrize(
    ("kind", "n", "met"),
    [
        ("fame", 7, True),
        ("fame", 8, False),
        ("money", 1, False),
        ("tiles", 1, True),
        ("tiles", 2, False),
        ("upgrades", 1, False),
        ("dice", 3, True),
        ("dice", 4, False),
        ("karma", 1, True),
        ("workers", 3, True),
        ("boat", 4, True),
        ("boat", 5, False),
        ("yields", 1, False),
        ("meet", 0, False),
        ("win", 1, False),
    ],
)
def test_each_kind_of_condition_measures_the_end_of_the_turn(kind: str, n: int, met: bool) -> None:
    """The first puzzle's solution: +7 fame, one tile, two orange dice paid of five, karma 1,
    three workers, the boat left on space 4; nothing else."""
    puzzle = SHIPPED[0]
    end = _ended(puzzle, SOLUTION)
    assert Condition(kind, n).met(puzzle.state, end, puzzle.seat) is met


def test_winning_is_the_game_over_with_the_player_first() -> None:
    puzzle = next(p for p in SHIPPED if p.goal == (Condition("win", 1),))
    line = fair_line(Search(puzzle))
    assert line is not None
    end = play(puzzle, puzzle.state, line)
    assert end is not None and end.over and rules.ranking(end)[0].seat == puzzle.seat
    assert puzzle.goal[0].reached(puzzle.state, end, puzzle.seat) == "won"


# Broken puzzle files ---------------------------------------------------------------------------


def _file(tmp_path: Path, puzzle: dict[str, object], state: rules.GameState | None = None) -> Path:
    import tomli_w

    path = tmp_path / "01-broken.toml"
    data: dict[str, object] = {"puzzle": puzzle}
    data["state"] = unstructure(state or SHIPPED[0].state)
    path.write_text(tomli_w.dumps(data))
    return path


GOOD = {"title": "T", "difficulty": 1, "text": "Words.", "goal": [{"kind": "fame", "n": 3}]}


def test_a_written_puzzle_loads_with_its_id_from_the_file_name(tmp_path: Path) -> None:
    _file(tmp_path, GOOD)
    found = puzzles.load_all(tmp_path)
    assert [(p.number, p.id, p.title, p.names) for p in found] == [
        (1, "broken", "T", ("Asha", "Bela", "Chand"))
    ]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"difficulty": 4}, "puzzle.difficulty: must be 1 (easy), 2 (medium) or 3 (hard)"),
        ({"difficulty": True}, "puzzle.difficulty: must be 1"),
        ({"title": ""}, "puzzle.title: needs some text"),
        ({"goal": []}, "puzzle.goal: is a list of conditions"),
        ({"goal": [{"kind": "glory", "n": 1}]}, "puzzle.goal[0].kind: the kind must be one of"),
        ({"goal": [{"kind": "fame"}]}, "puzzle.goal[0].n: must be a whole number from 1 to 999"),
        ({"goal": [{"kind": "fame", "n": 0}]}, "puzzle.goal[0].n: must be a whole number"),
        ({"goal": [{"kind": "win", "n": 2}]}, "puzzle.goal[0].n: win takes no n"),
        ({"goal": [{"kind": "fame", "n": 2, "x": 1}]}, "puzzle.goal[0]: is a table of kind and n"),
        ({"names": ["A", "B"]}, "puzzle.names: must name the 3 players"),
        ({"hint": "no"}, "puzzle: a puzzle has no 'hint'"),
    ],
)
def test_a_broken_puzzle_table_is_one_sentence_naming_the_key(
    tmp_path: Path, change: dict[str, object], words: str
) -> None:
    path = _file(tmp_path, {**GOOD, **change})
    with pytest.raises(PuzzleError) as raised:
        puzzles.load(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: ")
    assert words in message
    assert message.count(".") >= 1 and "\n" not in message


def test_a_puzzle_must_start_a_turn_in_a_game_that_goes_on(tmp_path: Path) -> None:
    over = saves.load(saves.examples_dir() / "final-action-3p.toml")
    state = over.state
    while not state.queue:
        state = rules.apply(state, rules.legal_actions(state)[0])
    with pytest.raises(PuzzleError, match="a puzzle starts at the beginning of a turn"):
        puzzles.load(_file(tmp_path, GOOD, state))


def test_a_file_without_a_puzzle_table_or_a_state_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "01-x.toml"
    path.write_text('title = "x"\n')
    with pytest.raises(PuzzleError, match=r"needs a \[puzzle\] table"):
        puzzles.load(path)
    path.write_text('[puzzle]\ntitle = "x"\n')
    with pytest.raises(PuzzleError, match=r"needs a \[state\] table"):
        puzzles.load(path)
    path.write_text("[puzzle\n")
    with pytest.raises(PuzzleError, match="not valid TOML"):
        puzzles.load(path)


def test_a_position_that_breaks_a_rule_is_refused_as_a_save_would_be(tmp_path: Path) -> None:
    state = SHIPPED[0].state
    broken = state.with_player(0, rules.replace(state.players[0], karma=4))
    with pytest.raises(PuzzleError, match=r"state\.players\[0\]\.karma: karma 4 is outside 0 to 3"):
        puzzles.load(_file(tmp_path, GOOD, broken))
