"""Text from save files, file names and the command line, made safe for one terminal line.

A save can hold any string and a file name any byte but NUL and '/'. Printed raw, `ESC ] 0;…`
retitles the terminal, `ESC [ 2 J` clears it, a newline forges a line of output, and U+202E turns
the rest of the line around. Every headless output line goes through `safe`.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import TextIO

# Cc: C0 and C1 controls and DEL; Cf: format characters, the bidi controls among them (U+202A..E,
# U+2066..9) and zero-width ones; Zl, Zp: line and paragraph separators; Cs: lone surrogates, which
# is how Python hands over file-name bytes that are not UTF-8.
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


@lru_cache(maxsize=512)
def _escape(char: str) -> str:
    if char in _SHORT:
        return _SHORT[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _unsafe(char: str) -> bool:
    return unicodedata.category(char) in _UNSAFE_CATEGORIES


def safe(text: str) -> str:
    """`text` with every control, format and separator character written as an escape."""
    if text.isprintable():  # the common case, at C speed: nothing to escape
        return text
    return "".join(_escape(c) if _unsafe(c) else c for c in text)


def safe_lines(text: str) -> str:
    """Several lines made safe one by one, the line breaks between them kept."""
    return "\n".join(safe(line) for line in text.split("\n"))


def say(text: str, file: TextIO | None = None) -> None:
    """Prints `text` (one line or several) on stdout, or on `file`, made safe."""
    print(safe_lines(text), file=sys.stdout if file is None else file)


def say_line(text: str, file: TextIO | None = None) -> None:
    """Prints one line made safe, a line break in it escaped too: a sentence that names a file
    whose name holds a newline must not print a second, forged line."""
    print(safe(text), file=sys.stdout if file is None else file)


def clause(sentence: str, names: Iterable[str] = ()) -> str:
    """A sentence the app shows on its own, as it goes on after "rajas: " on the command line:
    its first letter in lower case, unless it opens with one of `names` (a player's)."""
    if any(name and sentence.startswith(name) for name in names):
        return sentence
    return sentence[:1].lower() + sentence[1:]
