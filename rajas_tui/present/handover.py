"""The hot-seat hand-over's words: the app's hand-over screen and the plain mode both ask with
them for the keyboard to be passed between two human seats."""

from __future__ import annotations

from rajas_tui.present.text import G


def hand_over_words(name: str, tag: str = "") -> str:
    """Asks for the keyboard to be passed to `name`; the app names the seat by its `tag` too."""
    who = f"{tag} {name}" if tag else name
    dash = "-" if G.ascii else "—"
    return f"Pass the keyboard to {who} {dash} press Enter when {name} is ready."
