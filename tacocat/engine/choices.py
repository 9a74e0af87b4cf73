"""Which choices a hand allows: pure functions of sorted tuples of card values.

Cached, because the same small hands come up again and again across games.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Final, TypeVar, overload

from tacocat.engine.actions import Action, Answer, Attack, Duel, Replace

Values = tuple[int, ...]
# Hands met per cache: 5,000 random games meet about 35,000 (hand, attack) pairs
# and 8,700 attacking hands; 32,768 keeps most (~25 MB in all), 4,096 kept a third.
CACHED = 1 << 15


def group(hand: Values) -> tuple[Values, Values]:
    """The distinct values of a sorted hand and how many of each: (2, 5, 5) -> ((2, 5), (1, 2))."""
    values: list[int] = []
    counts: list[int] = []
    for value in hand:  # sorted, so equal values are neighbours
        if values and values[-1] == value:
            counts[-1] += 1
        else:
            values.append(value)
            counts.append(1)
    return tuple(values), tuple(counts)


def missing_value(hand: Values, wanted: Sequence[int]) -> int | None:
    """The first wanted value ``hand`` cannot supply (counting repeats), or None."""
    rest = list(hand)
    for value in wanted:
        try:
            rest.remove(value)
        except ValueError:
            return value
    return None


class ReplaceChoices(Sequence[Replace]):
    """Every replacement of 0..``limit`` cards from a sorted hand, made on demand.

    A seven-card hand allows up to 128 replacements, and a decision usually
    looks at one of them, so - like python-chess's lazy ``legal_moves`` -
    they are built only when asked for, in :func:`picks`'s order ("replace
    nothing" first).  :func:`picks` lists them once per pattern of copies,
    as positions among the hand's distinct values, so a replacement is a lookup.
    Not cached, like :func:`duel_choices`'s: both are cheaper to make than to
    find again among the tens of thousands of hands a match meets.
    """

    __slots__ = ("_counts", "_made", "_picks", "_values", "limit")

    def __init__(self, hand: Values, limit: int) -> None:
        self._values, self._counts = group(hand)
        self.limit = min(limit, len(hand))
        self._picks = picks(self._counts, self.limit)
        # The last replacement handed out: checking that an agent's choice is
        # legal is then, most often, one identity test (see __contains__).
        self._made: Replace | None = None

    def __len__(self) -> int:
        return len(self._picks)

    @overload
    def __getitem__(self, index: int) -> Replace: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Replace, ...]: ...
    def __getitem__(self, index: int | slice) -> Replace | tuple[Replace, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self._picks))))
        try:
            positions = self._picks[index]
        except IndexError:
            raise IndexError("replacement index out of range") from None
        values = self._values
        picked = tuple([values[position] for position in positions])
        made = _REPLACES.get(picked)
        if made is None:
            made = _kept(_REPLACES, picked, Replace.of_sorted(picked))
        self._made = made
        return made

    def __iter__(self) -> Iterator[Replace]:
        return (self[index] for index in range(len(self)))

    def __contains__(self, action: object) -> bool:
        # Any replacement this sequence made is one of its own (a shared, cached
        # sequence may have made another since: then it is counted below).
        if action is self._made and action is not None:
            return True
        if not isinstance(action, Replace) or len(action.values) > self.limit:
            return False
        held = dict(zip(self._values, self._counts, strict=True))
        last, run = 0, 0
        for value in action.values:  # sorted: count each run of equal values
            run = run + 1 if value == last else 1
            last = value
            if run > held.get(value, 0):
                return False
        return True

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ReplaceChoices):
            return (self._values, self._counts, self.limit) == (
                other._values,
                other._counts,
                other.limit,
            )
        if isinstance(other, Sequence):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._values, self._counts, self.limit))

    def __repr__(self) -> str:
        return f"<ReplaceChoices: {len(self)} ways to replace up to {self.limit} cards>"


@lru_cache(maxsize=4096)
def picks(counts: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """Every replacement of at most ``limit`` cards from a hand with these ``counts``.

    Each is the positions of its values among the hand's distinct values,
    in :class:`ReplaceChoices`'s order (``counts`` (1, 2), limit 2: ``()``,
    ``(1,)``, ``(1, 1)``, ``(0,)``, ``(0, 1)``): how many of the lowest value
    go, then of the next, ``()`` first.
    """
    found: list[tuple[int, ...]] = [()]
    for position in range(len(counts) - 1, -1, -1):
        # Before each choice so far, with fewer of this value first.
        found = [
            (position,) * taken + rest
            for taken in range(counts[position] + 1)
            for rest in found
            if taken + len(rest) <= limit
        ]
    return tuple(found)


@lru_cache(maxsize=4096)
def ways_table(counts: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """``table[i][r]``: how many ways to pick at most r cards from the i-th distinct value on."""
    row = (1,) * (limit + 1)
    table = [row]
    for count in reversed(counts):
        row = tuple(sum(row[r - c] for c in range(min(count, r) + 1)) for r in range(limit + 1))
        table.append(row)
    table.reverse()
    return tuple(table)


def attack_choices(hand: Values) -> tuple[Attack, ...]:
    """Every legal attack from ``hand``: singles, sets and sequences, leaving a card in hand."""
    found = _ATTACKS.get(hand)
    if found is None:
        found = _kept(_ATTACKS, hand, _list_attacks(hand))
    return found


def _list_attacks(hand: Values) -> tuple[Attack, ...]:
    """The attacks :func:`attack_choices` lists, made afresh."""
    distinct = sorted(set(hand))
    counts = [hand.count(value) for value in distinct]
    return tuple(map(_attack, sorted(attack_values(distinct, counts, len(hand) - 1))))


def attack_values(distinct: Sequence[int], counts: Sequence[int], largest: int) -> list[Values]:
    """Every attack of at most ``largest`` cards from ``counts[i]`` cards of value ``distinct[i]``.

    Singles, then sets, then sequences, each by value (``distinct`` is sorted).
    """
    found: list[Values] = [(value,) for value in distinct] if largest >= 1 else []
    for value, count in zip(distinct, counts, strict=True):
        for size in range(2, min(count, largest) + 1):
            found.append((value,) * size)
    for start, first in enumerate(distinct):
        run = [first]
        for value in distinct[start + 1 :]:
            if value != run[-1] + 1 or len(run) == largest:
                break
            run.append(value)
            if len(run) >= 3:
                found.append(tuple(run))
    return found


def duel_choices(hand: Values) -> tuple[Duel, ...]:
    """One duel choice per distinct value in ``hand``."""
    found = []
    for value in sorted(set(hand)):
        duel = _DUELS.get(value)
        if duel is None:
            duel = _DUELS[value] = Duel(value)
        found.append(duel)
    return tuple(found)


# One object per action, shared by every list that holds it (and the encoding's):
# a new hand costs lookups, not new objects.
_attack = lru_cache(maxsize=CACHED)(Attack.of_sorted)
_answer = lru_cache(maxsize=CACHED)(Answer.of_sorted)
# The same by card value and by the values a replacement gives away: plain
# dictionaries, the cheapest lookup there is.
_DUELS: Final[dict[int, Duel]] = {}
_REPLACES: Final[dict[Values, Replace]] = {}
# What a hand allows, remembered: most hands of a match come up again.
_ATTACKS: Final[dict[Values, tuple[Attack, ...]]] = {}
_ANSWERS: Final[dict[tuple[Values, Values], tuple[Answer, ...]]] = {}

Key = TypeVar("Key")
Kept = TypeVar("Kept")


def shared(action: Action) -> Action:
    """The one object the lists above hold for ``action`` (checked by identity: fast)."""
    if isinstance(action, Duel):
        return _DUELS.setdefault(action.value, action)
    if isinstance(action, Replace):  # (_kept empties the table when it is full)
        return _REPLACES.setdefault(action.values, action)
    return (_attack if isinstance(action, Attack) else _answer)(action.values)


def _kept(table: dict[Key, Kept], key: Key, value: Kept) -> Kept:
    """Remember ``value`` under ``key`` in one of the tables above, and return it.

    A full table (:data:`CACHED` entries) starts again empty: a lookup then
    costs one dictionary probe, where ``lru_cache`` also reorders its list.
    """
    if len(table) >= CACHED:
        table.clear()
    table[key] = value
    return value


def is_defended(attack: Values, played: Values) -> bool:
    """True if every attack card is met by a played card of equal or higher value.

    Pairing both sorted lists lowest to lowest finds such a matching whenever one exists.
    """
    if len(attack) == 1:
        return played[0] >= attack[0]
    return all(answer >= hit for hit, answer in zip(sorted(attack), sorted(played), strict=True))


def answer_choices(hand: Values, attack: Values) -> tuple[Answer, ...]:
    """Every legal answer from ``hand`` to ``attack``, both sorted (docs/rules.md, 3. Play)."""
    key = (hand, attack)
    found = _ANSWERS.get(key)
    if found is None:
        found = _kept(_ANSWERS, key, _list_answers(hand, attack))
    return found


def _list_answers(hand: Values, attack: Values) -> tuple[Answer, ...]:
    """The answers :func:`answer_choices` lists, made afresh."""
    if len(attack) == 1:
        # The common case, directly: any card that equals or beats it, or the lowest card.
        beaters = hand[bisect_left(hand, attack[0]) :]  # sorted: from the first that beats it
        values = dict.fromkeys(beaters if beaters[:1] == hand[:1] else hand[:1] + beaters)
        return tuple([_answer((value,)) for value in values])
    found: set[Values] = set()
    _add_answers(hand, (), tuple(sorted(attack)), found)
    return tuple(map(_answer, sorted(found)))


def _add_answers(rest: Values, defenders: Values, attack: Values, found: set[Values]) -> None:
    """Add to ``found`` every answer that defends with ``defenders`` and maybe more of ``rest``.

    Defenders are chosen lowest first, so they can cover attack cards exactly
    when the i-th is at least the i-th lowest attack card; the answer is
    completed by the lowest cards left (the sacrifices).  A plain recursive
    function: nested closures would make reference cycles for the collector.
    """
    need = len(attack) - len(defenders)
    found.add(tuple(sorted(defenders + rest[:need])))
    if need == 0:
        return
    lowest = attack[len(defenders)]
    if defenders and defenders[-1] > lowest:
        lowest = defenders[-1]
    previous = None
    for index, value in enumerate(rest):
        if value >= lowest and value != previous:
            previous = value
            _add_answers(rest[:index] + rest[index + 1 :], (*defenders, value), attack, found)


def holds(legal: Sequence[Action], action: Action) -> bool:
    """``action in legal``, by identity first (``in`` would call ``__eq__`` on each before it)."""
    if type(legal) is tuple:
        for known in legal:
            if known is action:
                return True
    return action in legal
