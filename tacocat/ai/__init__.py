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
:mod:`tacocat.ai.montecarlo`), ``expert`` (every action weighed by
:mod:`tacocat.ai.evaluator`, the duel as a mixed strategy) and ``master``
(the expert, duelling against a belief; both :mod:`tacocat.ai.expert`).
"""

from __future__ import annotations

# The levels' own modules are imported when a level is first asked for
# (tacocat.ai.registry.DEFINED_IN): a match of random players never loads the others.
from tacocat.ai.base import Agent
from tacocat.ai.registry import level_names, make_agent

__all__ = ["Agent", "level_names", "make_agent"]
