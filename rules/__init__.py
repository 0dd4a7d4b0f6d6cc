"""rules: the whole game of Rajas of the Ganges as an immutable model.

The public doors: `new_game`, `legal_actions`, `apply`, `is_over`, `ranking`, `parse_action`,
`canonical` (the one spelling of an action that `legal_actions` lists and logs store), `forecast`
(what an action will give, without revealing anything hidden) and `why_not` (with `why_not_tile`,
`why_not_chamber`, `why_not_upgrade`) for what cannot be done.
No I/O but reading the engine's own data files; nothing here imports a user interface.
"""

from .actions import Action, parse_action
from .effects import prompt
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
from .rounds import Standing, ranking
from .setup import new_game
from .spellings import canonical
from .state import Config, GameState

# Raised whenever a rule or data change makes the same seed and actions lead elsewhere, so that
# saves made under other rules can be told apart from corrupt ones.
RULES_VERSION = 1

__all__ = [
    "RULES_VERSION",
    "Action",
    "Config",
    "GameState",
    "IllegalAction",
    "Standing",
    "apply",
    "canonical",
    "forecast",
    "is_over",
    "legal_actions",
    "new_game",
    "parse_action",
    "prompt",
    "ranking",
    "why_not",
    "why_not_chamber",
    "why_not_tile",
    "why_not_upgrade",
]
