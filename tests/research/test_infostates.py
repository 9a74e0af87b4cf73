"""PettingZoo's kept information-state vectors (research/infostates.py) against the reference."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the pettingzoo extra is not installed")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tacocat.engine import Rules, load_rules  # noqa: E402
from tacocat.engine.observation import information_state  # noqa: E402
from tacocat.engine.rules import DEFAULT_RULES  # noqa: E402
from tacocat.engine.state import GameState  # noqa: E402
from tacocat.research.infostates import InformationStates  # noqa: E402
from tacocat.research.levels import ROUND_RULES  # noqa: E402
from tacocat.research.memory import Match  # noqa: E402

SMALL = Rules(counts=(2, 2, 2, 2) + (0,) * 8, hand_sizes=(2,) * 7, tie_limit=1)
RULES = {"standard": DEFAULT_RULES, "small": SMALL, "round": load_rules(ROUND_RULES)}


def reference(match: Match, player: int) -> list[int]:
    return information_state(match.state.view(player), match.recall(player))


def play_and_compare(rules: Rules, seed: int, asked: float) -> int:
    """Play a random game, asking each player's vector with chance ``asked`` at each step
    (so the memory catches up on one step or many), twice now and then; return how many
    vectors were compared."""
    rng = random.Random(seed)
    match = Match(GameState(random.Random(seed), rules))
    vectors = InformationStates(match)
    compared = 0
    while True:
        for player in (0, 1):
            if match.is_over() or rng.random() < asked:
                fast = vectors.array(player)
                assert fast.dtype == np.float32
                assert fast.tolist() == reference(match, player), (seed, len(match.steps))
                compared += 1
                if rng.random() < 0.2:  # asked again, as env.last() and then observe do
                    assert vectors.array(player).tolist() == fast.tolist()
        if match.is_over():
            return compared
        match.apply(rng.choice(match.legal_indices()))


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_kept_vectors_are_the_reference_ones_at_every_step(name: str) -> None:
    compared = sum(play_and_compare(RULES[name], seed, 1.0) for seed in range(12))
    assert compared > 200


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(sorted(RULES)),
    seed=st.integers(0, 2**32 - 1),
    asked=st.sampled_from([0.1, 0.5, 0.9]),
)
def test_the_kept_vectors_are_the_reference_ones_whenever_asked(
    name: str, seed: int, asked: float
) -> None:
    play_and_compare(RULES[name], seed, asked)


def test_each_vector_is_a_new_array_of_its_own() -> None:
    match = Match(GameState(random.Random(3)))
    vectors = InformationStates(match)
    first = vectors.array(0)
    first[:] = 99.0  # the caller's to change
    again = vectors.array(0)
    assert again is not first
    assert again.tolist() == reference(match, 0)


def test_a_number_above_a_byte_comes_from_the_reference() -> None:
    match = Match(GameState(random.Random(5)))
    vectors = InformationStates(match)
    match.state.round_number = 300  # a long game's round: no longer a byte
    match.apply(random.Random(5).choice(match.legal_indices()))
    for player in (0, 1):
        vector = vectors.array(player)
        assert 300.0 in vector.tolist()
        assert vector.tolist() == reference(match, player)


def test_a_match_with_chance_steps_is_refused() -> None:
    match = Match(GameState(random.Random(1)), explicit=True)
    with pytest.raises(ValueError, match="without chance steps"):
        InformationStates(match)
