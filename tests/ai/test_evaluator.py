"""The evaluator: one honest estimate per legal action, from the view alone."""

from __future__ import annotations

import random

import pytest

from tacocat.ai.evaluator import FIRST_DEALS, evaluate
from tacocat.ai.outlook import after_round, game_chance
from tacocat.engine import WOW, YAY, Answer, Phase, Rules, new_game

from .helpers import random_states

TINY = 40  # rollouts: enough to exercise every stage, cheap enough for the suite


def test_one_estimate_per_legal_action_best_first() -> None:
    rng = random.Random(1)
    for number, state in enumerate(random_states(games=3, seed=11)):
        if number % 5:
            continue
        player = state.current_player()
        assert player is not None
        view = state.view(player)
        evaluation = evaluate(view, rng, budget=TINY)
        actions = [estimate.action for estimate in evaluation.estimates]
        assert sorted(actions, key=repr) == sorted(view.legal_actions, key=repr)
        chances = [estimate.win_game for estimate in evaluation.estimates]
        assert chances == sorted(chances, reverse=True)
        assert evaluation.best == evaluation.estimates[0]
        for estimate in evaluation.estimates:
            assert evaluation.of(estimate.action) is estimate
            assert 0.0 <= estimate.win_game <= 1.0
            assert 0.0 <= estimate.win_round <= 1.0
            assert estimate.samples >= 1
            assert estimate.spread >= 0.0


def test_an_action_that_is_not_legal_has_no_estimate() -> None:
    state = new_game(seed=2)
    view = state.view(YAY)
    evaluation = evaluate(view, random.Random(2), budget=TINY)
    with pytest.raises(KeyError):
        evaluation.of(Answer((5,)))


def test_a_view_without_a_decision_is_refused() -> None:
    state = new_game(seed=2)
    with pytest.raises(ValueError, match="decision"):
        evaluate(state.view(WOW), random.Random(2), budget=TINY)


def test_the_same_seed_gives_the_same_evaluation() -> None:
    state = new_game(seed=4)
    view = state.view(YAY)
    assert evaluate(view, random.Random(9), budget=TINY) == evaluate(
        view, random.Random(9), budget=TINY
    )


def test_the_budget_counts_rollouts() -> None:
    state = new_game(seed=5)
    view = state.view(YAY)
    for budget in (50, 400):
        evaluation = evaluate(view, random.Random(5), budget=budget)
        spent = sum(estimate.samples for estimate in evaluation.estimates)
        assert spent == evaluation.rollouts
        # A few deals for every action first, one more per action where the stages
        # round up, and an early loser that still ranks first topped up (rarely more
        # than once) to the finalists' deals.
        actions = len(view.legal_actions)
        most = max(estimate.samples for estimate in evaluation.estimates)
        assert spent <= max(budget, FIRST_DEALS * actions) + actions + 2 * most
        assert spent >= min(budget // 2, FIRST_DEALS * actions)


def test_keeping_the_lower_card_for_the_showdown_is_never_judged_worse() -> None:
    # On the last trick the defender's answer decides which card meets the
    # showdown, where the lower card wins; both answers meet the same deals.
    rng = random.Random(3)
    checked = 0
    for state in random_states(games=40, seed=12):
        player = state.current_player()
        if player is None or state.phase is not Phase.ANSWER or len(state.hands[player]) != 2:
            continue
        view = state.view(player)
        if len(view.legal_actions) != 2:
            continue
        low, high = sorted(state.hand_values[player])
        if low == high:
            continue
        evaluation = evaluate(view, rng, budget=TINY)
        keep_low, keep_high = evaluation.of(Answer((high,))), evaluation.of(Answer((low,)))
        assert keep_low.win_round >= keep_high.win_round
        assert keep_low.win_game >= keep_high.win_game
        checked += 1
    assert checked >= 5


def test_game_chance_is_even_at_the_start_and_sums_to_one() -> None:
    assert game_chance(3, (), YAY) == pytest.approx(0.5)
    for position, tiles in ((2, (3,)), (5, (3, 4)), (0, (1, 2, 3))):
        total = game_chance(position, tiles, YAY) + game_chance(position, tiles, WOW)
        assert total == pytest.approx(1.0)
    # Nearer a player's own goal is better for that player.
    assert game_chance(2, (3,), YAY) > 0.5 > game_chance(4, (3,), YAY)


def test_after_round_orders_won_tied_lost() -> None:
    rules = Rules()
    won, tied, lost = after_round(rules, 3, (), 0, YAY)
    assert won > tied > lost
    assert tied == pytest.approx(0.5)
    # A tie that reaches the tie limit ends the game in a draw: half a win.
    _, tied, _ = after_round(rules, 1, (3, 2), rules.tie_limit - 1, YAY)
    assert tied == 0.5
