"""The kinds of decision a game waits for (its own module, so views need not import the state)."""

from __future__ import annotations

from enum import Enum
from typing import Final


class Phase(Enum):
    REPLACE = "replace"
    DUEL = "duel"
    ATTACK = "attack"
    ANSWER = "answer"
    OVER = "over"


# An enum member read from its class costs a descriptor call each time (3.11):
# the rules' hot paths read these module globals instead.
REPLACE: Final = Phase.REPLACE
DUEL: Final = Phase.DUEL
ATTACK: Final = Phase.ATTACK
ANSWER: Final = Phase.ANSWER
OVER: Final = Phase.OVER
