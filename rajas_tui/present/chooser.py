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
from rajas_tui.present import text
from rajas_tui.present.text import G
from rules import (
    COVERED,
    FREE,
    ROWS,
    Balcony,
    Boat,
    Chamber,
    Colour,
    GameState,
    Harbor,
    PalaceChoice,
    Pass,
    Place,
    Quarry,
    Rebuild,
    Reroll,
    Return,
    Score,
    Single,
    SpaceSpec,
    Take,
    Upgrade,
    board_side,
    cell_name,
    destination,
    good_score,
    opposite_face,
    placement_problem,
    placements,
    rotated,
)
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


def _space_of(action: Any) -> str | None:
    return getattr(action, "space", None)


class Chooser:
    """The stack of decisions for the state the app shows now."""

    def __init__(self, state: GameState, legal: Sequence[Any] | None = None) -> None:
        self.state = state
        self.legal: list[Any] = list(rules.legal_actions(state) if legal is None else legal)
        self.prefix: str | None = None
        self.message = ""
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
    def wants_digits(self) -> bool:
        return self.prefix is not None or self.top.kind == "list"

    def reset(self) -> None:
        self.prefix = None
        self.message = ""
        self.steps = [self._root()]

    # Commands -------------------------------------------------------------------------------

    def press(self, command: str) -> Any | None:
        """Carries out one command; returns the finished action when one is confirmed."""
        self.message = ""
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
            return None
        if command in MOVES:
            self.prefix = None
            delta = -1 if command in ("up", "left") else 1
            if step.options:
                step.cursor = (step.cursor + delta) % len(step.options)
            return None
        if command == "confirm" and step.options:
            self._choose(step.cursor)
        return None

    def _back(self) -> None:
        if self.prefix is not None:
            self.prefix = None
        elif len(self.steps) > 1:
            self.steps.pop()
        else:
            self.message = "Nothing to step back from."

    def _area(self, area: str) -> None:
        if len(self.steps) > 1 or self.top.kind != "spaces":
            self.message = "Finish or step back (Escape) first."
            return
        root = self.top
        if area == "pass":
            for i, option in enumerate(root.options):
                if option.key == "pass":
                    self._choose(i)
                    return
            self.message = "You cannot pass while a worker of yours can be placed."
            return
        letter = AREA_LETTER[area]
        indexes = [i for i, o in enumerate(root.options) if o.value is not None
                   and o.value.area == area]
        if not indexes:
            self.message = f"This board has no {text.AREA_NAMES[area]}."
            return
        if area in ROWS:
            free = [i for i in indexes if self.state.spaces[root.options[i].value.index] == FREE]
            if not free:
                self.message = f"The {area} is full this round."
                root.cursor = indexes[0]
                return
            self._choose(free[0])
        elif len(indexes) == 1:
            self._choose(indexes[0])
        else:
            self.prefix = letter
            root.cursor = indexes[0]
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
            self.message = f"There is no space {key}."
            return
        step = self.top
        if step.kind == "list":
            if number <= len(step.options):
                self._choose(number - 1)
            else:
                self.message = f"There is no choice {number}."

    def _choose(self, index: int) -> None:
        step = self.top
        step.cursor = index
        option = step.options[index]
        if not option.enabled:
            self.message = f"{option.label.strip()}: {option.reason}"
            return
        self.steps.append(self._next(option.actions, step.facet + 1))

    def _grid(self, command: str) -> Any | None:
        step = self.top
        if command in MOVES and step.fixed_cell < 0:
            row, column = divmod(step.cell, COLUMNS)
            if command == "up":
                row = max(0, row - 1)
            elif command == "down":
                row = min(ROWS_OF_CELLS - 1, row + 1)
            elif command == "left":
                column = max(0, column - 1)
            else:
                column = min(COLUMNS - 1, column + 1)
            step.cell = row * COLUMNS + column
        elif command == "rotate":
            step.rotation = (step.rotation + 1) % 4
        elif command == "confirm":
            match = self.grid_match(step)
            if match is None:
                self.message = self.grid_problem(step)
            else:
                self.steps.append(self._confirm([match]))
        return None

    def grid_match(self, step: Step) -> Any | None:
        ends = rules.catalog().tiles[step.tile].ends
        want = rotated(ends, step.rotation)
        for action in step.actions:
            if action.cell == step.cell and rotated(ends, action.rotation) == want:
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
                    detail=text.space_words(spec),
                    actions=found,
                    reason="" if found else space_reason(state, spec),
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
            # The display is always shown whole: the tiles that cannot be bought say why.
            if len(groups) > 1 or title == STACK_TITLE:
                options = [
                    Option(*describe(self.state, key, actions[0]), actions=actions, value=key)
                    for key, actions in groups.items()
                ]
                if title == STACK_TITLE:
                    options = self._with_all_stacks(options, candidates)
                cursor = next((i for i, o in enumerate(options) if o.enabled), 0)
                return Step(
                    "list", title.format(prompt=self._prompt()), options, cursor, facet=index
                )
        return self._confirm(candidates[:1])

    def _prompt(self) -> str:
        return engine_prompt(self.state).capitalize() if self.state.queue else ""

    def _with_all_stacks(self, options: list[Option], candidates: list[Any]) -> list[Option]:
        """The display step shows all twelve stacks; those not affordable say why."""
        by_stack = {o.value: o for o in options}
        result = []
        for stack in range(len(self.state.supply.stacks)):
            if stack in by_stack:
                result.append(by_stack[stack])
                continue
            label, detail = _describe_stack(self.state, stack, candidates[0])
            result.append(
                Option(label, detail, [], stack_reason(self.state, stack, candidates[0]),
                       value=stack)
            )
        return result

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


