"""The save format's writing hooks are generated when a game is first written, not when one is
read: `rajas show` and `rajas validate` read a save and write none."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.new_interpreter import output_of
from tests.helpers.save_examples import ALL, VARIANT_GAMES

COUNTING = """
import saves
from saves import converter

made = []
generate = converter.make_dict_unstructure_fn


def counted(record, *args, **kwargs):
    made.append(record.__name__)
    return generate(record, *args, **kwargs)


converter.make_dict_unstructure_fn = counted
"""


def test_reading_saves_generates_no_writing_hook_and_writing_them_reads_as_before(
    tmp_path: Path,
) -> None:
    code = COUNTING + (
        f"games = [saves.load(path) for path in {[str(p) for p in ALL]!r}]\n"
        "print('READING:', sorted(made))\n"
        "texts = [saves.dumps(game) for game in games]\n"
        "print('WRITING:', sorted(set(made)))\n"
        f"for path in {[str(p) for p in VARIANT_GAMES]!r}:\n"
        "    assert saves.dumps(saves.load(path)) == open(path, encoding='utf-8').read(), path\n"
    )
    lines = output_of(code, tmp_path).splitlines()
    assert lines[0] == "READING: []"
    assert lines[1] == (
        "WRITING: ['Document', 'Effect', 'GameState', 'LogEntry', 'Player', 'River', 'Seat', "
        "'Supply']"
    )
