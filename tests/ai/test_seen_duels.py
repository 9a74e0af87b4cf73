"""The opponent's duel card by rank, as seen: the draw, the reading of a round, the rollouts."""

from __future__ import annotations

import random

import pytest

from tacocat.ai.evaluator import evaluate
from tacocat.ai.expert import ExpertAgent
from tacocat.ai.seen_duels import LOWEST, PRIOR, SeenDuels, duel_card, rank
from tacocat.engine import Duel, GameState, Phase

from .helpers import random_states


def test_ranks_count_from_the_top_and_the_lowest_apart() -> None:
    assert [rank(value, {2, 5, 9}) for value in (9, 5, 2)] == [0, 1, LOWEST]
    assert rank(3, set(range(1, 13))) == LOWEST - 1  # the sixth and below share a rank


@pytest.mark.parametrize("draw", [0.0, 0.3, 0.6, 0.999])
def test_the_draw_falls_in_its_ranks_share(draw: float) -> None:
    only_second = (0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    only_lowest = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
    assert duel_card((2, 5, 5, 9), only_second, draw) == 5
    assert duel_card((2, 5, 5, 9), only_lowest, draw) == 2
    assert duel_card((7, 7), PRIOR, draw) == 7
    cards = [duel_card((1, 4, 6, 11), PRIOR, i / 1000) for i in range(1000)]
    assert cards.count(11) == pytest.approx(1000 * PRIOR[0] / sum(PRIOR[:3] + PRIOR[-1:]), abs=2)


def test_a_round_read_off_the_views_holds_the_opponents_true_rank() -> None:
    """Watching a game: each round read gives weight to the rank the opponent really duelled."""
    seen, truth = SeenDuels(), {}
    rounds_read = 0
    for game in range(4):
        seats = [ExpertAgent(random.Random(game), budget=24) for _ in (0, 1)]
        state = GameState(random.Random(game), undoable=False)
        while not state.is_terminal():
            mover = state.current_player()
            assert mover is not None
            view = state.view(mover)
            if mover == 0:
                seen.observe(view, seats[0].replaced.get(view.round_number))
            action = seats[mover].choose(view)
            if view.phase is Phase.DUEL and mover == 1 and len(view.legal_actions) > 1:
                assert isinstance(action, Duel)
                truth[game, view.round_number] = rank(action.value, set(view.hand_values))
            state.apply_action(action)
        for number, read in seen.rounds.items():
            assert sum(read) == pytest.approx(1.0)
            if (game, number) in truth:  # they had a choice
                assert read[truth[game, number]] > 0
        rounds_read += len(seen.rounds)
        seen.rounds.clear()
    assert rounds_read >= 4
    assert sum(SeenDuels().shares()) == pytest.approx(1.0)


def test_the_rollouts_opponent_duels_by_the_shares_given() -> None:
    views = [
        state.view(state.current_player() or 0)
        for state in random_states(games=4, seed=5)
        if state.phase is Phase.REPLACE and state.current_player() is not None
    ][:3]
    for view in views:
        plain = evaluate(view, random.Random(1), 60)
        again = evaluate(view, random.Random(1), 60, duels=PRIOR)
        assert evaluate(view, random.Random(1), 60, duels=PRIOR) == again  # same seed, same
        assert {e.action for e in again.estimates} == {e.action for e in plain.estimates}
    assert any(
        evaluate(view, random.Random(1), 60, duels=PRIOR) != evaluate(view, random.Random(1), 60)
        for view in views
    )