# Facets: how candidates are told apart, one decision at a time -------------------------------

Describe = Callable[[GameState, Any, Any], tuple[str, str]]
Facet = tuple[str, Callable[[Any], Any], Describe]
STACK_TITLE = "Choose a tile from the display"


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
        extra = f"scores up to {pay.value} markets"
        detail = f"{detail}; {extra}" if detail else extra
    if isinstance(action, Harbor):
        extra = f"boat moves 1–{pay.value}"
        detail = f"{detail}; {extra}" if detail else extra
    return f"{G['minus']}{text.paid_text(pay)}", detail


def _describe_steps(state: GameState, steps: int, action: Any) -> tuple[str, str]:
    to = destination(state.river.boats, state.turn, steps)
    return f"{G['boat']}{steps} → space {to}", text.gains_words(rules.catalog().river.gains[to])


def _describe_good(state: GameState, good: Any, action: Any) -> tuple[str, str]:
    count = action.pay.value if isinstance(action, Single) else state.queue[0].n
    money = good_score(state.player, good, count)
    return f"{good.name.lower()}", f"+{money}{G['money']} ({count} best markets)"


def _describe_dice_choice(state: GameState, action: Any, _: Any) -> tuple[str, str]:
    if isinstance(action, Return):
        return f"return {action.die}", "put back to make room on Kali"
    if not action.colours:
        return "take none", "Kali is full"
    return (
        "take " + " ".join(c.letter for c in action.colours),
        " ".join(text.COLOUR_NAMES[c] for c in action.colours) + " (rolled when taken)",
    )


def _describe_upgrade(state: GameState, building: Any, _: Any) -> tuple[str, str]:
    level = state.player.levels[building]
    gain = f"{level + 1}{G['fame']} per new one"
    return building.name.lower(), f"level {level} → {level + 1} ({gain})"


def _describe_boat(state: GameState, accept: bool, _: Any) -> tuple[str, str]:
    if not accept:
        return "no", "stay where you are"
    to = destination(state.river.boats, state.turn, 1)
    return "yes", f"boat to space {to}: " + text.gains_words(rules.catalog().river.gains[to])


def _describe_palace(state: GameState, value: int, _: Any) -> tuple[str, str]:
    chamber = rules.catalog().chambers[value]
    return f"{value} {chamber.name}", text.gains_words(chamber.gain)


def _describe_cell(state: GameState, cell: int, _: Any) -> tuple[str, str]:
    placed = state.player.province.cells[cell]
    if placed is None:
        return cell_name(cell), ""
    tile = rules.catalog().tiles[placed.tile]
    return f"{cell_name(cell)} {text.tile_label(tile)}", text.tile_words(tile) or "roads only"


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
        ("Choose the die to give up (1–3)", lambda a: a.pay, _describe_one_die),
        ("How far does the boat go?", lambda a: a.steps, _describe_steps),
    ],
    Single: [
        ("Choose the die to give up", lambda a: a.pay, _describe_one_die),
        ("Choose the good to score", lambda a: a.good, _describe_good),
    ],
    Balcony: [("Choose the die to give up", lambda a: a.pay, _describe_one_die)],
    Chamber: [("Choose the die to give up", lambda a: a.pay, _describe_one_die)],
    Take: [("{prompt}", lambda a: a, _describe_dice_choice)],
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
}


# Why not -------------------------------------------------------------------------------------


