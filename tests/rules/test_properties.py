"""Properties of whole games: thousands of random games checked after every action.

Each game is played with random legal moves (chooser `random.Random(seed)`). After every action
`rules.invariants.problems(after, before)` must be empty, and this module's own checks, written
from docs/rules.md and independent of the engine's invariants, must hold too: turn order (§3), the
elephant (§3), the end trigger and last turns (§13), track bonuses taken exactly when reached
(§5), a connected province (§8), rows filled from the left (§3), workers on the board. Along the
way random illegal actions (legal actions of other states, and mutations of legal ones) must be
refused with IllegalAction, and a share of the games is replayed from seed and actions.
"""

from __future__ import annotations

import random
import traceback
from collections import Counter
from collections.abc import Iterator
from typing import Any, cast

import attrs
import pytest

import rules
from rules import invariants
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
    Score,
    Single,
    Take,
    Terrace,
    Upgrade,
    Variety,
)
from rules.catalog import SpaceSpec, catalog
from rules.model import Building, Colour, Die, Good, PaidDie, Side
from rules.state import COVERED, FREE, Config, GameState, Placed, Player
from tests.helpers.fixture_states import ROUND_LIMIT, ends, margin_by_edition

GAMES = {2: 700, 3: 650, 4: 650}  # 2,000 games
CHUNKS = 10
REPLAY_EVERY = 20  # every twentieth game is replayed from its seed and actions
PROBE_EVERY = 16  # illegal actions are tried on every sixteenth state
RESIDENCE = catalog().province.residence
STEP = {Side.N: -5, Side.S: 5, Side.E: 1, Side.W: -1}


# Checks written from docs/rules.md --------------------------------------------------------------


def _neighbour(at: int, side: Side) -> int | None:
    row, column = divmod(at, 5)
    if (side == Side.N and row == 0) or (side == Side.S and row == 3):
        return None
    if (side == Side.W and column == 0) or (side == Side.E and column == 4):
        return None
    return at + STEP[side]


def _roads(cells: tuple[Placed | None, ...]) -> dict[int, set[Side]]:
    road = {c: ends(p.tile, p.rotation) for c, p in enumerate(cells) if p is not None}
    road[RESIDENCE] = {Side.W, Side.S, Side.E}
    return road


def _all_joined(road: dict[int, set[Side]]) -> bool:
    """§8: every placed tile has a road path to the residence."""
    reached, frontier = {RESIDENCE}, [RESIDENCE]
    while frontier:
        at = frontier.pop()
        for side in road[at]:
            nxt = _neighbour(at, side)
            if nxt in road and nxt not in reached and side.opposite in road[nxt]:
                reached.add(nxt)
                frontier.append(nxt)
    return reached == set(road)


def _connected(state: GameState, seat: int) -> bool:
    return _all_joined(_roads(state.players[seat].province.cells))


def _fits_somewhere(cells: tuple[Placed | None, ...], tile_id: int) -> bool:
    """§8: an empty cell where one of the tile's road ends (turned somehow) meets a road end."""
    road = _roads(cells)
    for at in range(20):
        if at in road:
            continue
        for side in Side:
            other = _neighbour(at, side)
            meets = other in road and side.opposite in road[other]
            if meets and any(side in ends(tile_id, r) for r in range(4)):
                return True
    return False


def _rebuild_fits(cells: tuple[Placed | None, ...], at: int, tile_id: int) -> bool:
    """§6 Master Builder: turned somehow, the new tile keeps every tile joined."""
    for rotation in range(4):
        road = _roads(cells)
        road[at] = ends(tile_id, rotation)
        if _all_joined(road):
            return True
    return False


def _can_act(state: GameState, seat: int) -> bool:
    player = state.players[seat]
    return player.workers - player.placed > 0 and not player.passed


FAME_BONUSES = tuple(b.at for b in catalog().tracks.fame_bonus)
MONEY_BONUSES = tuple(b.at for b in catalog().tracks.money_bonus)


