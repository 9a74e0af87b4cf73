"""The duel as a simultaneous game: each duel card against the opponent's likely choices.

Both players pick their duel card in secret, so neither can react to the
other: the right answer is a *mixed* strategy, a probability for each card,
chosen so that no reply of the opponent's exploits it (:func:`solve`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tacocat.ai.endgame import SMALL
from tacocat.ai.estimates import ActionEstimate, Evaluation, best_first
from tacocat.ai.evidence import Evidence
from tacocat.ai.rollout import outcome_worth, playout
from tacocat.ai.sampling import Dealer
from tacocat.engine import Action, Duel, PlayerView
from tacocat.engine.worlds import state_from_view

# The opponent's duel choices searched: their highest distinct value, second highest, ...
DUEL_RANKS = 4
ROUNDS = 3000  # of fictitious play in solve


def evaluate_duel(
    view: PlayerView, rng: random.Random, budget: int, legal: list[Action], evidence: Evidence
) -> Evaluation:
    """My cards against the opponent's choices, taken by rank ("their highest card", ...).

    A rank means the same in every imagined deal, so each deal fills a payoff
    matrix; the averaged matrix is solved for a mixed strategy
    (:func:`solve`), and each of my cards is scored against
    the opponent's equilibrium mix.
    """
    worth = outcome_worth(view)
    ranks = min(DUEL_RANKS, view.opponent_hand_size)
    deals = max(1, budget // (len(legal) * ranks))
    dealer = Dealer(view, evidence)
    # per deal: [my card][their rank] -> (round share, game chance)
    tables: list[list[list[tuple[float, float]]]] = []
    for _ in range(deals):
        hand, payoffs = duel_deal(view, dealer, rng, legal, worth, most=ranks)
        distinct = sorted(set(hand), reverse=True)
        theirs = [distinct[min(rank, len(distinct) - 1)] for rank in range(ranks)]
        tables.append([[payoffs[value][row] for value in theirs] for row in range(len(legal))])
    games = [
        [sum(table[row][rank][1] for table in tables) / deals for rank in range(ranks)]
        for row in range(len(legal))
    ]
    rows, columns, _ = solve(games)
    estimates = []
    for row, action in enumerate(legal):
        per_deal = [
            sum(columns[rank] * table[row][rank][1] for rank in range(ranks)) for table in tables
        ]
        rounds = [
            sum(columns[rank] * table[row][rank][0] for rank in range(ranks)) for table in tables
        ]
        estimates.append(
            ActionEstimate(
                action,
                sum(per_deal) / deals,
                sum(rounds) / deals,
                deals,
                standard_error(per_deal),
            )
        )
    mix = tuple((action, share) for action, share in zip(legal, rows, strict=True) if share > 0)
    return Evaluation(best_first(estimates, worth), mix, deals * ranks * len(legal))


# One deal's payoffs: {their value: [(round share, game chance) for each of my cards]}
Payoffs = dict[int, list[tuple[float, float]]]


def duel_deal(
    view: PlayerView,
    dealer: Dealer,
    rng: random.Random,
    legal: list[Action],
    worth: dict[int, tuple[float, float]],
    exact: int = SMALL,
    most: int | None = None,
) -> tuple[list[int], Payoffs]:
    """One deal of the unseen cards: the opponent's hand (values, sorted) and the payoffs
    of each of my duel cards against each of their ``most`` highest distinct values (all).
    """
    opponent_hand, draw_pile = dealer.deal(rng)
    values = view.rules.card_values
    hand = sorted(values[card_id] for card_id in opponent_hand)
    later = random.Random(rng.getrandbits(64))
    # What the copies draw from their generator decides nothing (as in the evaluator).
    scratch = random.Random(0)
    payoffs: Payoffs = {}
    for value in sorted(set(hand), reverse=True)[:most]:
        theirs = Duel(value)
        hidden = theirs if view.opponent_has_chosen else None
        base = state_from_view(view, opponent_hand, draw_pile, later, hidden)
        payoffs[value] = []
        for action in legal:
            world = base.clone(rng=scratch)
            events = world.apply_action(action)
            if not view.opponent_has_chosen:
                events += world.apply_action(theirs)
            payoffs[value].append(worth[playout(world, events, view.player, exact)])
    return hand, payoffs


def standard_error(samples: Sequence[float]) -> float:
    """The standard error of the mean of ``samples`` (0.5, the widest, below two)."""
    n = len(samples)
    if n < 2:
        return 0.5
    mean = sum(samples) / n
    return math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1) / n)


def solve(
    matrix: Sequence[Sequence[float]], rounds: int = ROUNDS
) -> tuple[list[float], list[float], float]:
    """Row player's and column player's mixed strategies and the game's value (for rows).

    The row player maximises, the column player minimises, by fictitious play:
    each side, again and again, plays its best reply to the other's choices so
    far; the frequencies converge to an equilibrium (Robinson, 1951).  The games
    here have at most a dozen rows and columns, so a few thousand rounds of it
    are cheap and accurate enough for payoffs that are themselves sample
    averages.  Deterministic: ties go to the earliest row or column.

    >>> rows, columns, value = solve(((1.0, 0.0), (0.0, 1.0)))  # matching pennies
    >>> [round(p, 1) for p in rows], round(value, 1)
    ([0.5, 0.5], 0.5)
    """
    height, width = len(matrix), len(matrix[0])
    row_counts = [0] * height
    column_counts = [0] * width
    # Payoff of each row against the column player's choices so far, and vice versa.
    row_totals = [0.0] * height
    column_totals = [0.0] * width
    row, column = 0, 0
    for _ in range(rounds):
        row_counts[row] += 1
        column_counts[column] += 1
        for index in range(height):
            row_totals[index] += matrix[index][column]
        chosen = matrix[row]
        for index in range(width):
            column_totals[index] += chosen[index]
        row = max(range(height), key=row_totals.__getitem__)
        column = min(range(width), key=column_totals.__getitem__)
    rows = [count / rounds for count in row_counts]
    columns = [count / rounds for count in column_counts]
    # The value bracketed by both best replies, halfway between them.
    upper = max(row_totals) / rounds
    lower = min(column_totals) / rounds
    return rows, columns, (upper + lower) / 2
