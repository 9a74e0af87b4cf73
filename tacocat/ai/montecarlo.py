"""The `hard` computer player: determinized Monte Carlo look-ahead.

For each decision the player

1. shortlists a few candidate actions: "replace the k highest cards" for
   every allowed k, every duel card, the six most promising attacks or
   answers by the rules of thumb,
2. imagines a deal of the cards it cannot see (:func:`~tacocat.ai.sampling.imagine`),
3. plays every candidate in that same imagined deal and finishes the round
   with both sides following the ``normal`` rules of thumb (a *rollout*),
4. repeats 2-3, and picks the candidate that won the most rounds on average.

Playing every candidate against the *same* imagined deals compares them
fairly with few samples.  A round is the natural horizon: the deck is
reshuffled after every showdown, so nothing a player does now matters past
the end of the round except who won it.

The budget is rollouts, never seconds: the same seed gives the same game on
any machine (``benchmarks/thinking.py`` measures what it costs in time).
"""

from __future__ import annotations

import random

from tacocat.ai.rollout import playout
from tacocat.ai.rules_of_thumb import NORMAL, answer_score, attack_score, choose
from tacocat.ai.sampling import imagine
from tacocat.ai.situation import Situation, from_view
from tacocat.engine import Action, Answer, Attack, Phase, PlayerView, Replace

DEFAULT_ROLLOUTS = 240  # rollouts per decision, shared between the candidates
MAX_CANDIDATES = 6  # attacks and answers kept for the search, best by rule of thumb first


class MonteCarloAgent:
    """Looks ahead by playing out imagined deals to the end of the round."""

    name = "hard"

    def __init__(self, rng: random.Random, rollouts: int = DEFAULT_ROLLOUTS) -> None:
        if rollouts < 1:
            raise ValueError("the hard player needs at least one rollout per decision")
        self.rng = rng
        self.rollouts = rollouts

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        candidates = shortlist(from_view(view))
        if len(candidates) == 1:
            return candidates[0]
        deals = max(1, self.rollouts // len(candidates))
        totals = [0.0] * len(candidates)
        # What a rollout draws from its generator never changes the round's outcome
        # (as in the evaluator), so the copies share one instead of copying the world's.
        scratch = random.Random(0)
        for _ in range(deals):
            world = imagine(view, self.rng)
            for index, action in enumerate(candidates):
                # ``normal``'s rules of thumb to the showdown: no exact search.
                twin = world.clone(rng=scratch)
                totals[index] += playout(twin, twin.apply_action(action), view.player, 0, NORMAL)
        # max() keeps the first of equal totals: the rule-of-thumb favourite.
        best = max(range(len(candidates)), key=totals.__getitem__)
        return candidates[best]


def shortlist(situation: Situation) -> list[Action]:
    """The candidate actions worth a search, the rule-of-thumb choice first."""
    favourite = choose(situation, NORMAL)
    phase = situation.phase
    if phase is Phase.REPLACE:
        hand = situation.hand
        others: list[Action] = [
            Replace(hand[len(hand) - count :] if count else ())
            for count in range(situation.replace_limit + 1)
        ]
    elif phase is Phase.ATTACK or phase is Phase.ANSWER:
        others = sorted(situation.legal, key=lambda action: -_score(situation, action))
        others = others[:MAX_CANDIDATES]
    else:
        others = list(situation.legal)  # one duel per distinct value: at most a handful
    return [favourite, *(action for action in others if action != favourite)]


def _score(situation: Situation, action: Action) -> float:
    """What ``normal``'s rules of thumb think of an attack or an answer."""
    assert isinstance(action, Attack | Answer)
    if situation.phase is Phase.ATTACK:
        return attack_score(action.values, situation.opponent_hand_size, situation.pool, NORMAL)
    return answer_score(action.values, situation.hand, situation.table)
