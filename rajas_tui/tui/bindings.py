"""Every key of the app, in one table of Bindings with ids, so a user keymap can override any.

A keymap is a TOML file in the user config folder (`$XDG_CONFIG_HOME/rajas/keymap.toml`, else
`~/.config/rajas/keymap.toml`) mapping binding ids to keys:

    [keys]
    "area.quarry" = "Q"
    "move.up" = "up,k"
"""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path

from textual.binding import Binding, BindingType

from rajas_tui.present import keynames
from saves.osfiles import reason

# Game keys: each becomes one chooser command (see chooser.py) or a screen action.
GAME: list[BindingType] = [
    Binding("q", "command('quarry')", "quarry", id="area.quarry"),
    Binding("h", "command('harbor')", "harbor", id="area.harbor"),
    Binding("v", "command('variety')", "variety", id="area.variety"),
    Binding("s", "command('single')", "market", id="area.single"),
    Binding("t", "command('terrace')", "terrace", id="area.terrace"),
    Binding("b", "command('balcony')", "balcony", id="area.balcony"),
    Binding("c", "command('chamber')", "chamber", id="area.chamber"),
    Binding("o", "command('outer')", "outer", id="area.outer"),
    Binding("x", "command('pass')", "pass", id="game.pass"),
    Binding("enter", "command('confirm')", "confirm", id="choose.confirm"),
    Binding("escape", "command('back')", "back", id="choose.back"),
    Binding("r", "command('rotate')", "rotate", id="choose.rotate"),
    Binding("up", "command('up')", "up", id="move.up", show=False),
    Binding("down", "command('down')", "down", id="move.down", show=False),
    Binding("left", "command('left')", "left", id="move.left", show=False),
    Binding("right", "command('right')", "right", id="move.right", show=False),
    *(
        Binding(d, f"digit('{d}')", f"choice {d}", id=f"choose.{d}", show=False)
        for d in "1234567890"
    ),
    Binding("tab", "pane(1)", "next pane", id="pane.next", priority=True),
    Binding(
        "shift+tab", "pane(-1)", "previous pane", id="pane.previous", show=False, priority=True
    ),
    Binding("u", "undo", "undo", id="game.undo"),
    Binding("U", "redo", "redo", id="game.redo", show=False),
    # Not in the footer (full at 80 columns); help and the README list it.
    Binding(
        "a", "coach", "coach: what the normal bot would play, and why", id="game.coach", show=False
    ),
    Binding("ctrl+s", "save_as", "save as", id="game.save_as", show=False),
    Binding("question_mark", "help", "help", id="app.help", key_display="?"),
]

# Keys of the other screens.
TITLE: list[BindingType] = [
    Binding("n", "new", "new game", id="title.new"),
    Binding("c", "continue", "continue", id="title.continue"),
    Binding("l", "load", "load", id="title.load"),
    Binding("e", "learn", "learn", id="title.learn"),
    Binding("p", "puzzles", "puzzles", id="title.puzzles"),
    # Not in the footer, which is full at 80 columns: the menu's line names the key.
    Binding("t", "tables", "tables", id="title.tables", show=False),
    Binding("q", "quit", "quit", id="title.quit"),
]
DIALOG: list[BindingType] = [
    Binding("escape", "cancel", "cancel", id="dialog.cancel"),
    Binding("tab", "app.focus_next", "next field", id="dialog.next"),
    Binding("shift+tab", "app.focus_previous", "previous field", id="dialog.previous", show=False),
]
HELP: list[BindingType] = [
    Binding("escape,question_mark,q", "close", "close", id="help.close"),
    Binding("pagedown,space", "page(1)", "next page", id="help.next", key_display="PgDn"),
    Binding("pageup", "page(-1)", "previous page", id="help.previous", key_display="PgUp"),
]
COACH: list[BindingType] = [
    Binding("enter", "take", "play it", id="coach.take"),
    Binding("escape", "ignore", "ignore", id="coach.ignore"),
]
GAME_OVER: list[BindingType] = [
    Binding("n", "new", "new game", id="over.new"),
    Binding("r", "replay", "replay", id="over.replay"),
    Binding("v", "review", "review", id="over.review"),
    Binding("escape", "title", "title", id="over.title"),
    Binding("q", "quit", "quit", id="over.quit"),
    Binding("ctrl+s", "app.save_as", "save as", id="over.save_as", show=False),
]
# Asked on quitting a game that is not saved; ctrl+s too, the key the status line names.
QUIT: list[BindingType] = [
    Binding("s,ctrl+s", "save_as", "save as, then quit", id="quit.save_as", key_display="s"),
    Binding("q", "quit", "quit anyway", id="quit.quit"),
    Binding("escape", "cancel", "back", id="quit.cancel"),
]
LOAD: list[BindingType] = [
    Binding("r", "replay", "replay", id="load.replay"),
]
# Stepping through a saved game; the pane keys are the game's.
REPLAY: list[BindingType] = [
    Binding("left", "step(-1)", "back", id="replay.back", key_display="←"),
    Binding("right", "step(1)", "forward", id="replay.forward", key_display="→"),
    Binding("home", "jump('start')", "start", id="replay.start", show=False, key_display="Home"),
    Binding("end", "jump('end')", "end", id="replay.end", show=False, key_display="End"),
    Binding(
        "pageup",
        "round(-1)",
        "round back",
        id="replay.round_back",
        show=False,
        key_display="PgUp",
    ),
    Binding(
        "pagedown",
        "round(1)",
        "next round",
        id="replay.round_next",
        show=False,
        key_display="PgDn",
    ),
    Binding("g", "go_to_round", "go to round", id="replay.round"),
    *(Binding(d, f"digit('{d}')", f"pane {d}", id=f"replay.{d}", show=False) for d in "1234567890"),
    Binding("tab", "pane(1)", "next pane", id="replay.pane_next", priority=True),
    Binding(
        "shift+tab",
        "pane(-1)",
        "previous pane",
        id="replay.pane_previous",
        show=False,
        priority=True,
    ),
    Binding("escape", "close", "close", id="replay.close"),
    Binding("question_mark", "help", "help", id="replay.help", key_display="?"),
]
REVIEW: list[BindingType] = [
    Binding("enter", "replay", "replay at this move", id="review.replay"),
    Binding("escape", "close", "close", id="review.close"),
]

