"""Properties of whole variant games: the Ganga module, Navaratnas boards, both, and mixed boards,
for 2, 3 and 4 players, played with random legal moves and checked after every action.

Besides `rules.invariant_problems(after, before)`, this module checks what the variants promise,
written from docs/rules.md §11 and §12 independently of the engine: the 30 yield tiles (8 white ones
without a Navaratnas board) and the 8 river tiles are all kept, river tiles never move, a
Navaratnas statue holds at most 8 dice and a player at most 6 workers (5 on a base board), no
seat's view shows another seat's face-down tile, and every listed action's notation reads back as
the same action. A share of the games is replayed from seed and actions. The base game's own
property games are in test_properties.py (2,000 games); these add 300.
"""

from __future__ import annotations

import random
import traceback
from collections import Counter

import attrs
import pytest

import rules
from rules import Config, GameState
from rules.actions import Action, Sail, TakeYield
from tests.helpers.fixture_states import ROUND_LIMIT, ends

VARIANTS = ("ganga", "navaratnas", "both", "mixed", "mixed ganga")
GAMES = 20  # per variant and player count: 300 games in all
CHUNKS = 2
REPLAY_EVERY = 10
VIEW_EVERY = 8  # views are also checked whenever a field, a face-down mark or the stack changed
YIELD_TILES = {
    colour: sum(1 for t in rules.catalog().yield_tiles if t.colour == colour)
    for colour in rules.YIELD_COLOURS
}
RIVER_TILES = 8


def config(variant: str, players: int, seed: int) -> Config:
    """The game a variant name stands for; mixed games alternate boards, both kinds present."""
    ganga = "ganga" in variant or variant == "both"
    if variant in ("navaratnas", "both"):
        boards: tuple[str, ...] = ("navaratnas",) * players
    elif variant.startswith("mixed"):
        boards = tuple("navaratnas" if (seat + seed) % 2 else "base" for seat in range(players))
    else:
        boards = ()
    return Config(players=players, seed=seed, boards=boards, ganga=ganga)


def _own_checks(state: GameState, before: GameState) -> list[str]:
    found: list[str] = []
    navaratnas = [state.config.board(s) == "navaratnas" for s in range(state.config.players)]
    # §11: every yield tile lies somewhere exactly once.
    supply = state.supply
    held = [*supply.yields, *supply.yield_discard, *supply.display]
    held += [t for p in state.players for t in p.fields if t != rules.EMPTY]
    colours = Counter(rules.catalog().yield_tiles[t].colour for t in held)
    expected = YIELD_TILES if any(navaratnas) else {"white": YIELD_TILES["white"]}
    if len(set(held)) != len(held) or dict(colours) != expected:
        found.append(f"yield tiles {dict(colours)}, expected {expected}")
    # §12: the 8 river tiles stay where setup laid them.
    if state.config.ganga:
        laid = [t for t in state.river.tiles if t != rules.EMPTY]
        if sorted(laid) != list(range(RIVER_TILES)) or state.river.tiles != before.river.tiles:
            found.append(f"river tiles {state.river.tiles}")
    elif state.river.tiles:
        found.append("river tiles without the Ganga module")
    for seat, player in enumerate(state.players):
        places, most = (8, 6) if navaratnas[seat] else (10, 5)
        if player.places != places or len(player.dice) > places:
            found.append(f"seat {seat}: {len(player.dice)} dice on {player.places} places")
        if not 3 <= player.workers <= most:
            found.append(f"seat {seat}: {player.workers} workers")
        if not navaratnas[seat] and player.fields:
            found.append(f"seat {seat}: yield-tile fields on a base board")
    if state is before or state.steps % VIEW_EVERY == 0 or _hiding_changed(state, before):
        found += _hidden_checks(state)
    return found


def _hiding_changed(state: GameState, before: GameState) -> bool:
    """Whether what the views hide changed: a field, a face-down mark or the white stack."""
    return state.supply.yields != before.supply.yields or any(
        (p.fields, p.face_down) != (b.fields, b.face_down)
        for p, b in zip(state.players, before.players, strict=True)
    )


