"""How the game reads on screen: players, dice, gains and actions in short glyphs and in words.

Headless (no Textual): the chooser, the log and the tests use it too. Colour is never the only
signal: a player has a letter and a glyph, a die its colour's initial, a gain its symbol.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import rules
from rules import (
    BUILDINGS,
    GOODS,
    Action,
    Balcony,
    Boat,
    Chamber,
    Colour,
    Die,
    Effect,
    Good,
    Harbor,
    Outer,
    PaidDie,
    PalaceChoice,
    Pass,
    Place,
    Quarry,
    Rebuild,
    Reroll,
    Return,
    Sail,
    Score,
    Side,
    Single,
    SpaceSpec,
    Symbol,
    Take,
    TakeYield,
    Terrace,
    TileSpec,
    Upgrade,
    Variety,
    a_die,
    cell_name,
    counted,
    render,
    stack_name,
)

PLAYER_LETTERS = "ABCD"
PLAYER_GLYPHS_UNICODE = "▲●◆■"
# Apart from every ASCII gain and track symbol: "C*" beside "4*" fame read as two fames.
PLAYER_GLYPHS_ASCII = "@o%&"
# Player colours are cosmetic and chosen apart from the dice colours.
PLAYER_COLOURS = ("#e05c5c", "#4aa3df", "#e0c040", "#c070d0")
DICE_COLOURS = {
    Colour.ORANGE: "#ff8c1a",
    Colour.GREEN: "#3cb043",
    Colour.BLUE: "#3a7bd5",
    Colour.PURPLE: "#a050c8",
}
COLOUR_NAMES = {c: c.name.lower() for c in Colour}
BUILDING_LETTERS = "TPFM"  # temple, palace, fort, mill
GOOD_LETTERS = "stx"  # silk, tea, spices
AREA_NAMES = {
    "quarry": "quarry",
    "harbor": "harbor",
    "variety": "variety market",
    "single": "single-good market",
    "terrace": "palace terrace",
    "balcony": "palace balcony",
    "chamber": "palace chamber",
    "outer": "outer terrace",
}

# Symbols of the screens alone; the gains' symbols come with their words from the engine.
UI_SYMBOLS = {
    "minus": Symbol(glyph="−", ascii="-", word="less"),
    # The track bars (present/tracks.py): the way a marker has come, the cells still between
    # the two markers, the cells they have passed each other by, and the two on one cell.
    "track": Symbol(glyph="─", ascii="-", word="track"),
    "gap": Symbol(glyph="·", ascii=".", word="to go"),
    "overlap": Symbol(glyph="▒", ascii="#", word="passed"),
    "meet": Symbol(glyph="╳", ascii="X", word="met"),
    # The river strip: the final space, more boats than a cell shows, the bridge.
    "final": Symbol(glyph="◎", ascii="!", word="final space"),
    "boats": Symbol(glyph="⛀", ascii=">", word="boats"),
    "bridge": Symbol(glyph="║", ascii="|", word="bridge"),
    "bridge_line": Symbol(glyph="═", ascii="-", word="bridge"),
    # The chooser: an option refused, a placement that fits, the one under the cursor.
    "refused": Symbol(glyph="✗", ascii="x", word="not possible"),
    "fits": Symbol(glyph="✓", ascii="ok", word="fits"),
    "cursor": Symbol(glyph="▶", ascii=">", word="chosen"),
    # A list longer than its pane: how many options are out of sight above and below.
    "above": Symbol(glyph="↑", ascii="^", word="more above"),
    "below": Symbol(glyph="↓", ascii="v", word="more below"),
    # A tile's turn: "1×90°"; in ASCII "1x90".
    "times": Symbol(glyph="×", ascii="x", word="times"),
    "degrees": Symbol(glyph="°", ascii="", word="degrees"),
    # Between the gains of a tile or a space that gives several: "»1+2$", never "»12$".
    "and": Symbol(glyph="+", ascii="+", word="and"),
    # A province cell without a tile; a space covered by a Ganga or Navaratnas rule; the seat
    # to play in the Kali pane.
    "no_tile": Symbol(glyph="·", ascii=".", word="no tile"),
    "covered": Symbol(glyph="▒", ascii="#", word="covered"),
    "to_play": Symbol(glyph="◀", ascii="<", word="to play"),
    # A worker on the board this round, beside those still to place (☺☺○).
    "placed": Symbol(glyph="○", ascii="_", word="placed"),
}


# Each glyph set's table, with the data's symbols it was made from.
_TABLES: dict[bool, tuple[Mapping[str, Symbol], dict[str, str]]] = {}


class Glyphs:
    """A symbol set: Unicode by default, plain ASCII for terminals without it. Each app owns
    one (two apps in one process keep their own); `G` is the set in use where it is asked."""

    def __init__(self, ascii_only: bool = False) -> None:
        self._ascii = ascii_only

    @property
    def ascii(self) -> bool:
        return self._ascii

    def use_ascii(self, ascii_only: bool) -> None:
        self._ascii = ascii_only

    @property
    def table(self) -> dict[str, str]:
        """Every symbol's name and what it shows in the set in use (not to be changed: it is
        made once per set and shared, as every gain drawn asks for it)."""
        ascii_only = self.ascii
        symbols = rules.catalog().symbols
        made = _TABLES.get(ascii_only)
        if made is None or made[0] is not symbols:
            merged = {**symbols, **UI_SYMBOLS}
            shown = {n: s.ascii if ascii_only else s.glyph for n, s in merged.items()}
            made = _TABLES[ascii_only] = (symbols, shown)
        return made[1]

    def _shown(self, symbol: Symbol) -> str:
        return symbol.ascii if self.ascii else symbol.glyph

    def shown(self, symbol: Symbol) -> str:
        """A symbol as this set shows it."""
        return self._shown(symbol)

    def __getitem__(self, name: str) -> str:
        return self.table[name]


GlyphSource = Callable[[], "Glyphs | None"]


def _no_owner() -> Glyphs | None:
    return None


class _InUse(Glyphs):
    """The set of whoever draws now: the running app's (found by the source the app layer
    gives), else the process's default, which headless code (the CLI) and tests use."""

    def __init__(self) -> None:
        super().__init__()
        self.source: GlyphSource = _no_owner

    @property
    def ascii(self) -> bool:
        owner = self.source()
        return self._ascii if owner is None else owner.ascii


