"""Tacocat for game-AI research: the OpenSpiel game and the PettingZoo environment.

The fixed encoding they share is the engine's (:mod:`tacocat.engine.encoding`,
plain Python); these adapters add numpy and the frameworks, installed with
the extras ``tacocat[openspiel]`` and ``tacocat[pettingzoo]``.  Import the
module you need (:mod:`~tacocat.research.openspiel_game`,
:mod:`~tacocat.research.pettingzoo_env`); this package imports neither.
"""