def _field_checks(state: GameState) -> list[str]:
    """§12: a tile on a field a road end faces has been gained; a gained tile lies face up; only
    the brown tile drawn at setup lies face down."""
    found = []
    for seat, player in enumerate(state.players):
        if not player.fields:
            continue
        fields = rules.seat_rules(state, seat).fields
        cells = player.province.cells
        for i, (tile, field) in enumerate(zip(player.fields, fields, strict=True)):
            bit = 1 << i
            placed = cells[field.cell]
            faces = placed is not None and field.side in ends(placed.tile, placed.rotation)
            if tile != rules.EMPTY and faces and not player.gained & bit:
                found.append(f"seat {seat}: a road reaches field {i} but its tile was not gained")
            if player.face_down & bit and (
                player.gained & bit or rules.catalog().yield_tiles[tile].colour != "brown"
            ):
                found.append(f"seat {seat}: field {i} lies face down wrongly")
    return found


def _places(state: GameState, seat: int) -> bool:
    player = state.players[seat]
    return player.workers > player.placed and not player.passed


def _instead_due(state: GameState, seat: int) -> bool:
    """§12: with no worker left while another seat still places, a Navaratnas seat takes a yield
    tile instead of its turn, when one fits an empty field of its board."""
    player = state.players[seat]
    if state.config.board(seat) != "navaratnas" or player.workers > player.placed:
        return False
    if player.passed or not any(_places(state, s) for s in range(len(state.players)) if s != seat):
        return False
    tiles = rules.catalog().yield_tiles
    offered = {tiles[t].colour for t in state.supply.display}
    if state.supply.yields or state.supply.yield_discard:
        offered.add("white")
    fields = rules.seat_rules(state, seat).fields
    return any(
        t == rules.EMPTY and f.colour in offered for t, f in zip(player.fields, fields, strict=True)
    )


def _turn_checks(before: GameState, after: GameState) -> list[str]:
    """Who gets the next turn: a seat that places, or one due a yield tile instead (never in the
    last turns); no seat passed over that could have had either."""
    instead = bool(after.queue) and after.queue[0].kind == "take_yield"
    if after.over or (after.queue and not (instead and after.turn != before.turn)):
        return []  # the game ended, or the same turn goes on with a choice
    found = []
    if instead:
        if after.end_trigger >= 0:
            found.append("a yield tile instead of a last turn")
        if not _instead_due(after, after.turn):
            found.append(f"seat {after.turn} takes a yield tile instead without being due one")
    elif not _places(after, after.turn):
        found.append(f"seat {after.turn} has the turn but cannot place")
    if after.round != before.round or after.end_trigger >= 0:
        return found
    n = len(after.players)
    seat = (before.turn + 1) % n
    while seat != after.turn:
        if _places(after, seat) or _instead_due(after, seat):
            found.append(f"seat {seat} was passed over")
        seat = (seat + 1) % n
    return found


def _hidden_checks(state: GameState) -> list[str]:
    """No seat (nor an onlooker) sees another seat's face-down tile, nor the white stack's order."""
    found = []
    for viewer in (*range(state.config.players), None):
        view = rules.seat_view(state, viewer)
        for seat, player in enumerate(state.players):
            for i, tile in enumerate(player.fields):
                hidden = seat != viewer and player.face_down & (1 << i)
                if view.players[seat].fields[i] != (rules.UNSEEN if hidden else tile):
                    found.append(f"seat {viewer} sees field {i} of seat {seat} wrongly")
        if view.supply.yields != tuple(sorted(state.supply.yields)):
            found.append(f"seat {viewer} sees the order of the white stack")
        if (view.rng, view.config.seed) == (state.rng, state.config.seed):
            found.append(f"seat {viewer}'s view carries the generator")
        if attrs.evolve(view.config, seed=state.config.seed) != state.config:
            found.append(f"seat {viewer}'s view is of another game")
    return found


def _round_trips(options: list[Action], seen: set[Action]) -> list[str]:
    """Every listed action not met before reads back from its notation as itself."""
    wrong = []
    for action in options:
        if action not in seen:
            seen.add(action)
            back = rules.parse_action(str(action))
            if back != action:
                wrong.append(f"{action} reads back as {back}")
    return wrong


