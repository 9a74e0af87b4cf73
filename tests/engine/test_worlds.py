"""Possible worlds: a state built from a view shows that view again."""

from __future__ import annotations

import random

import pytest

from tacocat.engine import Duel, GameState, Phase, Replace, new_game, other
from tacocat.engine.worlds import state_from_view


def hidden_choice(state: GameState, player: int) -> Replace | Duel | None:
    """The real state's pending secret choice of ``player``, if any."""
    if state.phase is Phase.REPLACE and state.hidden_replace[player] is not None:
        return Replace(state.hidden_replace[player])
    pick = state.duel_picks[player] if state.phase is Phase.DUEL else None
    return None if pick is None else Duel(state.rules.card_values[pick])


def test_a_world_built_from_a_view_has_that_view_and_plays_on() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(60):
        state = new_game(seed)
        while not state.is_terminal():
            player = state.current_player()
            assert player is not None
            view = state.view(player)
            choice = hidden_choice(state, other(player))
            unseen = view.unseen_ids()
            rng.shuffle(unseen)
            if choice is None:  # any deal of the unseen cards will do
                hand, pile = unseen[: view.opponent_hand_size], unseen[view.opponent_hand_size :]
            else:  # the secret choice was made from the real hand: keep it
                hand = state.hands[other(player)]
                pile = [card_id for card_id in unseen if card_id not in hand]
            world = state_from_view(view, hand, pile, random.Random(seed), choice)
            assert world.view(player) == view
            world.apply_action(rng.choice(world.legal_actions()))  # it plays on
            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 1000


def test_a_world_refuses_pieces_that_do_not_fit_the_view() -> None:
    state = new_game(3)
    view = state.view(0)
    unseen = view.unseen_ids()
    size = view.opponent_hand_size
    with pytest.raises(ValueError, match="exactly the unseen cards"):
        state_from_view(view, unseen[: size - 1], unseen[size:], random.Random(1))
    with pytest.raises(ValueError, match="opponent holds 7 cards"):
        state_from_view(view, unseen[: size - 1], unseen[size - 1 :], random.Random(1))
    with pytest.raises(ValueError, match="whose decision it is"):
        state_from_view(state.view(1), unseen[:size], unseen[size:], random.Random(1))
    state.apply_action(Replace())  # Yay chooses in secret; now Wow decides
    view = state.view(1)
    unseen = view.unseen_ids()
    with pytest.raises(ValueError, match="hidden choice"):
        state_from_view(view, unseen[:size], unseen[size:], random.Random(1))
    with pytest.raises(ValueError, match="does not hold"):
        state_from_view(view, unseen[:size], unseen[size:], random.Random(1), Replace((13,)))
