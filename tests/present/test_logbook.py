"""The log tells what each move gained and paid, in the preview's symbols, for bots and humans
alike, in both glyph sets: a test per kind of action, the gains of a round adding up to what the
state shows, and nothing hidden from a seat in any line."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from itertools import pairwise

import attrs
import pytest

import rules
import saves
from rajas_tui.present import logbook, text
from rules import Colour, GameState
from tests.helpers.fixture_states import run, turn_to, variant, with_player

NAMES = ("Asha", "Bela", "Chand", "Devi")
# (players, seed, variants): the base game at each player count, and each variant.
GAMES = (
    (2, 1, ()),
    (3, 2, ()),
    (4, 3, ()),
    (4, 4, ()),
    (3, 5, ("ganga",)),
    (4, 6, ("ganga",)),
    (2, 12, ("navaratnas",)),
    (2, 15, ("navaratnas",)),
    (3, 8, ("navaratnas",)),
    (4, 9, ("ganga", "navaratnas")),
)
SYMBOLS = ("money", "fame", "karma")


@cache
def played(players: int, seed: int, variants: tuple[str, ...]) -> saves.Game:
    """A game of human seats played to its end by random legal actions (bots and humans are
    logged alike: the log does not ask who chose)."""
    seats = [(name, saves.HUMAN) for name in NAMES[:players]]
    game = saves.start_game(saves.seated(seats, seed, variants=variants))
    pick = random.Random(seed)
    while not game.state.over:
        game = saves.play(game, pick.choice(_taking(game.state)))
    return game


def _taking(state: GameState) -> list[rules.Action]:
    """The legal actions, a yield tile offered always taken: declining gains nothing to tell,
    and has its own test."""
    legal = rules.legal_actions(state)
    return [a for a in legal if not (state.queue and isinstance(a, rules.Pass))]


@attrs.frozen
class Step:
    """One logged move: the states around it, the action, and its line in the log."""

    index: int
    before: GameState
    action: rules.Action
    after: GameState
    line: str


Spec = tuple[int, int, tuple[str, ...]]


def steps(spec: Spec) -> tuple[Step, ...]:
    """The steps of a sample game, its lines in the glyph set in use."""
    return _steps(spec, text.G.ascii)


@cache
def _steps(spec: Spec, ascii_only: bool) -> tuple[Step, ...]:
    # Once per process and glyph set (`steps` names the set in use, in which the lines are
    # worked out): the states and lines are frozen, so the tests can share them.
    game = played(*spec)
    moves = [line.words for line in logbook.told(game) if line.kind == logbook.MOVE]
    assert len(moves) == len(game.log)
    found = []
    state = game.start
    for index, (entry, line) in enumerate(zip(game.log, moves, strict=True)):
        action = rules.parse_action(entry.action)
        after = rules.apply(state, action)
        found.append(Step(index, state, action, after, line))
        state = after
    return tuple(found)


def every_step() -> Iterator[tuple[saves.Game, Step]]:
    for spec in GAMES:
        game = played(*spec)
        for step in steps(spec):
            yield game, step


# What the test expects a line to name, worked out here from the states alone ------------------


def signed(amount: int, symbol: str) -> str:
    return f"{'+' if amount > 0 else text.G['minus']}{abs(amount)}{text.G[symbol]}"


def paid(action: rules.Action) -> list[rules.PaidDie]:
    pay = getattr(action, "pay", None)
    if pay is None:
        return []
    return list(pay) if isinstance(pay, tuple) else [pay]


def expected_tokens(step: Step) -> list[str]:
    """What the move changed for the seat that played it, each as the preview names it: the
    dice besides those it paid with or took (the line's words name those)."""
    seat = step.before.turn
    was, now = step.before.players[seat], step.after.players[seat]
    tokens = [
        signed(getattr(now, name) - getattr(was, name), name)
        for name in SYMBOLS
        if getattr(now, name) != getattr(was, name)
    ]
    spent = Counter(p.die.colour for p in paid(step.action))
    if isinstance(step.action, rules.Take):
        spent.subtract(step.action.colours)
    for colour in Colour:
        old = sum(1 for d in was.dice if d.colour == colour) - spent[colour]
        new = sum(1 for d in now.dice if d.colour == colour)
        if new != old:
            tokens.append(f"{signed(new - old, 'die')}{colour.letter}")
    if sum(now.levels) != sum(was.levels):
        tokens.append(signed(sum(now.levels) - sum(was.levels), "upgrade"))
    if now.workers != was.workers:
        tokens.append(signed(now.workers - was.workers, "worker"))
    old_boat, new_boat = step.before.river.boats[seat], step.after.river.boats[seat]
    if old_boat != new_boat:
        tokens.append(f"{text.G['boat']} boat {old_boat}→{new_boat}")
    return tokens


def gains_part(line: str) -> str:
    """The line after its words: what the move gained and paid, then what it revealed."""
    return line.rsplit(": ", 1)[-1]


# The line's figures read back from its text -------------------------------------------------


def tags() -> dict[str, int]:
    return {text.player_tag(seat): seat for seat in range(4)}


def named(line: str) -> dict[int, Counter[str]]:
    """The money, fame and karma the line names, by seat: the acting seat's first, then any
    other seat's after its tag."""
    found: dict[int, Counter[str]] = {}
    seat = tags()[line.split(" ", 1)[0]]
    symbols = {text.G[name]: name for name in SYMBOLS}
    minus = re.escape(text.G["minus"])
    marks = "|".join(re.escape(symbol) for symbol in symbols)
    token = re.compile(rf"(?<!\S)(\+|{minus})(\d+)({marks})(?!\w)")
    for part in re.split(r"; (?=\S\S )", gains_part(line)):
        head = part.split(" ", 1)[0]
        who = tags().get(head, seat)
        for sign, amount, symbol in token.findall(part):
            count = found.setdefault(who, Counter())
            count[symbols[symbol]] += int(amount) * (1 if sign == "+" else -1)
    return found


@pytest.fixture(params=[False, True], ids=["glyphs", "ascii"])
def glyphs(request: pytest.FixtureRequest) -> Iterator[bool]:
    text.G.use_ascii(request.param)
    try:
        yield request.param
    finally:
        text.G.use_ascii(False)


# A test per kind of action ------------------------------------------------------------------


def _in_ganga_tile(step: Step) -> bool:
    seat = step.before.turn
    boat = step.after.river.boats[seat]
    tiles = step.after.river.tiles
    return bool(tiles) and boat != step.before.river.boats[seat] and tiles[boat] != rules.EMPTY


KINDS: dict[str, Callable[[Step], bool]] = {
    "quarry": lambda s: isinstance(s.action, rules.Quarry),
    "tile placed": lambda s: isinstance(s.action, rules.Place),
    "variety market": lambda s: isinstance(s.action, rules.Variety),
    "single-good market": lambda s: isinstance(s.action, rules.Single),
    "palace terrace": lambda s: isinstance(s.action, rules.Terrace),
    "palace balcony": lambda s: isinstance(s.action, rules.Balcony),
    "palace chamber": lambda s: isinstance(s.action, rules.Chamber),
    "outer terrace": lambda s: isinstance(s.action, rules.Outer),
    "harbor": lambda s: isinstance(s.action, rules.Harbor),
    "boat move (river earnings)": lambda s: isinstance(s.action, rules.Boat) and s.action.accept,
    "Ganga tile earnings": _in_ganga_tile,
    "Navaratnas yield tile": lambda s: isinstance(s.action, rules.TakeYield),
    "upgrade": lambda s: isinstance(s.action, rules.Upgrade),
    "dice taken": lambda s: isinstance(s.action, rules.Take),
    "chamber action from the river": lambda s: isinstance(s.action, rules.PalaceChoice),
    "Master Builder": lambda s: isinstance(s.action, rules.Rebuild),
    "scoring a good": lambda s: isinstance(s.action, rules.Score),
    "Portuguese sail": lambda s: isinstance(s.action, rules.Sail),
    "die returned": lambda s: isinstance(s.action, rules.Return),
}


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_move_names_what_it_gained_and_paid(kind: str, glyphs: bool) -> None:
    """Every logged move of the kind names each change to its player's money, fame, karma,
    dice, upgrades, workers and boat; some of them change something."""
    matches = [step for _, step in every_step() if KINDS[kind](step)]
    assert matches, f"no {kind} in the sample games"
    # Dice taken gain only the dice their words name (test_a_take_names_its_dice_once).
    gained = kind == "dice taken" or any(expected_tokens(step) for step in matches)
    assert gained, f"no {kind} gained anything"
    for step in matches:
        tokens = expected_tokens(step)
        part = gains_part(step.line)
        for token in tokens:
            assert token in part, f"{step.line!r} leaves out {token!r}"


def test_a_move_that_changed_nothing_says_so() -> None:
    """A placement that gains nothing (a market without its good's markets, a terrace with a
    full statue) says "no gain" rather than leaving the reader to wonder."""
    found = [
        step
        for _, step in every_step()
        if isinstance(step.action, rules.Variety | rules.Single | rules.Terrace)
        and not expected_tokens(step)
    ]
    assert found
    for step in found:
        assert re.search(r": no gain( \(.*\))?$", step.line), step.line


def test_a_single_good_market_says_how_many_markets_it_scored() -> None:
    """ "scores 6 spices markets" was the die's value, not the markets scored: the line says
    how many it scored, and the die's limit when it scored fewer."""
    found = 0
    for _, step in every_step():
        action = step.action
        if not isinstance(action, rules.Single):
            continue
        player = step.before.players[step.before.turn]
        scored = rules.good_markets(player, action.good, action.pay.value)
        good = f"{text.good_name(action.good)} market"
        words = f"scores {rules.counted(len(scored), good)}"
        if len(scored) < action.pay.value:
            words += f" (of up to {action.pay.value})"
        assert words in step.line, step.line
        found += bool(scored)
    assert found


def test_a_variety_market_says_which_markets_it_scored() -> None:
    found = 0
    for _, step in every_step():
        if not isinstance(step.action, rules.Variety):
            continue
        scored = rules.variety_markets(step.before.players[step.before.turn])
        if scored:
            assert f"scores {text.markets_words(scored)}: " in step.line, step.line
            found += 1
    assert found


def test_a_pass_says_the_workers_left_sit_out_the_round() -> None:
    """Random play seldom leaves a seat without a placement: every space is taken here."""
    start = rules.new_game(rules.Config(players=2, seed=1))
    taken = tuple(1 if space == rules.FREE else space for space in start.spaces)
    before = attrs.evolve(start, spaces=taken)
    assert rules.legal_actions(before) == [rules.Pass()]
    after = rules.apply(before, rules.Pass())
    entry = saves.LogEntry(before.turn, "pass")
    line = logbook.move_told(NAMES, entry, before, after).words
    who = f"{text.player_tag(before.turn)} {NAMES[before.turn]}"
    assert line == f"{who} passes: no placement is legal, sits out the rest of the round"


def test_a_quarry_and_the_master_builder_name_the_tile_they_took() -> None:
    found = 0
    for _, step in every_step():
        if isinstance(step.action, rules.Quarry | rules.Rebuild):
            stack = step.before.supply.stacks[step.action.stack]
            tile = rules.catalog().tiles[stack[-1]]
            verb = "buys" if isinstance(step.action, rules.Quarry) else "with"
            assert f"{verb} {text.tile_label(tile)} (" in step.line, step.line
            found += isinstance(step.action, rules.Rebuild)
    assert found


def test_a_yield_tile_taken_before_a_road_reaches_it_says_when_it_gains() -> None:
    found = [
        step
        for _, step in every_step()
        if isinstance(step.action, rules.TakeYield) and not expected_tokens(step)
    ]
    assert found
    for step in found:
        assert ": no gain until a road reaches the field" in step.line, step.line


def test_a_yield_tile_declined_is_told_apart_from_a_pass_for_the_round() -> None:
    """A pass answers a yield-tile choice too (§12): it takes no tile, and sits nothing out."""
    state = turn_to(variant(2, seed=3, boards=("navaratnas", "navaratnas")), 0)
    before = run(with_player(state, 0, hand=["o2", "g1"]), "chamber c2 o2", "take g g")
    after = rules.apply(before, rules.Pass())
    entry = saves.LogEntry(seat=0, action="pass", revealed="")
    told = logbook.move_told(NAMES, entry, before, after)
    assert "takes no yield tile" in told.words and "round" not in told.words, told.words


# Round ends and the end of the game ----------------------------------------------------------


def test_a_round_begun_by_the_great_mogul_says_so() -> None:
    """The start player passes on in turn, unless the Great Mogul took the elephant: the
    separator says which."""
    said = 0
    for spec in GAMES:
        game = played(*spec)
        lines = [line for line in logbook.told(game) if line.kind == logbook.ROUND]
        starts = logbook.rounds_of(game)
        rounds = list(dict.fromkeys(starts))
        n = game.start.config.players
        for (before, after), line in zip(pairwise(rounds), lines[1:], strict=True):
            in_turn = after[1] == (before[1] + 1) % n
            assert ("Great Mogul" in line.words) is not in_turn, line.words
            said += not in_turn
    assert said


def test_the_log_ends_with_the_markers_meeting_and_the_winner() -> None:
    for spec in GAMES:
        game = played(*spec)
        lines = logbook.told(game)
        names = [seat.name for seat in game.setup.seats]
        trigger = names[game.state.end_trigger]
        winner = rules.ranking(game.state)[0]
        met = [line.words for line in lines if f"{trigger}'s fame and money met" in line.words]
        assert len(met) == 1
        assert lines[-1].words == (
            f"— game over: {names[winner.seat]} wins (margin {winner.margin:+d}) —"
        )
        assert lines[-1].kind != logbook.MOVE


# The whole: the gains add up, and nothing hidden is told -------------------------------------


def test_the_gains_of_each_round_add_up_to_what_the_state_shows(glyphs: bool) -> None:
    """For every round of every sample game, the money, fame and karma the round's lines name
    for each seat add up to how that seat's figures changed over the round."""
    for spec in GAMES:
        rounds: dict[int, list[Step]] = {}
        for step in steps(spec):
            rounds.setdefault(step.before.round, []).append(step)
        for number, round_steps in rounds.items():
            total: dict[int, Counter[str]] = {}
            for step in round_steps:
                for seat, count in named(step.line).items():
                    total.setdefault(seat, Counter()).update(count)
            first, last = round_steps[0].before, round_steps[-1].after
            for seat in range(len(first.players)):
                was, now = first.players[seat], last.players[seat]
                changed = {name: getattr(now, name) - getattr(was, name) for name in SYMBOLS}
                told = {name: total.get(seat, Counter())[name] for name in SYMBOLS}
                assert told == changed, f"{spec} round {number} seat {seat}"


def _tile_names(tiles: frozenset[int]) -> set[str]:
    return {rules.catalog().yield_tiles[tile].name for tile in tiles}


def test_no_line_names_a_tile_hidden_from_a_seat() -> None:
    """A line is shown to every seat: it names no yield tile that lies face down for any of
    them (another seat's brown tile, the white stack) once the move is played."""
    checked = 0
    for spec in GAMES:
        game = played(*spec)
        seats = range(game.start.config.players)
        for step in steps(spec):
            unseen = [rules.hidden_from(step.after, seat) for seat in seats]
            hidden = _tile_names(frozenset().union(*unseen))
            words = set(re.findall(r"\b[a-z]+\d+\b", step.line))
            assert not words & hidden, step.line
            checked += bool(hidden)
    assert checked


def _swap_brown_tiles(state: GameState) -> GameState:
    """The start with the first two seats' face-down brown tiles swapped."""
    players = list(state.players)
    first, second = players[0], players[1]
    brown = {t.id for t in rules.catalog().yield_tiles if t.colour == "brown"}
    i = next(i for i, t in enumerate(first.fields) if t in brown)
    j = next(j for j, t in enumerate(second.fields) if t in brown)
    one, two = list(first.fields), list(second.fields)
    one[i], two[j] = two[j], one[i]
    players[0] = attrs.evolve(first, fields=tuple(one))
    players[1] = attrs.evolve(second, fields=tuple(two))
    return attrs.evolve(state, players=tuple(players))


@pytest.mark.parametrize("spec", [spec for spec in GAMES if "navaratnas" in spec[2]])
def test_a_line_reads_the_same_whichever_tile_lies_face_down(
    spec: tuple[int, int, tuple[str, ...]],
) -> None:
    """The same moves, with the seats' face-down brown tiles swapped: every line reads the
    same until a road turns one of them up."""
    game = played(*spec)
    other = saves.start_game(game.setup, _swap_brown_tiles(game.start))
    told = 0
    for entry in game.log:
        if "turned up" in entry.revealed:
            break
        other = saves.play(other, entry.action)
        told += 1
    mine = [line.words for line in logbook.told(attrs.evolve(game, log=game.log[:told]))]
    theirs = [line.words for line in logbook.told(other)]
    assert told > 20 and mine == theirs


def test_a_strict_undo_refusal_names_the_move_in_words_and_the_lone_player_as_you() -> None:
    """The refusal speaks to the one human player of her own move, as the log tells it, where
    it said "Asha's 'terrace t1'"; in a hot-seat game it names whose move it was."""
    for kinds, who in ((("human", "greedy"), "Your"), (("human", "human"), "Asha's")):
        setup = saves.seated(list(zip(("Asha", "Bela"), kinds, strict=True)), 7, "strict")
        game = saves.play(saves.start_game(setup), "terrace t1")  # Asha acts first
        assert game.log[-1].seat == 0 and game.log[-1].revealed
        said = logbook.turn_undo_refusal(game)
        assert said is not None
        assert said.startswith(f"{who} move (terrace t1) brought chance to light ("), said
        assert said.endswith("(a game started with undo free, for practice, does).")


def test_a_take_names_its_dice_once() -> None:
    """ "takes orange orange: +2⚀o" said each die's colour twice over: the words name the dice
    taken, by colour, and the gains do not say them again."""
    game = saves.start_game(saves.seated([("Asha", "human"), ("Bela", "human")], 3, "strict"))
    pick = random.Random(1)
    while not any(isinstance(e, rules.Take) for e in map(_parsed, game.log)):
        legal = rules.legal_actions(game.state)
        takes = [a for a in legal if isinstance(a, rules.Take) and len(a.colours) >= 2]
        game = saves.play(game, takes[0] if takes else pick.choice(legal))
    told = logbook.told(game)[-1]
    assert told.words.startswith("B● Bela takes 2 orange dice (rolled o6 o6;"), told.words
    assert text.action_words(rules.Take((Colour.GREEN, Colour.BLUE))) == (
        "takes a green die and a blue die"
    )
    assert text.action_words(rules.Take((Colour.ORANGE, Colour.PURPLE, Colour.ORANGE))) == (
        "takes 2 orange dice and a purple die"
    )


def _parsed(entry: saves.LogEntry) -> rules.Action:
    return rules.parse_action(entry.action)
