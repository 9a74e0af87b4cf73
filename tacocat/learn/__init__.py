"""``tacocat learn``: a guided first game, lesson by lesson, on the real table.

:mod:`~tacocat.learn.lesson` reads a lesson file (the data),
:mod:`~tacocat.learn.stage` deals it in the engine and rehearses its script,
:mod:`~tacocat.learn.catalogue` lists the shipped lessons,
:mod:`~tacocat.learn.progress` keeps the lessons passed (and wrong answers),
:mod:`~tacocat.learn.drills` makes fresh questions on a lesson's idea and
:mod:`~tacocat.learn.sitting` plays them on :class:`tacocat.ui.play.game.Game`.
"""
