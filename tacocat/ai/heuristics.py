"""The `easy` and `normal` computer players: the rules of thumb (:mod:`tacocat.ai.rules_of_thumb`).

``easy`` replaces only very high cards, never plans a Jumbo attack, and
blunders often; ``normal`` plays every rule of thumb, without mistakes.
"""

from __future__ import annotations

import random
from functools import partial

from tacocat.ai.rules_of_thumb import EASY, NORMAL, Style, choose
from tacocat.ai.situation import from_view
from tacocat.engine import Action, PlayerView


class HeuristicAgent:
    """A rule-of-thumb player; its :class:`Style` sets the level."""

    def __init__(self, rng: random.Random, style: Style = NORMAL, name: str = "normal") -> None:
        self.rng = rng
        self.style = style
        self.name = name

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if self.style.mistakes and self.rng.random() < self.style.mistakes:
            return self.rng.choice(legal)
        if len(legal) == 1:
            return legal[0]
        return choose(from_view(view), self.style)


# The easy level's factory (tacocat.ai.registry names it); normal's is the class.
easy = partial(HeuristicAgent, style=EASY, name="easy")
