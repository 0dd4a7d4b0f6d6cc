"""Finds positions worth making into puzzles: `python -m tests.mine_puzzles --games 20`.

Bots play seeded games; at the start of turns it searches every line of the player's part (see
`saves.puzzles`) and, for each measure a goal can name (fame gained, money gained, upgrades, ...),
finds the best the player can reach and how many of their first moves reach it. A position where
few first moves reach a notable best, and the greedy bot's move is not one of them, is written to
`--out` as a draft puzzle: a person then picks among them, checks them and writes their words.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

import tomli_w

import rules
import saves
from rajas_tui import bots
from rules import Action, GameState, Player
from saves import DEFAULT_NAMES
from saves.converter import unstructure
from saves.puzzles import Condition, Puzzle
from tests.helpers.puzzle_search import Search, fair_line

Measure = Callable[[Player, Player, GameState, int], int]
MEASURES: dict[str, Measure] = {
    "fame": lambda b, a, e, s: a.fame - b.fame,
    "money": lambda b, a, e, s: a.money - b.money,
    "upgrades": lambda b, a, e, s: rules.upgrades_made(a.levels) - rules.upgrades_made(b.levels),
    "tiles": lambda b, a, e, s: (
        sum(1 for _ in a.province.placed()) - sum(1 for _ in b.province.placed())
    ),
    "yields": lambda b, a, e, s: bin(a.gained).count("1") - bin(b.gained).count("1"),
    "dice": lambda b, a, e, s: len(a.dice),
    "karma": lambda b, a, e, s: a.karma,
    "workers": lambda b, a, e, s: a.workers,
    "boat": lambda b, a, e, s: e.river.boats[s],
    "meet": lambda b, a, e, s: 1 if rules.margin(a.fame, a.money) >= 0 else 0,
    "win": lambda b, a, e, s: 1 if e.over and rules.ranking(e)[0].seat == s else 0,
}
# Below these a best is nothing to set a puzzle on.
NOTABLE = {
    "fame": 7,
    "money": 9,
    "upgrades": 2,
    "tiles": 2,
    "yields": 2,
    "dice": 7,
    "karma": 3,
    "workers": 5,
    "boat": 10,
    "meet": 1,
    "win": 1,
}
NODE_LIMIT = 40_000
# Measures whose best one move alone nearly always reaches (the harbor's farthest sail).
DULL = ("boat", "karma", "dice")


class TooBig(Exception):
    pass


def bests(puzzle: Puzzle) -> dict[Action, dict[str, int]] | None:
    """For each first move, the best of every measure reachable after it; None if too big."""
    start = puzzle.state
    seat = puzzle.seat
    seen = 0
    out: dict[Action, dict[str, int]] = {}

    def walk(state: GameState, best: dict[str, int]) -> None:
        nonlocal seen
        seen += 1
        if seen > NODE_LIMIT:
            raise TooBig
        if puzzle.ended(state):
            before, after = start.players[seat], state.players[seat]
            for name, measure in MEASURES.items():
                best[name] = max(best.get(name, -999), measure(before, after, state, seat))
            return
        for action in rules.legal_actions(state):
            walk(rules.apply(state, action, as_listed=True), best)

    try:
        for action in rules.legal_actions(start):
            best: dict[str, int] = {}
            walk(rules.apply(start, action, as_listed=True), best)
            out[action] = best
    except TooBig:
        return None
    return out


def candidates(puzzle: Puzzle, greedy: Action) -> list[tuple[float, str, int, list[Action]]]:
    found = bests(puzzle)
    if not found or len(found) < 6:
        return []
    out = []
    for name in MEASURES:
        top = max(best[name] for best in found.values())
        if top < NOTABLE[name]:
            continue
        reaching = [a for a, best in found.items() if best[name] >= top]
        if greedy in reaching or len(reaching) > 3 or name in DULL:
            continue
        score = len(found) / len(reaching) + top / NOTABLE[name]
        out.append((score, name, top, reaching))
    return out


def draft(puzzle: Puzzle, name: str, top: int, line: tuple[Action, ...]) -> dict[str, object]:
    return {
        "puzzle": {
            "title": f"draft: {name} {top}",
            "difficulty": 2,
            "text": "solution: " + " | ".join(str(a) for a in line),
            "goal": [{"kind": name} if name in ("meet", "win") else {"kind": name, "n": top}],
        },
        "state": unstructure(puzzle.state),
    }


def mine(games: int, seed: int, players: int, variants: list[str], out: Path, every: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pick = random.Random(seed)
    for game_number in range(games):
        game_seed = seed + game_number
        setup = saves.seated(
            [(DEFAULT_NAMES[i], "greedy") for i in range(players)], game_seed, variants=variants
        )
        state = saves.start_game(setup).state
        while not state.over:
            action = bots.choose("greedy", state, game_seed)
            if not state.queue and state.round >= 3 and pick.random() < 1 / every:
                look(state, action, out, game_seed)
            state = rules.apply(state, action)


def look(state: GameState, greedy: Action, out: Path, game_seed: int) -> None:
    names = DEFAULT_NAMES[: state.config.players]
    puzzle = Puzzle(0, "draft", "draft", 2, "draft", (Condition("fame", 1),), names, state)
    for score, name, top, reaching in sorted(candidates(puzzle, greedy), reverse=True)[:1]:
        goal = (Condition(name, {"meet": 0, "win": 1}.get(name, top)),)
        trial = Puzzle(0, "draft", "draft", 2, "draft", goal, names, state)
        line = fair_line(Search(trial), tries=50)
        if line is None:
            continue
        where = out / f"{game_seed}-{state.steps}-{name}.toml"
        where.write_text(tomli_w.dumps(draft(trial, name, top, line)))
        print(
            f"{where.name}: {name} {top}, {len(reaching)} first moves reach it; "
            f"round {state.round}, whole round {trial.whole_round}, score {score:.1f}; "
            f"line {' | '.join(map(str, line))}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--every", type=int, default=4, help="look at one turn in this many")
    parser.add_argument("--out", type=Path, default=Path("/tmp/puzzle-drafts"))
    args = parser.parse_args()
    mine(args.games, args.seed, args.players, args.variant, args.out, args.every)


if __name__ == "__main__":
    main()
