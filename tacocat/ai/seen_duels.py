"""The opponent's duel card by rank, as seen: ``master``'s rollouts draw it so.

The rollouts' opponent duels with the card nearest the middle; a strong
player spreads its duel over its ranks (the expert, by
``benchmarks/duel_ranks.py``: :data:`PRIOR`).  :class:`SeenDuels` adds the
opponent's duels of this game to that prior: once they hold one card,
their hand at the duel was the duel card, the cards played since and that
one, which the evidence weighs (:mod:`tacocat.ai.evidence`).
"""

from __future__ import annotations

from tacocat.ai.evidence import read_evidence, read_story
from tacocat.engine import Phase, PlayerView

PRIOR = (0.204, 0.274, 0.273, 0.167, 0.061, 0.005, 0.017)  # from the top; the last: lowest
PRIOR_DUELS = 20.0
LOWEST = len(PRIOR) - 1


def rank(card: int, hand: set[int]) -> int:
    """``card``'s rank among the distinct values ``hand``, from the top (LOWEST: the lowest)."""
    below = sorted(hand, reverse=True).index(card)
    return LOWEST if below == len(hand) - 1 else min(below, LOWEST - 1)


def duel_card(hand: tuple[int, ...], shares: tuple[float, ...], draw: float) -> int:
    """The card of ``hand`` whose rank's share ``draw`` (in 0..1) falls in."""
    distinct = sorted(set(hand), reverse=True)
    weights = [shares[rank(value, set(distinct))] for value in distinct]
    point = draw * sum(weights)
    for value, weight in zip(distinct, weights, strict=True):
        point -= weight
        if point < 0:
            return value
    return distinct[-1]


class SeenDuels:
    """The shares of the opponent's duel cards by rank: the prior and the game's duels."""

    def __init__(self) -> None:
        self.rounds: dict[int, list[float]] = {}  # each round's duel, spread over the ranks

    def observe(self, view: PlayerView, my_replaced: int | None) -> None:
        """Read this round's duel off ``view`` once the opponent holds one card."""
        if view.opponent_hand_size != 1 or view.phase not in (Phase.ATTACK, Phase.ANSWER):
            return
        story = read_story(view, my_replaced)
        if story is None or not story.duels or len(story.readings) != 1:
            return
        known = {story.duels[-1]}
        for attack, answer in story.decisions:
            known.update(attack if answer is None else answer)
        if view.attacker == view.opponent:  # their attack on the table
            known.update(view.table_values)
        evidence = read_evidence(view, my_replaced)
        seen = [0.0] * len(PRIOR)
        for value in view.unseen_values():
            if len(known | {value}) > 1:
                seen[rank(story.duels[-1], known | {value})] += evidence.weight((value,))
        if sum(seen) > 0:
            self.rounds[view.round_number] = [weight / sum(seen) for weight in seen]

    def shares(self) -> tuple[float, ...]:
        counts = [PRIOR_DUELS * share for share in PRIOR]
        for seen in self.rounds.values():
            counts = [count + weight for count, weight in zip(counts, seen, strict=True)]
        return tuple(count / sum(counts) for count in counts)
