"""The ``random`` level: uniform over the legal actions.

The baseline every other level must beat, and the player of the engine's
speed benchmarks.
"""

from __future__ import annotations

import random

from tacocat.engine import Action, PlayerView


class RandomAgent:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        # Index by rng.random(), as the engine shuffles: a third of rng.choice's cost,
        # and a bias far below anything a match could show.
        return legal[int(self.rng.random() * len(legal))]
