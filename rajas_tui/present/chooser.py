"""The guided chooser: turns commands (from keys) into exactly one legal engine action.

Headless, no Textual. It builds every action by narrowing `rules.legal_actions(state)` one
decision at a time: the space, then each part of the action (tile, dice, steps, good, ...), and for
a choice the engine waits for, each part of the answer. So every legal action is reachable by
construction, and nothing illegal can be built. The app feeds it commands; the keyboard
completeness test feeds it the same commands.

Commands: an area name (`quarry` `harbor` `variety` `single` `terrace` `balcony` `chamber` `outer`),
`pass`, `up` `down` `left` `right`, `rotate`, `confirm`, `back`, and the digits `1`..`9`, `0`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

import rules
from rajas_tui.present import changes, text
from rajas_tui.present.changes import paid_dice
from rajas_tui.present.text import G
from rules import (
    BUILDINGS,
    FREE,
    ROWS,
    Balcony,
    Boat,
    Chamber,
    GameState,
    Good,
    Harbor,
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
    Take,
    TakeYield,
    Upgrade,
    Variety,
    board_side,
    cell_name,
    destination,
    good_markets,
    good_score,
    placement_problem,
    rotated,
    variety_markets,
)
from rules import choice_prompt as engine_prompt_of
from rules import prompt as engine_prompt

AREAS = ("quarry", "harbor", "variety", "single", "terrace", "balcony", "chamber", "outer")
AREA_LETTER = {
    "quarry": "q",
    "harbor": "h",
    "variety": "v",
    "single": "s",
    "terrace": "t",
    "balcony": "b",
    "chamber": "c",
    "outer": "o",
}
DIGITS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0")
MOVES = ("up", "down", "left", "right")
COMMANDS = (*AREAS, "pass", *MOVES, "rotate", "confirm", "back", *DIGITS)
COLUMNS = 5
ROWS_OF_CELLS = 4


@attrs.define
class Option:
    """One line of a step: what it is, what it costs or gives, and the actions it leads to."""

    label: str
    detail: str = ""
    actions: list[Any] = attrs.Factory(list)
    reason: str = ""  # why it cannot be chosen (empty when it can)
    key: str = ""  # a space key (q1) for the spaces list
    value: Any = None

    @property
    def enabled(self) -> bool:
        return bool(self.actions)


@attrs.define
class Step:
    """A decision: a list to pick from, the province grid, or the final confirmation."""

    kind: str  # "spaces" | "list" | "grid" | "confirm"
    title: str
    options: list[Option] = attrs.Factory(list)
    cursor: int = 0
    actions: list[Any] = attrs.Factory(list)  # grid and confirm: the candidates
    tile: int = -1
    cell: int = 0
    rotation: int = 0
    fixed_cell: int = -1
    preview: str = ""
    facet: int = -1  # a list step: which facet of the action it decides


# What a step expects, for a command it cannot use.
_HINTS = {
    "spaces": "Numbers choose from a list: choose a space first (q h v s t b c o).",
    "grid": "Arrows move the tile, r turns it, Enter places it.",
    "confirm": "Enter confirms this action, Escape steps back.",
    "list": "Choose with a number, or the arrows and Enter.",
}


def _none_open(area: str, options: list[Option]) -> str:
    """One sentence for an area none of whose spaces can be taken now."""
    reasons = dict.fromkeys(o.reason.rstrip(".") for o in options)
    if len(reasons) == 1:
        return (
            f"No {area} space can be taken now: {next(iter(reasons))[:1].lower()}"
            f"{next(iter(reasons))[1:]}."
        )
    listed = "; ".join(f"{o.key} {o.reason[:1].lower()}{o.reason[1:].rstrip('.')}" for o in options)
    return f"No {area} space can be taken now: {listed}."


def distinct_rotations(ends: int) -> list[int]:
    """The quarter turns that lay a tile's roads in different ways, each the lowest of those
    laying them alike (as `rules.canonical` spells a place action): [0] for a crossing, [0, 1]
    for a straight road, all four for a bend."""
    shapes: dict[int, int] = {}
    for turn in range(4):
        shapes.setdefault(rotated(ends, turn), turn)
    return sorted(shapes.values())


def _space_of(action: Any) -> str | None:
    return getattr(action, "space", None)


class Chooser:
    """The stack of decisions for the state the app shows now."""

    def __init__(self, state: GameState, legal: Sequence[Any] | None = None) -> None:
        self.state = state
        self.legal: list[Any] = list(rules.legal_actions(state) if legal is None else legal)
        self.prefix: str | None = None
        self.message = ""
        self.refused = False  # the last command could not act; `message` says why
        self.pointed = False  # the arrows moved the cursor over the spaces
        self.steps: list[Step] = [self._root()]

    # The view -------------------------------------------------------------------------------

    @property
    def top(self) -> Step:
        return self.steps[-1]

    @property
    def idle(self) -> bool:
        """Nothing chosen yet on a placement turn: the spaces list is the only step."""
        return len(self.steps) == 1 and self.top.kind == "spaces" and self.prefix is None

    @property
    def pointing(self) -> bool:
        """Whether the spaces list's cursor is the player's to see: moved there by the arrows,
        an area's key, or a space chosen. Before that it points at nothing the player chose."""
        return not self.idle or self.pointed or bool(self.message)

    @property
    def wants_digits(self) -> bool:
        return self.prefix is not None or self.top.kind == "list"

    def enabled(self, command: str) -> bool:
        """Whether `command` can act now; when it cannot, `why_not` says why."""
        return not self.why_not(command)

    def why_not(self, command: str) -> str:
        """One sentence for why `command` cannot act now; empty when it can. An area or pass only
        acts on the spaces list, an area only when one of its spaces can be taken, and rotate
        only on a tile being placed; every other command acts or says why when pressed."""
        root = self.steps[0]
        if command in AREAS:
            if len(self.steps) > 1 or root.kind != "spaces":
                return "Finish or step back (Escape) first."
            options = [o for o in root.options if o.value is not None and o.value.area == command]
            if not options:
                return f"This board has no {text.AREA_NAMES[command]}."
            if not any(o.enabled for o in options):
                return _none_open(text.AREA_NAMES[command], options)
            return ""
        if command == "pass" and not any(isinstance(a, Pass) for a in self.legal):
            if root.kind == "spaces":
                return "You cannot pass while a worker of yours can be placed."
            return "There is no passing in this choice."
        if command == "rotate" and self.top.kind != "grid":
            return "Only a tile being placed can be turned."
        return ""

    def reset(self) -> None:
        self.prefix = None
        self.message = ""
        self.pointed = False
        self.steps = [self._root()]

    # Commands -------------------------------------------------------------------------------

    def press(self, command: str) -> Any | None:
        """Carries out one command; returns the finished action when one is confirmed. A command
        that cannot act leaves `refused` set and `message` saying why."""
        self.message = ""
        self.refused = False
        step = self.top
        if command == "back":
            self._back()
            return None
        if command in AREAS or command == "pass":
            self._area(command)
            return None
        if command in DIGITS:
            self._digit(command)
            return None
        if step.kind == "grid":
            return self._grid(command)
        if step.kind == "confirm":
            if command == "confirm":
                return step.actions[0]
            self._refuse(_HINTS["confirm"])
            return None
        if command == "rotate":
            self._refuse("Only a tile being placed can be turned.")
        elif not step.options:
            self._refuse(f"{step.title}: there is nothing to choose.")
        elif command in MOVES:
            self.prefix = None
            if len(step.options) == 1:
                self._refuse("There is only one choice here.")
                return None
            delta = -1 if command in ("up", "left") else 1
            step.cursor = (step.cursor + delta) % len(step.options)
            self.pointed = self.pointed or step.kind == "spaces"
        elif command == "confirm":
            self._choose(step.cursor)
        return None

    def choose(self, index: int) -> None:
        """Chooses option `index` (from 0) of the list on top, as a digit or Enter would; one
        that cannot be chosen leaves `refused` set and `message` saying why."""
        self.message = ""
        self.refused = False
        self.prefix = None
        self._choose(index)

    def _refuse(self, sentence: str) -> None:
        self.message = sentence
        self.refused = True

    def _back(self) -> None:
        if self.prefix is not None:
            self.prefix = None
        elif len(self.steps) > 1:
            self.steps.pop()
        else:
            self._refuse("Nothing to step back from.")

    def _area(self, area: str) -> None:
        if len(self.steps) > 1 or self.top.kind != "spaces":
            self._refuse("Finish or step back (Escape) first.")
            return
        root = self.top
        if area == "pass":
            for i, option in enumerate(root.options):
                if option.key == "pass":
                    self._choose(i)
                    return
            self._refuse("You cannot pass while a worker of yours can be placed.")
            return
        letter = AREA_LETTER[area]
        indexes = [
            i for i, o in enumerate(root.options) if o.value is not None and o.value.area == area
        ]
        if not indexes:
            self._refuse(f"This board has no {text.AREA_NAMES[area]}.")
            return
        if area in ROWS:
            free = [i for i in indexes if self.state.spaces[root.options[i].value.index] == FREE]
            if not free:
                self._refuse(f"The {area} is full this round.")
                root.cursor = indexes[0]
                return
            self._choose(free[0])
        elif len(indexes) == 1:
            self._choose(indexes[0])
        elif not any(root.options[i].enabled for i in indexes):
            root.cursor = indexes[0]
            self._refuse(_none_open(text.AREA_NAMES[area], [root.options[i] for i in indexes]))
        else:
            self.prefix = letter
            # On the first space that can be taken: Enter then takes it, not a refusal.
            root.cursor = next(i for i in indexes if root.options[i].enabled)
            last = f"{letter}{len(indexes)}"
            self.message = f"{text.AREA_NAMES[area]}: which space? {letter}1..{last}"

    def _digit(self, digit: str) -> None:
        number = 10 if digit == "0" else int(digit)
        if self.prefix is not None:
            key = f"{self.prefix}{number}"
            self.prefix = None
            for i, option in enumerate(self.top.options):
                if option.key == key:
                    self._choose(i)
                    return
            self._refuse(f"There is no space {key}.")
            return
        step = self.top
        if step.kind == "list":
            if number <= len(step.options):
                self._choose(number - 1)
            else:
                self._refuse(f"There is no choice {number}.")
        else:
            self._refuse(_HINTS[step.kind])

    def _choose(self, index: int) -> None:
        step = self.top
        step.cursor = index
        option = step.options[index]
        if not option.enabled:
            # Named as the list shows it: a field's first word, "bottom", named nothing.
            name = option.key or " ".join(option.label.split())
            self._refuse(f"Cannot choose {name}: {option.reason[:1].lower()}{option.reason[1:]}")
            return
        self.steps.append(self._next(option.actions, step.facet + 1))

    def _grid(self, command: str) -> Any | None:
        step = self.top
        if command in MOVES and step.fixed_cell >= 0:
            self._refuse(
                f"The tile goes on {cell_name(step.fixed_cell)}, where the covered tile stood: "
                "r turns it, Enter places it."
            )
        elif command in MOVES:
            row, column = divmod(step.cell, COLUMNS)
            if command == "up":
                row = max(0, row - 1)
            elif command == "down":
                row = min(ROWS_OF_CELLS - 1, row + 1)
            elif command == "left":
                column = max(0, column - 1)
            else:
                column = min(COLUMNS - 1, column + 1)
            if row * COLUMNS + column == step.cell:
                self._refuse(f"The province ends here: there is no cell further {command}.")
            step.cell = row * COLUMNS + column
        elif command == "rotate":
            turns = distinct_rotations(rules.catalog().tiles[step.tile].ends)
            if len(turns) == 1:
                self._refuse("Turning this tile lays its roads the same way.")
            else:
                step.rotation = turns[(turns.index(step.rotation) + 1) % len(turns)]
        elif command == "confirm":
            match = self.grid_match(step)
            if match is None:
                self._refuse(self.grid_problem(step))
            else:
                self.steps.append(self._confirm([match]))
        return None

    def grid_match(self, step: Step) -> Any | None:
        """The place action the grid shows. The step's rotation is always one of the tile's
        distinct rotations, the one the engine lists, so the confirmed action's rotation is the
        one shown."""
        for action in step.actions:
            if action.cell == step.cell and action.rotation == step.rotation:
                return action
        return None

    def grid_problem(self, step: Step) -> str:
        ends = rotated(rules.catalog().tiles[step.tile].ends, step.rotation)
        province = self.state.player.province
        if step.fixed_cell >= 0:
            return "Turned so, the tile would cut a tile off from the residence: press r."
        problem = placement_problem(province, step.cell, ends)
        if problem:
            return f"{cell_name(step.cell)}: {problem}"
        return f"{cell_name(step.cell)}: not this way round: press r to turn the tile."

    # Building the steps ---------------------------------------------------------------------

    def _root(self) -> Step:
        state = self.state
        if state.over:
            return Step("spaces", "The game is over.")
        if state.queue:
            return self._next(self.legal)
        return Step("spaces", "Choose an action space", self._space_options())

    def _space_options(self) -> list[Option]:
        state = self.state
        by_space: dict[str, list[Any]] = {}
        for action in self.legal:
            space = _space_of(action)
            if space is not None:
                by_space.setdefault(space, []).append(action)
        options = []
        for spec in board_side(state).spaces:
            found = by_space.get(spec.key, [])
            options.append(
                Option(
                    label=f"[{spec.key}]",
                    detail=_space_detail(state, spec),
                    actions=found,
                    reason="" if found else rules.why_not(state, spec.key) or "",
                    key=spec.key,
                    value=spec,
                )
            )
        passes = [a for a in self.legal if isinstance(a, Pass)]
        if passes:
            options.append(
                Option("[x] pass", "no placement is legal: sit out the round", passes, key="pass")
            )
        return options

    def _next(self, candidates: list[Any], start: int = 0) -> Step:
        first = candidates[0]
        if isinstance(first, Place):
            return self._grid_step(candidates)
        facets = FACETS.get(type(first), [])
        for index, (title, key_of, describe) in enumerate(facets):
            if index < start:
                continue
            groups: dict[Any, list[Any]] = {}
            for action in candidates:
                groups.setdefault(key_of(action), []).append(action)
            options = [
                Option(*describe(self.state, key, actions[0]), actions=actions, value=key)
                for key, actions in groups.items()
            ]
            # Whole lists (the display, the chambers, the building rows) are always shown: the
            # options that cannot be chosen are dimmed with the engine's reason.
            whole = self._whole(title, first, options, candidates)
            if len(groups) > 1 or whole is not None:
                options = whole if whole is not None else options
                cursor = next((i for i, o in enumerate(options) if o.enabled), 0)
                return Step(
                    "list", title.format(prompt=self._prompt()), options, cursor, facet=index
                )
        return self._confirm(candidates[:1])

    def _prompt(self) -> str:
        return engine_prompt(self.state).capitalize() if self.state.queue else ""

    def _whole(
        self, title: str, first: Any, options: list[Option], candidates: list[Any]
    ) -> list[Option] | None:
        """The complete list a facet chooses from, or None when only the legal options are."""
        state = self.state
        if title == STACK_TITLE:
            cell = first.cell if isinstance(first, Rebuild) else None
            keys: list[Any] = list(range(len(state.supply.stacks)))
            return self._dimmed(
                options,
                keys,
                lambda k: rules.why_not_tile(state, k, cell),
                lambda k: _describe_stack(state, k, first),
            )
        if isinstance(first, PalaceChoice):
            effect = state.queue[0]
            keys = list(range(effect.low, effect.high + 1))
            return self._dimmed(
                options,
                keys,
                lambda k: rules.why_not_chamber(state, k),
                lambda k: _describe_palace(state, k, first),
            )
        if isinstance(first, Upgrade):
            return self._dimmed(
                options,
                list(BUILDINGS),
                lambda k: rules.why_not_upgrade(state, k),
                lambda k: _describe_upgrade(state, k, first),
            )
        if title == YIELD_TITLE:
            return self._dimmed(
                options,
                _yield_tiles(state),
                lambda k: _why_not_tile_fits(state, k),
                lambda k: _describe_yield_tile(state, k, first),
            )
        if title == FIELD_TITLE:
            return self._dimmed(
                options,
                [(f.cell, f.side) for f in _fields_for(state, first.tile)],
                lambda k: rules.why_not_yield(state, TakeYield(first.tile, k[0], Side(k[1]))),
                lambda k: _describe_field(state, k, first),
            )
        return None

    @staticmethod
    def _dimmed(
        options: list[Option],
        keys: list[Any],
        reason: Callable[[Any], str | None],
        describe: Callable[[Any], tuple[str, str]],
    ) -> list[Option]:
        by_key = {o.value: o for o in options}
        return [
            by_key[k] if k in by_key else Option(*describe(k), [], reason(k) or "", value=k)
            for k in keys
        ]

    def _grid_step(self, candidates: list[Any]) -> Step:
        effect = self.state.queue[0]
        first = candidates[0]
        return Step(
            "grid",
            "Place the tile",
            actions=candidates,
            tile=effect.tile,
            cell=first.cell,
            rotation=first.rotation,
            fixed_cell=effect.cell,
        )

    def _confirm(self, actions: list[Any]) -> Step:
        return Step("confirm", "Enter confirms, Escape steps back", actions=actions)

    def preview_text(self, action: Any) -> str:
        return preview(self.state, action)

    def preview(self, step: Step) -> str:
        """The confirm step's preview, worked out when first shown."""
        if not step.preview and step.actions:
            step.preview = preview(self.state, step.actions[0])
        return step.preview


