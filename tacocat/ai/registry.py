"""Which computer levels exist, and making a player of one.

The built-in levels' modules are imported when a level is first asked for,
not with the package: a match of random players then never loads the
look-ahead (a third of ``tacocat simulate``'s start-up).  Each module
registers its levels with :func:`tacocat.ai.base.register` as it loads.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from tacocat.ai.base import LEVELS, Agent

# The built-in levels, weakest first (tacocat.names lists them for storage),
# and the module that registers each one.
DEFINED_IN = {
    "random": "tacocat.ai.uniform",
    "easy": "tacocat.ai.heuristics",
    "normal": "tacocat.ai.heuristics",
    "hard": "tacocat.ai.montecarlo",
    "expert": "tacocat.ai.expert",
    "master": "tacocat.ai.expert",
}


def make_agent(level: str, rng: random.Random, **options: Any) -> Agent:
    """A computer player of the named level, drawing its randomness from ``rng``.

    ``options`` go to the level's constructor, e.g.
    ``make_agent("hard", rng, rollouts=40)``.  An unknown level raises
    ValueError naming the known ones.
    """
    factory = LEVELS.get(level)
    if factory is None and level in DEFINED_IN:
        import_module(DEFINED_IN[level])  # registers it
        factory = LEVELS.get(level)
    if factory is None:
        known = ", ".join(level_names())
        raise ValueError(f"unknown computer level {level!r} (known: {known})")
    return factory(rng, **options)


def level_names() -> tuple[str, ...]:
    """The levels :func:`make_agent` knows, weakest first (then any registered later)."""
    return (*DEFINED_IN, *(level for level in LEVELS if level not in DEFINED_IN))
