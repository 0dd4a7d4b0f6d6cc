"""The game in words a screen reader can say: no symbol, no box drawing, no glyph.

Headless (no Textual); `rajas play --plain` speaks through it. `spoken` turns the lines the app
shows (the chooser's options, the preview, the log) into words: `+3$ −1☯` becomes `+3 money,
-1 karma`, a player's mark becomes their name, a road glyph the ways its roads run. What is left
that is neither ASCII nor a letter is said by its Unicode name, so no glyph ever reaches the line
as itself. The summaries of players, the board and the display are written in words here.
Everything is told from one seat's view (`rules.seat_view`): nothing hidden from it is said.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence

import rules
from rajas_tui.present import text
from rules import (
    BUILDINGS,
    COLOURS,
    FREE,
    Colour,
    Die,
    GameState,
    PaidDie,
    Player,
    TileSpec,
    counted,
)

SIDE_NAMES = ("north", "east", "south", "west")  # road-end bits 1, 2, 4, 8


def joined(items: Sequence[str], last: str = "and") -> str:
    """ "a, b and c"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def roads_words(ends: int) -> str:
    """The ways a tile's roads run: "roads north and south", "a road east"."""
    ways = [name for bit, name in enumerate(SIDE_NAMES) if ends >> bit & 1]
    if len(ways) == 1:
        return f"a road {ways[0]}"
    return f"roads {joined(ways)}" if ways else "no roads"


_ROAD_GLYPH_ENDS = {glyph: ends for ends, glyph in text.ROAD_GLYPHS.items()}


def die_words(die: Die) -> str:
    """A die by its colour and face: "orange 5"."""
    return f"{text.COLOUR_NAMES[die.colour]} {die.value}"


def dice_words(dice: Iterable[Die]) -> str:
    said = [die_words(d) for d in dice]
    return joined(said) if said else "no dice"


def colours_words(colours: Iterable[Colour]) -> str:
    """Dice by colour and count: "2 orange dice and 1 purple die"."""
    found = list(colours)
    return joined(
        [counted(found.count(c), f"{text.COLOUR_NAMES[c]} die") for c in dict.fromkeys(found)]
    )


def paid_words(paid: PaidDie) -> str:
    """A die given up: "orange 3", or "orange 3 turned to 4 with karma"."""
    if paid.flipped:
        return f"{die_words(paid.die)} turned to {paid.value} with karma"
    return die_words(paid.die)


def payment_words(pay: PaidDie | Iterable[PaidDie]) -> str:
    dice = [pay] if isinstance(pay, PaidDie) else list(pay)
    return f"pay {joined([paid_words(p) for p in dice])}"


def tile_words(tile: TileSpec) -> str:
    """A tile in words: "orange 4 tile (snake): silk market 1 money; roads north and east"."""
    what = spoken(text.tile_words(tile)) or "roads only"
    colour = text.COLOUR_NAMES[tile.colour]
    return f"{colour} {tile.value} tile ({tile.animal}): {what}; {roads_words(tile.ends)}"


# Symbols after a number, and the word that says them, singular and plural; a word the
# template already puts after the symbol ("+1☯ karma") is said once.
_COUNTED = (
    ("$", "money", "money"),
    ("★", "fame", "fame"),
    ("☯", "karma", "karma"),
    ("⇡", "upgrade", "upgrades"),
    ("☺", "worker", "workers"),
)
_DIE_COLOURS = {c.letter: text.COLOUR_NAMES[c] for c in COLOURS}
_SIGN = r"([+\-−]?)"


def _counted(symbol: str, one: str, many: str) -> tuple[re.Pattern[str], Callable[..., str]]:
    words = "|".join(dict.fromkeys((one, many)))
    pattern = re.compile(_SIGN + r"(\d+)" + re.escape(symbol) + rf"(?: (?:{words})\b)?")

    def say(match: re.Match[str]) -> str:
        n = int(match.group(2))
        return f"{match.group(1)}{n} {one if n == 1 else many}"

    return pattern, say


def _dice(match: re.Match[str]) -> str:
    n = int(match.group(2))
    return f"{match.group(1)}{n} {_DIE_COLOURS[match.group(3)]} {'die' if n == 1 else 'dice'}"


def _turned(match: re.Match[str]) -> str:
    turns = int(match.group(1))
    return "not turned" if turns == 0 else f"turned {counted(turns, 'quarter turn')} clockwise"