def _space_detail(state: GameState, spec: SpaceSpec) -> str:
    """A space's line in the spaces list; the variety market's names the markets of the acting
    player's it would score now."""
    if spec.area == "variety":
        return f"variety market: scores {text.your_markets(variety_markets(state.player))}"
    if spec.area == "chamber":
        return text.space_words(spec, rules.seat_rules(state, state.turn).chambers[spec.value])
    return text.space_words(spec)


def scored_markets(state: GameState, action: Any) -> list[tuple[Good, int]] | None:
    """The acting player's markets a market action scores, or None for any other action."""
    if isinstance(action, Variety):
        return variety_markets(state.player)
    if isinstance(action, Single):
        return [(action.good, m) for m in good_markets(state.player, action.good, action.pay.value)]
    return None


# Facets: how candidates are told apart, one decision at a time -------------------------------

Describe = Callable[[GameState, Any, Any], tuple[str, str]]
Facet = tuple[str, Callable[[Any], Any], Describe]
STACK_TITLE = "Choose a tile from the display"
YIELD_TITLE = "Choose a yield tile, then the field it goes on"
FIELD_TITLE = "Choose the field the yield tile goes on"
HARBOR_TITLE = f"Choose the die to give up (1–{rules.catalog().harbor_max_die})"


def _stack_tile(state: GameState, stack: int) -> Any:
    return rules.catalog().tiles[state.supply.stacks[stack][-1]]


