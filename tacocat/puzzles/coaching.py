"""What the coach says after an answer, from the evaluation that found the puzzle."""

from __future__ import annotations

from tacocat.ai.evaluator import Evaluation
from tacocat.coach.reasons import move_reasons, percent
from tacocat.engine import Action, PlayerView


def reason(view: PlayerView, evaluation: Evaluation, action: Action) -> str | None:
    """Why ``action`` is the move, in one sentence of the coach's own reasons; None if none."""
    said = move_reasons(view, evaluation.of(action))
    if not said:
        return None
    text = "; ".join(said)
    return f"Why: it {text}." if not text.startswith("the ") else f"Why: {text}."


def verdict_lines(
    evaluation: Evaluation, answer: Action, played: Action, shown: dict[Action, str]
) -> list[str]:
    """The answer's chance, the next best's and the move played's; ``shown``: as typed."""
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
