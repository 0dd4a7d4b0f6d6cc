"""The game's log as a reader follows it: every move in words with what it gained and paid, a
separator where each round begins saying who starts it, where the markers met and how the game
ended, and which moves came since a seat last acted.

Headless (no Textual). The states around each move are not in the save's log, so the log is
replayed; the replay, and each glyph set's lines, are kept and only extended while the game
grows by appended moves (one per action), so a redraw does not tell the whole game again.
The log is shown to every seat, so it tells nothing that any of them may not see: a move's
gains are read from what every seat sees (`present.changes`), its revealed words are the save's,
written for every reader.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import rules
import saves
from rajas_tui.present import changes, text

# A move; a separator where a round begins (its seat starts it); a separator where the end
# came near or came (its seat: whose markers met, who won).
MOVE, ROUND, END = "move", "round", "end"


@attrs.frozen
class Told:
    """One line of the log. For a line with little room, a move has shorter forms: `brief`
    leaves out what it revealed (the words begin with it), `gist` also what the words say
    after the action's first part: "B● Bela market s5: +2$ −1☯"."""

    words: str
    kind: str
    seat: int
    brief: str = ""
    gist: str = ""


@attrs.define
class _Replay:
    start: rules.GameState | None = None
    entries: list[saves.LogEntry] = attrs.Factory(list)
    states: list[rules.GameState] = attrs.Factory(list)  # before each entry, then after the last
    # Each entry's lines, by glyph set and seat names (the words hold both).
    lines: dict[tuple[bool, tuple[str, ...]], list[tuple[Told, ...]]] = attrs.Factory(dict)


_replay = _Replay()


def _replayed(game: saves.Game) -> _Replay:
    """The replay of `game`'s log, extended by the entries appended since it was last asked
    (begun again for another game, or after an undo)."""
    known = _replay
    common = min(len(known.entries), len(game.log))
    if known.start is not game.start or tuple(known.entries[:common]) != game.log[:common]:
        known.start, known.entries, known.states = game.start, [], [game.start]
        known.lines = {}
    elif len(known.entries) > len(game.log):  # undone
        del known.entries[len(game.log) :], known.states[len(game.log) + 1 :]
        for lines in known.lines.values():
            del lines[len(game.log) :]
    state = known.states[-1]
    for entry in game.log[len(known.entries) :]:
        state = rules.apply(state, rules.parse_action(entry.action))
        known.entries.append(entry)
        known.states.append(state)
    return known


def rounds_of(game: saves.Game) -> list[tuple[int, int]]:
    """The round and its start player in which each logged move was played."""
    states = _replayed(game).states[: len(game.log)]
    return [(state.round, state.start_player) for state in states]


def ruled(words: str) -> str:
    """A separator line's words between dashes, plain ASCII ones in the ASCII glyph set."""
    dash = "--" if text.G.ascii else "—"
    return f"{dash} {words} {dash}"


def round_words(names: Sequence[str], round_: int, starts: int, mogul: bool = False) -> str:
    """A round's separator; `mogul` when its start player took the Great Mogul and so starts
    out of turn."""
    why = " (Great Mogul)" if mogul else ""
    return ruled(f"round {round_}, {names[starts]} starts{why}")


# The last game told, in which glyph set (the words hold the player marks), and its lines.
_told: list[tuple[saves.Game, bool, tuple[Told, ...]]] = []


def told(game: saves.Game) -> tuple[Told, ...]:
    """Every move in words with what it gained and paid, each round's moves after a separator
    naming who starts it, and the end of the game. A redraw for a key that played nothing asks
    again for the same game: it is told once."""
    if _told and _told[0][0] is game and _told[0][1] == text.G.ascii:
        return _told[0][2]
    known = _replayed(game)
    names = tuple(seat.name for seat in game.setup.seats)
    lines = known.lines.setdefault((text.G.ascii, names), [])
    for index in range(len(lines), len(game.log)):
        lines.append(_entry_lines(names, known, index))
    whole = tuple(line for entry in lines[: len(game.log)] for line in entry)
    _told[:] = [(game, text.G.ascii, whole)]
    return whole


