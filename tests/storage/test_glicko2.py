"""Glicko-2 against Glickman's worked example, and the properties a rating must have."""

from __future__ import annotations

import pytest

from tacocat.storage.glicko2 import MAX_DEVIATION, Rating, update


def test_the_papers_example() -> None:
    """Glickman's "Example of the Glicko-2 system": 1500/200 against three players."""
    player = Rating(1500.0, 200.0, 0.06)
    games = [
        (Rating(1400.0, 30.0), 1.0),
        (Rating(1550.0, 100.0), 0.0),
        (Rating(1700.0, 300.0), 0.0),
    ]
    after = update(player, games)
    assert after.value == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_win_raises_a_loss_lowers_and_both_narrow_the_deviation() -> None:
    me, other = Rating(), Rating(1600.0, 50.0)
    won, lost, drawn = (update(me, [(other, score)]) for score in (1.0, 0.0, 0.5))
    assert lost.value < me.value < drawn.value < won.value  # a draw with a stronger one gains
    assert max(won.deviation, lost.deviation) < me.deviation


def test_a_surprising_result_moves_further_than_an_expected_one() -> None:
    me = Rating(1500.0, 100.0)
    upset = update(me, [(Rating(1900.0, 30.0), 1.0)]).value - me.value
    routine = update(me, [(Rating(1100.0, 30.0), 1.0)]).value - me.value
    assert upset > routine > 0


def test_no_games_only_widens_the_deviation_up_to_a_newcomers() -> None:
    assert update(Rating(1700.0, 80.0), []).deviation > 80.0
    assert update(Rating(), []).deviation == MAX_DEVIATION


@pytest.mark.parametrize("score", [0.0, 1.0])
def test_extreme_gaps_stay_finite(score: float) -> None:
    """A newcomer beating or losing to a far stronger or weaker level: no overflow."""
    for opponent in (Rating(3500.0, 20.0, 0.0), Rating(-500.0, 20.0, 0.0)):
        after = update(Rating(), [(opponent, score)])
        assert 0 < after.deviation <= MAX_DEVIATION and after.volatility > 0
