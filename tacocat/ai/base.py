"""The player interface: an :class:`Agent` sees a :class:`~tacocat.engine.PlayerView`.

It is never handed the full :class:`~tacocat.engine.GameState`, so it cannot
read the opponent's hand or the draw pile.
"""

from __future__ import annotations

from typing import Protocol

from tacocat.engine import Action, PlayerView


class Agent(Protocol):
    """Anything that picks a legal action from a player's view."""

    name: str

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions`` (never empty when asked)."""
        ...
