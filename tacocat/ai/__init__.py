"""Computer players: each decides from a :class:`PlayerView` and nothing else.

    >>> import random
    >>> from tacocat.engine import new_game
    >>> agent = make_agent("normal", random.Random(1))
    >>> state = new_game(seed=1)
    >>> action = agent.choose(state.view(state.current_player()))
    >>> action in state.legal_actions()
    True

The levels, weakest first, are in docs/playing.md ("Computer players and
simulations"); :data:`tacocat.ai.registry.DEFINED_IN` names the module of
each, imported when the level is first asked for.
"""

from __future__ import annotations

from tacocat.ai.base import Agent
from tacocat.ai.registry import level_names, make_agent

__all__ = ["Agent", "level_names", "make_agent"]
