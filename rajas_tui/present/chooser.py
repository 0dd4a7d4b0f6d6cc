"""The guided chooser: turns commands (from keys) into exactly one legal engine action.

Headless, no Textual. It builds every action by narrowing `rules.legal_actions(state)` one
decision at a time: the space, then each part of the action (tile, dice, steps, good, ...), and for
a choice the engine waits for, each part of the answer. So every legal action is reachable by
construction, and nothing illegal can be built. The app feeds it commands; the keyboard
completeness test feeds it the same commands. What each option says is `option_words`'s, the
confirm step's preview `action_preview`'s; this module holds the steps and the commands.

Commands: an area name (`quarry` `harbor` `variety` `single` `terrace` `balcony` `chamber` `outer`),
`pass`, `up` `down` `left` `right`, `rotate`, `confirm`, `back`, and the digits `1`..`9`, `0`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

import rules
from rajas_tui.present import text
from rajas_tui.present.action_preview import preview
from rajas_tui.present.keynames import KeyOf, default_key, named
from rajas_tui.present.option_words import (
    FACETS,
    FIELD_TITLE,
    STACK_TITLE,
    YIELD_TITLE,
    describe_field,
    describe_palace,
    describe_stack,
    describe_upgrade,
    describe_yield_tile,
    fields_for,
    space_detail,
    why_not_tile_fits,
    yield_tiles,
)
from rules import (
    BUILDINGS,
    FREE,
    ROWS,
    GameState,
    PalaceChoice,
    Pass,
    Place,
    Rebuild,
    Side,
    TakeYield,
    Upgrade,
    board_side,
    cell_name,
    placement_problem,
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


# What a step expects, for a command it cannot use; each `<binding.id>` is the key the keymap
# gives it now (keynames).
_HINTS = {
    "spaces": "Numbers choose from a list: choose a space first (<areas>).",
    "grid": "<arrows> move the tile, <choose.rotate> turns it, <choose.confirm> places it.",
    "confirm": "<choose.confirm> confirms this action, <choose.back> steps back.",
    "list": "Choose with a number, or the <arrows> and <choose.confirm>.",
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

    def __init__(
        self, state: GameState, legal: Sequence[Any] | None = None, key: KeyOf = default_key
    ) -> None:
        self.state = state
        # The key a binding id has in the keymap in use: the sentences name keys with it.
        self.key = key
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

    @property
    def at_first_step(self) -> bool:
        """Nothing chosen yet: the first decision (the spaces list or the engine's question) is
        the only step."""
        return len(self.steps) == 1

    @property
    def can_step_back(self) -> bool:
        """Whether `back` has a stage to undo: a choice the game asks for itself (a tile
        bought, to be placed) is the first stage, with nothing before it to go back to."""
        return self.prefix is not None or len(self.steps) > 1

    def _finish_first(self) -> str:
        """Why an area key cannot act during a choice: finish it, or step back out of it
        where there is a stage to step back from."""
        if self.can_step_back or not self.state.queue:
            return self.said("Finish or step back (<choose.back>) first.")
        return f"{self._prompt()} first."

    def said(self, sentence: str) -> str:
        """The sentence with each key it names as the keymap has it now."""
        return named(sentence, self.key)

    @property
    def trail(self) -> list[Step]:
        """The steps decided so far, oldest first: every step but the one on top."""
        return self.steps[:-1]

    def placing(self) -> Step | None:
        """The grid step of the tile being placed, when one is on the way (on top or decided)."""
        return next((s for s in reversed(self.steps) if s.kind == "grid"), None)

    def space_at_cursor(self) -> Option | None:
        """The spaces list's option under its cursor (a space, or the pass line), while the first
        step is the spaces list; None when it is not or lists nothing (the game is over)."""
        root = self.steps[0]
        if root.kind != "spaces" or not root.options:
            return None
        return root.options[root.cursor]

    def cursor_space_key(self) -> str | None:
        """The key of the space the cursor shows the player, when it shows one (`pointing`)."""
        option = self.space_at_cursor()
        return option.key if option is not None and self.pointing else None

    def takeable_space_keys(self) -> set[str]:
        """The keys of the spaces list's options that can be chosen ("pass" among them when
        passing is legal); empty when the first step is not the spaces list."""
        root = self.steps[0]
        if root.kind != "spaces":
            return set()
        return {o.key for o in root.options if o.enabled}

    def choose_space(self, key: str) -> bool:
        """Chooses the space `key` (or "pass") at the first step, as `choose` would; whether the
        spaces list (or for "pass", a choice's first list) was the only step and had that key.
        A space that cannot be taken is refused, `message` saying why."""
        root = self.steps[0]
        declining = key == "pass" and root.kind == "list"  # a yield tile may be declined
        if not self.at_first_step or not (root.kind == "spaces" or declining):
            return False
        for index, option in enumerate(root.options):
            if option.key == key:
                self.choose(index)
                return True
        return False

    def enabled(self, command: str) -> bool:
        """Whether `command` can act now; when it cannot, `why_not` says why."""
        return not self.why_not(command)

    def why_not(self, command: str) -> str:
        """One sentence for why `command` cannot act now; empty when it can. An area or pass only
        acts on the spaces list, an area only when one of its spaces can be taken, and rotate
        only on a tile being placed, and back only where there is a stage to step back from;
        every other command acts or says why when pressed."""
        root = self.steps[0]
        if command in AREAS:
            if len(self.steps) > 1 or root.kind != "spaces":
                return self._finish_first()
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
        if command == "back" and not self.can_step_back:
            return "Nothing to step back from."
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
            self._refuse(self.said(_HINTS["confirm"]))
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
        if area == "pass" and len(self.steps) == 1 and self.top.kind == "list":
            self._pass_in_choice()
            return
        if len(self.steps) > 1 or self.top.kind != "spaces":
            self._refuse(self._finish_first())
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

    def _pass_in_choice(self) -> None:
        """The pass key on a choice's first list: its pass line, when the choice has one."""
        for i, option in enumerate(self.top.options):
            if option.key == "pass":
                self._choose(i)
                return
        self._refuse("There is no passing in this choice.")

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
            self._refuse(self.said(_HINTS[step.kind]))

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
                + self.said("<choose.rotate> turns it, <choose.confirm> places it.")
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
            return self.said(
                "Turned so, the tile would cut a tile off from the residence: "
                "press <choose.rotate>."
            )
        problem = placement_problem(province, step.cell, ends)
        if problem:
            return f"{cell_name(step.cell)}: {problem}"
        return self.said(
            f"{cell_name(step.cell)}: not this way round: press <choose.rotate> to turn the tile."
        )

    # Building the steps ---------------------------------------------------------------------

    def _root(self) -> Step:
        state = self.state
        if state.over:
            return Step("spaces", "The game is over.")
        if state.queue:
            return self._choice_step()
        return Step("spaces", "Choose an action space", self._space_options())

    def _choice_step(self) -> Step:
        """The first step of a choice the engine waits for. A pass it allows (a yield tile may
        be declined, §12) is the list's last line, as the spaces list has it."""
        passes = [a for a in self.legal if isinstance(a, Pass)]
        others = [a for a in self.legal if not isinstance(a, Pass)]
        if not passes or not others:
            return self._next(self.legal)
        step = self._next(others)
        # A yield-tile choice opens on the whole display, a list even when one tile fits.
        if step.kind == "list":
            step.options.append(Option("[x] pass", text.YIELD_DECLINED, passes, key="pass"))
        return step

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
                    # Brackets mean open to you now, as on the board; a refused space keeps
                    # its column bare.
                    label=f"[{spec.key}]" if found else f" {spec.key} ",
                    detail=space_detail(state, spec),
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
                lambda k: describe_stack(state, k, first),
            )
        if isinstance(first, PalaceChoice):
            effect = state.queue[0]
            keys = list(range(effect.low, effect.high + 1))
            return self._dimmed(
                options,
                keys,
                lambda k: rules.why_not_chamber(state, k),
                lambda k: describe_palace(state, k, first),
            )
        if isinstance(first, Upgrade):
            return self._dimmed(
                options,
                list(BUILDINGS),
                lambda k: rules.why_not_upgrade(state, k),
                lambda k: describe_upgrade(state, k, first),
            )
        if title == YIELD_TITLE:
            return self._dimmed(
                options,
                yield_tiles(state),
                lambda k: why_not_tile_fits(state, k),
                lambda k: describe_yield_tile(state, k, first),
            )
        if title == FIELD_TITLE:
            return self._dimmed(
                options,
                [(f.cell, f.side) for f in fields_for(state, first.tile)],
                lambda k: rules.why_not_yield(state, TakeYield(first.tile, k[0], Side(k[1]))),
                lambda k: describe_field(state, k, first),
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
        title = self.said("<choose.confirm> confirms, <choose.back> steps back")
        return Step("confirm", title, actions=actions)

    def preview_text(self, action: Any) -> str:
        return preview(self.state, action)

    def preview(self, step: Step) -> str:
        """The confirm step's preview, worked out when first shown."""
        if not step.preview and step.actions:
            step.preview = preview(self.state, step.actions[0])
        return step.preview