@attrs.define
class Watch:
    """What this module remembers about one game while it is played."""

    players: int
    most_money: list[int]
    rows: tuple[tuple[int, ...], ...] = ()  # quarry and harbor space indexes, left to right
    variety: tuple[int, ...] = ()  # variety space indexes where one worker per player is allowed
    mogul: int = -1  # seat that placed on the Great Mogul this round
    due: list[int] | None = None  # seats due a last turn, in order, once the end is triggered
    last_turns: list[int] = attrs.Factory(list)
    counts: Counter[str] = attrs.Factory(Counter)

    @classmethod
    def of(cls, state: GameState, counts: Counter[str] | None = None) -> Watch:
        side = catalog().side_for(len(state.players))
        rows = tuple(
            tuple(s.index for s in side.in_area(area) if state.spaces[s.index] != COVERED)
            for area in ("quarry", "harbor")
        )
        variety = tuple(s.index for s in side.in_area("variety"))
        return cls(
            len(state.players),
            [p.money for p in state.players],
            rows,
            variety if side.variety_one_per_player else (),
            counts=Counter() if counts is None else counts,
        )


def _seat_ok(now: Player, was: Player, most_money: int) -> bool:
    return (
        now.fame >= was.fame
        and now.money >= 0
        and 0 <= now.karma <= 3
        and len(now.dice) <= now.places == 10
        and 3 <= now.workers == 3 + min(now.unlocked, 2) <= 5
        and now.fame_bonus_next == sum(1 for at in FAME_BONUSES if now.fame >= at)
        and now.money_bonus_next == sum(1 for at in MONEY_BONUSES if most_money >= at)
        and now.money_workers_taken == int(most_money >= 20)
        and all(2 <= b <= a <= 4 for a, b in zip(now.levels, was.levels, strict=True))
    )


def _seat_problems(now: Player, was: Player, most_money: int) -> list[str]:
    checks = [
        (now.fame >= was.fame, "fame fell"),
        (now.money >= 0, "money below 0"),
        (0 <= now.karma <= 3, "karma out of 0..3"),
        (len(now.dice) <= now.places == 10, "too many dice"),
        (3 <= now.workers <= 5, "workers out of 3..5"),
        (now.workers == 3 + min(now.unlocked, 2), "an unlocked worker was not counted"),
        (
            now.fame_bonus_next == sum(1 for at in FAME_BONUSES if now.fame >= at),
            "fame bonuses taken != fame bonuses reached",
        ),
        (
            now.money_bonus_next == sum(1 for at in MONEY_BONUSES if most_money >= at),
            "money bonuses taken != money bonuses reached",
        ),
        (now.money_workers_taken == int(most_money >= 20), "money worker taken != reached"),
        (all(a >= b for a, b in zip(now.levels, was.levels, strict=True)), "a level fell"),
        (all(2 <= lv <= 4 for lv in now.levels), "a level out of 2..4"),
    ]
    return [what for ok, what in checks if not ok]


def _own_checks(before: GameState, action: Action, after: GameState, watch: Watch) -> list[str]:
    found: list[str] = []
    # Conservation: 48 dice, 64 tiles (the one being built included).
    if sum(after.supply.dice) + sum(len(p.dice) for p in after.players) != 48:
        found.append("dice are not 48")
    tiles = (
        sum(map(len, after.supply.stacks))
        + len(after.supply.out_of_game)
        + sum(1 for p in after.players for c in p.province.cells if c is not None)
        + sum(1 for e in after.queue if e.kind == "place_tile")
    )
    if tiles != 64:
        found.append(f"{tiles} tiles")
    spaces = after.spaces
    for seat, (now, was) in enumerate(zip(after.players, before.players, strict=True)):
        if (spaces is not before.spaces or now.placed != was.placed) and spaces.count(
            seat
        ) != now.placed:
            found.append(f"seat {seat}: workers on the board != placed")
        if now is was:
            continue
        if now.money > watch.most_money[seat]:
            watch.most_money[seat] = now.money
        if not _seat_ok(now, was, watch.most_money[seat]):
            found += [f"seat {seat}: {p}" for p in _seat_problems(now, was, watch.most_money[seat])]
        if now.province is not was.province and not _connected(after, seat):
            found.append(f"seat {seat}: a tile is cut off from the residence")
    boats = after.river.boats
    if boats is not before.river.boats:
        ordinary = [b for b in boats if 0 < b < 23]
        if len(ordinary) != len(set(ordinary)):
            found.append("two boats on one ordinary river space")
        if any(a < b for a, b in zip(boats, before.river.boats, strict=True)):
            found.append("a boat moved back")
    if spaces is not before.spaces:
        for row in watch.rows:
            taken = [spaces[i] != FREE for i in row]
            if taken != sorted(taken, reverse=True):
                found.append("a row is not filled from the left")
        if watch.variety and spaces[watch.variety[0]] == spaces[watch.variety[1]] != FREE:
            found.append("one seat on both variety spaces")
    found += _turn_checks(before, action, after, watch)
    return found


