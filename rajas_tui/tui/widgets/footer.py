"""The game screen's footer: Textual's, without the leak of its rebuilds, and rebuilt only when
the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's footer rebuilds itself, every key a new widget, whenever the screen says its
    bindings may have changed: on the game screen, at every key a player types, though most
    keys leave the footer's keys as they were. Each rebuild's keys became garbage, about 5,000
    objects, for the collector to walk (see `collector`). A rebuild that would show the same
    keys is skipped.

    Each key also watches the footer's `compact`, and Textual forgets a removed widget's
    watcher only when the watched value next changes (textual issue 6666), which `compact`
    never does: every rebuild's keys stayed alive for as long as the game screen. After each
    rebuild the removed keys' watchers are dropped."""

    _shown: tuple[Any, ...] | None = None

    async def recompose(self) -> None:
        if not self.is_attached:
            return  # asked after a refresh that came once its screen had closed
        shown = self._keys_to_show()
        if shown == self._shown:
            return
        self._shown = shown
        await super().recompose()
        # Textual's own list (`reactive._watch`): it has no public way to stop watching.
        watchers = getattr(self, "__watchers", {}).get("compact", [])
        watchers[:] = [(key, callback) for key, callback in watchers if key.is_attached]

    def _keys_to_show(self) -> tuple[Any, ...]:
        """What `compose` reads from the screen's bindings, as one comparable value."""
        return tuple(
            (binding.key, binding.action, binding.description, binding.group, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )
