"""Multisets of card values ranked by counting: the ranges of the action space (encoding)."""

from __future__ import annotations

from functools import lru_cache
from itertools import islice, product
from typing import Any

from tacocat.engine.choices import group, ways_table
from tacocat.engine.rules import MAX_VALUE, MIN_VALUE

Counts = tuple[int, ...]


class Multisets:
    """Multisets of card values of at most ``limit`` cards, ``caps[i]`` copies of value i + 1.

    ``rank`` and ``unrank`` are a bijection with ``range(len(self))``:
    lexicographic in the counts, the lowest value's count most significant.
    """

    __slots__ = ("caps", "limit", "size", "slots", "ways")

    def __init__(self, caps: Counts, limit: int) -> None:
        self.caps, self.limit = caps, limit
        # ways[i][r]: how many multisets of at most r cards use only values i + 1 and up
        # (the table that also ranks a hand's replacements).
        self.ways = ways_table(caps, limit)
        self.size = self.ways[0][limit]
        # slots[v - 1][j]: what a card of value v adds to a rank when j lower cards come first.
        self.slots = [
            [self.ways[position + 1][limit - j] for j in range(limit)]
            for position in range(len(caps))
        ]

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

    def sub_ranks(self, hand: tuple[int, ...], most: int) -> list[int]:
        """The ranks of every sub-multiset of the sorted ``hand`` of at most ``most`` cards.

        In increasing order, without building the multisets.  A rank is a sum
        over the multiset's cards, lowest first, of what the j-th card of
        value v adds (``slots[v][j]``), so each sub-multiset's rank is the rank
        of the one without its highest card plus one term.  Which term and
        which smaller multiset depend only on the hand's pattern of copies
        (:func:`_extensions`): a new hand costs one addition per replacement.
        """
        values, counts = group(hand)
        slots = self.slots
        rows = [slots[value - MIN_VALUE] for value in values]
        ranks = [0]
        append = ranks.append
        for shorter, position, slot in _extensions(counts, min(most, self.limit)):
            append(ranks[shorter] + rows[position][slot])
        return ranks

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


@lru_cache(maxsize=8192)
def _extensions(counts: Counts, most: int) -> tuple[tuple[int, int, int], ...]:
    """How a hand with ``counts`` copies of its distinct values ranks its sub-multisets.

    For each sub-multiset of at most ``most`` cards but the empty one, in rank
    order: the position of it without its highest card, that card's position
    among the hand's distinct values, and how many cards come before it.
    """
    every = product(*(range(count + 1) for count in counts))  # in rank order already
    ordered = [taken for taken in every if sum(taken) <= most]
    where = {taken: place for place, taken in enumerate(ordered)}
    found: list[tuple[int, int, int]] = []
    for taken in ordered[1:]:
        last = max(position for position, count in enumerate(taken) if count)
        shorter = list(taken)
        shorter[last] -= 1
        found.append((where[tuple(shorter)], last, sum(taken) - 1))
    return tuple(found)
