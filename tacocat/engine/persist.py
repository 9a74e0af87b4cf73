"""The full state to and from JSON, random generator included.

The format is versioned and written field by field from
:data:`tacocat.engine.fields.FIELDS` (:mod:`tacocat.engine.saved`).
Loading checks the shape and that every card of the deck is in exactly one
place (:func:`tacocat.engine.saved.check_consistent`), so a damaged file fails with a
:class:`StateFormatError` instead of producing a game that cannot go on.

This module is the public face of the format; it depends on the state, and
the state on nothing here::

    >>> from tacocat.engine import new_game
    >>> state = new_game(seed=2)
    >>> state_from_json(state_to_json(state)).to_json() == state.to_json()
    True
"""

from __future__ import annotations

from typing import Any

from tacocat.engine.saved import FORMAT, VERSION
from tacocat.engine.state import GameState


def state_to_data(state: GameState) -> dict[str, Any]:
    """Everything needed to continue the game, as JSON-ready data."""
    return state.to_data()


def state_from_data(data: Any) -> GameState:
    """Rebuild a state saved by :func:`state_to_data`."""
    return GameState.from_data(data)


def state_to_json(state: GameState) -> str:
    return state.to_json()


def state_from_json(text: str) -> GameState:
    return GameState.from_json(text)


__all__ = [
    "FORMAT",
    "VERSION",
    "state_from_data",
    "state_from_json",
    "state_to_data",
    "state_to_json",
]
