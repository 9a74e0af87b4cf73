"""Cards: a value that matters and a palindrome that does not.

The engine moves card *ids* (ints) between piles; :func:`deck_cards` gives
the :class:`Card` of each id to anyone who wants to show it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

# The flavour line printed on each card; it never affects play.  A test checks
# that every entry really reads the same backwards (letters only).
PALINDROMES: tuple[str, ...] = (
    "taco cat",
    "never odd or even",
    "race car",
    "step on no pets",
    "was it a cat I saw",
    "no lemon, no melon",
    "top spot",
    "stack cats",
    "my gym",
    "nurses run",
    "borrow or rob",
    "too hot to hoot",
    "rise to vote, sir",
    "live not on evil",
    "yo, banana boy",
    "do geese see God",
    "senile felines",
    "was it a rat I saw",
    "evil olive",
    "Ma has a ham",
    "we panic in a pew",
    "dog? a god!",
    "now I won",
    "put it up",
    "wet stew",
    "snack cans",
    "kayak",
    "level",
    "madam",
    "noon",
    "refer",
    "stats",
    "rotor",
    "a nut for a jar of tuna",
    "a Santa at NASA",
    "don't nod",
    "pull up if I pull up",
    "no trace; not one carton",
    "star rats",
    "a man, a plan, a canal: Panama",
    "Madam, in Eden I'm Adam",
)


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck: its id, its value and its palindrome."""

    id: int
    value: int
    phrase: str

    def __str__(self) -> str:
        return str(self.value)


@lru_cache(maxsize=64)
def deck_cards(card_values: tuple[int, ...]) -> tuple[Card, ...]:
    """Every card of a deck (``rules.card_values``), by id: built once, shared by all."""
    return tuple(
        Card(card_id, value, PALINDROMES[card_id % len(PALINDROMES)])
        for card_id, value in enumerate(card_values)
    )


def cards_of(card_values: tuple[int, ...], ids: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards with these ``ids``, in that order (the views' hands and piles)."""
    deck = deck_cards(card_values)
    return tuple([deck[card_id] for card_id in ids])


def values_of(card_values: tuple[int, ...], ids: tuple[int, ...]) -> tuple[int, ...]:
    """The values of the cards with these ``ids``, in that order."""
    return tuple([card_values[card_id] for card_id in ids])