def _describe_stack(state: GameState, stack: int, action: Any) -> tuple[str, str]:
    if not state.supply.stacks[stack]:
        return f"d{stack + 1:<2} —", "empty"
    tile = _stack_tile(state, stack)
    label = (
        f"d{stack + 1:<2} {text.tile_label(tile):<3} {text.road_glyph(tile.ends)} "
        f"{text.tile_summary(tile):<3}"
    )
    gains = []
    if tile.market_money:
        gains.append(f"+{tile.market_money}{G['money']}")
    if tile.buildings:
        levels = state.player.levels
        gains.append(f"+{sum(levels[b] for b in tile.buildings)}{G['fame']}")
    detail = f"{tile.animal}; {text.tile_words(tile) or 'roads only'}"
    if gains:
        detail += "; " + " ".join(gains)
    if isinstance(action, Rebuild):
        old = state.player.province.cells[action.cell]
        if old is not None:
            diff = tile.value - rules.catalog().tiles[old.tile].value
            detail = f"costs {diff} {text.COLOUR_NAMES[tile.colour]}; " + detail
    else:
        detail = f"costs {tile.value} {text.COLOUR_NAMES[tile.colour]}; " + detail
    return label, detail


def _describe_pay(state: GameState, pay: tuple[Any, ...], action: Any) -> tuple[str, str]:
    total = sum(p.value for p in pay)
    flips = sum(p.flipped for p in pay)
    if isinstance(action, Quarry):
        need = _stack_tile(state, action.stack).value
    else:
        old = state.player.province.cells[action.cell]
        need = _stack_tile(state, action.stack).value - (
            rules.catalog().tiles[old.tile].value if old is not None else 0
        )
    detail = f"total {total}/{need}"
    if flips:
        detail += f", {G['minus']}{flips}{G['karma']} karma"
    return f"{G['minus']}{text.payment_text(pay)}", detail


