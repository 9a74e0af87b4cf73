"""The round variant and whole-hand chance (tacocat[openspiel]): what OpenSpiel's solvers finish."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from open_spiel.python.algorithms import best_response, cfr, exploitability  # noqa: E402
from open_spiel.python.algorithms import external_sampling_mccfr as es_mccfr  # noqa: E402

from tacocat.engine import GameState, Rules, load_rules  # noqa: E402
from tacocat.engine.events import Showdown  # noqa: E402
from tacocat.research.best_response import LevelPolicy, Solver  # noqa: E402
from tacocat.research.dealing import Deal, Hands  # noqa: E402
from tacocat.research.levels import ROUND_PARAMETERS, OpenSpielLevel  # noqa: E402

# Two values, two cards a hand: a round's tree small enough for a test to walk many times.
TINY = Rules(counts=(4, 4) + (0,) * 10, hand_sizes=(2,) * 7, tie_limit=1)
TINY_TEXT = "tie_limit = 1\n[deck]\ncounts = [4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]\n"
TINY_TEXT += "[board]\nhand_sizes = [2, 2, 2, 2, 2, 2, 2]\n"


@pytest.fixture(scope="module")
def tiny_rules(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("rules") / "tiny.toml"
    path.write_text(TINY_TEXT)
    return str(path)


def tiny_game(path: str, deal: str = "hands") -> Any:
    return pyspiel.load_game("python_tacocat", {"rules": path, "deal": deal, "one_round": True})


def test_the_round_variant_passes_openspiels_random_simulation_test() -> None:
    game = pyspiel.load_game("python_tacocat", ROUND_PARAMETERS)
    pyspiel.random_sim_test(game, num_sims=30, serialize=True, verbose=False)


def test_a_whole_hand_comes_with_the_chance_card_by_card_dealing_gives_it() -> None:
    state = GameState(random.Random(1), TINY)
    by_cards: dict[tuple[int, ...], float] = {}

    def extend(deal: Deal, chance: float) -> None:
        if len(deal.chosen) == deal.size:
            hand = tuple(sorted(deal.chosen))
            by_cards[hand] = by_cards.get(hand, 0.0) + chance
            return
        for outcome, share in deal.outcomes():
            extend(deal.then(outcome), chance * share)

    extend(Deal(state), 1.0)
    hands = Hands.round_deal(state)
    whole = {hands.then(o).chosen[0]: p for o, p in hands.outcomes()}
    assert whole == pytest.approx(dict(by_cards))
    with pytest.raises(ValueError, match="not 2 cards the pool holds"):
        hands.then(0)  # "replace nothing": no hand


def test_a_game_of_the_variant_is_one_round_with_few_chance_steps() -> None:
    game = pyspiel.load_game("python_tacocat", ROUND_PARAMETERS)
    rng = random.Random(5)
    for _ in range(30):
        state, chance_steps = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                chance_steps += 1
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                assert sum(weights) == pytest.approx(1.0)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert chance_steps <= 4  # two hands, then at most one draw for each player
        last = [e for _, _, events, _ in state.match.steps for e in events if type(e) is Showdown]
        assert len(last) == 1
        yay, wow = last[0].values
        assert state.returns() == (
            [0.0, 0.0] if yay == wow else [1.0, -1.0] if yay < wow else [-1.0, 1.0]
        )


@pytest.mark.parametrize("level", ["random", "normal"])
@pytest.mark.parametrize("deal", ["hands", "cards"])
def test_openspiels_best_response_to_a_level_is_the_projects(
    tiny_rules: str, level: str, deal: str
) -> None:
    game = tiny_game(tiny_rules, deal)
    policy = OpenSpielLevel(game, level)
    start, values = game.new_initial_state(), []
    for seat in (0, 1):
        theirs = best_response.BestResponsePolicy(game, seat, policy).value(start)
        ours = Solver(TINY, LevelPolicy(level), seat, one_round=True).score()
        assert theirs == pytest.approx(2 * ours - 1)  # a win +1 and a loss -1, against 1 and 0
        values.append(theirs)
    if deal == "hands":  # OpenSpiel's C++ best response (it needs every legal action) too
        assert exploitability.exploitability(game, policy) == pytest.approx(sum(values) / 2)


def test_openspiels_exploitability_of_the_searching_levels_is_the_projects(
    tiny_rules: str,
) -> None:
    # The expert and master (a belief duel, no replacement margin), one sample a view:
    # their policies, asked separately by each side, give the same figure both ways.
    game = tiny_game(tiny_rules)
    found = {}
    for level in ("expert", "master"):
        theirs = exploitability.exploitability(game, OpenSpielLevel(game, level, samples=1))
        scores = [
            Solver(TINY, LevelPolicy(level, 1), seat, one_round=True).score() for seat in (0, 1)
        ]
        assert theirs == pytest.approx(sum(scores) - 1)  # the mean of 2 x score - 1 over seats
        found[level] = theirs
    # A best response reads the expert's anchored replacement; master gives it no more.
    assert found["expert"] > 0.01 and found["master"] <= found["expert"]


@pytest.mark.parametrize(("seat", "level"), [(0, "random"), (1, "normal")])
def test_the_best_response_agrees_with_openspiels_on_a_round_with_a_trick(
    seat: int, level: str
) -> None:
    # Three cards a hand: a replacement that draws, a duel, a trick of single cards.
    game = pyspiel.load_game("python_tacocat", ROUND_PARAMETERS)
    policy = OpenSpielLevel(game, level, samples=1)
    theirs = best_response.BestResponsePolicy(game, seat, policy).value(game.new_initial_state())
    rules = load_rules(ROUND_PARAMETERS["rules"])
    ours = Solver(rules, LevelPolicy(level, 1), seat, one_round=True).score()
    assert theirs == pytest.approx(2 * ours - 1)


def test_cfr_plus_converges_on_a_tiny_round(tiny_rules: str) -> None:
    game = tiny_game(tiny_rules)
    solver = cfr.CFRPlusSolver(game)
    solver.evaluate_and_update_policy()
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(4):
        solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(game, solver.average_policy()) < min(0.1, first / 5)


def test_external_sampling_mccfr_runs_its_iterations(tiny_rules: str) -> None:
    game = tiny_game(tiny_rules)
    solver = es_mccfr.ExternalSamplingSolver(game)
    for _ in range(50):
        solver.iteration()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    chances = solver.average_policy().action_probabilities(state)
    assert set(chances) == set(state.legal_actions())
    assert sum(chances.values()) == pytest.approx(1.0)