def _turn_checks(before: GameState, action: Action, after: GameState, watch: Watch) -> list[str]:
    """§3 turn order and round end, §13 end trigger and last turns."""
    n = watch.players
    found: list[str] = []
    if isinstance(action, Chamber) and action.space == "c1":
        watch.mogul = before.turn
    if after.queue:
        return [] if after.turn == before.turn else ["the turn moved with a choice pending"]
    if watch.due is None and after.end_trigger >= 0:
        trigger = after.end_trigger
        if trigger != before.turn:
            found.append("the end was triggered by a seat not acting")
        if margin_by_edition(after.players[trigger].fame, after.players[trigger].money) < 0:
            found.append("the end was triggered without the markers meeting")
        order = [(before.start_player + i) % n for i in range(n)]
        watch.due = [s for s in order[order.index(trigger) + 1 :] if _can_act(after, s)]
    elif watch.due is not None:
        watch.last_turns.append(before.turn)
    if watch.due is not None:
        if after.over:
            if watch.last_turns != watch.due:
                found.append(f"last turns {watch.last_turns}, due {watch.due}")
        elif after.turn != watch.due[len(watch.last_turns)]:
            found.append(f"last turn to seat {after.turn}, due {watch.due}")
        return found
    if after.round != before.round:
        start = watch.mogul if watch.mogul >= 0 else (before.start_player + 1) % n
        watch.mogul = -1
        watch.counts["rounds"] += 1
        if after.round != before.round + 1 or after.start_player != start:
            found.append(f"round {after.round} starts with seat {after.start_player}, not {start}")
        if after.turn != after.start_player or any(p.placed or p.passed for p in after.players):
            found.append("a new round did not start afresh")
        if any(s not in (FREE, COVERED) for s in after.spaces):
            found.append("a worker stayed on the board")
        return found
    if not _can_act(after, after.turn):
        found.append(f"seat {after.turn} has the turn but cannot place")
    seat = (before.turn + 1) % n
    while seat != after.turn:
        if _can_act(after, seat):
            found.append(f"seat {seat} was skipped")
        seat = (seat + 1) % n
    return found


def _end_checks(state: GameState) -> list[str]:
    found = []
    standings = rules.ranking(state)
    n = len(state.players)
    if sorted(s.seat for s in standings) != list(range(n)):
        found.append("the ranking is not a ranking of the seats")
    if [s.place for s in standings] != list(range(1, n + 1)):
        found.append("places are not 1..n")
    margins = [margin_by_edition(p.fame, p.money) for p in state.players]

    def key(seat: int) -> tuple[int, int, int]:
        met = margins[seat] >= 0
        first = state.met_order.index(seat) if met and seat in state.met_order else n
        return (0 if met else 1, -margins[seat], first)

    if [key(s.seat) for s in standings] != sorted(key(s) for s in range(n)):
        found.append("the ranking is not by margin, ties to who met first")
    if not standings[0].met or state.end_trigger not in state.met_order:
        found.append("the game ended without anybody's markers meeting")
    for s in standings:
        if s.margin != margins[s.seat] or s.met != (margins[s.seat] >= 0):
            found.append(f"seat {s.seat}: margin {s.margin}, met {s.met}")
    return found


# Illegal actions -------------------------------------------------------------------------------


def _held(state: GameState, pay: tuple[PaidDie, ...]) -> bool:
    remaining = list(state.player.dice)
    for p in pay:
        if p.die not in remaining:
            return False
        remaining.remove(p.die)
    return sum(p.flipped for p in pay) <= state.player.karma


def _open_space(state: GameState, area: str) -> SpaceSpec | None:
    """§3: the leftmost free space of a row that fills from the left."""
    for spec in catalog().side_for(len(state.players)).in_area(area):
        if state.spaces[spec.index] == FREE:
            return spec
    return None


def _pays(state: GameState, pay: tuple[PaidDie, ...], colour: Colour, need: int) -> bool:
    """§6: dice of the tile's colour, on the statue, totalling at least `need`."""
    return (
        bool(pay)
        and all(p.die.colour == colour for p in pay)
        and _held(state, pay)
        and sum(p.value for p in pay) >= need
    )