def _describe_one_die(state: GameState, pay: Any, action: Any) -> tuple[str, str]:
    detail = f"{G['minus']}1{G['karma']} karma flips it" if pay.flipped else ""
    if isinstance(action, Single):
        extra = f"scores up to {rules.counted(pay.value, 'market')}"
        detail = f"{detail}; {extra}" if detail else extra
    if isinstance(action, Harbor):
        extra = f"boat moves 1–{pay.value}"
        detail = f"{detail}; {extra}" if detail else extra
    return f"{G['minus']}{text.paid_text(pay)}", detail


def _river_gains(state: GameState, space: int) -> str:
    """What a river space earns in this game: its Ganga tile's gain where one lies, a chamber's
    action told as the acting seat's board gives it."""
    chambers = rules.seat_rules(state, state.turn).chambers
    words = []
    for gain in rules.ruleset(state).river[space]:
        said = text.gain_words(gain) + text.worth_now(state, state.turn, gain)
        if gain.kind == "chamber_action":
            said += f" ({text.gains_words(chambers[gain.n])})"
        words.append(said)
    return ", ".join(words) or "nothing"


def _describe_steps(state: GameState, steps: int, action: Any) -> tuple[str, str]:
    to = destination(state.river.boats, state.turn, steps)
    return f"{G['boat']}{steps} → space {to}", _river_gains(state, to)


