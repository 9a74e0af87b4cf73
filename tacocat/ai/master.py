"""The `master` computer player: the expert, with its duel played against a belief.

Everything but the duel is the expert's (:mod:`tacocat.ai.expert`): every
replacement, attack and answer weighed by the evaluator's rollouts over
deals weighted by the evidence.  The duel card is drawn from
:func:`tacocat.ai.belief_duel.evaluate_belief_duel`'s mix instead: every
distinct value the opponent may hold is a column, and the card answers
the opponent the evidence describes (their habit) mixed with the worst
case, where the expert solves a worst-case game over the opponent's four
highest values by rank.  Replacing, ``margin=False`` ranks replacements
by the rollouts' numbers alone, without the expert's lean toward the rules
of thumb's choice (:data:`~tacocat.ai.evaluator.NATURAL_MARGIN`).

The budget is rollouts, as the expert's; the same seed gives the same
game on any machine.  Its figures against the expert of 580dc44 are in
docs/performance.md (``benchmarks/duplicate.py``).
"""

from __future__ import annotations

import random

from tacocat.ai.base import register
from tacocat.ai.belief_duel import HABIT, evaluate_belief_duel
from tacocat.ai.collector import paused
from tacocat.ai.endgame import SMALL
from tacocat.ai.evaluator import DEFAULT_BUDGET, evaluate
from tacocat.ai.evidence import read_evidence
from tacocat.ai.expert import ExpertAgent, natural_replacement, pick
from tacocat.engine import Action, Phase, PlayerView


@register("master")
class MasterAgent(ExpertAgent):
    """The expert's player, duelling against the belief about the opponent's hand."""

    name = "master"

    def __init__(
        self,
        rng: random.Random,
        budget: int = DEFAULT_BUDGET,
        replace_budget: int | None = None,
        habit: float = HABIT,
        margin: bool = True,
        exact: int = SMALL,
        ranks: bool = False,
    ) -> None:
        """``habit``: the weight of the habitual opponent in the duel (0: the worst case only).

        ``margin``: replacing, keep the rules of thumb's choice unless another is
        clearly better, as the expert does.

        ``exact``: every rollout searches the rest of the round exactly once
        hands hold this many cards (the expert: from three).  ``ranks``: the
        habitual opponent duels as the expert was seen to
        (:func:`~tacocat.ai.belief_duel.rank_policy`).
        """
        super().__init__(rng, budget, replace_budget)
        if not 0.0 <= habit <= 1.0:
            raise ValueError("the habit's weight is a share, from 0 to 1")
        self.habit = habit
        self.margin = margin
        self.exact = exact
        self.ranks = ranks

    def _choose(self, view: PlayerView) -> Action:
        legal = list(view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        mine = self.replaced.get(view.round_number)
        if view.phase is Phase.DUEL:
            with paused():  # rollouts make no reference cycles (tacocat.ai.collector)
                evidence = read_evidence(view, mine)
                evaluation = evaluate_belief_duel(
                    view, self.rng, self.budget, legal, evidence, self.habit, self.exact, self.ranks
                )
        elif view.phase is Phase.REPLACE:
            natural = natural_replacement(view) if self.margin else None
            evaluation = evaluate(
                view,
                self.rng,
                self.replace_budget,
                my_replaced=mine,
                natural=natural,
                exact=self.exact,
            )
        else:
            evaluation = evaluate(view, self.rng, self.budget, my_replaced=mine, exact=self.exact)
        self.last = evaluation
        if evaluation.mix:
            return pick(evaluation.mix, self.rng)
        return evaluation.best.action
