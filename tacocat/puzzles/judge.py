"""The puzzle filter: a position is a puzzle when one move is clearly best.

"Clearly" is measured, not felt.  :func:`tacocat.ai.evaluator.evaluate`
gives every legal action a chance to win the game and the standard error of
that chance (its *spread*).  A position passes when

- the best move's chance beats the next best's by :data:`GAP` (10 points)
  or more, and
- both of those chances carry a spread of :data:`SPREAD_LIMIT` (3 points)
  or less, so the gap is more than three spreads of either side and no
  accident of the imagined deals.

At :data:`PUZZLE_BUDGET` rollouts the finalists of an evaluation carry a
spread well under a point (docs/performance.md); an action set aside early
by the evaluator's successive halving carries a wider one, and a position
whose runner-up is such an action is left out rather than trusted.  The
same filter, run again with another generator, is the check that the
shipped set is sound (``benchmarks/puzzles.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tacocat.ai.evaluator import Evaluation, evaluate
from tacocat.engine import Action, PlayerView

GAP = 0.10  # the best move's lead over the next, in chance to win the game
SPREAD_LIMIT = 0.03  # the widest standard error either side may carry
PUZZLE_BUDGET = 2000  # rollouts per evaluation (the evaluator's unit of work)


@dataclass(frozen=True)
class Verdict:
    """The clearly best move of a position, with the two chances that make it so."""

    answer: Action
    best: float
    runner_up: float


def clear_best(evaluation: Evaluation) -> Verdict | None:
    """The evaluation's best move if it is clearly best (the module's filter), else None.

    >>> from tacocat.ai.estimates import ActionEstimate as E
    >>> from tacocat.engine import Answer
    >>> good, poor = E(Answer((9,)), 0.70, 0.8, 900, 0.01), E(Answer((2,)), 0.55, 0.5, 900, 0.01)
    >>> clear_best(Evaluation((good, poor))).answer
    Answer(values=(9,))
    >>> clear_best(Evaluation((good, E(Answer((2,)), 0.65, 0.5, 900, 0.01)))) is None
    True
    """
    if len(evaluation.estimates) < 2:
        return None
    first, second = evaluation.estimates[0], evaluation.estimates[1]
    if max(first.spread, second.spread) > SPREAD_LIMIT:
        return None
    if first.win_game - second.win_game < GAP - 1e-9:
        return None
    return Verdict(first.action, first.win_game, second.win_game)


def judge(
    view: PlayerView, seed: str, budget: int = PUZZLE_BUDGET
) -> tuple[Evaluation, Verdict | None]:
    """Evaluate ``view`` with a generator seeded from ``seed``; the evaluation and its verdict.

    A string seed keeps each judgement reproducible and independent of any
    other: the same position and seed give the same verdict on any machine.
    """
    evaluation = evaluate(view, random.Random(f"tacocat-puzzle:{seed}"), budget)
    return evaluation, clear_best(evaluation)
