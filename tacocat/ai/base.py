"""The player interface and the levels' registry.

An :class:`Agent` sees a :class:`~tacocat.engine.PlayerView` - the player's
own hand, public cards and the legal actions - and returns one of those
actions.  It is never handed the full :class:`~tacocat.engine.GameState`,
so it cannot read the opponent's hand or the draw pile.
"""

from __future__ import annotations

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
    """Make a level's factory (a class, or a partial of one) known to ``make_agent``."""

    def add(factory: AgentFactory) -> AgentFactory:
        LEVELS[level] = factory
        return factory

    return add