def _classify(state: GameState, legal: set[Action], action: Action) -> str:
    """'listed'; 'legal': allowed by the rules though not listed (overpaying, a different turn
    of the same road shape, ...), which the engine must accept; or 'illegal'."""
    if action in legal:
        return "listed"
    tiles = catalog().tiles
    same: list[Action] = [a for a in legal if type(a) is type(action)]
    player = state.player
    if isinstance(action, Quarry | Rebuild):
        stack = state.supply.stacks[action.stack] if 0 <= action.stack < 12 else ()
        if not stack:
            return "illegal"
        new = tiles[stack[-1]]
    if isinstance(action, Quarry):
        spec = _open_space(state, "quarry")
        ok = (
            not state.queue
            and spec is not None
            and spec.key == action.space
            and spec.money <= player.money
            and _pays(state, action.pay, new.colour, new.value)
            and _fits_somewhere(player.province.cells, new.id)
        )
        return "legal" if ok else "illegal"
    if isinstance(action, Rebuild):
        cells = player.province.cells
        old = cells[action.cell] if 0 <= action.cell < len(cells) else None
        ok = (
            bool(state.queue)
            and state.queue[0].kind == "rebuild"
            and old is not None
            and not old.rebuilt
            and new.value > tiles[old.tile].value
            and _pays(state, action.pay, new.colour, new.value - tiles[old.tile].value)
            and _rebuild_fits(cells, action.cell, new.id)
        )
        return "legal" if ok else "illegal"
    if isinstance(action, Harbor):
        for a in same:
            if (a.space, a.pay) == (action.space, action.pay):  # type: ignore[union-attr]
                return "legal" if 1 <= action.steps <= action.pay.value else "illegal"
        return "illegal"
    if isinstance(action, Balcony) and action.pay.flipped and state.player.karma >= 1:
        unturned = Balcony(action.space, PaidDie(action.pay.die))
        return "legal" if unturned in legal else "illegal"
    if isinstance(action, Take):
        colours = sorted(action.colours)
        return "legal" if any(sorted(a.colours) == colours for a in same) else "illegal"  # type: ignore[union-attr]
    if isinstance(action, Reroll) and same and action.die is not None:
        remaining = list(state.player.dice)
        chosen = state.queue[0].chosen
        for d in chosen:
            remaining.remove(d)
        # Picks come in Kali's order, one path to each set of dice (docs/cli.md, "Action notation").
        in_order = not chosen or not action.die < chosen[-1]
        return "legal" if action.die in remaining and in_order else "illegal"
    if isinstance(action, Place) and state.queue and 0 <= action.rotation < 4:
        tile = state.queue[0].tile
        turned = ends(tile, action.rotation)
        listed = any(
            a.cell == action.cell and ends(tile, a.rotation) == turned  # type: ignore[union-attr]
            for a in same
        )
        return "legal" if listed else "illegal"
    return "illegal"


def _other_die(die: Die, rng: random.Random) -> Die:
    """Another die: a different face, and half the time a different colour too."""
    colour = rng.choice(list(Colour)) if rng.random() < 0.5 else die.colour
    return Die(colour, rng.choice([f for f in range(1, 7) if f != die.value]))


def _evolve(action: Action, **changes: Any) -> Action:
    return cast(Action, attrs.evolve(cast(Any, action), **changes))


