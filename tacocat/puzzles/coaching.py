"""What the coach says after an answer: the evaluation, and why (once the coach can say why).

The figures come from the evaluation that found the puzzle (the same
seeded generator gives the same numbers again), so the coach never claims
more than it measured.  :func:`reason` is the one place a reason in words
is asked for: the coach's reasons plug in there, and until the coach offers
one for a move, no reason is shown.
"""

from __future__ import annotations

from importlib import import_module

from tacocat.ai.evaluator import Evaluation
from tacocat.coach.analysis import percent
from tacocat.engine import Action, PlayerView


def reason(view: PlayerView, evaluation: Evaluation, action: Action) -> str | None:
    """Why ``action`` is the move, in one short sentence; None while the coach has no reason.

    The one call to the coach's reasons: a coach module that explains a
    suggestion from ``view`` and ``evaluation`` is called from here.
    """
    try:
        reasons = import_module("tacocat.coach.reasons")
    except ImportError:
        return None
    explain = getattr(reasons, "reason_for", None)
    if explain is None:
        return None
    said = explain(view, evaluation, action)
    return said if isinstance(said, str) and said else None


def verdict_lines(
    evaluation: Evaluation, answer: Action, played: Action, shown: dict[Action, str]
) -> list[str]:
    """The coach's lines: the answer's chance, the next best's and, if different, the move played.

    ``shown`` gives each action as the player would type it (the hand's letters).
    """
    best = evaluation.of(answer)
    runner = next(item for item in evaluation.estimates if item.action != answer)
    lines = [
        f"Best: {answer} ({shown.get(answer, '')}): {percent(best.win_game)} to win the game.",
        f"Next best: {runner.action}: {percent(runner.win_game)}, "
        f"{_behind(best.win_game, runner.win_game)} points behind.",
    ]
    if played not in (answer, runner.action):
        mine = evaluation.of(played)
        lines.append(
            f"Your move: {played}: {percent(mine.win_game)}, "
            f"{_behind(best.win_game, mine.win_game)} points behind."
        )
    return lines


def _behind(best: float, other: float) -> int:
    """The points between two chances as shown (rounded first), so the figures add up."""
    return round(best * 100) - round(other * 100)
