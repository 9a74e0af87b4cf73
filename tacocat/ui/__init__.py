"""The terminal game: rich drawing and line input around the rules engine.

The UI holds no rule of its own: it draws what one seat may see, turns a
typed line into an engine action, asks the engine whether it is legal (and
why not) and applies it.  Three folders, by job:

- :mod:`tacocat.ui.play`: the table — the loop (``Game``), its seats and
  desks, the curtain, hand-overs, take-backs, the end of a game.
- :mod:`tacocat.ui.draw`: screens as pure functions of a view, the log and a
  frame (the board, cards, the story, the rules page).
- :mod:`tacocat.ui.term`: terminal input and output — the full screen
  (rich, prompt_toolkit), the line mode, keys and signals.
"""
