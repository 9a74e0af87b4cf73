"""Illegal actions: each kind is refused with a message a person understands,
and the state is exactly as it was."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.engine import (
    WOW,
    YAY,
    Action,
    Answer,
    Arrow,
    Attack,
    Duel,
    GameState,
    IllegalActionError,
    Phase,
    Replace,
    Rules,
    new_game,
)

from .scenarios import VARIANTS, candidate_actions, play_drawn, scenario


def refused(state: GameState, action: Action) -> str:
    """Apply ``action``, expecting a refusal that leaves the state untouched."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action)
    assert state.to_json() == before
    assert state.why_illegal(action) is not None
    return str(caught.value)


def test_illegal_action_in_the_wrong_phase() -> None:
    state = new_game(seed=1)
    assert refused(state, Duel(5)) == (
        "Yay cannot duel with a 5: now is not the time to duel: choose cards to replace"
    )
    state = scenario([3, 5, 9], [4, 6, 8], phase=Phase.ATTACK, to_move=WOW)
    assert refused(state, Answer((4,))) == (
        "Wow cannot answer with 4: now is not the time to answer: choose an attack"
    )


def test_illegal_card_not_held() -> None:
    state = scenario([3, 5, 9], [4, 6, 8], phase=Phase.DUEL)
    assert refused(state, Duel(12)) == "Yay cannot duel with a 12: there is no 12 in the hand"
    state = scenario([3, 5, 9, 10], [4, 6, 8, 11], phase=Phase.ATTACK, to_move=YAY)
    assert refused(state, Attack((9, 9))) == (
        "Yay cannot attack with a set of two 9s: the hand holds only 1 card of value 9"
    )


def test_illegal_to_replace_more_than_allowed() -> None:
    state = new_game(seed=3, rules=Rules(arrows=(Arrow.YAY,) * 7))
    state.apply_action(Replace(state.hand_values[YAY][:2]))
    too_many = Replace(state.hand_values[WOW][:3])
    assert refused(state, too_many).endswith(": at most 2 cards may be replaced now")
    assert refused(state, too_many).startswith("Wow cannot replace ")


def test_illegal_sequence_of_two() -> None:
    state = scenario([4, 5, 9], [3, 6, 8], phase=Phase.ATTACK, to_move=YAY)
    assert refused(state, Attack((4, 5))) == (
        "Yay cannot attack with cards 4 and 5: "
        "a sequence needs at least three cards of consecutive values"
    )


def test_illegal_jumbo_that_is_neither_set_nor_sequence() -> None:
    state = scenario([4, 6, 9, 9], [3, 6, 8, 10], phase=Phase.ATTACK, to_move=YAY)
    assert refused(state, Attack((4, 6, 9))).endswith(
        "several cards must be a set (same value) or a sequence (consecutive values)"
    )
    assert refused(state, Attack(())).endswith("an attack needs at least one card")


def test_illegal_attack_with_the_last_card() -> None:
    state = scenario([8, 8, 8], [3, 6, 10], phase=Phase.ATTACK, to_move=YAY)
    assert refused(state, Attack((8, 8, 8))) == (
        "Yay cannot attack with a set of three 8s: an attack of 3 cards needs 4 in hand: "
        "the attacker must keep at least one card"
    )


def test_illegal_answer_with_the_wrong_number_of_cards() -> None:
    state = scenario([1, 10], [2, 3, 10, 11], phase=Phase.ANSWER, table=[9, 9], to_move=WOW)
    assert refused(state, Answer((10,))) == (
        "Wow cannot answer with 10: the attack has 2 cards: "
        "answer each with exactly one card (2 in all)"
    )
    assert refused(state, Answer((2, 3, 10))).endswith("(2 in all)")


def test_illegal_answer_that_is_neither_defence_nor_lowest_sacrifice() -> None:
    state = scenario([2, 4, 5], [3, 6, 8, 11], phase=Phase.ANSWER, table=[7], to_move=WOW)
    assert refused(state, Answer((6,))) == (
        "Wow cannot answer with 6: each card must defend (equal or beat the attack card "
        "it answers) or be a sacrifice, and sacrifices are the lowest cards left (3)"
    )


def test_illegal_to_act_after_the_game_is_over() -> None:
    state = new_game(seed=2)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert refused(state, Replace(())) == "cannot replace nothing: the game is over"


def test_illegal_to_act_for_the_other_player() -> None:
    state = new_game(seed=2)
    assert state.legal_actions(WOW) == ()
    assert state.legal_actions(YAY) == state.legal_actions()


@settings(max_examples=30)
@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from(VARIANTS),
    st.integers(min_value=0, max_value=100),
    st.data(),
)
def test_illegal_every_illegal_action_is_refused_and_changes_nothing(
    seed: int, rules: Rules, steps: int, data: st.DataObject
) -> None:
    state = new_game(seed, rules)
    play_drawn(data, state, steps)
    if state.is_terminal():
        return
    legal = set(state.legal_actions())
    before = state.to_json()
    illegal = sorted(candidate_actions(state) - legal, key=repr)
    for action in random.Random(seed).sample(illegal, min(30, len(illegal))):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
    assert state.to_json() == before


def test_illegal_something_that_is_not_an_action() -> None:
    state = new_game(seed=1)
    assert state.why_illegal("attack with 9") == "'attack with 9' is not a Tacocat action"  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="is not a Tacocat action"):
        state.apply_action(7)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="is not a Tacocat action"):
        state.apply_action([9, 9])  # type: ignore[arg-type]