def _entry_lines(names: Sequence[str], known: _Replay, index: int) -> tuple[Told, ...]:
    """The lines the log's entry `index` adds: its round's separator when it begins one, its
    move, and the markers meeting or the game's end when it brought them."""
    before, after = known.states[index], known.states[index + 1]
    lines: list[Told] = []
    if index == 0 or _round(known.states[index - 1]) != _round(before):
        previous = known.states[index - 1].start_player if index else None
        mogul = previous is not None and before.start_player != (previous + 1) % len(names)
        words = round_words(names, before.round, before.start_player, mogul)
        lines.append(Told(words, ROUND, before.start_player))
    lines.append(move_told(names, known.entries[index], before, after))
    if before.end_trigger < 0 <= after.end_trigger:
        follow = "" if after.over else ": last turns follow"
        met = f"{names[after.end_trigger]}'s fame and money met{follow}"
        lines.append(Told(ruled(met), END, after.end_trigger))
    if after.over:
        winner = rules.ranking(after)[0]
        won = f"game over: {names[winner.seat]} wins (margin {winner.margin:+d})"
        lines.append(Told(ruled(won), END, winner.seat))
    return tuple(lines)


def _round(state: rules.GameState) -> tuple[int, int]:
    return state.round, state.start_player


def move_told(
    names: Sequence[str], entry: saves.LogEntry, before: rules.GameState, after: rules.GameState
) -> Told:
    """A move's line: who, what, what it gained and paid, then what it revealed."""
    who = f"{text.player_tag(entry.seat)} {names[entry.seat]}"
    action = rules.parse_action(entry.action)  # the replay has played it: it reads
    words, gains = action_words(before, action), gains_words(before, action, after)
    brief = f"{who} {words}{gains}"
    extra = f" ({entry.revealed})" if entry.revealed else ""
    gist = f"{who} {words.split(':', 1)[0]}{gains}"
    return Told(f"{brief}{extra}", MOVE, entry.seat, brief, gist)


def action_words(before: rules.GameState, action: rules.Action) -> str:
    """An action as the log tells it, from the state it was played in: the tile a quarry
    bought, the markets a market scored, what a pass means."""
    if isinstance(action, rules.Quarry):
        return text.action_words(action, _top_tile(before, action.stack))
    if isinstance(action, rules.Rebuild):
        tile = _top_tile(before, action.stack)
        what = (
            f" {text.tile_label(tile)} ({text.tile_words(tile) or 'roads only'}) from"
            if tile
            else ""
        )
        return (
            f"Master Builder: covers {rules.cell_name(action.cell)} with{what} "
            f"{rules.stack_name(action.stack)}, pays {text.payment_text(action.pay)}"
        )
    if isinstance(action, rules.Variety):
        what = text.markets_words(rules.variety_markets(before.player)) or "no market"
        return f"variety market {action.space}: scores {what}"
    if isinstance(action, rules.Single):
        return _single_words(before, action)
    if isinstance(action, rules.Outer):
        return "outer terrace"  # its gain follows, and its re-roll in the lines after it
    if isinstance(action, rules.Pass) and before.queue:
        return text.pass_words(before)
    if isinstance(action, rules.Pass):
        return "passes: no placement is legal, sits out the rest of the round"
    return text.action_words(action)


def _top_tile(state: rules.GameState, stack: int) -> rules.TileSpec | None:
    """The tile face up on a display stack: the one a quarry or the Master Builder takes."""
    tiles = state.supply.stacks[stack]
    return rules.catalog().tiles[tiles[-1]] if tiles else None


def _single_words(before: rules.GameState, action: rules.Single) -> str:
    """How many markets a single-good market scored; the die's value when it allowed more."""
    allowed = action.pay.value
    scored = len(rules.good_markets(before.player, action.good, allowed))
    markets = rules.counted(scored, f"{text.good_name(action.good)} market")
    limit = f" (of up to {allowed})" if scored < allowed else ""
    return f"market {action.space}: pays {text.paid_text(action.pay)}, scores {markets}{limit}"


