"""The `easy` and `normal` computer players: rules of thumb, no look-ahead.

The rules themselves (replace the high cards, duel with the highest, attack
high, answer so the lowest card survives) are :mod:`tacocat.ai.rules_of_thumb`,
pure functions of a :class:`~tacocat.ai.situation.Situation` that the
look-ahead players' rollouts play too; this module makes levels of them.
Their names stay importable from here.
"""

from __future__ import annotations

import random

from tacocat.ai.base import register
from tacocat.ai.rules_of_thumb import (
    EASY,
    NORMAL,
    Style,
    answer_score,
    attack_score,
    chance_defended,
    choose,
    choose_answer,
    choose_attack,
    choose_duel,
    choose_replace,
)
from tacocat.ai.situation import from_view
from tacocat.engine import Action, PlayerView

__all__ = [
    "EASY",
    "NORMAL",
    "EasyAgent",
    "HeuristicAgent",
    "NormalAgent",
    "Style",
    "answer_score",
    "attack_score",
    "chance_defended",
    "choose",
    "choose_answer",
    "choose_attack",
    "choose_duel",
    "choose_replace",
]


class HeuristicAgent:
    """A rule-of-thumb player; its :class:`Style` sets the level."""

    name = "heuristic"
    style = NORMAL

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if self.style.mistakes and self.rng.random() < self.style.mistakes:
            return self.rng.choice(legal)
        if len(legal) == 1:
            return legal[0]
        return choose(from_view(view), self.style)


@register("easy")
class EasyAgent(HeuristicAgent):
    """Replaces only very high cards, never plans a Jumbo attack, and blunders often."""

    name = "easy"
    style = EASY


@register("normal")
class NormalAgent(HeuristicAgent):
    """Plays every rule of thumb above, without mistakes."""

    name = "normal"
    style = NORMAL
