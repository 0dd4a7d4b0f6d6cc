"""The palace and the other action areas: every space with its key, cost and who is on it."""

from __future__ import annotations

from rich.text import Text

from rajas_tui.present import text
from rajas_tui.tui.widgets.base import Pane, View, player_style
from rules import COVERED, FREE, SpaceSpec, board_side

ROWS = (
    ("Quarry", ("quarry",)),
    ("Harbor", ("harbor",)),
    ("Market", ("variety", "single")),
    ("Terrace", ("terrace", "outer")),
    ("Balcony", ("balcony",)),
    ("Chamber", ("chamber",)),
)
LABEL = 8


class BoardPane(Pane):
    """The action areas. Spaces the acting player can take show their key in brackets, `[q1]`;
    the others without (` q2 `, dimmed as well: dimness is a colour, and not told without one).
    The chooser's cursor is shown in reverse and by its marks around the key, which take the
    brackets' place so that no row moves as the cursor does: `▶q2◀1$`."""

    def draw(self, view: View) -> Text:
        state = view.state
        side = board_side(state)
        chooser = view.chooser
        enabled: set[str] = set()
        cursor_key = None
        if chooser is not None:
            enabled = chooser.takeable_space_keys()
            cursor_key = chooser.cursor_space_key()
        width = max(self.size.width, 30)
        name = text.board_side_words(state.config.players)
        lines = [
            self.title(f"Board — {name} side; in brackets: yours to take", f"Board — {name} side")
        ]
        for title, areas in ROWS:
            specs = [s for s in side.spaces if s.area in areas]
            line = Text(f"{title:<{LABEL}}")
            for spec in specs:
                token = self._token(view, spec, spec.key in enabled, spec.key == cursor_key)
                # A token's last cell is its blank: it fits where all but the blank does.
                if line.cell_len + token.cell_len - 1 > width:
                    line.rstrip()
                    lines.append(line)
                    line = Text(" " * LABEL)
                line.append_text(token)
            line.rstrip()
            lines.append(line)
        return Text("\n").join(lines)

    def _token(self, view: View, spec: SpaceSpec, enabled: bool, cursor: bool) -> Text:
        occupant = view.state.spaces[spec.index]
        token = Text()
        if cursor:
            key = f"{text.G['cursor']}{spec.key}{text.G['to_play']}"
        else:
            key = f"[{spec.key}]" if enabled else f" {spec.key} "
        cost = text.space_cost(spec)
        style = "reverse" if cursor else ("" if enabled else "dim")
        token.append(key, style=f"bold {style}" if enabled else style)
        # A space taken (or out of play) says by whom in its cost's place: its cost no longer
        # matters this round, and beside the cost the two ran together ("b→2oC◆").
        if occupant == COVERED:
            token.append(text.G["covered"], style="dim")
        elif occupant != FREE:
            token.append(text.player_tag(occupant), style=player_style(occupant))
        else:
            token.append(cost, style="" if enabled else "dim")
        token.append(" ")
        return token
