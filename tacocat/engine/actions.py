"""Actions: the small immutable values a player's decision is made of.

Every action names card *values*, never card ids: ``Attack((9, 9))`` is one
action whichever two 9s the attacker holds.  ``str(action)`` reads as a
sentence: 'attack with a sequence 4-5-6'.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Self

from tacocat.engine.errors import StateFormatError, shown
from tacocat.engine.words import count_word


def a_value(value: int) -> str:
    """'a 7' or 'an 8': the article English wants before a spoken number."""
    return f"an {value}" if value in (8, 11, 18) else f"a {value}"


def list_values(values: tuple[int, ...]) -> str:
    """'2, 9 and 12'."""
    words = [str(value) for value in values]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def attack_kind(values: tuple[int, ...]) -> str:
    """'single', 'set' or 'sequence' for a sorted tuple of attack values, else 'invalid'."""
    if len(values) == 1:
        return "single"
    if len(set(values)) == 1:
        return "set"
    if len(values) >= 3 and all(b == a + 1 for a, b in itertools.pairwise(values)):
        return "sequence"
    return "invalid"


def describe_attack(values: tuple[int, ...]) -> str:
    """'a 9', 'a set of two 9s' or 'a sequence 4-5-6'."""
    kind = attack_kind(values)
    if kind == "single":
        return a_value(values[0])
    if kind == "set":
        return f"a set of {count_word(len(values))} {values[0]}s"
    if kind == "sequence":
        return "a sequence " + "-".join(str(value) for value in values)
    return "cards " + list_values(values)


def _check_value(value: object) -> None:
    """Card values are ``int`` and nothing else.

    ``Duel(1.0) == Duel(1)``, so a float (or ``True``) would pass every
    legality check, then be saved as ``1.0`` and make the game's own file unreadable.
    """
    if type(value) is not int:
        raise TypeError(f"a card value must be an int, not {type(value).__name__} {shown(value)}")


@dataclass(frozen=True, slots=True, order=True)
class CardsAction:
    """An action that names several card values, kept in increasing order."""

    values: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # One canonical form per choice, whatever order the values came in.
        values = tuple(sorted(self.values))
        for value in values:
            _check_value(value)
        object.__setattr__(self, "values", values)

    @classmethod
    def of_sorted(cls, values: tuple[int, ...]) -> Self:
        """Build from values already in increasing order, skipping the sort (the engine's path)."""
        action = cls.__new__(cls)
        object.__setattr__(action, "values", values)
        return action


@dataclass(frozen=True, slots=True, order=True)
class Replace(CardsAction):
    """Discard the cards of these values and draw as many (maybe none)."""

    def __str__(self) -> str:
        if not self.values:
            return "replace nothing"
        return "replace " + list_values(self.values)


@dataclass(frozen=True, slots=True, order=True)
class Duel:
    """Put a card of this value face down for the duel."""

    value: int

    def __post_init__(self) -> None:
        _check_value(self.value)

    def __reduce__(self) -> tuple[type[Duel], tuple[int]]:
        return (Duel, (self.value,))

    def __str__(self) -> str:
        return f"duel with {a_value(self.value)}"


@dataclass(frozen=True, slots=True, order=True)
class Attack(CardsAction):
    """Play one card, a set or a sequence as an attack."""

    def __str__(self) -> str:
        return "attack with " + describe_attack(self.values)


@dataclass(frozen=True, slots=True, order=True)
class Answer(CardsAction):
    """Answer the attack on the table with cards of these values, one per attack card."""

    def __str__(self) -> str:
        return "answer with " + list_values(self.values)


Action = Replace | Duel | Attack | Answer

_KINDS: dict[str, type[Replace | Attack | Answer]] = {
    kind.__name__.lower(): kind for kind in (Replace, Attack, Answer)
}


def action_to_data(action: Action) -> list[Any]:
    """A JSON-ready form: ``["attack", [9, 9]]``."""
    if isinstance(action, Duel):
        return ["duel", action.value]
    name = type(action).__name__.lower()
    return [name, list(action.values)]


def action_from_data(data: Any) -> Action:
    """The inverse of :func:`action_to_data`; raises StateFormatError on junk."""
    if not (isinstance(data, list) and len(data) == 2 and isinstance(data[0], str)):
        raise StateFormatError(f"not an action: {shown(data)}")
    name, payload = data
    try:
        if name == "duel":
            return Duel(payload)
        kind = _KINDS.get(name)
        if kind is not None and isinstance(payload, list):
            return kind(tuple(payload))
    except TypeError:
        pass  # a value that is not an int
    raise StateFormatError(f"not an action: {shown(data)}")