G = _InUse()


def follow(source: GlyphSource) -> None:
    """Lets an outer layer say whose glyph set is in use while it draws (the app running)."""
    G.source = source


def player_tag(seat: int) -> str:
    glyphs = PLAYER_GLYPHS_ASCII if G.ascii else PLAYER_GLYPHS_UNICODE
    return f"{PLAYER_LETTERS[seat]}{glyphs[seat]}"


def board_side_words(players: int) -> str:
    """The main board's side a game of `players` plays on, as players name it: "2-player",
    "3/4-player" (by the counts the data gives the side; its key is no word of theirs)."""
    counts = rules.catalog().side_for(players).players
    return "/".join(str(count) for count in counts) + "-player"


def covered_words(players: int) -> str:
    """The spaces a game of `players` covers, from the data: "q4 and h4 covered", or "" when it
    covers none."""
    keys = rules.catalog().side_for(players).covered.get(players, ())
    if not keys:
        return ""
    named = keys[0] if len(keys) == 1 else f"{', '.join(keys[:-1])} and {keys[-1]}"
    return f"{named} covered"


def turned(rotation: int) -> str:
    """A tile's rotation: "turned 1×90°"."""
    return f"turned {rotation}{G['times']}90{G['degrees']}"


def die_text(die: Die) -> str:
    return f"{die.colour.letter}{die.value}"


def paid_text(paid: PaidDie) -> str:
    if paid.flipped:
        return f"{paid.die}!→{paid.value}"
    return str(paid.die)


def payment_text(pay: Iterable[PaidDie]) -> str:
    return " ".join(paid_text(p) for p in pay)


def building_name(index: int) -> str:
    return BUILDINGS[index].name.lower()


def good_name(index: int) -> str:
    return GOODS[index].name.lower()


# Gains ---------------------------------------------------------------------------------------


def gain_short(effect: Effect) -> str:
    """A gain in at most three cells (on the river strip, `gains_strip` fits it in two)."""
    return render(rules.catalog().gains[effect.kind].glyph, effect, G.table)