def _describe_sail(state: GameState, steps: int, _: Any) -> tuple[str, str]:
    to = destination(state.river.boats, state.turn, steps)
    return f"sail {steps} → space {to}", _river_gains(state, to)


def _describe_good(state: GameState, good: Any, action: Any) -> tuple[str, str]:
    count = action.pay.value if isinstance(action, Single) else state.queue[0].n
    scored = [(good, money) for money in good_markets(state.player, good, count)]
    money = good_score(state.player, good, count)
    return (
        text.good_name(good),
        f"+{money}{G['money']}: scores {text.your_markets(scored)} "
        f"(up to {rules.counted(count, 'market')})",
    )


def _describe_dice_choice(state: GameState, action: Any, _: Any) -> tuple[str, str]:
    if isinstance(action, Return):
        return f"return {action.die}", "put back to make room on Kali"
    if not action.colours:
        return "take none", "Kali is full"
    return (
        "take " + " ".join(c.letter for c in action.colours),
        " ".join(text.COLOUR_NAMES[c] for c in action.colours),
    )


def _describe_upgrade(state: GameState, building: Any, _: Any) -> tuple[str, str]:
    level = state.player.levels[building]
    gain = f"{level + 1}{G['fame']} per new one"
    return building.name.lower(), f"level {level} → {level + 1} ({gain})"


