"""ASCII mode for what Textual draws itself: borders, scroll bars, switches, the palette's icon.

The game's symbols are ASCII through its glyph set (present/text.py); this filter turns the
lines and blocks of Textual's widgets, and the dashes, dots and arrows of sentences, into ASCII
cell for cell, so `RAJAS_ASCII=1` puts no other character on the screen. Anything else beyond
ASCII (a symbol the glyph set missed) is left as it is, for the tests to find.
"""

from __future__ import annotations

from functools import lru_cache

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

HORIZONTAL = "─━═╌╍┄┅┈┉╼╾╴╶╸╺▔▀"
VERTICAL = "│┃║╎╏┆┇┊┋╽╿╵╷╹╻▏▎▍▌▋▊▉▕▐"
BOX_DRAWING = range(0x2500, 0x2580)
BLOCKS = range(0x2580, 0x25A0)
# The rest Textual draws with (its select's arrow, the palette's wide search icon, an ellipsis
# where it cuts a label), and the typography of the game's sentences, each one cell for one.
OTHERS = {
    "…": ".",
    "▶": ">",
    "◀": "<",
    "▼": "v",
    "▲": "^",
    "⏎": "<",
    "🔎": "? ",
    "▁": "_",
    "█": "#",
    "░": ":",
    "—": "-",
    "–": "-",
    "·": ".",
    "→": ">",
    "←": "<",
    "›": ">",
}


def ascii_for(char: str) -> str:
    """One cell's character in ASCII (two for a wide one), or itself when it is not Textual's."""
    if char in OTHERS:
        return OTHERS[char]
    if char in HORIZONTAL:
        return "-"
    if char in VERTICAL:
        return "|"
    code = ord(char)
    if code in BOX_DRAWING:
        return "+"
    if code in BLOCKS:
        return " "
    return char


@lru_cache(4096)
def ascii_text(text: str) -> str:
    if text.isascii():
        return text
    return "".join(ascii_for(char) for char in text)


class AsciiOnly(LineFilter):
    """Textual's lines and blocks in ASCII, cell for cell, styles kept."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            segment
            if segment.text.isascii() or segment.control
            else Segment(ascii_text(segment.text), segment.style, segment.control)
            for segment in segments
        ]
