"""The master level's duel against a belief: its parts, and what makes it differ from the expert."""

from __future__ import annotations

import random

import pytest

from tacocat.ai.belief_duel import evaluate_belief_duel, habit_policy
from tacocat.ai.evidence import CENTRE, DUEL_HABIT, read_evidence
from tacocat.ai.master import MasterAgent
from tacocat.ai.rules_of_thumb import duel_middle
from tacocat.engine import Duel, Phase, PlayerView

from .helpers import random_states


def duel_views(count: int) -> list[PlayerView]:
    """Duel decisions with a choice, from seeded random games."""
    found = []
    for state in random_states(games=6, seed=4):
        player = state.current_player()
        if state.phase is Phase.DUEL and player is not None:
            view = state.view(player)
            if len(view.legal_actions) > 1:
                found.append(view)
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("hand", [(2, 5, 5, 9), (1, 3, 4, 6, 8, 11, 12), (7, 7), (4, 10)])
def test_the_habit_is_a_distribution_leaning_on_the_middle_card(hand: tuple[int, ...]) -> None:
    policy = habit_policy(hand)
    assert set(policy) == set(hand)
    assert sum(policy.values()) == pytest.approx(1.0)
    if len(set(hand)) > 1:
        assert policy[duel_middle(hand, CENTRE)] == DUEL_HABIT
    if len(set(hand)) > 2:  # with two values the other one gets the rest, 1 - DUEL_HABIT
        assert max(policy, key=policy.__getitem__) == duel_middle(hand, CENTRE)


@pytest.mark.parametrize("habit", [0.0, 0.5, 1.0])
def test_the_duel_mix_is_over_the_legal_cards_and_spends_its_budget(habit: float) -> None:
    for view in duel_views(4):
        legal = list(view.legal_actions)
        evaluation = evaluate_belief_duel(
            view, random.Random(3), 60, legal, read_evidence(view, None), habit
        )
        assert evaluation.mix and sum(share for _, share in evaluation.mix) == pytest.approx(1.0)
        assert all(isinstance(action, Duel) and action in legal for action, _ in evaluation.mix)
        assert {e.action for e in evaluation.estimates} == set(legal)
        assert evaluation.rollouts >= 60
        assert all(0.0 <= e.win_game <= 1.0 for e in evaluation.estimates)


def test_master_duels_differently_from_the_expert_and_replaces_alike() -> None:
    from tacocat.ai.expert import ExpertAgent

    views = duel_views(6)
    master = [MasterAgent(random.Random(1), budget=80).choose(view) for view in views]
    expert = [ExpertAgent(random.Random(1), budget=80).choose(view) for view in views]
    assert all(action in view.legal_actions for action, view in zip(master, views, strict=True))
    assert master != expert  # the duel is where master is its own player
    for state in random_states(games=2, seed=9):
        player = state.current_player()
        if state.phase is Phase.REPLACE and player is not None:
            view = state.view(player)
            chosen = [
                agent(random.Random(2), budget=24).choose(view)
                for agent in (MasterAgent, ExpertAgent)
            ]
            assert chosen[0] == chosen[1]


def test_a_habit_outside_zero_to_one_is_refused() -> None:
    with pytest.raises(ValueError, match="share"):
        MasterAgent(random.Random(1), habit=1.5)
