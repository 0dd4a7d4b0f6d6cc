"""The game screen's footer: Textual's, without the leak of its rebuilds."""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's footer rebuilds itself, every key a new widget, whenever the keys change: on
    the game screen, several times in each turn a player types. Each key watches the footer's
    `compact`, and Textual forgets a removed widget's watcher only when the watched value next
    changes (textual issue 6666), which `compact` never does: every rebuild's keys stayed
    alive, about 5,000 objects each, for as long as the game screen, and each full collection
    walked them all again. After each rebuild the removed keys' watchers are dropped."""

    async def recompose(self) -> None:
        await super().recompose()
        # Textual's own list (`reactive._watch`): it has no public way to stop watching.
        watchers = getattr(self, "__watchers", {}).get("compact", [])
        watchers[:] = [(key, callback) for key, callback in watchers if key.is_attached]
