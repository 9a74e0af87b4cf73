"""Seeded game states to ask the computer players about."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tacocat.engine import GameState, new_game


def random_states(games: int, seed: int = 0) -> Iterator[GameState]:
    """Every decision point of ``games`` seeded games played by uniform random moves.

    Random play wanders into odd corners (tiny hands, Jumbo attacks, tied
    duels, replays after tied rounds) that careful players rarely reach.
    """
    rng = random.Random(seed)
    for index in range(games):
        state = new_game(seed * 1000 + index)
        while not state.is_terminal():
            yield state
            state.apply_action(rng.choice(state.legal_actions()))
