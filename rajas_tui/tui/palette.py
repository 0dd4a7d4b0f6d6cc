"""The command palette's own commands (`RajasCommands`), and which of Textual's the app leaves
out (`NOT_OFFERED`, used by `RajasApp.get_system_commands`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from rajas_tui.tui.app import RajasApp

NOT_OFFERED = ("Keys", "Screenshot")  # Textual's commands the palette leaves out
NO_SCREENSHOT = "rajas saves no screenshots: your terminal can copy what it shows."


class RajasCommands(Provider):
    """The command palette's game commands."""

    def _commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        app: RajasApp = self.app  # type: ignore[assignment]
        commands: list[tuple[str, str, Callable[[], object]]] = [
            ("New game", "set up a new game", app.action_new_game),
            ("Load game", "open a saved game", app.action_load),
            ("Puzzles", "positions with a goal to reach", app.action_puzzles),
            ("Rules and keys", "help: every key and the rules", app.action_rules),
            # In words: the palette shows them in either set, and ASCII shows no symbol.
            ("Glyphs: plain ASCII", "for terminals without Unicode", partial(app.set_glyphs, True)),
            ("Glyphs: Unicode", "symbols and lines in Unicode", partial(app.set_glyphs, False)),
        ]
        if app.sitting is not None and not app.sitting.one_table:
            commands.append(
                ("Leave the table", "back to the title; the seat is free again", app.leave_table)
            )
        if app.game is not None and app.sitting is None:
            commands += [
                ("Save as", "write the game to a file of its own", app.action_save_as),
                ("Undo", "take the last action back", app.undo),
                ("Redo", "play the undone action again", app.redo),
            ]
        return commands

    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
