"""The guided first game's files: the save is an ordinary one, and beside it a small note
`.NAME.toml.tutorial` says that it is a tutorial and at which step (docs/saves.md).

A note rather than a key in the save: the save format refuses keys it does not know, so a key
would make every tutorial save unreadable to a rajas from before it; the note leaves the save
as any rajas reads it. What the steps are is the app's business: here a step is a short word.
"""

from __future__ import annotations

import os
import re
import tomllib
from contextlib import suppress
from pathlib import Path

from . import osfiles
from .atomic import Unwritable, write_atomic
from .files import SaveError, load
from .folder import free_path, played

SUFFIX = ".tutorial"
TUTORIAL_DONE = "done"  # the step of a tutorial whose steps are all done or skipped
STEM = "tutorial"  # new tutorials are tutorial.toml, tutorial-2.toml, ... in the saves folder
NOTE_BYTES = 1024  # a note is one short line
LOAD_TRIES = 3  # unfinished tutorials loaded to find one that still plays, newest first
_STEP = re.compile(r"[a-z][a-z0-9-]{0,39}")


def note_path(save: Path) -> Path:
    return save.with_name(f".{save.name}{SUFFIX}")


def tutorial_step(save: Path) -> str | None:
    """The step the note beside `save` holds: None when there is no note (not a tutorial), ""
    when there is one that does not say a step rajas could have written (the steps start again)."""
    try:
        data = osfiles.read_regular(note_path(save), NOTE_BYTES)
    except FileNotFoundError:
        return None
    except OSError:  # a folder, a FIFO, too long: no note rajas wrote
        return None
    try:
        step = tomllib.loads(data.decode("utf-8")).get("step")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ""
    return step if isinstance(step, str) and _STEP.fullmatch(step) else ""


def write_tutorial_step(save: Path, step: str) -> str | None:
    """Notes the step beside `save`, atomically; a sentence when it cannot be written (the game
    itself is saved apart from it, so only the place in the tutorial is at stake)."""
    if not _STEP.fullmatch(step):
        raise ValueError(f"{step!r} is not a tutorial step")
    try:
        write_atomic(note_path(save), f'step = "{step}"\n'.encode())
    except Unwritable as error:
        return f"The tutorial's step could not be noted: {error}"
    except OSError as error:
        return (
            f"The tutorial's step could not be noted beside {save.name} ({osfiles.reason(error)})."
        )
    return None


def unfinished_tutorial(folder: Path) -> Path | None:
    """The tutorial to go on with: one whose note names a step still to do and whose game
    loads and is not over, the last played first. Looked for in the saves folder and among the
    files outside it that the folder notes as played, as Load offers them: a tutorial taken
    elsewhere by Save as goes on there, not in the copy it left in the folder."""
    saves: list[Path] = []
    with suppress(OSError):
        saves += [n.with_name(n.name[1 : -len(SUFFIX)]) for n in folder.glob(f".*.toml{SUFFIX}")]
    saves += played(folder)  # those in the folder again: a file found twice is one candidate
    found = set()
    for save in saves:
        with suppress(OSError):
            if save.is_file() and tutorial_step(save) not in (None, TUTORIAL_DONE):
                found.add((save.stat().st_mtime_ns, Path(os.path.abspath(save))))
    for _, save in sorted(found, reverse=True)[:LOAD_TRIES]:
        try:
            if not load(save).over:
                return save
        except SaveError:
            continue
    return None


def free_tutorial_path(folder: Path) -> Path:
    """A name for a new tutorial that no file and no other rajas holds: tutorial.toml, then
    tutorial-2.toml and on, so a tutorial finished and played on is never replaced."""
    return free_path(folder, STEM)
