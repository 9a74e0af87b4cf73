"""Shared helpers of the storage tests."""

from __future__ import annotations

import random

from tacocat.engine import GameState, new_game
from tacocat.storage.autosave import AutoSave


def play_random(
    seed: int,
    steps: int | None = None,
    choices: int = 0,
    names: tuple[str, str] = ("Ann", "Bob"),
) -> tuple[GameState, AutoSave]:
    """A game of random legal moves with autosave; stop after ``steps`` actions if given."""
    state = new_game(seed)
    autosave = AutoSave.start(state, names, seed)
    rng = random.Random(choices)
    taken = 0
    while not state.is_terminal() and (steps is None or taken < steps):
        events = state.apply_action(rng.choice(list(state.legal_actions())))
        autosave.after_action(events)
        taken += 1
    return state, autosave
