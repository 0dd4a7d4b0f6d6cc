"""Puzzles: positions shipped beside the example games, each with a goal the engine checks at the
end of the player's turn (docs/puzzles.md).

A puzzle file is a position file (a `[state]` table in the save's format, checked as strictly as
a save's) with a `[puzzle]` table: its title, a difficulty from 1 to 3, a short text, the players'
names and the goal, a list of conditions that must all hold. The player is the seat to act. Their
part of the puzzle ends when they stop acting: after one turn (a placement and the choices it
brings) when another seat plays next, or at the round's end when nobody else can act, so that no
opponent's move is ever guessed. The goal is a pure function of the position and the state that
part ends in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs

import rules
from rules import GameState, Player

from .converter import Problem, structure
from .files import SaveError, check_state, error_for, read
from .records import DEFAULT_NAMES

# The puzzle files: package data, named NN-id.toml so that they list in their number's order.
PACKAGE_FOLDER = "puzzles"
LEVELS = {1: "easy", 2: "medium", 3: "hard"}

Measure = Callable[[GameState, GameState, int], int]


def _gain(what: Callable[[Player], int]) -> Measure:
    return lambda start, end, seat: what(end.players[seat]) - what(start.players[seat])


def _end(what: Callable[[Player], int]) -> Measure:
    return lambda start, end, seat: what(end.players[seat])


def _tiles(player: Player) -> int:
    return sum(1 for _ in player.province.placed())


def _yields(player: Player) -> int:
    return bin(player.gained).count("1")


def _won(start: GameState, end: GameState, seat: int) -> int:
    return int(end.over and rules.ranking(end)[0].seat == seat)


@attrs.frozen
class Kind:
    """A kind of condition: what it measures at the end of the player's part (met when that is at
    least the condition's `n`), its words (`{n}` filled in) and the words for what was reached."""

    measure: Measure
    words: str
    reached: str
    least: int = 1  # the smallest `n` that asks for something
    default: int | None = None  # the `n` of a kind whose words name none


KINDS: dict[str, Kind] = {
    "fame": Kind(_gain(lambda p: p.fame), "gain {n} fame", "gained {got}"),
    "money": Kind(_gain(lambda p: p.money), "gain {n} money", "gained {got}"),
    "upgrades": Kind(
        _gain(lambda p: rules.upgrades_made(p.levels)), "make {n} upgrades", "made {got}"
    ),
    "tiles": Kind(_gain(_tiles), "build {n} province tiles", "built {got}"),
    "yields": Kind(_gain(_yields), "gain {n} yield tiles", "gained {got}"),
    "dice": Kind(_end(lambda p: len(p.dice)), "end with {n} dice on your statue", "{got} dice"),
    "karma": Kind(_end(lambda p: p.karma), "end with {n} karma", "{got} karma"),
    "workers": Kind(_end(lambda p: p.workers), "end with {n} workers", "{got} workers"),
    "boat": Kind(
        lambda start, end, seat: end.river.boats[seat],
        "sail your boat to river space {n} or beyond",
        "space {got}",
    ),
    "meet": Kind(
        _end(lambda p: rules.margin(p.fame, p.money)),
        "bring your fame and money markers together",
        "margin {got}",
        least=0,
        default=0,
    ),
    "win": Kind(_won, "end the game and win", "{won}", default=1),
}


@attrs.frozen
class Condition:
    kind: str
    n: int

    def words(self) -> str:
        return KINDS[self.kind].words.format(n=self.n)

    def measure(self, start: GameState, end: GameState, seat: int) -> int:
        return KINDS[self.kind].measure(start, end, seat)

    def met(self, start: GameState, end: GameState, seat: int) -> bool:
        return self.measure(start, end, seat) >= self.n

    def reached(self, start: GameState, end: GameState, seat: int) -> str:
        """What the player reached, in words: "gained 6", "margin -3", "not won"."""
        got = self.measure(start, end, seat)
        shown = f"{got:+d}" if self.kind == "meet" else str(got)
        return KINDS[self.kind].reached.format(got=shown, won="won" if got else "not won")


@attrs.frozen
class Puzzle:
    """One puzzle: `number` from 1 in the listing's order, `id` what the solved marks keep."""

    number: int
    id: str
    title: str
    difficulty: int
    text: str
    goal: tuple[Condition, ...]
    names: tuple[str, ...]
    state: GameState

    @property
    def seat(self) -> int:
        return self.state.turn

    @property
    def level(self) -> str:
        return LEVELS[self.difficulty]

    @property
    def whole_round(self) -> bool:
        """Whether the player plays out the round: nobody else can act, and they have more
        than one worker left."""
        state = self.state
        others = (p for seat, p in enumerate(state.players) if seat != self.seat)
        alone = all(p.passed or p.workers_left <= 0 for p in others)
        return alone and state.player.workers_left > 1

    def goal_words(self) -> str:
        """The goal as a sentence: "Gain 8 fame this turn." """
        parts = [condition.words() for condition in self.goal]
        said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        workers = self.state.player.workers_left
        when = f"with your last {workers} workers this round" if self.whole_round else "this turn"
        return f"{said[:1].upper()}{said[1:]} {when}."

    def ended(self, state: GameState) -> bool:
        """Whether the player's part is over in `state`, a state played on from the puzzle's:
        the game ended, the round did, or another seat acts."""
        start = self.state
        return state.over or state.round != start.round or state.turn != start.turn

    def solved(self, state: GameState) -> bool:
        """Whether `state`, where the player's part ended, meets every condition of the goal."""
        return all(condition.met(self.state, state, self.seat) for condition in self.goal)


