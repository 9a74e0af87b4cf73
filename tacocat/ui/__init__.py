"""The terminal game: rich drawing and line input around the rules engine.

The UI holds no rule of its own.  It draws a :class:`~tacocat.engine.PlayerView`,
turns what a player typed into an engine action, asks the engine whether
that action is legal (and why not) and applies it.

- :mod:`tacocat.ui.glyphs`: Unicode or ASCII symbols, one place.
- :mod:`tacocat.ui.cards` and :mod:`tacocat.ui.board`: plain functions from
  game pieces to rich renderables (the replay command reuses them).
- :mod:`tacocat.ui.prompts`: what a typed line means, and help per decision.
- :mod:`tacocat.ui.screens`: whole screens composed from those pieces, laid
  out for the terminal's width and height.
- :mod:`tacocat.ui.rules_text`: the rules summary, written from the rules in
  play (``tacocat rules``, the in-game ``rules`` and ``?``).
- :mod:`tacocat.ui.logview`: the in-game ``log``: every public event, and the
  discard pile round by round.
- :mod:`tacocat.ui.terminal`: the full-screen terminal (rich), with lines
  read by :mod:`tacocat.ui.lineedit` (prompt_toolkit, one session a player).
- :mod:`tacocat.ui.game`: the session and the loop that plays it.
"""
