"""rules: the whole game of Rajas of the Ganges as an immutable model.

The public doors: `new_game`, `legal_actions`, `apply` (and `apply_revealing`, which also says what
the action brought to light by chance), `is_over`, `ranking`, `parse_action` (raising `Unreadable`),
`canonical` (the one spelling of an action that `legal_actions` lists and logs store), `forecast`
(what an action will give, without revealing anything hidden) and `why_not` (with `why_not_tile`,
`why_not_chamber`, `why_not_upgrade`, `why_not_yield`) for what cannot be done. What a game's
variants change is in its `ruleset`; `seat_view` is the game as one seat may see it.
No I/O but reading the engine's own data files; nothing here imports a user interface.
"""

from .actions import (
    COLUMNS,
    STACK,
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
    Sail,
    Score,
    Single,
    Take,
    TakeYield,
    Terrace,
    Upgrade,
    Variety,
    cell_name,
    parse_action,
    parse_cell,
    stack_name,
)
from .building import scoring_levels, upgrades_made
from .canonical_form import canonical
from .catalog import (
    YIELD_COLOURS,
    BoardRules,
    DataError,
    Field,
    GangaTile,
    SpaceSpec,
    TileSpec,
    YieldTile,
    catalog,
)
from .determinize import determinize, returns
from .dice import a_die, remove_dice
from .effects import DECISIONS, HANDLED, choice_prompt, prompt
from .effects import amount as gain_amount
from .engine import (
    apply,
    apply_revealing,
    forecast,
    is_over,
    legal_actions,
    why_not,
    why_not_chamber,
    why_not_tile,
    why_not_upgrade,
    why_not_yield,
)
from .errors import IllegalAction, Unreadable
from .fields import field_reached
from .gains import Symbol, render
from .ganga import lay_river_tiles
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
from .plurals import counted, plural
from .province import (
    ends_at,
    good_markets,
    good_score,
    placement_problem,
    placements,
    rotated,
    variety_markets,
)
from .revealed import Drew, Reshuffled, Reveal, Rolled, Shows, TurnedUp
from .river import destination
from .rng import next_u64, seed_state
from .rounds import Standing, ranking
from .ruleset import Ruleset, SeatRules, rules_for, ruleset, seat_rules
from .setup import boards, config_problem, new_game, players_problem
from .spaces import ROWS, board_side
from .state import (
    COVERED,
    EMPTY,
    FREE,
    UNSEEN,
    Config,
    GameState,
    Placed,
    Player,
    Province,
    River,
    Supply,
    replace,
)
from .tracks import margin, money_cell
from .views import hidden_from, seat_view

# Raised whenever a rule or data change makes the same seed and actions lead elsewhere, so that
# saves made under other rules can be told apart from corrupt ones.
RULES_VERSION = 2

__all__ = [
    "BUILDINGS",
    "COLOURS",
    "COLUMNS",
    "COVERED",
    "DECISIONS",
    "EMPTY",
    "FREE",
    "GOODS",
    "HANDLED",
    "ROWS",
    "RULES_VERSION",
    "STACK",
    "UNSEEN",
    "YIELD_COLOURS",
    "Action",
    "Balcony",
    "BoardRules",
    "Boat",
    "Building",
    "Chamber",
    "Colour",
    "Config",
    "DataError",
    "Die",
    "Drew",
    "Effect",
    "Field",
    "GameState",
    "GangaTile",
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
    "Reshuffled",
    "Return",
    "Reveal",
    "River",
    "Rolled",
    "Ruleset",
    "Sail",
    "Score",
    "SeatRules",
    "Shows",
    "Side",
    "Single",
    "SpaceSpec",
    "Standing",
    "Supply",
    "Symbol",
    "Take",
    "TakeYield",
    "Terrace",
    "TileSpec",
    "TurnedUp",
    "Unreadable",
    "Upgrade",
    "Variety",
    "YieldTile",
    "a_die",
    "apply",
    "apply_revealing",
    "board_side",
    "boards",
    "canonical",
    "catalog",
    "cell_name",
    "choice_prompt",
    "config_problem",
    "counted",
    "destination",
    "determinize",
    "ends_at",
    "field_reached",
    "forecast",
    "gain_amount",
    "good_markets",
    "good_score",
    "hidden_from",
    "invariant_problems",
    "is_over",
    "lay_river_tiles",
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
    "players_problem",
    "plural",
    "prompt",
    "ranking",
    "remove_dice",
    "render",
    "replace",
    "returns",
    "rotated",
    "rules_for",
    "ruleset",
    "scoring_levels",
    "seat_rules",
    "seat_view",
    "seed_state",
    "stack_name",
    "unreachable_facts",
    "upgrades_made",
    "variety_markets",
    "why_not",
    "why_not_chamber",
    "why_not_tile",
    "why_not_upgrade",
    "why_not_yield",
]
