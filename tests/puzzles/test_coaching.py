"""The coach's words after an answer: its figures, and its reason once it has one."""

from __future__ import annotations

from tacocat.ai.estimates import ActionEstimate, Evaluation
from tacocat.coach.analysis import Decision
from tacocat.engine import Answer
from tacocat.puzzles.coaching import reason, verdict_lines

A, B, C = Answer((9,)), Answer((5,)), Answer((2,))
EVALUATION = Evaluation(
    (ActionEstimate(A, 0.62, 0.7, 900, 0.01), ActionEstimate(B, 0.48, 0.5, 900, 0.01),
     ActionEstimate(C, 0.30, 0.2, 300, 0.02))
)  # fmt: skip


def test_the_answer_the_next_best_and_the_move_played_with_their_chances() -> None:
    lines = verdict_lines(EVALUATION, A, C, {A: "c"})
    assert lines == [
        "Best: answer with 9 (c): 62% to win the game.",
        "Next best: answer with 5: 48%, 14 points behind.",
        "Your move: answer with 2: 30%, 32 points behind.",
    ]
    assert len(verdict_lines(EVALUATION, A, B, {})) == 2  # the move played is the next best


def test_the_reason_is_the_coachs_own_for_the_answer(candidates: list[Decision]) -> None:
    from tacocat.coach.reasons import move_reasons

    view = candidates[0].view
    said = reason(view, EVALUATION, A)
    expected = move_reasons(view, EVALUATION.of(A))
    assert said is not None and expected and all(part in said for part in expected)
    assert said.startswith("Why: ") and said.endswith(".")
