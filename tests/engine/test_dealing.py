"""Dealing by round (``Rules.dealing``): round n comes from the seed and n, not from the play.

What full-game duplicate (benchmarks/duplicate.py --games) relies on: the
same game replayed with the seats swapped deals each round alike wherever
the Tacocat stands on the same space, and the default dealing (one stream
of draws for the whole game) keeps every game and saved state as before.
"""

from __future__ import annotations

import json
import random

import pytest

from tacocat.engine import GameState, Rules, StateFormatError, new_game
from tacocat.engine.events import RoundStarted
from tacocat.engine.rules import BY_ROUND, STREAM

ROUND = Rules(dealing=BY_ROUND)


def deals(seed: int, choices: int, rules: Rules) -> dict[tuple[int, int], tuple[object, ...]]:
    """Every round of a game of random moves: (round, space) -> both hands and the draw pile."""
    state = new_game(seed, rules)
    rng = random.Random(choices)

    def dealt() -> tuple[object, ...]:
        return (state.hands, tuple(state.draw_pile))

    found = {(state.round_number, state.position): dealt()}
    while not state.is_terminal():
        for event in state.apply_action(rng.choice(list(state.legal_actions()))):
            if isinstance(event, RoundStarted):
                found[(event.round_number, event.position)] = dealt()
    return found


def shared_later_rounds(seed: int, rules: Rules) -> list[tuple[bool, tuple[int, int]]]:
    """For two games of one seed played differently: each later round both dealt on one space,
    and whether it was dealt the same cards."""
    first, second = deals(seed, 1, rules), deals(seed, 2, rules)
    both = sorted(set(first) & set(second))
    return [(first[key] == second[key], key) for key in both if key[0] > 1]


def test_a_round_is_dealt_from_the_seed_and_its_number_whatever_was_played() -> None:
    compared = [pair for seed in range(6) for pair in shared_later_rounds(seed, ROUND)]
    assert len(compared) >= 5  # later rounds met on the same space: the check has teeth
    assert all(same for same, _ in compared), compared


def test_dealt_in_turn_the_play_changes_the_later_rounds() -> None:
    # The default dealing draws the copies played from the same stream as the
    # shuffles: what the test above rules out happens here.
    compared = [pair for seed in range(30) for pair in shared_later_rounds(seed, Rules())]
    assert compared and not all(same for same, _ in compared)


def test_the_first_round_differs_with_the_seed_and_the_dealing() -> None:
    hands = {new_game(seed, ROUND).hands for seed in range(20)}
    assert len(hands) == 20
    assert new_game(5, ROUND).hands != new_game(5).hands


def test_a_state_dealt_by_round_saves_its_dealing_and_key_and_goes_on_alike() -> None:
    state = new_game(7, ROUND)
    rng = random.Random(3)
    for _ in range(25):
        state.apply_action(rng.choice(list(state.legal_actions())))
    data = json.loads(state.to_json())
    assert data["rules"]["dealing"] == "round" and data["deal_key"] == state.deal_key
    loaded = GameState.from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    while not state.is_terminal():
        action = rng.choice(list(state.legal_actions()))
        assert loaded.apply_action(action) == state.apply_action(action)
    assert loaded.to_json() == state.to_json()


def test_the_default_dealing_writes_neither_key() -> None:
    data = json.loads(new_game(7).to_json())
    assert "deal_key" not in data and "dealing" not in data["rules"]
    assert Rules.from_dict(data["rules"]).dealing == STREAM


def test_undo_deals_again_from_the_same_key() -> None:
    state = new_game(4, ROUND)
    rng = random.Random(4)
    while state.round_number < 3 and not state.is_terminal():
        state.apply_action(rng.choice(list(state.legal_actions())))
    before = state.to_json()
    action = rng.choice(list(state.legal_actions()))
    state.apply_action(action)
    assert state.undo() == action and state.to_json() == before


def test_a_reseeded_copy_deals_its_later_rounds_from_its_own_generator() -> None:
    state = new_game(4, ROUND)
    assert state.clone().deal_key == state.deal_key
    assert state.clone(random.Random(1)).deal_key is None


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["rules"].update(dealing="shuffled"), r"dealing must be .*got 'shuffled'"),
        (lambda d: d["rules"].update(dealing=["round"]), r"dealing must be"),
        (lambda d: d["rules"].pop("dealing"), r"a deal key, but rounds dealt in turn"),
        (lambda d: d.update(deal_key=-1), r"deal key is out of range"),
        (lambda d: d.update(deal_key=2**63), r"deal key is out of range"),
        (lambda d: d.update(deal_key="7"), r"deal key is out of range"),
    ],
)
def test_a_damaged_dealing_is_refused_in_a_sentence(edit: object, message: str) -> None:
    data = new_game(9, ROUND).to_data()
    edit(data)  # type: ignore[operator]
    with pytest.raises(StateFormatError, match=message):
        GameState.from_data(json.loads(json.dumps(data)))
