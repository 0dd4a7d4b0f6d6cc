"""The game screen's footer: Textual's, without the leak of its rebuilds, and with its keys
changed in place rather than rebuilt."""

from __future__ import annotations

from typing import NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

PALETTE = "-command-palette"  # the class of the command palette's key, docked at the right


class Face(NamedTuple):
    """What one footer key shows and does: the arguments Textual's `FooterKey` is made with."""

    key: str
    display: str
    description: str
    action: str
    disabled: bool
    tooltip: str


class Faces(NamedTuple):
    keys: tuple[Face, ...]
    palette: Face | None  # the command palette's key, when the footer shows it


class Footer(TextualFooter):
    """Textual's footer rebuilds itself, every key a new widget, whenever the screen says its
    bindings may have changed: on the game screen, at every key a player types. A rebuild
    made about 5,000 objects of garbage (each key's styles, and a node for each of its
    component classes whenever its style is worked out), which the collector then walked on
    the UI thread (see `collector`), and mounting the new keys cost most of a key press's time.
    So a rebuild that would show the same keys is skipped, and one that would show other keys
    changes the keys already there in place, adding or removing only those that differ in
    number. Only keys in binding groups, which this app does not use, take Textual's rebuild.

    Each key also watches the footer's `compact`, and Textual forgets a removed widget's
    watcher only when the watched value next changes, which `compact` never does: every
    rebuild's keys would stay alive for as long as the game screen. After keys are removed
    their watchers are dropped."""

    _shown: Faces | None = None

    async def recompose(self) -> None:
        if not self.is_attached:
            return  # asked after a refresh that came once its screen had closed
        faces = self.faces()
        if faces is not None and faces == self._shown:
            return
        if faces is not None and self._shown is not None and self._shown.palette == faces.palette:
            async with self.batch():
                await self._refit(faces)
        else:
            await super().recompose()
        self._shown = faces
        self._forget_removed_keys()

    def compose(self) -> ComposeResult:
        """Textual's keys, each made with the footer's `compact` and its class already set:
        Textual's are made compact and then bound to the footer's, and each change restyles the
        key: two restyles a key, on the first frame."""
        faces = self.faces() if self._bindings_ready else None
        if faces is None:
            yield from super().compose()
        else:
            yield from self._keys_of(faces)

    def _keys_of(self, faces: Faces) -> list[FooterKey]:
        keys = [_key(face, self.compact) for face in faces.keys]
        if faces.palette is not None:
            keys.append(_key(faces.palette, True, PALETTE))  # as Textual's: compact, not bound
        return keys

    def faces(self) -> Faces | None:
        """The keys Textual's `compose` would show, one for each action (the first binding to
        it), or None when some binding is in a group."""
        screen = self.screen
        keys: dict[str, Face] = {}
        for _, binding, enabled, tooltip in screen.active_bindings.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            keys.setdefault(binding.action, self._face(binding, enabled, tooltip))
        return Faces(tuple(keys.values()), self._palette_face())

    def _palette_face(self) -> Face | None:
        if not (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE):
            return None
        found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if found is None:
            return None
        _, binding, enabled, _ = found
        return self._face(binding, enabled, binding.tooltip or binding.description)

    def _face(self, binding: Binding, enabled: bool, tooltip: str) -> Face:
        display = self.app.get_key_display(binding)
        return Face(binding.key, display, binding.description, binding.action, not enabled, tooltip)

    async def _refit(self, faces: Faces) -> None:
        shown = [key for key in self.query_children(FooterKey) if not key.has_class(PALETTE)]
        for widget, face in zip(shown, faces.keys, strict=False):
            _dress(widget, face)
        if len(shown) > len(faces.keys):
            await self.remove_children(shown[len(faces.keys) :])
        elif len(faces.keys) > len(shown):
            added = [_key(face, self.compact) for face in faces.keys[len(shown) :]]
            palette = self.query_children(f"FooterKey.{PALETTE}")
            await self.mount_all(added, before=palette.first() if palette else None)

    def _watch_compact(self, compact: bool) -> None:
        # Textual binds its keys (not the palette's) to `compact`; these are told here.
        for key in self.query_children(FooterKey):
            if not key.has_class(PALETTE):
                key.compact = compact

    def _forget_removed_keys(self) -> None:
        # Textual's own list (`reactive._watch`): it has no public way to stop watching.
        watchers = getattr(self, "__watchers", {}).get("compact", [])
        watchers[:] = [(key, callback) for key, callback in watchers if key.is_attached]


def _key(face: Face, compact: bool, classes: str = "") -> FooterKey:
    """A key as Textual's footer makes it, not bound to the footer's `compact` (a binding is
    a watcher, the leak above): the footer tells its keys when `compact` changes."""
    classes = f"{classes} -compact" if compact else classes
    key = FooterKey(
        *face[:4], disabled=face.disabled, tooltip=face.tooltip, classes=classes.strip()
    )
    key.set_reactive(FooterKey.compact, compact)
    return key


def _dress(widget: FooterKey, face: Face) -> None:
    """The key shows `face` from now on (`FooterKey` reads these attributes as it draws and
    when it is clicked)."""
    if (widget.key, widget.key_display, widget.description, widget.action) == face[:4] and (
        widget.has_class("-disabled") == face.disabled and (widget.tooltip or "") == face.tooltip
    ):
        return
    # Only a new width lays the footer out again: a layout reflows the whole screen, and most
    # changes only dim or light a key.
    resized = (widget.key_display, widget.description) != (face.display, face.description)
    widget.key, widget.key_display, widget.description, widget.action = face[:4]
    widget._disabled = face.disabled
    widget.set_class(face.disabled, "-disabled")
    widget.tooltip = face.tooltip or None
    widget.refresh(layout=resized)
