"""A clock for tests of a search's time cap: each reading is `step` seconds after the one before,
so when a search stops depends on how often it reads the clock, never on the machine. Picklable,
so the bots' process can be handed one (it imports this module from the source tree)."""

from __future__ import annotations


class Ticking:
    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        reading = self.now
        self.now += self.step
        self.readings += 1
        return reading
