"""The calibration curve: honest numbers that never change which action is best."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tacocat.ai import calibration
from tacocat.ai.calibration import CURVE, IDENTITY, Curve
from tacocat.ai.evaluator import evaluate
from tacocat.ai.expert import ExpertAgent
from tacocat.ai.rollout import outcome_worth

from .helpers import random_states

TINY = 40
shares = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


@given(shares, shares)
def test_the_curve_keeps_the_order_of_shares(low: float, high: float) -> None:
    low, high = sorted((low, high))
    assert CURVE.chance(low) <= CURVE.chance(high)
    assert 0.0 < CURVE.chance(low) < 1.0


@given(st.floats(min_value=0.01, max_value=0.99))
def test_share_reads_a_chance_back(share: float) -> None:
    assert CURVE.share(CURVE.chance(share)) == pytest.approx(share, abs=1e-9)
    assert CURVE.derivative(share) > 0.0


def test_a_curve_that_would_reverse_the_order_is_refused() -> None:
    with pytest.raises(ValueError, match="increase"):
        Curve(slope=-0.5, offset=0.0)


def test_the_fitted_curve_tempers_the_rollouts_optimism() -> None:
    # Between experts, the rollouts' even share is less than an even chance.
    assert CURVE.chance(0.5) < 0.5
    assert IDENTITY.chance(0.3) == pytest.approx(0.3)


def test_calibration_changes_the_numbers_not_the_ranking(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked = 0
    for number, state in enumerate(random_states(games=3, seed=21)):
        player = state.current_player()
        if number % 4 or player is None or len(state.legal_actions()) < 2:
            continue
        view = state.view(player)
        monkeypatch.setattr(calibration, "CURVE", IDENTITY)
        raw = evaluate(view, random.Random(number), budget=TINY)
        monkeypatch.setattr(calibration, "CURVE", CURVE)
        honest = evaluate(view, random.Random(number), budget=TINY)
        assert [e.action for e in honest.estimates] == [e.action for e in raw.estimates]
        assert honest.mix == raw.mix and honest.rollouts == raw.rollouts
        won, lost = outcome_worth(view)[1][1], outcome_worth(view)[-1][1]
        for before, after in zip(raw.estimates, honest.estimates, strict=True):
            assert after.samples == before.samples
            assert lost - 1e-9 <= after.win_game <= won + 1e-9
            assert after.win_round == pytest.approx(CURVE.chance(before.win_round))
        checked += 1
    assert checked >= 10


def test_the_expert_plays_the_same_game_with_or_without_calibration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def moves(curve: Curve) -> list[object]:
        monkeypatch.setattr(calibration, "CURVE", curve)
        agent = ExpertAgent(random.Random(7), budget=TINY)
        played = []
        for number, state in enumerate(random_states(games=1, seed=22)):
            player = state.current_player()
            if number % 3 or player is None:
                continue
            played.append(agent.choose(state.view(player)))
        return played

    assert moves(IDENTITY) == moves(CURVE)
