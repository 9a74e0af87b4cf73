"""The `expert` and `master` computer players: they play what the evaluator ranks best.

The moves :func:`tacocat.ai.evaluator.evaluate` would recommend to a person,
except that, replacing, the rules of thumb's replacement stands unless
another is clearly better (so the choice does not turn on the luck of the
imagined deals), and the duel card is drawn from the evaluation's mixed
strategy (a fixed choice could be read and exploited).  The player remembers
how many cards it replaced (the view does not say), which lets the evaluator
read the opponent's replacement off the pile.  ``master`` duels against a belief
about the opponent's hand (:mod:`tacocat.ai.belief_duel`), 4x the rollouts, no margin.
"""

from __future__ import annotations

import random
from functools import partial

from tacocat.ai.belief_duel import HABIT
from tacocat.ai.endgame import SMALL
from tacocat.ai.evaluator import DEFAULT_BUDGET, Evaluation, evaluate
from tacocat.ai.rules_of_thumb import ROLLOUT, choose_replace
from tacocat.ai.sampling import pick
from tacocat.ai.situation import from_view
from tacocat.engine import Action, Phase, PlayerView, Replace


class ExpertAgent:
    """Plays the evaluator's best action (a draw from its mix for the duel)."""

    def __init__(
        self,
        rng: random.Random,
        budget: int = DEFAULT_BUDGET,
        replace_budget: int | None = None,
        *,
        name: str = "expert",
        habit: float | None = None,
        margin: bool = True,
        exact: int = SMALL,
    ) -> None:
        """``replace_budget``, if given, is the rollouts of a replacement decision instead.

        ``habit``: duel against the belief (``master``), with this weight of the
        habitual opponent (0: the worst case only); None: the worst case by rank.
        ``margin``: replacing, keep the rules of thumb's choice unless another is
        clearly better.  ``exact``: every rollout searches the rest of the round
        exactly once hands hold this many cards.
        """
        if budget < 1 or (replace_budget is not None and replace_budget < 1):
            raise ValueError("the expert player needs a budget of at least one rollout")
        if habit is not None and not 0.0 <= habit <= 1.0:
            raise ValueError("the habit's weight is a share, from 0 to 1")
        self.rng = rng
        self.name = name
        self.budget = budget
        self.replace_budget = budget if replace_budget is None else replace_budget
        self.habit = habit
        self.margin = margin
        self.exact = exact
        self.last: Evaluation | None = None  # the evaluation behind the last choice
        # How many cards it replaced, by round number: the view does not say, and the
        # evaluator needs it to tell the opponent's replaced cards on the pile.
        self.replaced: dict[int, int] = {}

    def choose(self, view: PlayerView) -> Action:
        action = self._choose(view)
        if isinstance(action, Replace):
            self.replaced = {view.round_number: len(action.values)}
        return action

    def _choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        mine = self.replaced.get(view.round_number)
        replacing = view.phase is Phase.REPLACE
        budget = self.replace_budget if replacing else self.budget
        # Replacing, the rules of thumb's choice stands unless the search finds another
        # clearly better: a near-tie then settles the same way under any seed.
        natural = natural_replacement(view) if replacing and self.margin else None
        evaluation = evaluate(
            view,
            self.rng,
            budget,
            my_replaced=mine,
            natural=natural,
            exact=self.exact,
            habit=self.habit,
        )
        self.last = evaluation
        if evaluation.mix:
            return pick(evaluation.mix, self.rng)
        return evaluation.best.action


# The master level's factory (tacocat.ai.registry names it): the expert, duelling against the
# belief with 4x its rollouts (they gain only with it); no margin: a best response read its anchor.
master = partial(ExpertAgent, name="master", habit=HABIT, budget=4 * DEFAULT_BUDGET, margin=False)


def natural_replacement(view: PlayerView) -> Replace:
    """The replacement the expert keeps unless its search finds another clearly better.

    The rules of thumb its rollouts play (:data:`~tacocat.ai.rules_of_thumb.ROLLOUT`):
    the middle cards go, the lowest and the high ones stay.
    """
    return choose_replace(from_view(view), ROLLOUT)
