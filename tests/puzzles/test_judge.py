"""The filter: clearly best means ten points ahead, with both sides measured to three."""

from __future__ import annotations

from tacocat.ai.estimates import ActionEstimate, Evaluation
from tacocat.coach.analysis import Decision
from tacocat.engine import Answer
from tacocat.puzzles.judge import GAP, SPREAD_LIMIT, clear_best, judge

A, B, C = Answer((9,)), Answer((5,)), Answer((2,))


def estimate(action: Answer, chance: float, spread: float = 0.01) -> ActionEstimate:
    return ActionEstimate(action, chance, chance, 500, spread)


def test_ten_points_ahead_is_clearly_best() -> None:
    verdict = clear_best(Evaluation((estimate(A, 0.6), estimate(B, 0.5), estimate(C, 0.1))))
    assert verdict is not None and verdict.answer == A
    assert (verdict.best, verdict.runner_up) == (0.6, 0.5)


def test_less_than_ten_points_is_not() -> None:
    assert clear_best(Evaluation((estimate(A, 0.6), estimate(B, 0.51)))) is None


def test_a_wide_spread_on_either_side_is_not_trusted() -> None:
    wide = SPREAD_LIMIT + 0.001
    assert clear_best(Evaluation((estimate(A, 0.9, wide), estimate(B, 0.5)))) is None
    assert clear_best(Evaluation((estimate(A, 0.9), estimate(B, 0.5, wide)))) is None


def test_one_legal_action_is_no_puzzle() -> None:
    assert clear_best(Evaluation((estimate(A, 0.9),))) is None


def test_the_same_seed_gives_the_same_judgement(candidates: list[Decision]) -> None:
    view = candidates[3].view
    first, verdict = judge(view, "k", budget=300)
    again, verdict_again = judge(view, "k", budget=300)
    assert first == again and verdict == verdict_again
    assert GAP == 0.10 and SPREAD_LIMIT == 0.03
