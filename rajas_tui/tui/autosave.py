"""The order of the app's saves: each game is numbered as it is made, and a write of one older
than the last written is skipped, so a slow write can never land after a newer one, whatever
order the writing threads run in. The app writes in a worker thread and shows a game only once
it is written (`RajasApp._store`); this holds only the numbers and the write."""

from __future__ import annotations

import threading

import saves


class InOrder:
    """The numbers of the games made and written, and the write that keeps them in order."""

    def __init__(self) -> None:
        self.made = 0  # the newest game's number
        self._written = 0
        self.problem = ""  # why the last game written could not be, or ""
        self._lock = threading.Lock()

    def number(self) -> int:
        """The number of a game made now: the newest from here on."""
        self.made += 1
        return self.made

    def is_newest(self, number: int) -> bool:
        return number == self.made

    def write(self, game: saves.Game, file: saves.GameFile, number: int) -> str:
        """Writes the game unless a newer one is already written; a sentence if it failed."""
        with self._lock:
            if number <= self._written:
                return ""
            self._written = number
            try:
                saves.write(game, file)
            except saves.SaveError as error:
                self.problem = str(error)
                return self.problem
            self.problem = ""
        return ""
