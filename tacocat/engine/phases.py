"""The kinds of decision a game waits for (its own module, so views need not import the state)."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    """The kind of decision the game waits for."""

    REPLACE = "replace"
    DUEL = "duel"
    ATTACK = "attack"
    ANSWER = "answer"
    OVER = "over"
