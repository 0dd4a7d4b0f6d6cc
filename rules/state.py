"""The game state: frozen, slotted records, replaced whole by every action.

Records are small and nested so that an action rebuilds only the parts it changes; everything
else is shared with the previous state. No state is ever deep-copied. Each record keeps its hash
once worked out, so that searching bots can key tables by whole states cheaply.

While `apply` carries out one action it works on a draft (see `draft`), as Clojure's transients
do: a private copy of the state that `replace`, `with_player`, `update_player` and
`update_supply` change in place, together with the players and the supply it copied, so that a
step makes one copy of each record it changes instead of one for every gain. Outside a step, and
for every record the draft did not copy, they copy as always. The draft also keeps what the step
brought to light (`tell`), so that `apply` can say what it revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import attrs

from .cache import memo
from .model import Die, Effect
from .revealed import Reveal

FREE = -1
COVERED = -2
EMPTY = -1  # a yield-tile field or river space with no tile
UNSEEN = -2  # a face-down yield tile, in a view of the game for a seat that may not see it

T = TypeVar("T")
_UNCHANGED: Any = object()
_SET = object.__setattr__  # what attrs' own __init__ uses to fill a frozen record
_HASH = "_attrs_cached_hash"  # the slot where `cache_hash` keeps a record's hash


def replace(record: T, **changes: Any) -> T:
    """A copy of a frozen record with some fields changed; a draft state is changed in place.

    Like `attrs.evolve`, but through a function compiled once per class (see `_compile`): it
    runs several times for every action, and evolve is the engine's slowest step.
    """
    if type(record) is _Draft:
        for name, value in changes.items():
            _SET(record, name, value)
        if "players" in changes:
            _SET(record, "own_players", ())
        if "supply" in changes:
            _SET(record, "owns_supply", False)
        return record
    return _compile_replacer(type(record))(record, **changes)  # type: ignore[no-any-return]


@memo()
def _compile_copier(cls: type, made: type | None = None) -> Callable[[Any], Any]:
    """A copier of records of `cls`; with `made`, a subclass that adds no slot, the copies are
    records of that class."""
    names = [f.name for f in attrs.fields(cls)]
    return _compile(cls, "copy(record)", {n: f"record.{n}" for n in names}, made)


@memo()
def _compile_replacer(cls: type) -> Callable[..., Any]:
    names = [f.name for f in attrs.fields(cls)]
    parameters = ", ".join(f"{n}=_UNCHANGED" for n in names)
    values = {n: f"record.{n} if {n} is _UNCHANGED else {n}" for n in names}
    return _compile(cls, f"replace(record, *, {parameters})", values)


def _compile(
    cls: type, signature: str, values: dict[str, str], made: type | None = None
) -> Callable[..., Any]:
    """A function `signature` that makes a record of `cls` with each field set to its value
    (an expression over the parameters). The new record's slots are filled straight through
    their descriptors, which costs two thirds of the attrs constructor's calls to
    `object.__setattr__` by name; a class whose constructor does more than fill its fields
    (validators, converters, a post-init) is built through its constructor instead."""
    namespace = {"cls": made or cls, "_UNCHANGED": _UNCHANGED, "_new": object.__new__}
    if _plain(cls):
        lines = ["record_ = _new(cls)"]
        for index, (name, value) in enumerate(values.items()):
            namespace[f"_set{index}"] = cls.__dict__[name].__set__
            lines.append(f"_set{index}(record_, {value})")
        if _HASH in cls.__dict__:
            namespace["_set_hash"] = cls.__dict__[_HASH].__set__
            lines.append("_set_hash(record_, None)")
        lines.append("return record_")
    else:
        lines = [f"return cls({', '.join(values.values())})"]
    body = "".join(f"    {line}\n" for line in lines)
    exec(f"def {signature}:\n{body}", namespace)  # built from the class's own field names only
    return namespace[signature.split("(")[0]]  # type: ignore[no-any-return]


def _plain(cls: type) -> bool:
    """Whether the attrs constructor of this slotted class only fills in its fields."""
    if hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        return False
    fields = attrs.fields(cls)
    return all(
        f.validator is None and f.converter is None and f.name in cls.__dict__ for f in fields
    )


@attrs.frozen(slots=True, cache_hash=True)
class Config:
    """What a game is set up with: fixed for the whole game."""

    players: int
    seed: int
    boards: tuple[str, ...] = ()  # per seat: a province board side; () is "base" for all
    ganga: bool = False

    def board(self, seat: int) -> str:
        return self.boards[seat] if self.boards else "base"


@attrs.frozen(slots=True, cache_hash=True)
class Placed:
    """A province tile on a province board cell, turned `rotation` quarter turns clockwise."""

    tile: int
    rotation: int
    rebuilt: bool = False  # placed by the Master Builder over another tile: cannot be covered again


@attrs.frozen(slots=True, cache_hash=True)
class Province:
    """The 5×4 province board, row by row; the residence cell stays None."""

    cells: tuple[Placed | None, ...]

    def placed(self) -> Iterator[tuple[int, Placed]]:
        for cell, placed in enumerate(self.cells):
            if placed is not None:
                yield cell, placed

    def with_cell(self, cell: int, placed: Placed) -> Province:
        cells = list(self.cells)
        cells[cell] = placed
        return Province(tuple(cells))


@attrs.frozen(slots=True, cache_hash=True)
class Player:
    fame: int
    money: int
    karma: int
    dice: tuple[Die, ...]  # on the Kali statue, kept sorted
    places: int  # dice places on the statue
    workers: int  # active workers
    placed: int  # workers on the board this round
    passed: bool  # out of this round: no legal placement was left
    levels: tuple[int, int, int, int]  # temple, palace, fort, mill
    province: Province
    fame_bonus_next: int = 0  # index of the next fame bonus not yet taken
    money_bonus_next: int = 0  # where the money bonus marker stands
    money_workers_taken: int = 0
    unlocked: int = 0  # workers unlocked so far, kept or removed from the game
    # Per yield-tile field of the board (in `ProvinceSpec.fields` order): the tile lying there or
    # EMPTY; bit i of `gained` is set once field i's tile was gained, of `face_down` while it
    # lies face down (hidden from the other seats).
    fields: tuple[int, ...] = ()
    gained: int = 0
    face_down: int = 0

    @property
    def workers_left(self) -> int:
        return self.workers - self.placed


@attrs.frozen(slots=True, cache_hash=True)
class River:
    boats: tuple[int, ...]  # river space of each seat's boat
    tiles: tuple[int, ...] = ()  # Ganga module: per river space, the river tile there or EMPTY


@attrs.frozen(slots=True, cache_hash=True)
class Supply:
    """The general supply: dice, the tile stacks of the display, and the yield tiles."""

    dice: tuple[int, int, int, int]  # dice left per colour
    stacks: tuple[tuple[int, ...], ...]  # tile ids; the top tile is the last
    yields: tuple[int, ...]  # white yield tiles face down; the top is the last
    yield_discard: tuple[int, ...]
    out_of_game: tuple[int, ...]  # tiles replaced by the Master Builder
    display: tuple[int, ...] = ()  # Navaratnas: yield tiles face up on the main board, sorted


@attrs.frozen(slots=True, cache_hash=True)
class GameState:
    config: Config
    rng: int
    round: int
    start_player: int
    turn: int  # seat to act
    players: tuple[Player, ...]
    spaces: tuple[int, ...]  # per action space: FREE, COVERED or the seat of the worker there
    supply: Supply
    river: River
    queue: tuple[Effect, ...] = ()  # what the acting player still has to carry out or choose
    mogul: int = -1  # seat that used the Great Mogul this round
    end_trigger: int = -1  # seat whose markers met first
    last_turns: tuple[int, ...] = ()  # seats still due their last turn, in order
    met_order: tuple[int, ...] = ()  # seats in the order their markers met
    steps: int = 0  # actions applied so far
    over: bool = False
    # The acting player's building levels when the action began, kept from an upgrade won in
    # it until it ends: the action's later buildings score at these (docs/rules.md §14).
    action_levels: tuple[int, ...] = ()

    @property
    def player(self) -> Player:
        return self.players[self.turn]

    def with_player(self, seat: int, player: Player, **changes: Any) -> GameState:
        """This state with `player` in `seat`, and any other fields changed in the same copy."""
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players), **changes)

    # In a draft, the first change of a player or of the supply copies the record into the
    # draft's keeping and later ones change that copy in place. Written out rather than shared
    # through a helper: these run for nearly every step.

    def update_player(self, seat: int, **changes: object) -> GameState:
        """This state with the player in `seat` changed."""
        player = self.players[seat]
        if type(self) is not _Draft:
            return self.with_player(seat, replace(player, **changes))
        if seat not in self.own_players:
            player = _copy_player(player)
            players = list(self.players)
            players[seat] = player
            _SET(self, "players", tuple(players))
            _SET(self, "own_players", (*self.own_players, seat))
        for name, value in changes.items():
            _SET(player, name, value)
        return self

    def update_supply(self, **changes: object) -> GameState:
        """This state with the general supply changed."""
        supply = self.supply
        if type(self) is not _Draft:
            return replace(self, supply=replace(supply, **changes))
        if not self.owns_supply:
            supply = _copy_supply(supply)
            _SET(self, "supply", supply)
            _SET(self, "owns_supply", True)
        for name, value in changes.items():
            _SET(supply, name, value)
        return self


class _Draft(GameState):
    """A step's draft (see `draft`): a game state that `replace`, `update_player` and
    `update_supply` change in place.

    It owns the players of the seats in `own_players` and, with `owns_supply`, the supply:
    copies it made, which no other state holds, so they may change in place. Replacing its
    players or its supply whole gives up what it owned of them. `revealed` holds what the step
    brought to light, in order."""

    __slots__ = ("own_players", "owns_supply", "revealed")
    own_players: tuple[int, ...]
    owns_supply: bool
    revealed: tuple[Reveal, ...]


_copy_player = _compile_copier(Player)
_copy_supply = _compile_copier(Supply)
_draft_of = _compile_copier(GameState, _Draft)
_state_of = _compile_copier(GameState)


def draft(state: GameState) -> GameState:
    """A private copy of `state` for one step to change in place; `release` it when done.

    Whoever holds a draft must not hand it out, hash it or keep an earlier reading of one of its
    fields' records (a player taken out of it may change under a later `update_player`, the
    supply under `update_supply`) until it is released. Each step's draft keeps what it owns
    itself, so steps in several threads at once do not meet."""
    copy = _draft_of(state)
    _SET(copy, "own_players", ())
    _SET(copy, "owns_supply", False)
    _SET(copy, "revealed", ())
    return copy  # type: ignore[no-any-return]


def release(step: GameState) -> GameState:
    """The state a step ends in as an ordinary frozen state, whose hash is worked out from its
    final fields when first asked; a state that is no draft is given back as it is."""
    return _state_of(step) if type(step) is _Draft else step


def tell(state: GameState, *found: Reveal) -> GameState:
    """Notes on a step's draft what the step brought to light. Outside a step (a forecast, the
    set-up, a seat's view) nothing is noted: nothing random is seen there."""
    if type(state) is _Draft:
        _SET(state, "revealed", state.revealed + found)
    return state


def revealed(step: GameState) -> tuple[Reveal, ...]:
    """What a step's draft noted it brought to light."""
    return step.revealed if type(step) is _Draft else ()
