"""What a trick says about hands: whether one can defend, what an answer proves.

Arithmetic on card values that the evaluator (an attack nobody can meet) and
the reading of the opponent's play (:mod:`tacocat.ai.evidence`) share.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from tacocat.engine.choices import is_defended


def can_defend(hand: Sequence[int], attack: tuple[int, ...]) -> bool:
    """Whether ``hand`` can meet every card of ``attack`` with one equal or higher.

    Matching the highest attack card with the highest card, and so on down,
    finds a full defence whenever there is one.

    >>> can_defend((3, 9, 9), (8, 8)), can_defend((3, 9, 12), (5, 10)), can_defend((4,), (5,))
    (True, True, False)
    """
    mine = sorted(hand, reverse=True)
    return len(mine) >= len(attack) and all(
        card >= value for card, value in zip(mine, sorted(attack, reverse=True), strict=False)
    )


def trick_floor(attack: tuple[int, ...], answer: tuple[int, ...]) -> int:
    """The lowest card the defender may still hold after answering ``attack`` with ``answer``.

    A sacrifice is the defender's lowest card besides those that defend, so
    every card kept is at least as high as every sacrifice.  But the pile
    does not say which answer cards defended: 9 and 10 against 8 and 11 may
    be "10 defends the 8, 9 is the sacrifice" (the defender may keep a 9) or
    "9 defends, 10 is the sacrifice" (every card kept is at least 10).  Only
    what holds under every reading is certain, so this is the least, over the
    readings, of the highest sacrifice; 0 when the answer could be a full
    defence.

    >>> trick_floor((8, 11), (9, 10)), trick_floor((5,), (3,)), trick_floor((5,), (7,))
    (9, 3, 0)
    """
    if is_defended(attack, answer):
        return 0
    cards = sorted(answer)
    lows = sorted(attack)
    floor = max(cards)  # every card a sacrifice: a reading that always fits
    for size in range(1, len(cards)):
        for chosen in combinations(range(len(cards)), size):
            defenders = [cards[i] for i in chosen]
            # Defenders can meet ``size`` attack cards iff they meet the lowest ones in order.
            if all(card >= hit for card, hit in zip(defenders, lows, strict=False)):
                sacrifices = [card for i, card in enumerate(cards) if i not in chosen]
                floor = min(floor, max(sacrifices))
    return floor
