"""`river.stops` walks the river once for every step count: each of its stops must be
where counting that many free spaces (§7) puts the boat, as `destination` tells it."""

from __future__ import annotations

import itertools

from rules import river


def _counted(boats: tuple[int, ...], seat: int, steps: int) -> int:
    """§7 counted out space by space: other boats' spaces are skipped, the final space holds
    any number of boats and stops a boat that would move past it."""
    final = river.final_space()
    position = boats[seat]
    others = [b for s, b in enumerate(boats) if s != seat]
    while steps and position < final:
        position += 1
        if position == final or position not in others:
            steps -= 1
    return position


def test_every_stop_is_where_counting_free_spaces_ends() -> None:
    final = river.final_space()
    spaces = (0, 1, 2, 3, final - 3, final - 2, final - 1, final)
    checked = 0
    for boats in itertools.product(spaces, repeat=3):
        for seat in range(3):
            reached = river.stops(boats, seat, 6)
            assert len(reached) == 6
            for steps in range(1, 7):
                assert reached[steps - 1] == _counted(boats, seat, steps)
                assert river.destination(boats, seat, steps) == reached[steps - 1]
                checked += 1
    assert checked == 8**3 * 3 * 6


def test_no_steps_leave_the_boat_where_it_is() -> None:
    assert river.destination((4, 5), 0, 0) == 4
    assert river.stops((4, 5), 0, 0) == ()


def test_free_ahead_counts_the_spaces_a_boat_can_still_stop_on() -> None:
    """The harbor lists the step counts 1 to `free_ahead`: each must stop the boat on a space
    no fewer steps reach, and every longer move on the space the last of them reaches."""
    final = river.final_space()
    spaces = (0, 1, 2, 3, final - 3, final - 2, final - 1, final)
    for boats in itertools.product(spaces, repeat=3):
        for seat in range(3):
            free = river.free_ahead(boats, seat)
            reached = [_counted(boats, seat, steps) for steps in range(1, final + 1)]
            assert len(set(reached[:free])) == free
            assert set(reached[free:]) <= {reached[free - 1] if free else boats[seat]}