def space_reason(state: GameState, spec: SpaceSpec) -> str:
    """Why the acting player cannot put a worker on this space now."""
    occupant = state.spaces[spec.index]
    if occupant == COVERED:
        return "covered in a 3-player game"
    if occupant != FREE:
        return f"taken by {text.player_tag(occupant)}"
    if state.over:
        return "the game is over"
    if state.queue:
        return "finish the current action first"
    player = state.player
    if player.workers_left <= 0:
        return "no worker left"
    if spec.area in ROWS:
        first = next(
            (s for s in board_side(state).in_area(spec.area) if state.spaces[s.index] == FREE),
            None,
        )
        if first is not None and first.key != spec.key:
            return f"the {spec.area} fills from the left: {first.key} first"
    if spec.money > player.money:
        return f"costs {spec.money}{G['money']}, you have {player.money}{G['money']}"
    colour = text.COLOUR_NAMES[spec.colour] if spec.colour is not None else ""
    if spec.area == "quarry":
        return "no display tile you can pay for and place"
    if spec.area == "harbor":
        if state.river.boats[state.turn] >= rules.catalog().river.final:
            return "your boat is on the final space"
        return "needs a die showing 1–3 (karma turns 4–6)"
    if spec.area in ("single", "balcony"):
        return f"needs a {colour} die"
    if spec.area == "chamber":
        values = {d.value for d in player.dice}
        flips = {opposite_face(v) for v in values} if player.karma else set()
        if spec.value not in values | flips:
            return f"needs a die showing {spec.value}"
        name = rules.catalog().chambers[spec.value].name
        return f"the {name} has nothing to do now"
    if spec.area == "variety":
        return "one variety market per player each round on this board"
    return "not possible now"


def stack_reason(state: GameState, stack: int, action: Any) -> str:
    """Why a display tile cannot be bought now."""
    stacks = state.supply.stacks
    if not stacks[stack]:
        return "the stack is empty"
    tile = _stack_tile(state, stack)
    player = state.player
    faces = sorted(d.value for d in player.dice if d.colour == tile.colour)
    total = sum(faces)
    best = total
    for flips, value in enumerate(faces):
        if flips >= player.karma or value > 3:
            break
        best += 7 - 2 * value
    need = tile.value
    if isinstance(action, Rebuild):
        old = player.province.cells[action.cell]
        if old is not None:
            need -= rules.catalog().tiles[old.tile].value
            if need <= 0:
                return "not worth more than the tile it would cover"
    colour = text.COLOUR_NAMES[tile.colour]
    if best < need:
        extra = f" ({best} with karma)" if best != total else ""
        return f"needs {need} {colour}, you have {total}{extra}"
    if isinstance(action, Rebuild):
        return "turned any way it would cut a tile off from the residence"
    if not placements(player.province, tile.ends):
        return "fits nowhere in your province"
    return "not possible now"


# Preview -------------------------------------------------------------------------------------


def preview(state: GameState, action: Any) -> str:
    """What the action costs and gains for the acting player, dice shown by colour only (their
    rolls stay hidden until the action is confirmed)."""
    seat = state.turn
    try:
        after = rules.apply(state, action)
    except rules.IllegalAction as error:
        return f"not possible: {error}"
    before_p, after_p = state.players[seat], after.players[seat]
    parts: list[str] = []

    def delta(name: str, old: int, new: int) -> None:
        if new != old:
            sign = "+" if new > old else G["minus"]
            parts.append(f"{sign}{abs(new - old)}{G[name]}")

    delta("money", before_p.money, after_p.money)
    delta("fame", before_p.fame, after_p.fame)
    delta("karma", before_p.karma, after_p.karma)
    for colour in Colour:
        old = sum(1 for d in before_p.dice if d.colour == colour)
        new = sum(1 for d in after_p.dice if d.colour == colour)
        if new != old:
            sign = "+" if new > old else G["minus"]
            parts.append(f"{sign}{abs(new - old)}{G['die']}{colour.letter}")
    ups = sum(after_p.levels) - sum(before_p.levels)
    if ups:
        parts.append(f"+{ups}{G['upgrade']}")
    delta("worker", before_p.workers, after_p.workers)
    old_boat, new_boat = state.river.boats[seat], after.river.boats[seat]
    if new_boat != old_boat:
        parts.append(f"{G['boat']} boat {old_boat}→{new_boat}")
    if after.mogul == seat and state.mogul != seat:
        parts.append("start player next round")
    words = text.action_words(action, _bought_tile(state, action))
    summary = f"{words}\n{' '.join(parts) if parts else 'no gain'}"
    if not after.over and after.turn == seat and after.queue:
        summary += f"\nthen: {engine_prompt(after)}"
    return summary


def _bought_tile(state: GameState, action: Any) -> Any:
    if isinstance(action, Quarry) and state.supply.stacks[action.stack]:
        return _stack_tile(state, action.stack)
    return None
