"""The curtain: who may see a hand now, and the one rule that keeps it so.

The rule, here and nowhere else:

    Every screen that shows a hand comes after a hand-over that the hand's
    owner passed since the hand was last hidden, and no key the previous
    player may type out of habit (a second Enter, a command typed ahead)
    passes a hand-over.

:meth:`Curtain.require` keeps the first half, :meth:`Curtain.ask` (keys of a
screen's first :data:`SETTLE_SECONDS` dropped) the second; why, and what it
cannot do: docs/security.md.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from tacocat.engine import Player

if TYPE_CHECKING:
    from tacocat.ui.term.io import Io, Prompt

SETTLE_SECONDS = 1.0  # after a hand-over or a result is drawn, typed keys are dropped
# Set to a number of seconds (0 to 5) to change SETTLE_SECONDS, e.g. in tests.
SETTLE_ENV = "TACOCAT_SETTLE_SECONDS"
MAX_SETTLE = 5.0


class CurtainError(AssertionError):
    """A hand was about to be shown to someone who has not passed its hand-over (a bug)."""


class Curtain:
    """Who may see their hand on ``io`` now: nobody, or the player who passed a hand-over."""

    def __init__(self, io: Io) -> None:
        self.io = io
        try:
            seconds = float(os.environ.get(SETTLE_ENV, ""))
        except ValueError:
            seconds = SETTLE_SECONDS
        self.seconds = seconds if 0 <= seconds <= MAX_SETTLE else SETTLE_SECONDS
        self.holder: Player | None = None  # who passed the last hand-over; None: closed

    def close(self) -> None:
        """Hide every hand: from now on a hand shows only after its hand-over."""
        self.holder = None

    def open(self, player: Player) -> None:
        """``player`` passed a hand-over (or is the only person at the keyboard)."""
        self.holder = player

    def is_open_for(self, player: Player) -> bool:
        return self.holder == player

    def require(self, player: Player) -> None:
        if self.holder != player:
            raise CurtainError(f"player {player}'s hand shown without a hand-over")

    def ask(self, prompt: Prompt) -> str:
        """The answer to a screen that stands between two players, just drawn.

        Keys typed before it, and in its first :attr:`seconds` (again after a
        suspend's redraw), are dropped: docs/security.md, "Habit".
        """
        return self.io.read(prompt, settle=self.seconds)