def _mutations(action: Action, state: GameState, rng: random.Random) -> Iterator[Action]:
    keys = [s.key for s in catalog().side_for(len(state.players)).spaces]
    if hasattr(action, "space"):
        yield _evolve(action, space=rng.choice([*keys, "q9", "x1"]))
    pay = getattr(action, "pay", None)
    if isinstance(pay, PaidDie):
        yield _evolve(action, pay=PaidDie(_other_die(pay.die, rng), pay.flipped))
        yield _evolve(action, pay=PaidDie(pay.die, not pay.flipped))
    if isinstance(action, Quarry | Rebuild):
        pay = list(action.pay)
        i = rng.randrange(len(pay))
        yield _evolve(action, pay=tuple(pay[:i] + pay[i + 1 :]))
        yield _evolve(action, stack=rng.randrange(-1, 13))
        swapped = [*pay[:i], PaidDie(_other_die(pay[i].die, rng), pay[i].flipped), *pay[i + 1 :]]
        yield _evolve(action, pay=tuple(swapped))
        if isinstance(action, Rebuild):
            yield _evolve(action, cell=rng.randrange(-1, 21))
    if isinstance(action, Harbor):
        yield _evolve(action, steps=action.steps + rng.choice((-1, 1, 2, 3)))
    if isinstance(action, Place):
        yield Place(rng.randrange(-1, 21), action.rotation)
        yield Place(action.cell, rng.randrange(0, 5))
    if isinstance(action, Take):
        colours = list(action.colours)
        yield Take((*colours, rng.choice(list(Colour))))
        if colours:
            yield Take(tuple(colours[1:]))
            colours[0] = rng.choice(list(Colour))
            yield Take(tuple(colours))
    if isinstance(action, Upgrade | Score | PalaceChoice | Boat | Reroll | Return | Single):
        confused: list[Action] = [
            Upgrade(rng.choice(list(Building))),
            Score(rng.choice(list(Good))),
            PalaceChoice(rng.randint(0, 7)),
            Boat(rng.random() < 0.5),
            Reroll(Die(rng.choice(list(Colour)), rng.randint(1, 6))),
            Return(Die(rng.choice(list(Colour)), rng.randint(1, 6))),
            Single("s1", PaidDie(Die(Colour.ORANGE, rng.randint(1, 6))), Good.TEA),
            Pass(),
            Variety("v1"),
            Terrace("t1"),
            Outer("o"),
        ]
        yield rng.choice(confused)


def _probe(
    state: GameState, options: list[Action], pool: list[Action], rng: random.Random, watch: Watch
) -> list[str]:
    """Tries actions that are not legal here: they must raise IllegalAction (and nothing else);
    actions the rules allow though they are not listed (overpaying, ...) must be accepted."""
    legal = set(options)
    candidates = [rng.choice(pool) for _ in range(2)] if pool else []
    for action in rng.sample(options, min(2, len(options))):
        candidates += list(_mutations(action, state, rng))
    found = []
    for action in rng.sample(options, min(3, len(options))):
        # Every listed action is accepted by the checks, which `apply` skips for the record it
        # has just listed (so an equal one is applied), and leads where the listed one leads.
        try:
            checked = rules.apply(state, attrs.evolve(action))
        except Exception as error:
            found.append(f"the listed {action} raised {type(error).__name__}: {error}")
            continue
        if rules.apply(state, action) != checked:
            found.append(f"the listed {action} leads elsewhere than an equal action checked")
    for candidate in candidates:
        kind = _classify(state, legal, candidate)
        watch.counts[kind] += 1
        if kind == "listed":
            continue
        try:
            rules.apply(state, candidate)
        except rules.IllegalAction as refusal:
            if kind == "legal":
                found.append(f"{candidate} is allowed by the rules but refused: {refusal}")
            elif not str(refusal).strip():
                found.append(f"{candidate} was refused without a sentence")
        except Exception as error:  # anything but IllegalAction is a failure
            found.append(f"{candidate} raised {type(error).__name__}: {error}")
        else:
            if kind == "illegal":
                found.append(f"{candidate} is not legal here but was accepted")
    return found


# Playing ----------------------------------------------------------------------------------------


@attrs.frozen
class Played:
    final: GameState
    actions: tuple[Action, ...]
    states: tuple[GameState, ...]


def play(seed: int, players: int, pool: list[Action], watch_counts: Counter[str]) -> Played:
    state = rules.new_game(Config(players=players, seed=seed))
    chooser = random.Random(seed)
    prober = random.Random(seed * 7919 + players)
    watch = Watch.of(state, watch_counts)
    actions: list[Action] = []
    states: list[GameState] = [state]
    keep_states = seed % REPLAY_EVERY == 0
    while not state.over:
        assert state.round <= ROUND_LIMIT, f"seed {seed}: no end within {ROUND_LIMIT} rounds"
        options = rules.legal_actions(state)
        assert options, f"seed {seed}: nothing legal in a running game"
        if state.steps % PROBE_EVERY == 0:
            refused = _probe(state, options, pool, prober, watch)
            assert refused == [], f"seed {seed}, step {state.steps}: {refused}"
        action = chooser.choice(options)
        after = rules.apply(state, action)
        problems = invariants.problems(after, state)
        assert problems == [], f"seed {seed}, step {after.steps} ({action}): {problems}"
        own = _own_checks(state, action, after, watch)
        assert own == [], f"seed {seed}, step {after.steps} ({action}): {own}"
        if prober.random() < 0.05:
            pool.append(action)
            del pool[:-300]
        actions.append(action)
        if keep_states:
            states.append(after)
        state = after
    assert rules.is_over(state) and rules.legal_actions(state) == []
    assert state.round <= ROUND_LIMIT
    ended = _end_checks(state)
    assert ended == [], f"seed {seed}: {ended}"
    watch_counts["games"] += 1
    return Played(state, tuple(actions), tuple(states))


