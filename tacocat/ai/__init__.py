"""Computer players: each decides from a :class:`PlayerView` and nothing else.

    >>> import random
    >>> from tacocat.engine import new_game
    >>> agent = make_agent("random", random.Random(1))
    >>> state = new_game(seed=1)
    >>> action = agent.choose(state.view(state.current_player()))
    >>> action in state.legal_actions()
    True
"""

from __future__ import annotations

from tacocat.ai.base import Agent, RandomAgent, make_agent, register

__all__ = ["Agent", "RandomAgent", "level_names", "make_agent", "register"]


def level_names() -> tuple[str, ...]:
    """The levels :func:`make_agent` knows, weakest first."""
    from tacocat.ai.base import LEVELS

    return tuple(LEVELS)
