"""A fixed encoding of the game for learning agents: integer actions (docs/research.md).

One action space per set of rules, four ranges in this order, each in a
fixed order of its own: ``Replace`` (multisets of at most
``max(hand_sizes)`` values, "replace nothing" first), ``Duel`` (one per
value), ``Attack`` (singles, sets, sequences) and ``Answer`` (non-empty
multisets of at most ``max(hand_sizes) - 1`` values).  An index depends only
on the action and the rules, never on the hand: multisets are ranked by
counting (:class:`Multisets`), not listed.  The vectors are in
:mod:`tacocat.engine.observation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import islice, product
from typing import Any

from tacocat.engine.actions import Action, Answer, Attack, Duel, Replace
from tacocat.engine.choices import attack_values, group, shared, ways_table
from tacocat.engine.rules import MAX_VALUE, MIN_VALUE, Rules

Counts = tuple[int, ...]


class ActionSpace:
    """Every action a game under ``rules`` can ever offer, each with a stable index.

    Build it with :func:`action_space` (cached per rules).
    """

    def __init__(self, rules: Rules) -> None:
        hand = max(rules.hand_sizes)
        self.rules = rules
        caps = tuple(min(count, hand) for count in rules.counts)
        self._replaces = Multisets(caps, hand)
        self._answers = Multisets(caps, hand - 1)  # an attack leaves at least one card
        self._duels = tuple(v for v, cap in enumerate(caps, MIN_VALUE) if cap)
        held = [caps[value - MIN_VALUE] for value in self._duels]
        self._attacks = tuple(attack_values(self._duels, held, hand - 1))
        self._duel_index = {value: i for i, value in enumerate(self._duels)}
        self._attack_index = {values: i for i, values in enumerate(self._attacks)}
        # Where each kind's range starts.
        self.duel_start = self._replaces.size
        self.attack_start = self.duel_start + len(self._duels)
        self.answer_start = self.attack_start + len(self._attacks)
        self._size = self.answer_start + self._answers.size - 1  # no empty answer
        # Each action ranked or unranked once: both hold only actions of this
        # space, so they never grow beyond len(self) entries.
        self._index_of: dict[Action, int] = {}
        self._action_at: dict[int, Action] = {}
        # By id: the engine's lists and actions met (listed_indices).
        self._listed: dict[int, tuple[object, tuple[int, ...]]] = {}

    def __len__(self) -> int:
        return self._size

    def index(self, action: Action) -> int:
        """The index of ``action``; ValueError for an action no game under these rules offers."""
        found: int | None = self._index_of.get(action)
        if found is None:
            found = self._index_of[action] = self._rank(action)
        return found

    def _rank(self, action: Action) -> int:
        found: int | None = None
        if isinstance(action, Replace):
            found = self._replaces.rank(action.values)
        elif isinstance(action, Duel):
            position = self._duel_index.get(action.value)
            found = None if position is None else self.duel_start + position
        elif isinstance(action, Attack):
            position = self._attack_index.get(action.values)
            found = None if position is None else self.attack_start + position
        elif isinstance(action, Answer) and action.values:
            rank = self._answers.rank(action.values)
            found = None if rank is None else self.answer_start + rank - 1
        if found is None:
            raise ValueError(f"{action} is outside the action space of these rules")
        return found

    def action(self, index: int) -> Action:
        """The action at ``index``; ValueError outside ``range(len(self))``."""
        found = self._action_at.get(index) if type(index) is int else None
        if found is None:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self._size:
                raise ValueError(f"{index!r} is not an action index (0 to {self._size - 1})")
            found = self._action_at[index] = self._unrank(index)
        return found

    def _unrank(self, index: int) -> Action:
        # The engine's own object for the action: a legal one is then found by identity.
        return shared(self._made(index))

    def _made(self, index: int) -> Action:
        if index < self.duel_start:
            return Replace.of_sorted(self._replaces.unrank(index))
        if index < self.attack_start:
            return Duel(self._duels[index - self.duel_start])
        if index < self.answer_start:
            return Attack.of_sorted(self._attacks[index - self.attack_start])
        return Answer.of_sorted(self._answers.unrank(index - self.answer_start + 1))

    def listed_indices(self, listed: Sequence[Action], shared: bool = True) -> list[int]:
        """The indices of ``listed``, a list of the engine's choices, sorted, found by identity.

        The engine hands out one object per action and one tuple per hand's
        attacks or answers (``shared``; a duel's list is made afresh): a list or
        an action met before is one probe here, by ``id`` (the entry holds the
        object, so its ``id`` is no other's).
        """
        known = self._listed.get(id(listed))
        if known is not None and known[0] is listed:
            return list(known[1])
        trim(self._listed)
        found: list[int] = []
        for action in listed:
            entry = self._listed.get(id(action))
            if entry is None or entry[0] is not action:
                entry = self._listed[id(action)] = (action, (self.index(action),))
            found.append(entry[1][0])
        found.sort()
        if shared and type(listed) is tuple:
            self._listed[id(listed)] = (listed, tuple(found))
        return found

    def replace_indices(self, hand: tuple[int, ...], limit: int) -> list[int]:
        """The indices of every replacement of at most ``limit`` cards from the sorted ``hand``.

        The sorted indices of ``state.legal_actions()`` in a replacement phase, found faster.
        """
        return self._replaces.sub_ranks(hand, limit)


@lru_cache(maxsize=16)
def action_space(rules: Rules) -> ActionSpace:
    """The action space of ``rules`` (built once per set of rules)."""
    return ActionSpace(rules)


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
