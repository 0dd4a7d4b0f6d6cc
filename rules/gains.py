"""The vocabulary of gains (`data/effects.toml`): each kind's parameters and how it reads.

The engine owns the words so that every screen, log and help text tells a gain the same way; the
UI only picks the symbol set (glyphs or ASCII).
"""

from __future__ import annotations

import string
from collections.abc import Mapping

import attrs

from .model import Effect
from .plurals import counted

# Parameters a data file may give a gain, and the template fields each of them brings.
PARAMETER_FIELDS: Mapping[str, frozenset[str]] = {
    "n": frozenset({"n", "dice"}),
    "colour": frozenset({"colour", "letter", "any"}),
    "min": frozenset({"low"}),
    "max": frozenset({"high"}),
    "per": frozenset({"per"}),
}


# The kinds of gain the rules carry out at once and those the player chooses (`effects` holds
# how each is carried out, and checks that it covers exactly these): the data may name no other
# kind in a game, a chosen kind needs a prompt and an automatic one has none.
AUTOMATIC = frozenset(
    {
        "money",
        "fame",
        "karma",
        "worker",
        "mogul",
        "yield_tile",
        "boat_exact",
        "dice_per_karma",
        "variety",
        "money_per_market",
        "fame_per_upgrade",
        "money_per_upgrade",
        "fame_per_karma",
        "chamber_action",
        "fame_per_market_tile",
        "fame_per_river_spaces",
        "money_per_building",
        "money_per_yield_tile",
        "fame_per_bend",
        "fame_per_worker",
    }
)
CHOSEN = frozenset(
    {
        "dice",
        "upgrade",
        "boat_offer",
        "chamber_choice",
        "rebuild",
        "place_tile",
        "score_good",
        "dice_distinct",
        "boat_steps",
        "take_yield",
        "reroll",
    }
)
CARRIED_OUT = AUTOMATIC | CHOSEN


@attrs.frozen(slots=True)
class Symbol:
    glyph: str
    ascii: str
    word: str


@attrs.frozen(slots=True)
class GainKind:
    name: str
    parameters: frozenset[str]
    glyph: str
    words: str
    log: str
    prompt: str = ""  # what the player is asked, for a gain the player chooses
    internal: bool = False
    strip: str = ""  # the glyph in the river strip's two cells, where the glyph takes more

    @property
    def strip_glyph(self) -> str:
        return self.strip or self.glyph


def template_fields(template: str) -> list[str]:
    """The `{name}` fields of a template; raises ValueError when it is not a valid template."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


def template_problem(
    template: str, parameters: frozenset[str], symbols: frozenset[str]
) -> str | None:
    """Why a template cannot be filled for a kind with these parameters, or None."""
    try:
        fields = template_fields(template)
    except ValueError as error:
        return f"not a valid template ({error})"
    if not template.strip():
        return "is empty"
    allowed = symbols.union(*(PARAMETER_FIELDS[p] for p in parameters))
    for name in fields:
        if name not in allowed:
            return f"{{{name}}} is neither a symbol nor a field of its parameters"
    return None


def literal_text(template: str) -> str:
    """The template without its fields: what it shows whatever the symbol set."""
    return "".join(text for text, _, _, _ in string.Formatter().parse(template))


@attrs.frozen(slots=True)
class Count:
    """A count in a template: `{n}` is the number alone, `{n:free space}` the number with its
    noun, singular for one ("1 free space", "6 free spaces"), so no template builds a plural by
    hand."""

    n: int

    def __format__(self, spec: str) -> str:
        return counted(self.n, spec) if spec[:1].isalpha() else format(self.n, spec)


def render(template: str, effect: Effect, symbols: Mapping[str, str]) -> str:
    """A template filled in for `effect`, with `symbols` mapping each symbol to what is shown."""
    colour = effect.colour.name.lower() if effect.colour is not None else None
    return template.format(
        n=Count(effect.n),
        per=Count(effect.per),
        low=effect.low,
        high=effect.high,
        dice="die" if effect.n == 1 else "dice",
        colour=f"{colour} " if colour else "",
        letter=effect.colour.letter if effect.colour is not None else "",
        any="" if colour else " (any colour)",
        **symbols,
    )
