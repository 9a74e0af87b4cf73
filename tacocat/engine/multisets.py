"""Multisets of card values ranked by counting: the ranges of the action space.

:class:`Multisets` gives each multiset of at most ``limit`` values its rank
in a fixed order, and back, without listing them (a table of how many fit
the room left), and ranks every sub-multiset of a hand at once: the
replacements a hand allows.  Used by :mod:`tacocat.engine.encoding`.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

from tacocat.engine.choices import ways_table
from tacocat.engine.rules import MAX_VALUE, MIN_VALUE

Counts = tuple[int, ...]


class Multisets:
    """Multisets of card values of at most ``limit`` cards, ``caps[i]`` copies of value i + 1.

    ``rank`` and ``unrank`` are a bijection with ``range(len(self))``:
    lexicographic in the counts, the lowest value's count most significant.
    """

    __slots__ = ("caps", "limit", "size", "subs", "ways")

    def __init__(self, caps: Counts, limit: int) -> None:
        self.caps, self.limit = caps, limit
        # ways[i][r]: how many multisets of at most r cards use only values i + 1 and up
        # (the table that also ranks a hand's replacements).
        self.ways = ways_table(caps, limit)
        self.size = self.ways[0][limit]
        self.subs: dict[tuple[tuple[int, ...], tuple[int, ...], int, int], tuple[int, ...]] = {}

    def rank(self, values: tuple[int, ...]) -> int | None:
        """The index of the sorted ``values``, or None if they are not in this set."""
        if len(values) > self.limit:
            return None
        counts = [0] * len(self.caps)
        for value in values:
            if not MIN_VALUE <= value <= MAX_VALUE:
                return None
            counts[value - MIN_VALUE] += 1
        index, room = 0, self.limit
        for position, count in enumerate(counts):
            if count > self.caps[position]:
                return None
            rest = self.ways[position + 1]
            for taken in range(count):
                index += rest[room - taken]
            room -= count
        return index

    def sub_ranks(self, hand: tuple[int, ...], most: int) -> tuple[int, ...]:
        """The ranks of every sub-multiset of the sorted ``hand`` of at most ``most`` cards.

        In increasing order, computed without building the multisets: a hand
        of seven allows up to 128 replacements.  Taking more copies of the
        lowest value gives a higher rank, so the ranks of what the rest of
        the hand allows, shifted by what each choice for the lowest value
        adds, follow each other in order; the rest of a hand recurs in many
        hands, so each rest's ranks are kept (at most 50,000: the older half goes).
        """
        values, counts = _grouped(hand)
        trim(self.subs)
        return self._sub(tuple(values), tuple(counts), self.limit, most)

    def _sub(
        self, values: tuple[int, ...], counts: tuple[int, ...], room: int, most: int
    ) -> tuple[int, ...]:
        key = (values, counts, room, most)
        found = self.subs.get(key)
        if found is None:
            if not values or most == 0:
                found = (0,)
            else:
                rest = self.ways[values[0] - MIN_VALUE + 1]
                ranks: list[int] = []
                shift = 0
                for taken in range(min(counts[0], most) + 1):
                    below = self._sub(values[1:], counts[1:], room - taken, most - taken)
                    ranks += [shift + rank for rank in below] if shift else below
                    shift += rest[room - taken]
                found = tuple(ranks)
            self.subs[key] = found
        return found

    def unrank(self, index: int) -> tuple[int, ...]:
        """The sorted values at ``index`` (0 <= index < len(self))."""
        picked: list[int] = []
        room = self.limit
        for position, cap in enumerate(self.caps):
            rest = self.ways[position + 1]
            taken = 0
            while taken < min(cap, room) and index >= rest[room - taken]:
                index -= rest[room - taken]
                taken += 1
            picked += [position + MIN_VALUE] * taken
            room -= taken
        return tuple(picked)


def trim(table: dict[Any, Any], most: int = 50_000) -> None:
    """Forget the older half of a full ``table``: a long run keeps what it meets
    now, rather than starting again from nothing (dictionaries keep their order)."""
    if len(table) > most:
        for key in list(islice(table, most // 2)):
            del table[key]


def _grouped(hand: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The distinct values of a sorted hand and how many of each."""
    values: list[int] = []
    counts: list[int] = []
    for value in hand:
        if values and values[-1] == value:
            counts[-1] += 1
        else:
            values.append(value)
            counts.append(1)
    return values, counts
