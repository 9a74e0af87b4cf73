"""Puzzles: positions where one move is clearly best, to find it (``tacocat puzzles``).

A puzzle is a decision from a real game, kept as its player's
:class:`~tacocat.engine.PlayerView` and nothing more, with the move the
evaluator finds clearly best there: at least 10 points of win chance ahead
of the next best, both measured to within 3 points, twice.  The modules,
from data to screen:

- :mod:`~tacocat.puzzles.judge`: the filter (what "clearly best" means);
- :mod:`~tacocat.puzzles.position`: a puzzle as data and back, checked by
  the engine on the way in;
- :mod:`~tacocat.puzzles.mining`: finding puzzles among a game's decisions;
- :mod:`~tacocat.puzzles.collection`: the shipped set (``set.json``, mined
  from expert games by ``benchmarks/puzzles.py``);
- :mod:`~tacocat.puzzles.themes`: a puzzle's theme, pattern, rating and
  nudge, worked out from the puzzle;
- :mod:`~tacocat.puzzles.scores` and :mod:`~tacocat.puzzles.library`: each
  player's results, puzzle rating (Glicko-2) and streak, their own games
  searched for missed moves, and the next puzzle, near the rating;
- :mod:`~tacocat.puzzles.coaching` and :mod:`~tacocat.puzzles.session`: the
  coach's words after an answer, and the sitting on the game's screens.

    from tacocat.puzzles.collection import load_set
    puzzle = load_set()[0]
    puzzle.view.legal_actions     # what the player may do there
    puzzle.answer, puzzle.gap     # the clearly best move, and by how much
"""
