"""What the coach says after an answer: the evaluation, and why.

The figures come from the evaluation that found the puzzle (the same
seeded generator gives the same numbers again), so the coach never claims
more than it measured.  :func:`reason` is the one place a reason in words
is asked for: the coach's own reasons (:mod:`tacocat.coach.reasons`), as
the hint and the review give them.
"""

from __future__ import annotations

from tacocat.ai.evaluator import Evaluation
from tacocat.coach.reasons import move_reasons
from tacocat.coach.verdict import percent
from tacocat.engine import Action, PlayerView


def reason(view: PlayerView, evaluation: Evaluation, action: Action) -> str | None:
    """Why ``action`` is the move, in one sentence from the coach's reasons; None if it has none.

    The coach's words (:func:`tacocat.coach.reasons.move_reasons`) come from
    the move and from what its evaluation measured, nothing else.
    """
    said = move_reasons(view, evaluation.of(action))
    if not said:
        return None
    text = "; ".join(said)
    return f"Why: it {text}." if not text.startswith("the ") else f"Why: {text}."


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