def _describe_boat(state: GameState, accept: bool, _: Any) -> tuple[str, str]:
    if not accept:
        return "no", "stay where you are"
    to = destination(state.river.boats, state.turn, 1)
    return "yes", f"boat to space {to}: " + _river_gains(state, to)


def _describe_palace(state: GameState, value: int, _: Any) -> tuple[str, str]:
    # The seat's own board decides a chamber's gain (the Navaratnas Dancer takes a yield tile).
    gain = rules.seat_rules(state, state.turn).chambers[value]
    return f"{value} {rules.catalog().chambers[value].name}", text.gains_words(gain)


def _describe_cell(state: GameState, cell: int, _: Any) -> tuple[str, str]:
    placed = state.player.province.cells[cell]
    if placed is None:
        return cell_name(cell), ""
    tile = rules.catalog().tiles[placed.tile]
    return f"{cell_name(cell)} {text.tile_label(tile)}", text.tile_words(tile) or "roads only"


def _yield_tiles(state: GameState) -> list[str]:
    """Every yield tile a take may choose from, by name: the face-up display, then the top
    face-down white tile when white tiles lie face down (a mixed game)."""
    tiles = rules.catalog().yield_tiles
    names = [tiles[t].name for t in state.supply.display]
    if rules.ruleset(state).white_face_down and (state.supply.yields or state.supply.yield_discard):
        names.append(rules.STACK)
    return names


