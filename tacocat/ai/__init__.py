"""Computer players: each decides from a :class:`PlayerView` and nothing else.

    >>> import random
    >>> from tacocat.engine import new_game
    >>> agent = make_agent("normal", random.Random(1))
    >>> state = new_game(seed=1)
    >>> action = agent.choose(state.view(state.current_player()))
    >>> action in state.legal_actions()
    True

Levels, weakest first: ``random`` (uniform over the legal actions),
``easy`` and ``normal`` (rules of thumb, :mod:`tacocat.ai.heuristics`) and
``hard`` (Monte Carlo look-ahead over the unseen cards,
:mod:`tacocat.ai.montecarlo`) and ``expert`` (every action weighed by
:mod:`tacocat.ai.evaluator`, the duel as a mixed strategy,
:mod:`tacocat.ai.expert`).
"""

from __future__ import annotations

# Importing the level modules registers their levels with make_agent.
from tacocat.ai import heuristics, montecarlo

# isort: split
# After hard, so that level_names() lists the levels weakest first.
from tacocat.ai import expert
from tacocat.ai.base import LEVELS, Agent, RandomAgent, make_agent, register

__all__ = [
    "Agent",
    "RandomAgent",
    "expert",
    "heuristics",
    "level_names",
    "make_agent",
    "montecarlo",
    "register",
]


def level_names() -> tuple[str, ...]:
    """The levels :func:`make_agent` knows, weakest first."""
    return tuple(LEVELS)