# Moves whose words say all there is when nothing changed: "no gain" would add nothing true.
_SAY_ALL = (rules.Pass, rules.Reroll)


def gains_words(before: rules.GameState, action: rules.Action, after: rules.GameState) -> str:
    """What a move gained and paid, after a colon, the acting seat's first and any other
    seat's after its mark: ": +3$ −1☯ +2⚀o". A move that changed nothing says ": no gain",
    unless it leads on to a choice of the same turn, whose line tells what comes of it."""
    acting = before.turn
    seen = changes.changes(before, after, changes.paid_dice(action))
    taking = isinstance(action, rules.Take) and bool(action.colours)
    if isinstance(action, rules.Take):  # its words name the dice taken: not said again
        seen = [c for c in (_less_taken(c, action) if c.seat == acting else c for c in seen) if c]
    said = [
        " ".join(
            changes.parts(change)
            if change.seat == acting
            else [text.player_tag(change.seat), *changes.parts(change)]
        )
        for change in seen
    ]
    if said:
        return ": " + "; ".join(said)
    goes_on = bool(after.queue) and after.turn == acting
    if goes_on or taking or isinstance(action, _SAY_ALL) or action == rules.Boat(accept=False):
        return ""
    if isinstance(action, rules.TakeYield):
        return ": no gain until a road reaches the field"
    return ": no gain"


def _less_taken(change: changes.Change, action: rules.Take) -> changes.Change:
    """The acting seat's change without the dice its Take names."""
    dice = list(change.dice)
    for colour in action.colours:
        dice[colour] -= 1
    return attrs.evolve(change, dice=tuple(dice))


def gains_of(game: saves.Game, index: int) -> str:
    """What the log's entry `index` gained and paid, as its line in the log says it ("+3$ −1☯",
    "no gain"), or "" for a move whose next line tells what comes of it."""
    known = _replayed(game)
    action = rules.parse_action(game.log[index].action)
    said = gains_words(known.states[index], action, known.states[index + 1])
    return said.removeprefix(": ")


def undo_refusal(
    game: saves.Game, count: int, mine: int | None, *, where: str = "game"
) -> str | None:
    """Why the last `count` actions cannot be undone (`saves.undo_problem`), the move that
    brought chance to light told in words as the log tells it, and as "your" move when it was
    the seat `mine`'s: the refusal speaks to the player who asked. `where`: "table" at one."""
    problem = saves.undo_problem(game, count)
    index = saves.revealed_at(game, count)
    if problem is None or index is None:
        return problem
    entry = game.log[index]
    before = _replayed(game).states[index]
    words = action_words(before, rules.parse_action(entry.action)).split(":", 1)[0]
    who = "Your" if entry.seat == mine else f"{game.name(entry.seat)}'s"
    return (
        f"{who} move ({words}) brought chance to light ({entry.revealed}), and this {where} "
        f"never takes that back (a {where} started with undo free, for practice, does)."
    )


def turn_undo_refusal(game: saves.Game) -> str | None:
    """Why `saves.undo_turn` refuses `game` across chance brought to light, told to the one
    human player as their own move (None: it would not, or refuses for another reason)."""
    try:
        count = saves.turn_count(game)
    except ValueError:
        return None
    humans = [i for i, seat in enumerate(game.setup.seats) if seat.is_human]
    return undo_refusal(game, count, humans[0] if len(humans) == 1 else None)


def since_last_turn(lines: Sequence[Told], seat: int | None) -> int:
    """The index of the first line after `seat`'s last move: the moves the seat has not seen
    played (all of them when the seat has not moved yet; none for an onlooker)."""
    if seat is None:
        return len(lines)
    # The seat's own last moves run together as one turn: the new lines start after them.
    for index in range(len(lines) - 1, -1, -1):
        if lines[index].kind == MOVE and lines[index].seat == seat:
            return index + 1
    return 0