class PuzzleError(SaveError):
    """A puzzle file that cannot be used; one sentence naming the file and the place."""


def folder() -> Path:
    """The shipped puzzles (package data, so that a wheel has them too)."""
    from importlib import resources  # see `examples_dir`

    return Path(str(resources.files(__package__ or "saves") / PACKAGE_FOLDER))


def files(where: Path | None = None) -> list[Path]:
    return sorted((where or folder()).glob("*.toml"))


def load_all(where: Path | None = None) -> list[Puzzle]:
    """Every puzzle, numbered from 1 in the files' order. PuzzleError for a broken one."""
    return [load(path, number) for number, path in enumerate(files(where), start=1)]


def load(path: Path, number: int = 1) -> Puzzle:
    """One puzzle file, checked: its position as strictly as a save's, its puzzle table key by
    key. PuzzleError (one sentence) for any problem."""
    try:
        raw = read(path)
    except SaveError as error:
        raise PuzzleError(str(error)) from None
    try:
        return _puzzle(raw, number, _puzzle_id(path))
    except Problem as problem:
        raise PuzzleError(str(error_for(path, problem))) from None


def _puzzle_id(path: Path) -> str:
    stem = path.stem
    prefix, _, rest = stem.partition("-")
    return rest if prefix.isdigit() and rest else stem


def _puzzle(raw: dict[str, Any], number: int, puzzle_id: str) -> Puzzle:
    table = raw.get("puzzle")
    if not isinstance(table, dict):
        raise Problem("a puzzle file needs a [puzzle] table: title, difficulty, text, goal")
    if not isinstance(raw.get("state"), dict):
        raise Problem("a puzzle file needs a [state] table in the save's state format")
    known = {"title", "difficulty", "text", "goal", "names"}
    for key in table:
        if key not in known:
            raise Problem(f"a puzzle has no {key!r} (it has {', '.join(sorted(known))})", "puzzle")
    state: GameState = structure(raw["state"], GameState, "state")
    check_state(state, "state")
    _startable(state)
    return Puzzle(
        number=number,
        id=puzzle_id,
        title=_text(table, "title"),
        difficulty=_difficulty(table.get("difficulty")),
        text=_text(table, "text"),
        goal=tuple(_conditions(table.get("goal"))),
        names=_names(table.get("names"), state.config.players),
        state=state,
    )


def _startable(state: GameState) -> None:
    if state.over:
        raise Problem("the game is over: a puzzle starts on a turn to play", "state.over")
    if state.queue:
        raise Problem("a puzzle starts at the beginning of a turn, with nothing to choose", "state")


def _text(table: dict[str, Any], key: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise Problem("needs some text", f"puzzle.{key}")
    return value.strip()


def _difficulty(value: object) -> int:
    if type(value) is not int or value not in LEVELS:
        raise Problem("must be 1 (easy), 2 (medium) or 3 (hard)", "puzzle.difficulty")
    return value


def _conditions(value: object) -> Iterator[Condition]:
    if not isinstance(value, list) or not value:
        raise Problem('is a list of conditions such as { kind = "fame", n = 8 }', "puzzle.goal")
    for index, item in enumerate(value):
        key = f"puzzle.goal[{index}]"
        if not isinstance(item, dict) or not set(item) <= {"kind", "n"}:
            raise Problem("is a table of kind and n", key)
        kind = item.get("kind")
        if kind not in KINDS:
            raise Problem(f"the kind must be one of {', '.join(KINDS)}", f"{key}.kind")
        spec = KINDS[kind]
        if spec.default is not None:
            if "n" in item:
                raise Problem(f"{kind} takes no n", f"{key}.n")
            yield Condition(kind, spec.default)
            continue
        n = item.get("n")
        if type(n) is not int or not spec.least <= n <= 999:
            raise Problem(f"must be a whole number from {spec.least} to 999", f"{key}.n")
        yield Condition(kind, n)


def _names(value: object, players: int) -> tuple[str, ...]:
    if value is None:
        return DEFAULT_NAMES[:players]
    if (
        not isinstance(value, list)
        or len(value) != players
        or not all(isinstance(name, str) and name.strip() for name in value)
    ):
        raise Problem(f"must name the {players} players", "puzzle.names")
    return tuple(name.strip() for name in value)
