"""Which choices a hand allows: pure functions of card values.

These functions hold the combinatorics of the rules (which sets and
sequences exist, which answers an attack admits) apart from the state
machine.  They take and return sorted tuples of values and are cached,
because the same small hands come up again and again across games.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product

from tacocat.engine.actions import Answer, Attack, Replace

Values = tuple[int, ...]


def sub_multisets(hand: Values, largest: int) -> list[Values]:
    """Every sorted sub-multiset of ``hand`` with at most ``largest`` cards."""
    counts = sorted(Counter(hand).items())
    found: list[Values] = []
    for picks in product(*(range(count + 1) for _, count in counts)):
        if sum(picks) <= largest:
            found.append(
                tuple(value for (value, _), n in zip(counts, picks, strict=True) for _ in range(n))
            )
    return found


@lru_cache(maxsize=8192)
def replace_choices(hand: Values, limit: int) -> tuple[Replace, ...]:
    """Every replacement of 0..``limit`` cards from ``hand``."""
    return tuple(sorted(Replace(values) for values in sub_multisets(hand, limit)))


@lru_cache(maxsize=32768)
def attack_choices(hand: Values) -> tuple[Attack, ...]:
    """Every legal attack from ``hand``: singles, sets and sequences.

    An attack of k cards needs k + 1 cards in hand, so the attacker (and,
    with equal hands, the defender) keeps at least one card.
    """
    largest = len(hand) - 1
    counts = Counter(hand)
    distinct = sorted(counts)
    found: list[Values] = [(value,) for value in distinct] if largest >= 1 else []
    for value in distinct:
        for size in range(2, min(counts[value], largest) + 1):
            found.append((value,) * size)
    for start, first in enumerate(distinct):
        run = [first]
        for value in distinct[start + 1 :]:
            if value != run[-1] + 1 or len(run) == largest:
                break
            run.append(value)
            if len(run) >= 3:
                found.append(tuple(run))
    return tuple(sorted(Attack(values) for values in found))


def is_defended(attack: Values, played: Values) -> bool:
    """True if every attack card is met by a played card of equal or higher value.

    Pairing both sorted lists lowest to lowest finds such a matching whenever
    one exists, so a played card that happens to beat its attack card always
    counts as a defence.
    """
    return all(answer >= hit for hit, answer in zip(sorted(attack), sorted(played), strict=True))


def pair_answer(attack: Values, played: Values) -> list[tuple[int, int, bool]]:
    """Pair each attack card with the card that answered it, for telling the story.

    Returns ``(attack value, answer value, defended)`` triples: the highest
    attack cards are met first by the smallest card that beats them; cards
    left over answer the rest as sacrifices.
    """
    spare = sorted(played)
    pairs: list[tuple[int, int, bool]] = []
    unanswered: list[int] = []
    for hit in sorted(attack, reverse=True):
        beater = next((answer for answer in spare if answer >= hit), None)
        if beater is None:
            unanswered.append(hit)
        else:
            spare.remove(beater)
            pairs.append((hit, beater, True))
    for hit, answer in zip(sorted(unanswered), spare, strict=True):
        pairs.append((hit, answer, answer >= hit))
    return sorted(pairs, reverse=True)


@lru_cache(maxsize=32768)
def answer_choices(hand: Values, attack: Values) -> tuple[Answer, ...]:
    """Every legal answer from ``hand`` to ``attack`` (both sorted).

    The defender picks which attack cards to defend and with which cards;
    every other attack card takes a sacrifice, and sacrifices are the lowest
    cards among those not used to defend.  Different picks that put the same
    cards on the table are the same answer.
    """
    size = len(attack)
    ordered_attack = sorted(attack)
    found: set[Values] = set()
    for defenders in sub_multisets(hand, size):
        # Defenders can cover some attack cards iff, sorted, they beat the
        # same number of the lowest attack cards one for one.
        if not all(d >= a for d, a in zip(defenders, ordered_attack, strict=False)):
            continue
        rest = list(hand)
        for value in defenders:
            rest.remove(value)
        sacrifices = rest[: size - len(defenders)]
        found.add(tuple(sorted(defenders + tuple(sacrifices))))
    return tuple(Answer(values) for values in sorted(found))