def _replay(seed: int, players: int, played: Played) -> None:
    """The same seed and the same actions give equal states; so do the actions' notations."""
    state = rules.new_game(Config(players=players, seed=seed))
    by_text = state
    assert state == played.states[0]
    for i, action in enumerate(played.actions):
        state = rules.apply(state, action)
        by_text = rules.apply(by_text, rules.parse_action(str(action)))
        assert state == played.states[i + 1] == by_text, f"seed {seed}: step {i + 1} differs"
    assert state == played.final


def _seeds(players: int, chunk: int) -> range:
    per = GAMES[players] // CHUNKS
    return range(1000 * players + chunk * per, 1000 * players + (chunk + 1) * per)


def _play_chunk(players: int, chunk: int) -> tuple[list[str], Counter[str]]:
    """Plays one chunk of games (in a worker process); returns the failures and the counts."""
    counts: Counter[str] = Counter()
    pool: list[Action] = []
    failures: list[str] = []
    for seed in _seeds(players, chunk):
        try:
            played = play(seed, players, pool, counts)
            if seed % REPLAY_EVERY == 0:
                _replay(seed, players, played)
        except Exception as error:  # an engine crash is as much a failure as a broken rule
            detail = "".join(traceback.format_exception_only(error)).strip()
            failures.append(f"{players} players, seed {seed}: {detail}")
            if len(failures) >= 3:
                break
    return failures, counts


# Each chunk is its own test, so pytest-xdist spreads the games over the cores.
@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "chunk"), [(players, chunk) for players in sorted(GAMES) for chunk in range(CHUNKS)]
)
def test_random_games_keep_every_rule(players: int, chunk: int) -> None:
    failures, counts = _play_chunk(players, chunk)
    assert failures == []
    games = GAMES[players] // CHUNKS
    # Enough was played and tried for the checks to mean something.
    assert counts["games"] == games
    assert counts["rounds"] > 10 * games, counts
    assert counts["illegal"] > 30 * games, counts
    assert counts["legal"] > games // 4, counts
    assert counts["listed"] > 5 * games, counts


def test_a_broken_state_is_caught_by_the_checks() -> None:
    # The checks above must be able to fail: break a state in several ways.
    state = rules.new_game(Config(players=3, seed=5))
    start = state.start_player
    after = rules.apply(state, Terrace("t1"))
    while after.queue:
        after = rules.apply(after, rules.legal_actions(after)[0])
    assert after.turn == (start + 1) % 3

    def own(broken: GameState) -> list[str]:
        return _own_checks(state, Terrace("t1"), broken, Watch.of(state))

    assert own(after) == [] and invariants.problems(after, state) == []
    lost_die = attrs.evolve(after, supply=attrs.evolve(after.supply, dice=(0, 0, 0, 0)))
    assert invariants.problems(lost_die, state) and own(lost_die)
    fell = after.update_player(start, fame=-1)
    assert invariants.problems(fell, state) and own(fell)
    skipped = attrs.evolve(after, turn=(start + 2) % 3)
    assert any("skipped" in problem for problem in own(skipped))
    bonus = after.update_player(start, fame_bonus_next=1)
    assert any("fame bonuses" in problem for problem in own(bonus))


def test_a_failing_game_is_reported_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # The worker's report must carry a broken rule up to the test, naming the game.
    monkeypatch.setattr(invariants, "problems", lambda after, before=None: ["a broken rule"])
    failures, counts = _play_chunk(2, 0)
    assert len(failures) == 3 and counts["games"] == 0
    assert (
        failures[0].startswith("2 players, seed 2000: AssertionError")
        and "a broken rule" in (failures[0])
    )
