"""The ``hint`` command: the best few actions for the player to move.

A hint is worked out from the player's own :class:`~tacocat.engine.PlayerView`
and nothing else, the same window the computer players get, so asking for
one in a hot-seat game tells nothing about the other player's hand::

    advice = advise(state.view(player), random.Random(seed))
    advice.best.action       # e.g. Attack((9,))
    advice.best.win_game     # e.g. 0.62: the chance to win the game after it

The generator is the caller's: seeded from the game's seed and the number
of moves so far, the same position always gets the same hint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tacocat.ai.evaluator import ActionEstimate, evaluate
from tacocat.engine import Action, PlayerView, Replace

# Rollouts per hint: as many as the analysis spends on a decision, so a hint
# and a later review of the same decision agree (about half a second).
HINT_BUDGET = 1500
SHOWN = 3  # candidates listed


@dataclass(frozen=True)
class Advice:
    """The best actions for one decision, best first (at most :data:`SHOWN`)."""

    candidates: tuple[ActionEstimate, ...]

    @property
    def best(self) -> ActionEstimate:
        return self.candidates[0]


def advise(
    view: PlayerView, rng: random.Random, budget: int | None = None, count: int = SHOWN
) -> Advice:
    """The ``count`` best actions for ``view``'s player, judged from ``view`` alone.

    The view must be its player's decision (``view.legal_actions`` not empty);
    ``budget`` defaults to :data:`HINT_BUDGET`.
    """
    if not view.legal_actions:
        raise ValueError("a hint needs a decision: this view has no legal action")
    evaluation = evaluate(view, rng, HINT_BUDGET if budget is None else budget)
    return Advice(evaluation.estimates[:count])


def hint_seed(seed: int | None, moves: int) -> str:
    """The seed of a hint's generator: the game's seed and the moves made so far."""
    return f"tacocat-hint:{seed}:{moves}"


def advice_lines(advice: Advice, keys: dict[Action, str] | None = None) -> list[str]:
    """The hint in words, one line per candidate, e.g.

    '1. attack with a 9 (type d): you win 62% of games from there (this round 71%)'

    ``keys`` gives what to type for an action, where the caller knows the cards' keys.
    """
    keys = keys or {}
    lines = []
    for number, estimate in enumerate(advice.candidates, start=1):
        action = estimate.action
        typed = keys.get(action)
        how = f" (type {typed})" if typed else ""
        lines.append(
            f"{number}. {_name(action)}{how}: you win {round(estimate.win_game * 100)}% "
            f"of games from there (this round {round(estimate.win_round * 100)}%)"
        )
    if len(advice.candidates) == 1:
        lines.append("It is the only move you have.")
    return lines


def _name(action: Action) -> str:
    """Actions as a player would say them ('keep your hand' for an empty replacement)."""
    if isinstance(action, Replace) and not action.values:
        return "keep your hand (replace nothing)"
    return str(action)