def _tile_colour(name: str) -> str:
    if name == rules.STACK:
        return "white"
    tile = rules.catalog().yield_tile(name)
    assert tile is not None
    return tile.colour


def _fields_for(state: GameState, name: str) -> list[rules.Field]:
    """The acting seat's fields of the tile's colour."""
    colour = _tile_colour(name)
    return [f for f in rules.seat_rules(state, state.turn).fields if f.colour == colour]


def _why_not_tile_fits(state: GameState, name: str) -> str:
    """Why no field of the acting seat's board can take this tile: every one of its colour is
    taken (the field step gives the engine's reason for each)."""
    fields = _fields_for(state, name)
    colour = _tile_colour(name)
    if not fields:
        return f"Your board has no {colour} field."
    if len(fields) == 1:
        return f"Your {colour} field holds a yield tile already."
    return f"Your {colour} fields hold yield tiles already."


def _describe_yield_tile(state: GameState, name: str, _: Any) -> tuple[str, str]:
    if name == rules.STACK:
        return "stack  ", "the top face-down white tile, its gain seen when taken"
    tile = rules.catalog().yield_tile(name)
    assert tile is not None
    # The name says the colour ("yellow3"); padded so that the gains line up.
    return f"{name:<7}", text.gains_now(state, state.turn, tile.gain)


def _describe_field(state: GameState, key: tuple[int, int], _: Any) -> tuple[str, str]:
    seat = state.turn
    field = next(f for f in rules.seat_rules(state, seat).fields if (f.cell, f.side) == key)
    reached = rules.field_reached(state.players[seat].province, field)
    # Short enough for the chooser at 80×24; the preview tells when the tile's gain comes.
    return text.field_label(field), "a road reaches it" if reached else "no road reaches it"


def _describe_reroll(state: GameState, die: Any, action: Any) -> tuple[str, str]:
    chosen = state.queue[0].chosen
    already = " ".join(str(d) for d in chosen) or "none yet"
    if die is None:
        return "done", f"roll the chosen dice ({already})"
    return f"add {die}", f"chosen so far: {already}"


FACETS: dict[type, list[Facet]] = {
    Quarry: [
        (STACK_TITLE, lambda a: a.stack, lambda s, k, a: _describe_stack(s, k, a)),
        ("Choose the dice to pay", lambda a: a.pay, _describe_pay),
    ],
    Harbor: [
        (HARBOR_TITLE, lambda a: a.pay, _describe_one_die),
        ("How far does the boat go?", lambda a: a.steps, _describe_steps),
    ],
    Single: [
        ("Choose the die to give up", lambda a: a.pay, _describe_one_die),
        ("Choose the good to score", lambda a: a.good, _describe_good),
    ],
    Balcony: [("Choose the die to give up", lambda a: a.pay, _describe_one_die)],
    Chamber: [("Choose the die to give up", lambda a: a.pay, _describe_one_die)],
    # Said once in the title, not on every option: the options then fit a row each.
    Take: [("{prompt} (rolled when taken)", lambda a: a, _describe_dice_choice)],
    Return: [("{prompt}", lambda a: a, _describe_dice_choice)],
    Upgrade: [("{prompt}", lambda a: a.building, _describe_upgrade)],
    Boat: [("{prompt}", lambda a: a.accept, _describe_boat)],
    PalaceChoice: [("{prompt}", lambda a: a.value, _describe_palace)],
    Rebuild: [
        ("Master Builder: choose the tile to cover", lambda a: a.cell, _describe_cell),
        (STACK_TITLE, lambda a: a.stack, lambda s, k, a: _describe_stack(s, k, a)),
        ("Choose the dice to pay", lambda a: a.pay, _describe_pay),
    ],
    Score: [("{prompt}", lambda a: a.good, _describe_good)],
    Reroll: [("{prompt}", lambda a: a.die, _describe_reroll)],
    TakeYield: [
        (YIELD_TITLE, lambda a: a.tile, _describe_yield_tile),
        (FIELD_TITLE, lambda a: (a.cell, a.side), _describe_field),
    ],
    Sail: [("{prompt}", lambda a: a.steps, _describe_sail)],
}


