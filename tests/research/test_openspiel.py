"""The OpenSpiel game (tacocat[openspiel]): OpenSpiel's own checks and algorithms."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
np = pytest.importorskip("numpy", reason="the openspiel extra is not installed")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.algorithms import outcome_sampling_mccfr as mccfr  # noqa: E402

from tacocat.engine.observation import INFORMATION_STATE_SIZE, OBSERVATION_SIZE  # noqa: E402
from tacocat.research import openspiel_game  # noqa: E402

SMALL = str(Path(openspiel_game.__file__).with_name("small_rules.toml"))


def test_the_registry_lists_every_game_this_module_registers() -> None:
    ours = {name for name in pyspiel.registered_names() if name.startswith("python_tacocat")}
    assert ours == set(openspiel_game.SERIALIZABLE)
    for name, serializable in openspiel_game.SERIALIZABLE.items():
        assert pyspiel.load_game(name).serializable is serializable


@pytest.mark.parametrize("name", sorted(openspiel_game.SERIALIZABLE))
def test_every_game_passes_openspiels_random_simulation_test(name: str) -> None:
    # With serialization exactly for the games registered as serializable.
    serialize = openspiel_game.SERIALIZABLE[name]
    for rules, sims in (("", 3), (SMALL, 20)):
        game = pyspiel.load_game(name, {"rules": rules})
        pyspiel.random_sim_test(game, num_sims=sims, serialize=serialize, verbose=False)


UNSERIALIZABLE = sorted(name for name, can in openspiel_game.SERIALIZABLE.items() if not can)


@pytest.mark.parametrize("name", UNSERIALIZABLE)
def test_a_game_not_registered_as_serializable_indeed_is_not(name: str) -> None:
    # The map is no excuse: a game it calls unserializable fails OpenSpiel's test with it.
    game = pyspiel.load_game(name, {"rules": SMALL})
    with pytest.raises(pyspiel.SpielError, match="GetRNGState"):
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def play_at_random(state: Any, rng: Any, every_step: Callable[[Any], None]) -> None:
    while not state.is_terminal():
        every_step(state)
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choice(outcomes, p=weights)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


@pytest.mark.parametrize("name", ["python_tacocat", "python_tacocat_sampled"])
def test_a_serialized_state_comes_back_equal_and_plays_on_the_same(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    space = state.match.space
    for index in range(0, len(space), 7):  # what a long run leaves in the caches
        space.action(index)

    def round_trip(state: Any) -> None:
        # Small even with the action space's caches full: they are not written out.
        assert len(state.serialize()) < 64_000  # a long game's history and generator; caches: MBs
        copy = game.deserialize_state(state.serialize())
        assert str(copy) == str(state)
        for player in (0, 1):
            wanted = state.information_state_string(player)
            assert copy.information_state_string(player) == wanted

    play_at_random(state, np.random.RandomState(4), round_trip)


def test_an_explicit_deal_is_chances_and_shows_nothing_before_it_is_placed() -> None:
    game = pyspiel.load_game("python_tacocat")
    state = game.new_initial_state()
    before = [state.information_state_string(p) for p in (0, 1)]
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert len(outcomes) == 12
    dealt = [0, 0, 1, 1, 11, 11, 4]  # Yay's hand: 1, 1, 2, 2, 12, 12, 5
    for value in dealt:
        state.apply_action(value)
        assert [state.information_state_string(p) for p in (0, 1)] == before
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.match.state.hand_values[0] == (1, 1, 2, 2, 5, 12, 12)
    assert "hand [1, 1, 2, 2, 5, 12, 12]" in state.information_state_string(0)
    assert "12, 12" not in state.information_state_string(1)


def test_tensors_and_strings_are_the_players_own() -> None:
    game = pyspiel.load_game("python_tacocat")
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == OBSERVATION_SIZE
    assert len(state.information_state_tensor(1)) == INFORMATION_STATE_SIZE
    assert state.information_state_string(0) != state.information_state_string(1)


@pytest.mark.parametrize("name", ["python_tacocat", "python_tacocat_sampled"])
def test_a_resampled_world_looks_the_same_to_its_player(name: str) -> None:
    game = pyspiel.load_game(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)

    def check(state: Any) -> None:
        if state.is_chance_node():
            return
        player = state.current_player()
        world = state.resample_from_infostate(player, sampler)
        wanted = state.information_state_string(player)
        assert world.information_state_string(player) == wanted
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()

    play_at_random(game.new_initial_state(), np.random.RandomState(6), check)


def test_ismcts_with_random_rollouts_plays_a_whole_game() -> None:
    game = pyspiel.load_game("python_tacocat", {"rules": SMALL})
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choice(outcomes, p=weights)
        elif state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns()[0] in (-1.0, 0.0, 1.0)


def test_outcome_sampling_mccfr_learns_a_policy_over_the_small_rules() -> None:
    game = pyspiel.load_game("python_tacocat", {"rules": SMALL})
    solver = mccfr.OutcomeSamplingSolver(game)
    for _ in range(100):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_the_examples_run_and_report_wins_draws_and_losses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tacocat.research import examples

    examples.main(["--games", "2", "--simulations", "5", "--iterations", "50"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" v random: ")[0] for line in lines] == [
        "ISMCTS (5 simulations)",
        "MCCFR (50 iterations, small rules)",
    ]
    for line in lines:
        assert sum(map(int, line.rsplit(" ", 1)[1].split("-"))) == 2


@pytest.mark.parametrize("name", sorted(openspiel_game.SERIALIZABLE))
def test_the_python_answers_are_the_ones_openspiels_cpp_gives(name: str) -> None:
    # legal_actions, is_chance_node and is_terminal skip pyspiel's C++ when asked from Python.
    game = pyspiel.load_game(name, {"rules": SMALL})
    base = pyspiel.State

    def answer(ask: Callable[..., Any], state: Any, *player: int) -> Any:
        try:
            return ask(state, *player)
        except pyspiel.SpielError as error:
            return str(error)

    def same(state: Any) -> None:
        assert state.legal_actions() == base.legal_actions(state)
        for player in (0, 1, int(pyspiel.PlayerId.CHANCE)):
            wanted = answer(base.legal_actions, state, player)
            assert answer(type(state).legal_actions, state, player) == wanted
        assert state.is_chance_node() == base.is_chance_node(state)
        assert state.is_terminal() == base.is_terminal(state) is False

    for seed in range(5):
        state = game.new_initial_state()
        play_at_random(state, np.random.RandomState(seed), same)
        assert base.is_terminal(state) and state.is_terminal() and state.legal_actions() == []
        for player in (0, 1):
            assert state.legal_actions(player) == base.legal_actions(state, player) == []
