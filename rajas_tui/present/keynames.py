"""Keys named in sentences as the keymap has them now.

A sentence names a key by its binding's id written `<area.harbor>`; `<arrows>` names the four
moves and `<areas>` the eight area keys. The screen that shows the sentence passes `key`, the
key a binding id has in the keymap in use (the binding table is the app's, `tui.bindings`), so
a moved key is named as it is now. Headless: no Textual.
"""

from __future__ import annotations

from collections.abc import Callable

KeyOf = Callable[[str], str]

MOVES = ("move.up", "move.down", "move.left", "move.right")
DEFAULT_MOVES = ("up", "down", "left", "right")
AREA_IDS = (
    "area.quarry",
    "area.harbor",
    "area.variety",
    "area.single",
    "area.terrace",
    "area.balcony",
    "area.chamber",
    "area.outer",
)
# The default keys of the bindings the chooser's sentences name, for a chooser made without a
# keymap (plain mode, tests); tests/tui/test_keymap_names.py holds them to tui.bindings.
DEFAULT_KEYS = {
    **dict(zip(AREA_IDS, "qhvstbco", strict=True)),
    **dict(zip(MOVES, DEFAULT_MOVES, strict=True)),
    "game.pass": "x",
    "choose.confirm": "enter",
    "choose.back": "escape",
    "choose.rotate": "r",
}
SPOKEN = {
    "escape": "Esc",
    "enter": "Enter",
    "tab": "Tab",
    "space": "Space",
    "question_mark": "?",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "backspace": "Backspace",
}


def default_key(binding: str) -> str:
    return DEFAULT_KEYS[binding]


def spoken(key: str) -> str:
    """A key as a sentence names it: "Esc", "Ctrl+S", "q"."""
    *modifiers, last = key.split("+")
    words = [SPOKEN.get(part, part.capitalize()) for part in modifiers]
    # A letter after a modifier is named as printed on the key: Ctrl+S.
    last = SPOKEN.get(last, last.capitalize() if len(last) > 1 or modifiers else last)
    return "+".join([*words, last])


def placeholders(text: str) -> list[str]:
    """The binding ids a text names, in order."""
    found = []
    rest = text
    while "<" in rest:
        start = rest.index("<") + 1
        end = rest.index(">", start)
        found.append(rest[start:end])
        rest = rest[end + 1 :]
    return [binding for binding in found if binding not in ("arrows", "areas")]


def named(text: str, key: KeyOf) -> str:
    """The text with each `<binding.id>` the key `key(id)` gives (a key's name as the keymap
    has it, such as "escape" or "q"), spoken as a sentence names it."""
    if "<" not in text:
        return text
    moves = tuple(key(binding) for binding in MOVES)
    arrows = "arrows" if moves == DEFAULT_MOVES else "/".join(spoken(m) for m in moves)
    text = text.replace("<arrows>", arrows)
    text = text.replace("<areas>", " ".join(spoken(key(area)) for area in AREA_IDS))
    for binding in placeholders(text):
        text = text.replace(f"<{binding}>", spoken(key(binding)))
    return text
