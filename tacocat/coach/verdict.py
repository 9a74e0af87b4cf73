"""The words of a review: marks by the win chance lost, and actions in a few characters.

Shared by :mod:`tacocat.coach.analysis`, which judges, and
:mod:`tacocat.coach.explain`, which says why.
"""

from __future__ import annotations

from tacocat.engine import Action, Answer, Attack, Duel, Replace

# Drops in the chance of winning the game (0..1) that earn a mark, worst first.
BLUNDER = 0.15
MISTAKE = 0.10
INACCURACY = 0.05
MARKS: tuple[tuple[float, str], ...] = (
    (BLUNDER, "blunder"),
    (MISTAKE, "mistake"),
    (INACCURACY, "inaccuracy"),
)
# A choice this close to the best counts as accurate.  It sits above the
# evaluator's noise at the analysis budget, so a best move is not called
# inaccurate by chance.
ACCURATE = 0.02
KINDS = ("replace", "duel", "attack", "answer")
WORST_SHOWN = 3  # biggest mistakes listed per player


def mark_for(drop: float) -> str | None:
    """'blunder', 'mistake', 'inaccuracy' or None for a drop in win chance (0..1).

    >>> mark_for(0.15), mark_for(0.12), mark_for(0.05), mark_for(0.049)
    ('blunder', 'mistake', 'inaccuracy', None)
    """
    for threshold, mark in MARKS:
        if drop >= threshold - 1e-9:  # 0.05 given as 0.15 - 0.10 still counts
            return mark
    return None


def short(action: Action) -> str:
    """An action in a few characters, for tables: 'replace 10 11', 'keep', 'attack 4 4'.

    >>> short(Attack((4, 4))), short(Replace(())), short(Duel(12))
    ('attack 4 4', 'keep', 'duel 12')
    """
    if isinstance(action, Duel):
        return f"duel {action.value}"
    if isinstance(action, Replace) and not action.values:
        return "keep"
    return " ".join((kind_of(action), *(str(value) for value in action.values)))


def kind_of(action: Action) -> str:
    """'replace', 'duel', 'attack' or 'answer'."""
    if isinstance(action, Replace):
        return "replace"
    if isinstance(action, Duel):
        return "duel"
    if isinstance(action, Attack):
        return "attack"
    assert isinstance(action, Answer)
    return "answer"


def percent(chance: float) -> str:
    """'62%' for 0.62."""
    return f"{round(chance * 100)}%"


def points(drop: float) -> str:
    """Win-chance points, e.g. '21' for a drop of 0.21."""
    return str(round(drop * 100))
