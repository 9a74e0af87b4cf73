"""The duel against a belief: the ``master`` level's duel card.

The expert's duel (:mod:`tacocat.ai.duel`) is a worst-case matrix game over
the opponent's four highest values by rank, which throws away most of what
the evidence says.  Here each deal comes from the belief (the
:class:`~tacocat.ai.sampling.Dealer`) and each of the opponent's distinct
values in it is a column, and two opponents are read off the same playouts:
**the habitual one**, who duels as a strong player usually does (the card
nearest the middle, their lowest aside, with the chance
:data:`~tacocat.ai.evidence.DUEL_HABIT`, the same model the evidence reads
their past duels with), and **the worst case**, a matrix game over their
values by rank.  The card is drawn from the equilibrium of the mixture, the
habitual opponent weighing :data:`HABIT`: leaning on the habit wins rounds, and
the worst case's tenth keeps master no more exploitable than the expert (docs/performance.md).
"""

from __future__ import annotations

import random

from tacocat.ai.duel import Payoffs, duel_deal, solve, standard_error
from tacocat.ai.endgame import SMALL
from tacocat.ai.estimates import ActionEstimate, Evaluation, best_first
from tacocat.ai.evidence import CENTRE, DUEL_HABIT, Evidence
from tacocat.ai.rollout import outcome_worth
from tacocat.ai.rules_of_thumb import duel_middle
from tacocat.ai.sampling import Dealer
from tacocat.engine import Action, PlayerView

HABIT = 0.9  # the weight of the habitual opponent; the rest is the worst case
LEAST_DEALS = 2


def evaluate_belief_duel(
    view: PlayerView,
    rng: random.Random,
    budget: int,
    legal: list[Action],
    evidence: Evidence,
    habit: float = HABIT,
    exact: int = SMALL,
) -> Evaluation:
    """My duel cards against the opponent's cards in deals drawn from the belief."""
    worth = outcome_worth(view)
    dealer = Dealer(view, evidence)
    deals: list[tuple[Payoffs, dict[int, float]]] = []
    spent = 0
    while spent < budget or len(deals) < LEAST_DEALS:
        hand, payoffs = duel_deal(view, dealer, rng, legal, worth, exact)
        spent += len(legal) * len(payoffs)
        deals.append((payoffs, habit_policy(tuple(hand))))
    return _solve(legal, deals, habit, worth, spent)


def habit_policy(hand: tuple[int, ...]) -> dict[int, float]:
    """How likely a habitual player is to duel with each distinct value of ``hand`` (sorted).

    >>> habit_policy((2, 5, 5, 9))
    {2: 0.265, 5: 0.47, 9: 0.265}
    """
    distinct = sorted(set(hand))
    if len(distinct) == 1:
        return {distinct[0]: 1.0}
    usual = duel_middle(hand, CENTRE)
    other = round((1.0 - DUEL_HABIT) / (len(distinct) - 1), 12)
    return {value: DUEL_HABIT if value == usual else other for value in distinct}


def _solve(
    legal: list[Action],
    deals: list[tuple[Payoffs, dict[int, float]]],
    habit: float,
    worth: dict[int, tuple[float, float]],
    spent: int,
) -> Evaluation:
    """The mixture's equilibrium, and each card's figures against the opponent it implies."""
    rows = range(len(legal))
    # Against the habitual opponent, deal by deal: (round share, game chance) per card.
    habitual = [
        [
            [sum(share * payoffs[value][row][k] for value, share in policy.items()) for k in (0, 1)]
            for row in rows
        ]
        for payoffs, policy in deals
    ]
    # The worst case by rank (their highest value, second highest, ... down to their
    # lowest), which means the same in every deal, so every deal fills every column.
    ranked = [sorted(payoffs, reverse=True) for payoffs, _ in deals]
    columns = range(max(len(values) for values in ranked))

    def worst(row: int, rank: int, k: int) -> float:
        total = 0.0
        for (payoffs, _), values in zip(deals, ranked, strict=True):
            total += payoffs[values[min(rank, len(values) - 1)]][row][k]
        return total / len(deals)

    def against_habit(row: int, k: int) -> float:
        return sum(deal[row][k] for deal in habitual) / len(habitual)

    matrix = [
        [habit * against_habit(row, 1) + (1.0 - habit) * worst(row, v, 1) for v in columns]
        for row in rows
    ]
    mix, column_mix, _ = solve(matrix)
    estimates = []
    for row, action in enumerate(legal):
        free = [
            sum(c * worst(row, v, k) for c, v in zip(column_mix, columns, strict=True))
            for k in (0, 1)
        ]
        game = habit * against_habit(row, 1) + (1.0 - habit) * free[1]
        round_share = habit * against_habit(row, 0) + (1.0 - habit) * free[0]
        error = standard_error([deal[row][1] for deal in habitual])
        estimates.append(ActionEstimate(action, game, round_share, len(deals), error))
    shares = tuple((action, share) for action, share in zip(legal, mix, strict=True) if share > 0)
    return Evaluation(best_first(estimates, worth), shares, spent)
