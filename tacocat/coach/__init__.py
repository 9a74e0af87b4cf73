"""The coach: advice during a game and a review of a finished one.

Both rest on one judge, :func:`tacocat.ai.evaluator.evaluate`, which gives
the chance of winning the game after each legal action, estimated from the
deciding player's :class:`~tacocat.engine.PlayerView` alone.

- :mod:`tacocat.coach.advice`: the ``hint`` command of a game, the best
  few actions for the player to move;
- :mod:`tacocat.coach.analysis`: ``tacocat analyze``, every decision of a
  finished game judged by how much win chance it gave away, as chess sites
  mark inaccuracies, mistakes and blunders.
"""