def gain_words(effect: Effect) -> str:
    """A gain in a few words with its symbol."""
    return render(rules.catalog().gains[effect.kind].words, effect, G.table)


def gains_words(gains: Iterable[Effect]) -> str:
    return ", ".join(gain_words(g) for g in gains) or "nothing"


def worth_now(state: rules.GameState, seat: int, gain: Effect) -> str:
    """What a gain counted from the seat's holdings brings now, in words after the gain's:
    " (nothing now)" for "1 die per ☯" with no karma, " (3★ now)"; "" for a fixed gain."""
    amount = rules.gain_amount(state, seat, gain)
    if amount is None:
        return ""
    if amount == 0:
        return " (nothing now)"
    if gain.kind == "dice_per_karma":
        return f" ({counted(amount, 'die')} now)"
    return f" ({amount}{G['fame' if gain.kind.startswith('fame') else 'money']} now)"


def gains_now(state: rules.GameState, seat: int, gains: Iterable[Effect]) -> str:
    """Gains in words, each counted one with what it brings the seat now."""
    return ", ".join(gain_words(g) + worth_now(state, seat, g) for g in gains) or "nothing"


def gains_short(gains: Iterable[Effect]) -> str:
    """Several gains in their short glyphs, each apart from the next: "»1+2$"."""
    return G["and"].join(gain_short(g) for g in gains)


# A river space's gain on the strip: two cells (each glyph of the sets takes one), then the
# blank before the next space's.
STRIP_CELLS = 2


def gains_strip(gains: Iterable[Effect]) -> str:
    """Gains on a river space in the strip's two cells: "⚀~" where the glyph says "3⚀~"."""
    kinds = rules.catalog().gains
    return G["and"].join(render(kinds[g.kind].strip_glyph, g, G.table) for g in gains)


def river_short(space: int) -> str:
    """The base river's gain at `space`; `river_short_in` tells a game's river with Ganga."""
    return river_short_in(rules.catalog().river.gains, space)


def river_short_in(river: tuple[tuple[Effect, ...], ...], space: int) -> str:
    """A river space's gain in two cells, from a game's river (`rules.ruleset`)."""
    return gains_strip(river[space])


# Tiles and spaces ----------------------------------------------------------------------------


def tile_summary(tile: TileSpec) -> str:
    """Buildings in capitals, then market goods in small letters: `MTt`."""
    return "".join(BUILDING_LETTERS[b] for b in tile.buildings) + "".join(
        GOOD_LETTERS[g] for g, _ in tile.markets
    )


def tile_words(tile: TileSpec) -> str:
    parts = [building_name(b) for b in tile.buildings]
    parts += [f"{good_name(g)} market {m}{G['money']}" for g, m in tile.markets]
    return ", ".join(parts)


def markets_words(scored: Iterable[tuple[Good, int]]) -> str:
    """The player's own markets a scoring counts, by good: "silk 3$, tea 2$ 1$"."""
    by_good: dict[Good, list[int]] = {}
    for good, money in scored:
        by_good.setdefault(good, []).append(money)
    return ", ".join(
        f"{good_name(good)} " + " ".join(f"{m}{G['money']}" for m in values)
        for good, values in by_good.items()
    )


def your_markets(scored: Iterable[tuple[Good, int]]) -> str:
    """The player's markets a scoring counts, as the object of "scores": "your silk 3$, tea 2$",
    or "none of your markets" when the province has none to count."""
    named = markets_words(scored)
    return f"your {named}" if named else "none of your markets"


def tile_label(tile: TileSpec) -> str:
    return f"{tile.colour.letter}{tile.value}"


