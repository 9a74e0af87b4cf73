"""The OpenSpiel game (tacocat[openspiel]): OpenSpiel's own checks and algorithms."""

from __future__ import annotations

from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
np = pytest.importorskip("numpy", reason="the openspiel extra is not installed")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.algorithms import outcome_sampling_mccfr as mccfr  # noqa: E402

from tacocat.engine.encoding import INFORMATION_STATE_SIZE, OBSERVATION_SIZE  # noqa: E402
from tacocat.research import openspiel_game  # noqa: E402

SMALL = str(Path(openspiel_game.__file__).with_name("small_rules.toml"))


def test_the_game_passes_openspiels_random_simulation_test() -> None:
    game = pyspiel.load_game("python_tacocat", {"seed": 1})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    small = pyspiel.load_game("python_tacocat", {"seed": 2, "rules": SMALL})
    pyspiel.random_sim_test(small, num_sims=20, serialize=False, verbose=False)


def test_a_serialized_state_comes_back_equal_and_plays_on_the_same() -> None:
    game = pyspiel.load_game("python_tacocat", {"seed": 4})
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    while not state.is_terminal():
        copy = game.deserialize_state(state.serialize())
        assert str(copy) == str(state)
        assert copy.information_state_string(0) == state.information_state_string(0)
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
        assert str(copy) == str(state)


def test_tensors_and_strings_are_the_players_own() -> None:
    game = pyspiel.load_game("python_tacocat")
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == OBSERVATION_SIZE
    assert len(state.information_state_tensor(1)) == INFORMATION_STATE_SIZE
    assert state.information_state_string(0) != state.information_state_string(1)


def test_a_resampled_world_looks_the_same_to_its_player() -> None:
    game = pyspiel.load_game("python_tacocat", {"seed": 6})
    state = game.new_initial_state()
    rng = np.random.RandomState(6)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    while not state.is_terminal():
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))


def test_ismcts_with_random_rollouts_plays_a_whole_game() -> None:
    game = pyspiel.load_game("python_tacocat", {"seed": 7, "rules": SMALL})
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns()[0] in (-1.0, 0.0, 1.0)


def test_outcome_sampling_mccfr_learns_a_policy_over_the_small_rules() -> None:
    game = pyspiel.load_game("python_tacocat", {"seed": 8, "rules": SMALL})
    solver = mccfr.OutcomeSamplingSolver(game)
    for _ in range(100):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