NAMES = [t.name for t in rules.catalog().yield_tiles] + [rules.STACK]


def _probe(state: GameState, options: list[Action], rng: random.Random) -> list[str]:
    """The new choices' neighbours: a yield tile taken onto any field, a sail of any length.
    Whatever is not listed must be refused with a sentence (a sail of 1 to 3 is the same move as
    a listed one and is accepted); `why_not_yield` says None exactly for listed takes."""
    found = []
    tries: list[Action] = []
    if any(isinstance(a, TakeYield) for a in options):
        sides = list(rules.Side)
        tries += [
            TakeYield(rng.choice(NAMES), rng.randrange(20), rng.choice(sides)) for _ in range(4)
        ]
    if any(isinstance(a, Sail) for a in options):
        tries += [Sail(rng.randrange(-1, 6)) for _ in range(2)]
    for action in tries:
        allowed = action in options or (isinstance(action, Sail) and 1 <= action.steps <= 3)
        if isinstance(action, TakeYield) and (rules.why_not_yield(state, action) is None) != (
            action in options
        ):
            found.append(f"why_not_yield disagrees with the list about {action}")
        try:
            rules.apply(state, action)
        except rules.IllegalAction as refusal:
            if allowed or not str(refusal).strip():
                found.append(f"{action} refused: {refusal!r}")
        except Exception as error:
            found.append(f"{action} raised {type(error).__name__}: {error}")
        else:
            if not allowed:
                found.append(f"{action} is not legal here but was accepted")
            elif rules.canonical(state, action) not in options:
                found.append(f"{action} was accepted but its spelling is not listed")
    return found


def play(
    variant: str, players: int, seed: int, counts: Counter[str], seen: set[Action]
) -> tuple[GameState, list[Action]]:
    state = rules.new_game(config(variant, players, seed))
    problems = rules.invariant_problems(state) + _own_checks(state, state)
    assert problems == [], f"seed {seed}, setup: {problems}"
    chooser = random.Random(seed)
    prober = random.Random(-seed)
    actions: list[Action] = []
    while not state.over:
        assert state.round <= ROUND_LIMIT, f"seed {seed}: no end within {ROUND_LIMIT} rounds"
        options = rules.legal_actions(state)
        assert options, f"seed {seed}: nothing legal in a running game"
        wrong = _round_trips(options, seen)
        assert wrong == [], f"seed {seed}, step {state.steps}: {wrong}"
        if (
            state.queue
            and state.queue[0].kind == "take_yield"
            and not state.players[state.turn].workers_left
        ):
            counts["yield instead"] += 1
        refused = _probe(state, options, prober)
        assert refused == [], f"seed {seed}, step {state.steps}: {refused}"
        action = chooser.choice(options)
        counts[type(action).__name__] += 1
        if isinstance(action, TakeYield) and action.tile == rules.STACK:
            counts["stack"] += 1
        after = rules.apply(state, action)
        problems = rules.invariant_problems(after, state) + _own_checks(after, state)
        problems += _field_checks(after) + _turn_checks(state, after)
        assert problems == [], f"seed {seed}, step {after.steps} ({action}): {problems}"
        actions.append(action)
        state = after
    assert rules.legal_actions(state) == []
    counts["games"] += 1
    return state, actions


def _replay(variant: str, players: int, seed: int, final: GameState, actions: list[Action]) -> None:
    """The same seed and the actions' notations give the same game."""
    state = rules.new_game(config(variant, players, seed))
    for action in actions:
        state = rules.apply(state, rules.parse_action(str(action)))
    assert state == final, f"seed {seed}: the replay differs"


def _seeds(variant: str, players: int, chunk: int) -> range:
    per = GAMES // CHUNKS
    first = 50_000 + 1000 * (VARIANTS.index(variant) * 4 + players) + chunk * per
    return range(first, first + per)