# Dice as the app names them after a verb that pays, gives or rolls them: "o3 g2!→4".
_DIE = r"[ogbp][1-6](?:!→\d)?"
_DICE = rf"{_DIE}(?: {_DIE})*\b"


def _dice_named(match: re.Match[str]) -> str:
    said = []
    for token in match.group(2).split():
        die = f"{_DIE_COLOURS[token[0]]} {token[1]}"
        said.append(f"{die} turned to {token[-1]} with karma" if "!" in token else die)
    return f"{match.group(1)} {joined(said)}"


def _tile_named(match: re.Match[str]) -> str:
    """A tile bought or built by its label, whose value runs to 12: "buys orange 7 (".
    The dice's rule below would leave a value past 6 as the label."""
    return f"{match.group(1)} {_DIE_COLOURS[match.group(2)]} {match.group(3)} ("


def _boat_steps(match: re.Match[str]) -> str:
    return f"boat {counted(int(match.group(1)), 'space')} on, to river space {match.group(2)}"


def _ruled(match: re.Match[str]) -> str:
    said = match.group(1)
    return f"{said[:1].upper()}{said[1:]}."


_UNITS = "money|fame|karma|die|dice|upgrades?|workers?"
_RULES: list[tuple[re.Pattern[str], str | Callable[..., str]]] = [
    (re.compile(r"^\s*[—-]{1,2} (.+?) [—-]{1,2}\s*$"), _ruled),  # the log's separators
    (re.compile(r"turned (\d)×90°"), _turned),
    (re.compile(r"\b(buys|with) ([ogbp])(1[0-2]|[1-9]) \("), _tile_named),  # "o7 (temple)"
    (re.compile(rf"\b(pays|pay|gives|rolled|re-rolls|returns|buys|shows) ({_DICE})"), _dice_named),
    (re.compile(r"([ogbp][1-6])!→(\d)"), r"\1 turned to \2 with karma"),
    (re.compile(r"» ?boat (\d+)→(\d+)"), r"boat from river space \1 to \2"),
    (re.compile(r"»(\d+) → space (\d+)"), _boat_steps),
    (re.compile(_SIGN + r"(\d+)⚀([ogbp])"), _dice),
    (re.compile(r"(\d+)⚀ "), r"\1 "),  # "+2⚀ orange dice": the words follow
    *(_counted(*symbol) for symbol in _COUNTED),
    (re.compile(r"» ?"), ""),
    (re.compile(r"−"), "-"),
    (re.compile(r"(\d) ?[–—] ?(\d)"), r"\1 to \2"),
    (re.compile(r"boat moves (\d+) to (\d+)\b"), r"the boat moves \1 to \2 spaces"),
    (re.compile(r"(?<!the )boat moves 1\b(?! to)"), "the boat moves 1 space"),
    (re.compile(r" ?→ ?"), " to "),
    (re.compile(r" ?[—–] ?"), ", "),
    (re.compile(r"…"), "..."),
    # The parts of a change, said apart: "+3 money, -1 karma, boat from river space 2 to 4".
    (re.compile(rf"\b({_UNITS}) (?=[+-]\d|boat from|start player)"), r"\1, "),
    (re.compile(r"([^,;:\s]) then "), r"\1, then "),
    (re.compile(r"total (\d+)/(\d+)"), r"total \1, \2 needed"),
]
_WORDS = {"★": "fame", "☯": "karma", "⚀": "die", "⇡": "upgrade", "☺": "worker"}


def _glyph(char: str) -> str:
    """A character that is neither ASCII nor a letter or number, as words."""
    if char in _WORDS:
        return _WORDS[char]
    if char in _ROAD_GLYPH_ENDS:
        return f"({roads_words(_ROAD_GLYPH_ENDS[char])})"
    if unicodedata.category(char) in ("Zs",):
        return " "
    name = unicodedata.name(char, "")
    return f"({name.lower()})" if name and unicodedata.category(char) != "Co" else ""


def _sayable(char: str) -> bool:
    return char.isascii() or unicodedata.category(char)[0] in "LNM"


def spoken(line: str, names: Sequence[str] = ()) -> str:
    """One line of the app's words said without symbols; `names` are the seats' names, which
    their marks (`A▲`) become."""
    for seat, name in enumerate(names):
        tag = f"{text.PLAYER_LETTERS[seat]}{text.PLAYER_GLYPHS_UNICODE[seat]}"
        line = line.replace(f"{tag} {name}", name).replace(tag, name)
    for pattern, replacement in _RULES:
        line = pattern.sub(replacement, line)
    if not all(map(_sayable, line)):
        line = "".join(c if _sayable(c) else _glyph(c) for c in line)
    return re.sub(r"  +", " ", line).strip()


