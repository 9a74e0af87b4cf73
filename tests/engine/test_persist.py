"""Saving and loading the full state as versioned JSON."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.engine import (
    WOW,
    Answer,
    Attack,
    GameState,
    IllegalActionError,
    Phase,
    Replace,
    StateFormatError,
    new_game,
)
from tacocat.engine.saved import VERSION

from .scenarios import scenario


def midgame(seed: int = 6, steps: int = 23) -> GameState:
    """A game waiting for an answer (with these defaults: Yay attacked Wow)."""
    state = new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_persist_round_trip_keeps_everything_including_the_random_generator() -> None:
    state = midgame()
    loaded = GameState.from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert loaded.history == state.history
    assert loaded.rng.random() == state.rng.random()


def test_persist_finished_game_round_trips() -> None:
    state = midgame(steps=0)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    loaded = GameState.from_json(state.to_json())
    assert loaded.is_terminal() and loaded.returns() == state.returns()


def test_persist_clone_is_independent() -> None:
    state = midgame()
    twin = state.clone()
    action = twin.legal_actions()[0]
    before = state.to_json()
    twin.apply_action(action)
    assert state.to_json() == before
    assert state.apply_action(action) is not None
    assert state.to_json() == twin.to_json()


def saved(**changes: Any) -> str:
    data = json.loads(midgame().to_json())
    data.update(changes)
    return json.dumps(data)


def without(key: str) -> str:
    data = json.loads(midgame().to_json())
    del data[key]
    return json.dumps(data)


def doubled_card() -> str:
    data = json.loads(midgame().to_json())
    data["draw_pile"][0] = data["hands"][0][0]
    return json.dumps(data)


def hand_card_discarded() -> str:
    data = json.loads(midgame().to_json())
    data["discard_pile"].append(data["hands"][0].pop())
    return json.dumps(data)


def duel_pick_lost() -> str:
    state = midgame(steps=27)  # Yay replaced last, so picked the first duel card
    assert state.phase is Phase.DUEL and state.current_player() == WOW
    data = json.loads(state.to_json())
    data["duel_picks"] = [data["hands"][WOW][0], None]  # a card Yay does not hold
    return json.dumps(data)


def hidden_replacement_lost() -> str:
    state = new_game(seed=6)  # on the centre both replace, Yay's choice hidden
    state.apply_action(Replace(state.hand_values[0][:2]))
    data = json.loads(state.to_json())
    data["hidden_replace"] = [None, None]
    return json.dumps(data)


DAMAGED = [
    ("", r"not valid JSON"),
    ("{", r"not valid JSON"),
    (midgame().to_json()[:300], r"not valid JSON"),
    ("null", r"this is not a saved Tacocat game"),
    ("[1, 2, 3]", r"this is not a saved Tacocat game"),
    ('{"format": "chess-pgn", "version": 1}', r"this is not a saved Tacocat game"),
    (saved(version=VERSION + 1), rf"format version {VERSION + 1} is not supported"),
    (saved(version="1"), r"format version '1' is not supported"),
    (without("hands"), r"the saved game is damaged"),
    (doubled_card(), r"cards do not add up to one deck"),
    (saved(position=42), r"the Tacocat is off the board"),
    (saved(to_move=5), r"somebody odd is to move"),
    (saved(phase="dance"), r"the saved game is damaged"),
    (saved(tiles="x"), r"the saved game is damaged"),
    (saved(rng=[3, [1, 2], None]), r"the saved game is damaged"),
    (saved(history=[["jump", [1]]]), r"not an action"),
    (saved(rules={"tie_limit": 0}), r"the saved rules are invalid: tie_limit must be at least 1"),
    (saved(rules=[]), r"the saved game is damaged"),
    (saved(attacker=None), r"the hands and the table do not fit the turn"),
    (saved(attacker=7), r"the saved game is damaged \(an unknown player\)"),
    (saved(tiles=[2, 2]), r"the tiles are not on distinct spaces"),
    (saved(tiles=[midgame().position]), r"the Tacocat stands on a tile"),
    (hand_card_discarded(), r"the hands and the table do not fit the turn"),
    (duel_pick_lost(), r"a duel card that is not in its player's hand"),
    (hidden_replacement_lost(), r"a hidden replacement that does not fit the turn"),
]


@pytest.mark.parametrize(("text", "message"), DAMAGED)
def test_persist_damaged_truncated_foreign_or_wrong_version_data_is_refused(
    text: str, message: str
) -> None:
    with pytest.raises(StateFormatError, match=message):
        GameState.from_json(text)


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=60),
    st.text(max_size=3),
    st.lists(st.integers(min_value=-1, max_value=40), max_size=4),
    st.lists(st.none() | st.integers(min_value=0, max_value=40), min_size=2, max_size=2),
)


@settings(max_examples=80)
@given(st.integers(min_value=0, max_value=10_000), st.integers(0, 80), st.data())
def test_persist_a_damaged_field_is_refused_or_gives_a_playable_game(
    seed: int, steps: int, data: st.DataObject
) -> None:
    """Bad input never crashes: either loading says the file is damaged, or
    the game it loads plays on to the end by the rules."""
    state = new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    saved_data = json.loads(state.to_json())
    key = data.draw(st.sampled_from(sorted(saved_data)))
    saved_data[key] = data.draw(JUNK)
    try:
        loaded = GameState.from_json(json.dumps(saved_data))
    except StateFormatError:
        return
    for _ in range(3000):
        if loaded.is_terminal():
            break
        loaded.view(0)
        loaded.view(1)
        legal = loaded.legal_actions()
        assert legal, "a loaded game that is not over must offer a choice"
        try:
            loaded.apply_action(rng.choice(legal))
        except IllegalActionError:  # pragma: no cover - a legal action must apply
            raise AssertionError("a listed action was refused") from None
    assert loaded.is_terminal()


def test_persist_hands_load_lowest_first_whatever_the_file_says() -> None:
    # The engine reads a hand's lowest card as hand[0] (the forced sacrifice):
    # a file listing a hand in another order must not change what is legal.
    state = scenario([2, 5, 7, 8, 9], [3, 4, 6, 10, 11], phase=Phase.ATTACK, to_move=WOW)
    state.apply_action(Attack((10,)))
    data = json.loads(state.to_json())
    data["hands"] = [list(reversed(hand)) for hand in data["hands"]]
    loaded = GameState.from_json(json.dumps(data))
    assert loaded.hands == state.hands
    assert Answer((2,)) in loaded.legal_actions()
