"""Counted nouns: the one place a count and its noun are put together, for every layer."""

from __future__ import annotations

# Nouns whose plural is not the noun and an s.
IRREGULAR_PLURALS = {"die": "dice"}


def plural(noun: str) -> str:
    """The plural of a noun ("market" → "markets", "die" → "dice"); of a phrase, the last word is
    made plural ("best market" → "best markets")."""
    head, _, last = noun.rpartition(" ")
    many = IRREGULAR_PLURALS.get(last, f"{last}s")
    return f"{head} {many}" if head else many


def counted(n: int, noun: str) -> str:
    """A count and its noun, singular for exactly one: "1 round", "2 rounds", "1 die", "0 dice".
    Every counted noun the engine, the saves, the screens and the commands build goes through
    here."""
    return f"{n} {noun if n == 1 else plural(noun)}"
