"""rules: the whole game of Rajas of the Ganges as an immutable model.

The public doors: `new_game`, `legal_actions`, `apply`, `is_over`, `ranking`, `parse_action`,
`canonical` (the one spelling of an action that `legal_actions` lists and logs store), `forecast`
(what an action will give, without revealing anything hidden) and `why_not` (with `why_not_tile`,
`why_not_chamber`, `why_not_upgrade`) for what cannot be done.
No I/O but reading the engine's own data files; nothing here imports a user interface.
"""

from .actions import (
    COLUMNS,
    Action,
    Balcony,
    Boat,
    Chamber,
    Harbor,
    Outer,
    PalaceChoice,
    Pass,
    Place,
    Quarry,
    Rebuild,
    Reroll,
    Return,
    Score,
    Single,
    Take,
    Terrace,
    Upgrade,
    Variety,
    cell_name,
    parse_action,
    parse_cell,
    stack_name,
)
from .building import upgrades_made
from .catalog import DataError, SpaceSpec, TileSpec, catalog
from .dice import a_die, remove_dice
from .effects import DECISIONS, HANDLED, choice_prompt, prompt
from .engine import (
    apply,
    forecast,
    is_over,
    legal_actions,
    why_not,
    why_not_chamber,
    why_not_tile,
    why_not_upgrade,
)
from .errors import IllegalAction
from .gains import Symbol, render
from .invariants import problems as invariant_problems
from .invariants import unreachable as unreachable_facts
from .model import (
    BUILDINGS,
    COLOURS,
    GOODS,
    Building,
    Colour,
    Die,
    Effect,
    Good,
    PaidDie,
    Side,
    opposite_face,
)
from .province import (
    ends_at,
    good_markets,
    good_score,
    placement_problem,
    placements,
    rotated,
    variety_markets,
)
from .river import destination
from .rng import next_u64, seed_state
from .rounds import Standing, ranking
from .setup import config_problem, new_game
from .spaces import ROWS, board_side
from .spellings import canonical
from .state import COVERED, FREE, Config, GameState, Placed, Player, Province, Supply, replace
from .tracks import margin, money_cell
from .words import counted, plural

# Raised whenever a rule or data change makes the same seed and actions lead elsewhere, so that
# saves made under other rules can be told apart from corrupt ones.
RULES_VERSION = 1

__all__ = [
    "BUILDINGS",
    "COLOURS",
    "COLUMNS",
    "COVERED",
    "DECISIONS",
    "FREE",
    "GOODS",
    "HANDLED",
    "ROWS",
    "RULES_VERSION",
    "Action",
    "Balcony",
    "Boat",
    "Building",
    "Chamber",
    "Colour",
    "Config",
    "DataError",
    "Die",
    "Effect",
    "GameState",
    "Good",
    "Harbor",
    "IllegalAction",
    "Outer",
    "PaidDie",
    "PalaceChoice",
    "Pass",
    "Place",
    "Placed",
    "Player",
    "Province",
    "Quarry",
    "Rebuild",
    "Reroll",
    "Return",
    "Score",
    "Side",
    "Single",
    "SpaceSpec",
    "Standing",
    "Supply",
    "Symbol",
    "Take",
    "Terrace",
    "TileSpec",
    "Upgrade",
    "Variety",
    "a_die",
    "apply",
    "board_side",
    "canonical",
    "catalog",
    "cell_name",
    "choice_prompt",
    "config_problem",
    "counted",
    "destination",
    "ends_at",
    "forecast",
    "good_markets",
    "good_score",
    "invariant_problems",
    "is_over",
    "legal_actions",
    "margin",
    "money_cell",
    "new_game",
    "next_u64",
    "opposite_face",
    "parse_action",
    "parse_cell",
    "placement_problem",
    "placements",
    "plural",
    "prompt",
    "ranking",
    "remove_dice",
    "render",
    "replace",
    "rotated",
    "seed_state",
    "stack_name",
    "unreachable_facts",
    "upgrades_made",
    "variety_markets",
    "why_not",
    "why_not_chamber",
    "why_not_tile",
    "why_not_upgrade",
]
