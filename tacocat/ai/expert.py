"""The `expert` computer player: it plays what the evaluator ranks best.

Every decision goes to :func:`tacocat.ai.evaluator.evaluate`, the same
judge that hints and game analysis read, so the level plays the moves it
would recommend to a person, with one exception: replacing, it keeps the
rules of thumb's choice unless the rollouts find another better by a
margin, which hints and analysis do not apply:

- **replacing**: every distinct replacement of the hand is weighed (up to
  2^7 = 128, cards of equal value being interchangeable), not only "the k
  highest"; the rules of thumb's replacement (the middle cards) stands
  unless another is clearly better, by a margin per card of difference,
  so that the choice does not turn on the luck of the imagined deals;
- **the duel** is a simultaneous choice, so the player draws its card from
  the evaluator's mixed strategy with its own random generator: a fixed
  choice could be read and exploited;
- **attacks and answers**: every legal one is weighed, with the end of the
  round searched exactly once hands are small;
- **the unseen cards** are imagined in proportion to what the opponent's
  public actions say about their hand.  The player remembers how many
  cards it replaced itself (the view does not say), which lets the
  evaluator read the opponent's replacement off the discard pile.

The budget is the evaluator's, in rollouts; the same seed gives the same
game on any machine.
"""

from __future__ import annotations

import random

from tacocat.ai.base import register
from tacocat.ai.evaluator import DEFAULT_BUDGET, Evaluation, evaluate
from tacocat.ai.rules_of_thumb import ROLLOUT, choose_replace
from tacocat.ai.situation import from_view
from tacocat.engine import Action, Phase, PlayerView, Replace


@register("expert")
class ExpertAgent:
    """Plays the evaluator's best action (a draw from its mix for the duel)."""

    name = "expert"

    def __init__(
        self, rng: random.Random, budget: int = DEFAULT_BUDGET, replace_budget: int | None = None
    ) -> None:
        """``replace_budget``, if given, is the rollouts of a replacement decision instead."""
        if budget < 1 or (replace_budget is not None and replace_budget < 1):
            raise ValueError("the expert player needs a budget of at least one rollout")
        self.rng = rng
        self.budget = budget
        self.replace_budget = budget if replace_budget is None else replace_budget
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
        natural = natural_replacement(view) if replacing else None
        evaluation = evaluate(view, self.rng, budget, my_replaced=mine, natural=natural)
        self.last = evaluation
        if evaluation.mix:
            return pick(evaluation.mix, self.rng)
        return evaluation.best.action


def natural_replacement(view: PlayerView) -> Replace:
    """The replacement the expert keeps unless its search finds another clearly better.

    The rules of thumb its rollouts play (:data:`~tacocat.ai.rules_of_thumb.ROLLOUT`):
    the middle cards go, the lowest and the high ones stay.
    """
    return choose_replace(from_view(view), ROLLOUT)


def pick(mix: tuple[tuple[Action, float], ...], rng: random.Random) -> Action:
    """One action drawn with the probabilities of ``mix``."""
    point = rng.random() * sum(share for _, share in mix)
    for action, share in mix:
        point -= share
        if point < 0:
            return action
    return mix[-1][0]