# A puzzle's game screen adds its card (title, text, goal) to the game's keys; the coach's key
# gives a hint there (`present.puzzle_hint`), not the coach's bot: its own words, the same id.
PUZZLE: list[BindingType] = [
    Binding("g", "goal", "goal", id="puzzle.goal"),
    Binding(
        "a",
        "coach",
        "hint: the next step of a line that meets the goal, counted",
        id="game.coach",
        show=False,
    ),
]
# The puzzle's card, at its start and on `g`.
PUZZLE_CARD: list[BindingType] = [
    Binding("enter", "play", "play", id="card.play"),
    Binding("r", "retry", "start again", id="card.retry"),
    Binding("n", "next", "next puzzle", id="card.next"),
    Binding("escape", "puzzles", "puzzles", id="card.puzzles"),
]
# The verdict at the end of the player's part.
PUZZLE_VERDICT: list[BindingType] = [
    Binding("r", "retry", "retry", id="verdict.retry"),
    Binding("n", "next", "next puzzle", id="verdict.next"),
    Binding("escape", "puzzles", "puzzles", id="verdict.puzzles"),
]
PUZZLES: list[BindingType] = [
    Binding("escape", "back", "back", id="puzzles.back"),
]
# The shared tables, from the title: Enter joins the seat highlighted (or watches its table).
TABLES: list[BindingType] = [
    Binding("w", "watch", "watch", id="tables.watch"),
    Binding("n", "new", "new table", id="tables.new"),
    Binding("r", "refresh", "list again", id="tables.refresh"),
    Binding("escape", "back", "back", id="tables.back"),
]

_SCREENS = (
    GAME,
    TITLE,
    DIALOG,
    HELP,
    COACH,
    GAME_OVER,
    QUIT,
    LOAD,
    REPLAY,
    REVIEW,
    PUZZLE,
    PUZZLE_CARD,
    PUZZLE_VERDICT,
    PUZZLES,
    TABLES,
)
ALL: list[Binding] = [b for keys in _SCREENS for b in keys if isinstance(b, Binding)]
# The bindings active on one screen at once: a key the keymap gives two of them would act for
# only one, the other left with no key.
TOGETHER: tuple[list[BindingType], ...] = (
    [*GAME, *PUZZLE],
    TITLE,
    [*DIALOG, *LOAD],
    HELP,
    COACH,
    GAME_OVER,
    QUIT,
    REPLAY,
    REVIEW,
    PUZZLE_CARD,
    PUZZLE_VERDICT,
    PUZZLES,
    TABLES,
)


def own_keys(screen: object) -> list[Binding]:
    """The keys `screen` adds to the game's (a puzzle's card key, a replay's steps), those left
    out of its footer too: what its help names before the game's keys. A key doing what a game
    key does (a pane's) is left to the game's part of the help; a game key the screen words its
    own way (a puzzle's hint) is named here, in those words."""
    game = ALL[: len(GAME)]
    said = {(binding.id, binding.description) for binding in game}
    ids = {binding.id for binding in game}
    actions = {binding.action for binding in game}
    keys = getattr(type(screen), "BINDINGS", ())
    return [
        b
        for b in keys
        if isinstance(b, Binding)
        and (b.id, b.description) not in said
        and (b.id in ids or b.show or b.action not in actions)
    ]


