"""The puzzle filter: one move is clearly best when it leads the next by :data:`GAP`.

Both chances must carry a standard error of at most :data:`SPREAD_LIMIT`:
a runner-up set aside early by the evaluator's halving (a wider error) is
not trusted, so the position is left out.
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
    """``view``'s evaluation by a generator seeded from ``seed`` (reproducible), and its verdict."""
    evaluation = evaluate(view, random.Random(f"tacocat-puzzle:{seed}"), budget)
    return evaluation, clear_best(evaluation)
