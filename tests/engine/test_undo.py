"""Taking actions back: ``undo`` rewinds through the history (python-chess's pop).

A rewound game must be exactly the game that never had the action: the
same hands, piles and random generator, so that playing on gives the same
events as if the action had not been taken.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.engine import GameState, IllegalActionError, Rules, StateFormatError, new_game

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def play(state: GameState, steps: int, rng: random.Random) -> list[str]:
    """Play up to ``steps`` random legal actions; the JSON of the state before each."""
    before = []
    for _ in range(steps):
        if state.is_terminal():
            break
        before.append(state.to_json())
        state.apply_action(rng.choice(list(state.legal_actions())))
    return before


@settings(max_examples=25)
@given(seed=seeds, steps=st.integers(min_value=1, max_value=80))
def test_undo_restores_every_earlier_state(seed: int, steps: int) -> None:
    state = new_game(seed)
    rng = random.Random(seed)
    before = play(state, steps, rng)
    actions = list(state.history)
    for index in reversed(range(len(before))):
        taken = state.undo()
        assert taken == actions[index]
        assert state.to_json() == before[index]
    assert state.history == []
    with pytest.raises(IllegalActionError):
        state.undo()


@settings(max_examples=25)
@given(seed=seeds, steps=st.integers(min_value=1, max_value=60))
def test_playing_on_after_undo_is_the_game_without_the_action(seed: int, steps: int) -> None:
    state = new_game(seed, Rules(tie_goes_to_arrow=True))
    play(state, steps, random.Random(seed))
    if state.is_terminal():
        state.undo()  # a finished game can be rewound too
    twin = state.clone()
    other = state.legal_actions()[-1]
    state.apply_action(state.legal_actions()[0])
    state.undo()
    assert state.apply_action(other) == twin.apply_action(other)
    assert state.to_json() == twin.to_json()


def test_peek_names_the_last_action() -> None:
    state = new_game(5)
    assert state.peek() is None
    action = state.legal_actions()[0]
    state.apply_action(action)
    assert state.peek() == action


def test_a_state_filled_in_by_hand_cannot_rewind() -> None:
    state = new_game(5)
    state.apply_action(state.legal_actions()[0])
    loaded = GameState.from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    with pytest.raises(StateFormatError):
        loaded.undo()