# Preview -------------------------------------------------------------------------------------


def preview(state: GameState, action: Any) -> str:
    """What the action costs and gains for the acting player: the gains known now as amounts
    (dice by colour only), then each choice it leads to and each hidden gain, by name. Worked
    out by the engine's forecast, which reveals nothing that is hidden until confirmation."""
    if isinstance(action, TakeYield) and action.tile == rules.STACK:
        # The top white tile lies face down: the forecast would lay that very tile, and a gain
        # it brings at once would tell which one it is.
        if _yield_field_reached(state, action):
            gain = "a road reaches the field: its gain comes at once, seen when you take it"
        else:
            gain = "no gain until a road reaches the field"
        return f"{text.action_words(action)}\n{gain}"
    seat = state.turn
    try:
        after, named = rules.forecast(state, action)
    except rules.IllegalAction as error:
        return f"not possible: {error}"
    # The dice paid and the dice gained are told apart, never netted: a payment of o5 o3 that
    # brings an orange die back must not read as one orange die less. The payment itself is
    # told once, in the action's words on the first line.
    parts = changes.parts(changes.change_of(state, after, seat, paid_dice(action)))
    parts += _worth_nothing_reached(state, after)
    for effect in named:
        asked = engine_prompt_of(effect)
        if asked is None:
            parts.append(f"then {text.gain_words(effect)}")
        elif asked.startswith("choose"):
            parts.append(f"then {asked}")
        else:
            parts.append(f"then choose to {asked}")
    words = text.action_words(action, _bought_tile(state, action))
    if isinstance(action, Place):
        words += _fields_reached(state, after)
    scored = scored_markets(state, action)
    if isinstance(action, Variety) and scored is not None:
        words += f": scores {text.your_markets(scored)}"
    elif scored is not None:
        # The words already say "scores 5 silk markets": name the ones the player has.
        words += f": {text.your_markets(scored) if scored else 'you have none'}"
    if isinstance(action, TakeYield):
        if not _yield_field_reached(state, action):
            tile = rules.catalog().yield_tile(action.tile)
            gain = text.gains_words(tile.gain) if tile is not None else "its gain"
            return f"{words}\nno gain yet: {gain} when a road reaches the field"
        return f"{words}\ngained at once, a road reaches the field: {' '.join(parts) or 'nothing'}"
    return f"{words}\n{' '.join(parts) if parts else 'no gain'}"


def _worth_nothing_reached(state: GameState, after: GameState) -> list[str]:
    """The gains of the river space the acting seat's boat reaches that bring nothing now
    (1 die per ☯ with no karma): else the preview would be silent about the space."""
    seat = state.turn
    to = after.river.boats[seat]
    if to == state.river.boats[seat]:
        return []
    return [
        f"{text.gain_words(gain)} (nothing now)"
        for gain in rules.ruleset(state).river[to]
        if rules.gain_amount(state, seat, gain) == 0
    ]


def _fields_reached(state: GameState, after: GameState) -> str:
    """The acting seat's yield tiles a placement's road reaches, as words after the action's:
    ", reaches yellow4 left of a3". The tiles are the seat's own, face down or not."""
    seat = state.turn
    new = after.players[seat].gained & ~state.players[seat].gained
    fields = rules.seat_rules(state, seat).fields
    tiles = rules.catalog().yield_tiles
    reached = [
        f"{tiles[state.players[seat].fields[i]].name} {text.field_place(field)}"
        for i, field in enumerate(fields)
        if new & (1 << i)
    ]
    return f", reaches {' and '.join(reached)}" if reached else ""


def _yield_field_reached(state: GameState, action: TakeYield) -> bool:
    """Whether a road of the acting seat's province already reaches the take's field."""
    for field in rules.seat_rules(state, state.turn).fields:
        if field.cell == action.cell and field.side == action.side:
            return rules.field_reached(state.player.province, field)
    return False


def _bought_tile(state: GameState, action: Any) -> Any:
    if isinstance(action, Quarry) and state.supply.stacks[action.stack]:
        return _stack_tile(state, action.stack)
    return None
