"""Which computer levels exist, and making a player of one.

A level's module is imported when the level is first asked for: a match of
random players never loads the look-ahead (a third of ``simulate``'s start-up).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module
from typing import Any

from tacocat.ai.base import Agent

# A level's factory takes the agent's random generator and, for levels that
# have any, keyword options (e.g. the hard level's rollout budget).
AgentFactory = Callable[..., Agent]
# The built-in levels, weakest first (tacocat.names lists them for storage): the
# module and the name of each one's factory.
DEFINED_IN = {
    "random": ("tacocat.ai.uniform", "RandomAgent"),
    "easy": ("tacocat.ai.heuristics", "easy"),
    "normal": ("tacocat.ai.heuristics", "HeuristicAgent"),
    "hard": ("tacocat.ai.montecarlo", "MonteCarloAgent"),
    "expert": ("tacocat.ai.expert", "ExpertAgent"),
    "master": ("tacocat.ai.expert", "master"),
}
LEVELS: dict[str, AgentFactory] = {}  # the factories loaded so far, and any level added


def make_agent(level: str, rng: random.Random, **options: Any) -> Agent:
    """A computer player of the named level, drawing its randomness from ``rng``.

    ``options`` go to the level's constructor, e.g.
    ``make_agent("hard", rng, rollouts=40)``.  An unknown level raises
    ValueError naming the known ones.
    """
    factory = LEVELS.get(level)
    if factory is None and level in DEFINED_IN:
        module, name = DEFINED_IN[level]
        factory = LEVELS[level] = getattr(import_module(module), name)
    if factory is None:
        known = ", ".join(level_names())
        raise ValueError(f"unknown computer level {level!r} (known: {known})")
    return factory(rng, **options)


def level_names() -> tuple[str, ...]:
    """The levels :func:`make_agent` knows, weakest first (then any registered later)."""
    return (*DEFINED_IN, *(level for level in LEVELS if level not in DEFINED_IN))