ROAD_GLYPHS = {
    # road-end bit masks N=1 E=2 S=4 W=8
    1: "╵",
    2: "╶",
    4: "╷",
    8: "╴",
    5: "│",
    10: "─",
    3: "└",
    6: "┌",
    12: "┐",
    9: "┘",
    14: "┬",
    13: "┤",
    11: "┴",
    7: "├",
    15: "┼",
}
# One glyph a shape and way, as in Unicode. The board draws the arms west and east and the
# stroke south beside the glyph, so the glyph says the rest, north above all: a corner is the
# line across its bend, a tee points to its branch, a dead end marks the side its road goes
# (' up, , down, ( and ) open to the east and the west).
ROAD_ASCII = {
    1: "'",
    4: ",",
    2: "(",
    8: ")",
    5: "|",
    10: "-",
    3: "\\",
    12: "\\",
    6: "/",
    9: "/",
    14: "v",
    11: "^",
    7: ">",
    13: "<",
    15: "+",
}
# The shapes as help names them, each with its ways (for a dead end: north, south, east, west).
ROAD_SHAPES = (
    ("straights", (5, 10)),
    ("corners", (3, 6, 12, 9)),
    ("tees", (14, 11, 7, 13)),
    ("dead ends", (1, 4, 2, 8)),
    ("a crossing", (15,)),
)
ROAD_ASCII_HINTS = {
    "corners": " (the line across the bend)",
    "tees": " (pointing to the branch)",
    "dead ends": " (north, south, east, west)",
}


def road_glyph(ends: int) -> str:
    return (ROAD_ASCII if G.ascii else ROAD_GLYPHS).get(ends, G["no_tile"])


def road_key() -> str:
    """Every road glyph of the set in use, by shape, with what the ASCII ones picture."""
    parts = []
    for shape, masks in ROAD_SHAPES:
        glyphs = " ".join(dict.fromkeys(road_glyph(ends) for ends in masks))
        parts.append(f"{glyphs} {shape}{ROAD_ASCII_HINTS.get(shape, '') if G.ascii else ''}")
    return ", ".join(parts)


def space_cost(spec: SpaceSpec) -> str:
    """What a space asks besides the worker."""
    if spec.area in ("quarry", "harbor"):
        return f"{spec.money}{G['money']}"
    if spec.area == "single":
        return f"{spec.colour.letter if spec.colour is not None else ''}{G['die']}"
    if spec.area == "terrace":
        return f"+{spec.colour.letter if spec.colour is not None else ''}"
    if spec.area == "balcony":
        give = spec.colour.letter if spec.colour is not None else ""
        take = spec.take.letter if spec.take is not None else ""
        return f"{give}→{spec.n}{take}"
    if spec.area == "chamber":
        return f"{G['die']}{spec.value}"
    return ""


def space_words(spec: SpaceSpec, chamber_gain: tuple[Effect, ...] | None = None) -> str:
    """A space in words; `chamber_gain` is a chamber's gain on the acting seat's board when it
    differs from the base board's (the Navaratnas Dancer)."""
    data = rules.catalog()
    if spec.area == "quarry":
        return f"quarry: pay {spec.money}{G['money']}, buy a display tile with dice of its colour"
    if spec.area == "harbor":
        top = data.harbor_max_die
        return f"harbor: pay {spec.money}{G['money']}, a die 1–{top} moves your boat 1–{top} spaces"
    if spec.area == "variety":
        return "variety market: score your best market of each good"
    if spec.area == "single":
        return f"single market: {a_die(spec.colour)} scores that many markets of one good"
    if spec.area == "terrace":
        colour = COLOUR_NAMES[spec.colour] if spec.colour is not None else ""
        return f"terrace: take 1 {colour} die"
    if spec.area == "balcony":
        give = COLOUR_NAMES[spec.colour] if spec.colour is not None else ""
        take = COLOUR_NAMES[spec.take] if spec.take is not None else ""
        return f"balcony: give 1 {give} die, take {counted(spec.n, f'{take} die')}"
    if spec.area == "chamber":
        chamber = data.chambers[spec.value]
        gain = chamber.gain if chamber_gain is None else chamber_gain
        # The Master Builder's gain names itself ("Master Builder: replace a tile") for where
        # it stands alone (a river space's chamber action); here the chamber is named already.
        words = gains_words(gain).removeprefix(f"{chamber.name}: ")
        return f"chamber {spec.value} {chamber.name}: {words}"
    if spec.area == "outer":
        return f"outer terrace: {gains_words(data.outer_gain)}"
    return spec.area


# A pass that answers a yield-tile choice (Navaratnas: taking one is optional, §12).
YIELD_DECLINED = "takes no yield tile: the tiles stay for later"


def pass_words(state: rules.GameState) -> str:
    """A pass told in words: it declines the yield tile when a choice waits, else it sits out
    the round (no placement is legal)."""
    return YIELD_DECLINED if state.queue else action_words(Pass())