# The game in words -------------------------------------------------------------------------


def _player_kind(kinds: Sequence[str], seat: int) -> str:
    kind = kinds[seat]
    return "" if kind == "human" else f" ({kind} bot)"


def player_words(
    state: GameState, seat: int, names: Sequence[str], kinds: Sequence[str], full: bool = False
) -> str:
    """One seat's figures in a sentence; `full` adds the dice, the buildings and the tiles."""
    player = state.players[seat]
    name = f"{names[seat]}{_player_kind(kinds, seat)}"
    parts = [
        f"{player.fame} fame",
        f"{player.money} money",
        f"{player.karma} karma",
        f"{counted(player.workers_left, 'worker')} of {player.workers} left",
        f"boat on river space {state.river.boats[seat]}",
    ]
    said = f"{name}: {', '.join(parts)}."
    dice = f"Dice: {dice_words(player.dice)}." if player.dice else "No dice."
    if full or seat == state.turn:
        said += f" {dice}"
    else:
        said += f" {counted(len(player.dice), 'die')}."
    if full:
        said += f" Buildings: {_levels(player)}."
        tiles = sum(1 for _ in player.province.placed())
        said += f" {counted(tiles, 'tile')} in the province."
    return said


def _levels(player: Player) -> str:
    return joined(
        [f"{b.name.lower()} {level}" for b, level in zip(BUILDINGS, player.levels, strict=True)]
    )


def state_words(
    state: GameState, names: Sequence[str], kinds: Sequence[str], *, starts: bool = False
) -> list[str]:
    """The short summary before a choice: the round (`starts`: its first turn, and who starts
    it), then each seat's figures, the seat to act first and its dice."""
    last = ", the last turns" if state.end_trigger >= 0 else ""
    who = f", {names[state.start_player]} starts" if starts else ""
    lines = [f"Round {state.round}{who}{last}."]
    order = [state.turn, *(s for s in range(len(state.players)) if s != state.turn)]
    lines += [player_words(state, seat, names, kinds) for seat in order]
    return lines


def province_words(player: Player) -> list[str]:
    """Each tile of a province by its cell, in words; the residence first."""
    spec = rules.catalog().province
    lines = [f"residence on {rules.cell_name(spec.residence)}"]
    for cell, placed in player.province.placed():
        tile = rules.catalog().tiles[placed.tile]
        roads = roads_words(rules.ends_at(player.province, cell))
        words = spoken(text.tile_words(tile)) or "roads only"
        rebuilt = ", rebuilt" if placed.rebuilt else ""
        lines.append(
            f"{rules.cell_name(cell)}: {text.COLOUR_NAMES[tile.colour]} {tile.value}, "
            f"{words}; {roads}{rebuilt}"
        )
    return lines


def display_words(state: GameState) -> list[str]:
    """The display's stacks, each by its top tile."""
    lines = []
    for stack, tiles in enumerate(state.supply.stacks):
        top = tiles[-1] if tiles else None
        said = "empty" if top is None else tile_words(rules.catalog().tiles[top])
        lines.append(f"{rules.stack_name(stack)}: {said}")
    return lines


def spaces_words(state: GameState, names: Sequence[str]) -> str:
    """Who holds which action space this round."""
    taken = [
        f"{spec.key} by {names[holder]}"
        for spec in rules.board_side(state).spaces
        if (holder := state.spaces[spec.index]) != FREE and 0 <= holder < len(names)
    ]
    return f"Spaces taken this round: {joined(taken)}." if taken else "No space is taken yet."


def board_words(state: GameState, names: Sequence[str], kinds: Sequence[str]) -> list[str]:
    """The whole board in words, as `state` (one seat's view) shows it: the round, the spaces
    taken, every seat's figures and province, the river and the display."""
    last = ", the last turns" if state.end_trigger >= 0 else ""
    lines = [
        f"Round {state.round}{last}; {names[state.start_player]} started it.",
        spaces_words(state, names),
        f"The river's last space is {len(rules.ruleset(state).river) - 1}.",
    ]
    for seat in range(len(state.players)):
        lines.append(player_words(state, seat, names, kinds, full=True))
        lines.append(f"{names[seat]}'s province: " + "; ".join(province_words(state.players[seat])))
    lines.append("The display: " + "; ".join(display_words(state)) + ".")
    return lines
