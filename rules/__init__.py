"""rules: the whole game of Rajas of the Ganges as an immutable model.

The public doors: `new_game`, `legal_actions`, `apply`, `is_over`, `ranking`, `parse_action`.
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
from .catalog import EFFECT_PARAMETERS, SpaceSpec, TileSpec, catalog
from .dice import remove_dice
from .effects import DECISIONS, prompt
from .engine import apply, is_over, legal_actions
from .errors import IllegalAction
from .invariants import problems as invariant_problems
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
from .province import ends_at, good_score, placement_problem, placements, rotated
from .river import destination
from .rng import next_u64, seed_state
from .rounds import Standing, ranking
from .setup import config_problem, new_game
from .spaces import ROWS, board_side
from .state import COVERED, FREE, Config, GameState, Placed, Player, Province, Supply, replace
from .tracks import margin

# Raised whenever a rule or data change makes the same seed and actions lead elsewhere, so that
# saves made under other rules can be told apart from corrupt ones.
RULES_VERSION = 1

__all__ = [
    "BUILDINGS",
    "COLOURS",
    "COLUMNS",
    "COVERED",
    "DECISIONS",
    "EFFECT_PARAMETERS",
    "FREE",
    "GOODS",
    "ROWS",
    "RULES_VERSION",
    "Action",
    "Balcony",
    "Boat",
    "Building",
    "Chamber",
    "Colour",
    "Config",
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
    "Take",
    "Terrace",
    "TileSpec",
    "Upgrade",
    "Variety",
    "apply",
    "board_side",
    "catalog",
    "cell_name",
    "config_problem",
    "destination",
    "ends_at",
    "good_score",
    "invariant_problems",
    "is_over",
    "legal_actions",
    "margin",
    "new_game",
    "next_u64",
    "opposite_face",
    "parse_action",
    "parse_cell",
    "placement_problem",
    "placements",
    "prompt",
    "ranking",
    "remove_dice",
    "replace",
    "rotated",
    "seed_state",
    "stack_name",
    "upgrades_made",
]