def key_of(keymap: dict[str, str], binding_id: str) -> str:
    """The first key the binding `binding_id` has, the user's keymap read first: what the
    screens name when they tell the player a key."""
    found = next(b for b in ALL if b.id == binding_id)
    return keymap.get(binding_id, found.key_display or found.key).split(",")[0]


def said(keymap: dict[str, str], sentence: str) -> str:
    """The sentence with each key it names, `<binding.id>`, as the keymap has it now."""
    return keynames.named(sentence, lambda binding: key_of(keymap, binding))


def spoken_keys(keymap: dict[str, str], binding_id: str) -> str:
    """Every key the binding has, as a sentence names them: "Esc, ? or q"."""
    found = next(b for b in ALL if b.id == binding_id)
    keys = [keynames.spoken(k.strip()) for k in keymap.get(binding_id, found.key).split(",")]
    return " or ".join([", ".join(keys[:-1]), keys[-1]] if len(keys) > 1 else keys)


def config_dir() -> Path:
    """The keymap's and the settings' folder. A relative $XDG_CONFIG_HOME is ignored, as the
    XDG spec says: it would name another folder in each folder rajas is started from."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    if not base or not Path(base).is_absolute():
        base = str(Path.home() / ".config")
    return Path(base) / "rajas"


def keymap_path() -> Path:
    return config_dir() / "keymap.toml"


# A keymap or a settings file is a few short lines. Anything much larger, or with long lines,
# is not one, and tomllib takes quadratic time (or recurses without bound) on some long lines.
KEYMAP_MAX_BYTES = 16_384
KEYMAP_MAX_LINE = 200


def config_text(path: Path, kind: str = "a keymap") -> str:
    """The text of a file of the config folder (`kind` names it in a sentence); OSError or
    ValueError with the reason when it is not a small regular text file. Opened without
    blocking and checked on the open descriptor, so a FIFO or a device (also behind a link) is
    refused at once."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("it is not a regular file")
        data = handle.read(KEYMAP_MAX_BYTES + 1)
    if len(data) > KEYMAP_MAX_BYTES:
        raise ValueError(f"it is over {KEYMAP_MAX_BYTES:,} bytes, far more than {kind} has")
    for number, line in enumerate(data.splitlines(), start=1):
        if len(line) > KEYMAP_MAX_LINE:
            raise ValueError(f"line {number} is over {KEYMAP_MAX_LINE} bytes long")
    return data.decode("utf-8")


def load_keymap(path: Path | None = None) -> tuple[dict[str, str], str | None]:
    """The user keymap (binding id -> keys) and a problem sentence if the file is broken."""
    path = path or keymap_path()
    if not path.exists() and not path.is_symlink():
        return {}, None
    try:
        data = tomllib.loads(config_text(path))
    except OSError as error:
        return {}, f"{path}: cannot be read ({reason(error)})"
    except (
        ValueError,
        RecursionError,
    ) as error:  # TOMLDecodeError and UnicodeError are ValueErrors
        return {}, f"{path}: not a keymap ({error})"
    keys = data.get("keys", data)
    known = {b.id for b in ALL}
    keymap: dict[str, str] = {}
    for binding_id, value in keys.items():
        if binding_id not in known:
            return {}, f"{path}: no key has the id {binding_id!r}"
        if not isinstance(value, str) or not value:
            return {}, f'{path}: {binding_id} needs a key such as "q"'
        keymap[binding_id] = value
    return _without_clashes(keymap, path)


def keys(binding: Binding, keymap: dict[str, str]) -> list[str]:
    """Every key `binding` has, the user's keymap read first."""
    given = keymap.get(binding.id or "", binding.key)
    return [key.strip() for key in given.split(",") if key.strip()]


def clash(keymap: dict[str, str]) -> tuple[str, str, str] | None:
    """Two bindings of one screen that the keymap leaves with the same key, and the key."""
    for together in TOGETHER:
        owners: dict[str, str] = {}
        for binding in together:
            if not isinstance(binding, Binding) or binding.id is None:
                continue
            for key in keys(binding, keymap):
                owner = owners.setdefault(key, binding.id)
                if owner != binding.id:
                    return owner, binding.id, key
    return None


def _without_clashes(keymap: dict[str, str], path: Path) -> tuple[dict[str, str], str | None]:
    """The keymap less the entries that give one screen's two bindings the same key (those
    keep their default keys, which never clash), and a sentence for the first clash."""
    problem = None
    found = clash(keymap)
    while found is not None:
        first, second, key = found
        dropped = [binding for binding in (first, second) if binding in keymap]
        for binding in dropped:
            del keymap[binding]
        if problem is None:
            kept = f"{dropped[0]} keeps its default key"
            if len(dropped) == 2:
                kept = "both keep their default keys"
            problem = f"{path}: {first} and {second} would both have the key {key!r}, so {kept}"
        found = clash(keymap)
    return keymap, problem
