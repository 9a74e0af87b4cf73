"""Imagined deals agree with what the player knows, and can be played out."""

from __future__ import annotations

import random
from collections import Counter

from tacocat.ai.sampling import imagine
from tacocat.engine import other

from .helpers import random_states


def test_an_imagined_state_shows_its_player_the_same_view() -> None:
    rng = random.Random(1)
    checked = 0
    for state in random_states(games=20, seed=7):
        player = state.current_player()
        assert player is not None
        view = state.view(player)
        world = imagine(view, rng)
        assert world.view(player) == view
        checked += 1
    assert checked > 500


def test_imagined_opponent_cards_come_from_the_unseen_ones() -> None:
    rng = random.Random(2)
    hands_differ = 0
    for number, state in enumerate(random_states(games=6, seed=8)):
        player = state.current_player()
        assert player is not None
        view = state.view(player)
        world = imagine(view, rng)
        opponent = other(player)
        pool = Counter(view.unseen_values())
        imagined = Counter(world.hand_values[opponent]) + Counter(
            world.rules.card_values[card_id] for card_id in world.draw_pile
        )
        assert imagined == pool
        assert len(world.hand_values[opponent]) == view.opponent_hand_size
        hands_differ += world.hand_values[opponent] != state.hand_values[opponent]
        if number > 150:
            break
    assert hands_differ > 50  # it guesses; it does not peek


def test_imagined_states_play_on_to_the_end() -> None:
    rng = random.Random(3)
    for number, state in enumerate(random_states(games=4, seed=9)):
        if number % 5:
            continue
        player = state.current_player()
        assert player is not None
        world = imagine(state.view(player), rng)
        deck = sorted(
            card_id
            for pile in (*world.hands, world.draw_pile, world.discard_pile, world.table)
            for card_id in pile
        )
        assert deck == list(range(world.rules.deck_size))
        while not world.is_terminal():
            world.apply_action(rng.choice(world.legal_actions()))
