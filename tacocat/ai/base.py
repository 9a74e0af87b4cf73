"""The player interface, the levels' registry and the random level.

An :class:`Agent` sees a :class:`~tacocat.engine.PlayerView` - the player's
own hand, public cards and the legal actions - and returns one of those
actions.  It is never handed the full :class:`~tacocat.engine.GameState`,
so it cannot read the opponent's hand or the draw pile.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from tacocat.engine import Action, PlayerView

# A level's factory takes the agent's random generator and, for levels that
# have any, keyword options (e.g. the hard level's rollout budget).
AgentFactory = Callable[..., "Agent"]
LEVELS: dict[str, AgentFactory] = {}


class Agent(Protocol):
    """Anything that picks a legal action from a player's view."""

    name: str

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions`` (never empty when asked)."""
        ...


def register(level: str) -> Callable[[AgentFactory], AgentFactory]:
    """Class decorator: make a level available to :func:`~tacocat.ai.registry.make_agent`."""

    def add(factory: AgentFactory) -> AgentFactory:
        LEVELS[level] = factory
        return factory

    return add


@register("random")
class RandomAgent:
    """Uniform over the legal actions: the baseline every other level must beat."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        # Index by rng.random(), as the engine shuffles: a third of rng.choice's cost,
        # and a bias far below anything a match could show.
        return legal[int(self.rng.random() * len(legal))]
