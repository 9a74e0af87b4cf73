"""Positions from real games, for the puzzle tests."""

from __future__ import annotations

import pytest

from tacocat.ai.match import game_seed, play_full_game
from tacocat.coach.analysis import Decision, decisions
from tacocat.puzzles.position import is_puzzle_view


def game_decisions(index: int) -> list[Decision]:
    """Every decision of a game between two ``normal`` players."""
    _, state, _ = play_full_game(("normal", "normal"), 5, index)
    return decisions(state.rules, game_seed(5, index, "deal"), state.history)


@pytest.fixture(scope="session")
def candidates() -> list[Decision]:
    """Decisions of three games that can be puzzles (every phase a puzzle asks about)."""
    found = [item for index in range(3) for item in game_decisions(index)]
    return [item for item in found if is_puzzle_view(item.view)]