def _play_chunk(variant: str, players: int, chunk: int) -> tuple[list[str], Counter[str]]:
    counts: Counter[str] = Counter()
    seen: set[Action] = set()
    failures: list[str] = []
    for seed in _seeds(variant, players, chunk):
        try:
            final, actions = play(variant, players, seed, counts, seen)
            if seed % REPLAY_EVERY == 0:
                _replay(variant, players, seed, final, actions)
        except Exception as error:  # an engine crash is as much a failure as a broken rule
            detail = "".join(traceback.format_exception_only(error)).strip()
            failures.append(f"{variant}, {players} players, seed {seed}: {detail}")
            if len(failures) >= 3:
                break
    return failures, counts


# Each chunk is its own test, so pytest-xdist spreads the games over the cores.
@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "players", "chunk"),
    [(v, p, c) for v in VARIANTS for p in (2, 3, 4) for c in range(CHUNKS)],
)
def test_random_variant_games_keep_every_rule(variant: str, players: int, chunk: int) -> None:
    failures, counts = _play_chunk(variant, players, chunk)
    assert failures == []
    assert counts["games"] == GAMES // CHUNKS
    # What the variant brings was played, so the checks above meant something.
    if "ganga" in variant or variant == "both":
        assert counts[Sail.__name__] > 0, counts
    if variant != "ganga":
        assert counts[TakeYield.__name__] > GAMES // CHUNKS, counts
        assert counts["yield instead"] > 0, counts
    if variant.startswith("mixed"):
        assert counts["stack"] > 0, counts


def test_the_own_checks_catch_broken_variant_states() -> None:
    state = rules.new_game(config("both", 3, 7))
    assert _own_checks(state, state) == []
    lost = rules.replace(
        state, supply=rules.replace(state.supply, display=state.supply.display[1:])
    )
    assert any("yield tiles" in p for p in _own_checks(lost, state))
    tiles = list(state.river.tiles)
    first = next(i for i, t in enumerate(tiles) if t != rules.EMPTY)
    tiles[first], tiles[first + 1] = tiles[first + 1], tiles[first]
    moved = rules.replace(state, river=rules.replace(state.river, tiles=tuple(tiles)))
    assert any("river tiles" in p for p in _own_checks(moved, state))
    crowded = state.update_player(0, workers=7)
    assert any("7 workers" in p for p in _own_checks(crowded, state))


def test_the_view_checks_catch_a_view_that_shows_too_much(monkeypatch: pytest.MonkeyPatch) -> None:
    state = rules.new_game(config("mixed", 3, 7))
    assert _hidden_checks(state) == []
    monkeypatch.setattr(rules, "seat_view", lambda state, seat: state)
    assert any("sees field" in p for p in _hidden_checks(state))
    assert any("white stack" in p for p in _hidden_checks(state))


def test_the_round_trip_check_catches_a_wrong_notation(monkeypatch: pytest.MonkeyPatch) -> None:
    options = rules.legal_actions(rules.new_game(config("both", 2, 7)))
    assert _round_trips(options, set()) == []
    monkeypatch.setattr(rules, "parse_action", lambda text: rules.Pass())
    assert _round_trips(options, set()) != []


def test_the_field_and_turn_checks_catch_broken_games() -> None:
    state = rules.new_game(config("navaratnas", 3, 7))
    assert _field_checks(state) == []
    # A road facing the brown field a4 (south) without the tile gained.
    straight = next(t for t in rules.catalog().tiles if t.road == "straight")
    stacks = tuple(tuple(t for t in s if t != straight.id) for s in state.supply.stacks)
    rotation = next(r for r in range(4) if rules.Side.S in ends(straight.id, r))
    province = state.players[0].province.with_cell(15, rules.Placed(straight.id, rotation))
    reached = rules.replace(state, supply=rules.replace(state.supply, stacks=stacks))
    reached = reached.update_player(0, province=province)
    assert any("not gained" in p for p in _field_checks(reached))
    # Seat 1 with no worker left, passed over while seat 2 still places.
    turn = rules.replace(state, turn=0)
    skipped = rules.replace(turn.update_player(1, placed=3), turn=2)
    assert any("seat 1 was passed over" in p for p in _turn_checks(turn, skipped))
    instead = rules.replace(skipped, turn=1, queue=(rules.Effect("take_yield"),))
    assert _turn_checks(turn, instead) == []
    last = rules.replace(instead, end_trigger=0, met_order=(0,))
    assert any("last turn" in p for p in _turn_checks(turn, last))
