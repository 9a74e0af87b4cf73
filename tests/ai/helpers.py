"""Seeded game states to ask the computer players about."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from tacocat.engine import GameState, new_game, other


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


def with_other_opponent_hand(state: GameState, rng: random.Random) -> GameState | None:
    """A copy of ``state`` in which the opponent holds different cards from the draw pile.

    Built through the saved-game format, so the test does not depend on
    how the state keeps its piles in memory.  None when the opponent has a
    hidden choice pending (it names one of their cards, which must stay).
    """
    data: dict[str, Any] = json.loads(state.to_json())
    mover = data["to_move"]
    if data["duel_picks"][other(mover)] is not None:
        return None
    if data["hidden_replace"][other(mover)] is not None:
        return None
    hands, draw = data["hands"], data["draw_pile"]
    opponent = hands[other(mover)]
    swaps = min(len(opponent), len(draw))
    # Swap cards of different values where possible, so the hands really differ.
    values = state.rules.card_values
    for slot in range(swaps):
        for spot in rng.sample(range(len(draw)), len(draw)):
            if values[draw[spot]] != values[opponent[slot]]:
                opponent[slot], draw[spot] = draw[spot], opponent[slot]
                break
    opponent.sort()
    return GameState.from_json(json.dumps(data))