def dice_taken_words(colours: Iterable[Colour]) -> str:
    """Dice by colour, each colour once: "2 orange dice", "a green die and a blue die"."""
    taken = list(colours)
    groups = []
    for colour in Colour:
        count = taken.count(colour)
        name = COLOUR_NAMES[colour]
        if count == 1:
            groups.append(f"{'an' if name[0] in 'aeiou' else 'a'} {name} die")
        elif count:
            groups.append(f"{count} {name} dice")
    return groups[0] if len(groups) == 1 else ", ".join(groups[:-1]) + " and " + groups[-1]


def action_words(action: Action, state_tile: TileSpec | None = None) -> str:
    """One action told in words, for the log and the confirm line."""
    if isinstance(action, Quarry):
        tile = state_tile
        what = f" {tile_label(tile)} ({tile_words(tile) or 'roads only'})" if tile else ""
        return (
            f"quarry {action.space}: buys{what} from {stack_name(action.stack)}, "
            f"pays {payment_text(action.pay)}"
        )
    if isinstance(action, Harbor):
        return (
            f"harbor {action.space}: pays {paid_text(action.pay)}, "
            f"boat {counted(action.steps, 'space')}"
        )
    if isinstance(action, Variety):
        return f"variety market {action.space}"
    if isinstance(action, Single):
        return (
            f"market {action.space}: pays {paid_text(action.pay)}, "
            f"scores {counted(action.pay.value, good_name(action.good) + ' market')}"
        )
    if isinstance(action, Terrace):
        return f"terrace {action.space}"
    if isinstance(action, Balcony):
        return f"balcony {action.space}: gives {paid_text(action.pay)}"
    if isinstance(action, Outer):
        return f"outer terrace: {gains_words(rules.catalog().outer_gain)}"
    if isinstance(action, Chamber):
        name = rules.catalog().chambers[action.pay.value].name
        return f"chamber {action.space} {name}: pays {paid_text(action.pay)}"
    if isinstance(action, Pass):
        return "passes: no placement is legal"
    if isinstance(action, Place):
        return f"builds on {cell_name(action.cell)}, {turned(action.rotation)}"
    if isinstance(action, Take):
        if not action.colours:
            return "takes no dice"
        return "takes " + dice_taken_words(action.colours)
    if isinstance(action, Return):
        return f"returns {action.die} to make room"
    if isinstance(action, Upgrade):
        return f"upgrades {action.building.name.lower()}"
    if isinstance(action, Boat):
        return "moves the boat on" if action.accept else "declines the boat move"
    if isinstance(action, PalaceChoice):
        return f"takes the {rules.catalog().chambers[action.value].name} action"
    if isinstance(action, Rebuild):
        return (
            f"Master Builder: covers {cell_name(action.cell)} with {stack_name(action.stack)}, "
            f"pays {payment_text(action.pay)}"
        )
    if isinstance(action, Score):
        return f"scores {action.good.name.lower()}"
    if isinstance(action, Reroll):
        return f"re-rolls {action.die}" if action.die is not None else "rolls the chosen dice"
    if isinstance(action, TakeYield):
        return f"takes {yield_tile_name(action.tile)} onto the field {field_place(action)}"
    if isinstance(action, Sail):
        return f"sails the boat {counted(action.steps, 'free space')} on"
    return str(action)


# Yield tiles and fields (Navaratnas) ---------------------------------------------------------

# Where a field lies from its cell: the outer side of a cell on the board's edge.
SIDE_WORDS = {Side.N: "above", Side.E: "right of", Side.S: "below", Side.W: "left of"}
BOARD_SIDES = {Side.N: "top", Side.E: "right", Side.S: "bottom", Side.W: "left"}


def field_place(field: TakeYield | rules.Field) -> str:
    """Where a field lies, by its cell: "left of a2"."""
    return f"{SIDE_WORDS[Side(field.side)]} {cell_name(field.cell)}"


def field_label(field: rules.Field) -> str:
    """A field by the side of the board it lies on and its cell: "left side, a3"."""
    return f"{BOARD_SIDES[Side(field.side)]} side, {cell_name(field.cell)}"


def yield_tile_name(name: str) -> str:
    """A yield tile as a take names it; the top face-down white tile by where it lies."""
    return "the top face-down white tile" if name == rules.STACK else name
