"""The master level's duel against a belief: its parts, and what makes it differ from the expert."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tacocat.ai import make_agent
from tacocat.ai.belief_duel import evaluate_belief_duel, habit_policy
from tacocat.ai.endgame import attacker_value
from tacocat.ai.evidence import CENTRE, DUEL_HABIT, read_evidence
from tacocat.ai.expert import ExpertAgent
from tacocat.ai.rollout import playout
from tacocat.ai.rules_of_thumb import duel_middle
from tacocat.engine import Action, Duel, GameState, Phase, PlayerView, new_game

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


def make_master(rng: random.Random, **options: Any) -> ExpertAgent:
    agent = make_agent("master", rng, **options)
    assert isinstance(agent, ExpertAgent)
    return agent


def test_master_duels_differently_from_the_expert() -> None:
    views = duel_views(6)
    master = [make_master(random.Random(1), budget=80).choose(view) for view in views]
    expert = [ExpertAgent(random.Random(1), budget=80).choose(view) for view in views]
    assert all(action in view.legal_actions for action, view in zip(master, views, strict=True))
    assert master != expert  # the duel is where master is its own player


def test_master_replaces_with_the_search_best_without_the_expert_margin() -> None:
    differ = 0
    for state in random_states(games=2, seed=9):
        player = state.current_player()
        if state.phase is Phase.REPLACE and player is not None:
            view = state.view(player)
            chosen = make_master(random.Random(2), budget=24).choose(view)
            # The belief is the duel's alone: replacing, master is the expert with no margin.
            assert chosen == ExpertAgent(random.Random(2), budget=24, margin=False).choose(view)
            differ += chosen != ExpertAgent(random.Random(2), budget=24).choose(view)
    assert differ > 0  # the expert's margin keeps the rules of thumb's choice where master does not


def test_a_habit_outside_zero_to_one_is_refused() -> None:
    with pytest.raises(ValueError, match="share"):
        make_master(random.Random(1), habit=1.5)


def trick_states(count: int) -> list[GameState]:
    """Attack decisions of seeded random games, with up to six cards a hand."""
    found = []
    for state in random_states(games=8, seed=5):
        if state.phase is Phase.ATTACK and 2 <= len(state.hands[0]) <= 6:
            found.append(state.clone())
        if len(found) == count:
            break
    return found


def test_a_playout_from_a_trick_within_reach_is_the_exact_search() -> None:
    for state in trick_states(200):  # the rules of thumb miss the best line in some
        mover = state.current_player()
        assert mover is not None
        hands = state.hand_values
        exact = attacker_value(hands[mover], hands[1 - mover], 0)
        for me in (mover, 1 - mover):
            world = state.clone()
            outcome = playout(world, [], me, exact=6)
            assert outcome == (exact if me == mover else -exact)


def test_master_with_exact_tricks_plays_the_same_game_from_the_same_seed() -> None:
    def game(seed: int) -> list[Action]:
        seats = [make_master(random.Random(seed + seat), budget=40, exact=6) for seat in (0, 1)]
        state = new_game(seed)
        played = []
        while not state.is_terminal() and len(played) < 40:
            mover = state.current_player()
            assert mover is not None
            played.append(seats[mover].choose(state.view(mover)))
            state.apply_action(played[-1])
        return played

    assert game(7) == game(7)
