"""The rules engine: the whole game of Tacocat Spelled Backwards, with no I/O.

Start a game, ask whose decision it is and what is legal, apply one of the
legal actions, repeat::

    >>> from tacocat.engine import new_game
    >>> state = new_game(seed=1)
    >>> while not state.is_terminal():
    ...     state.apply_action(state.legal_actions()[0])  # doctest: +ELLIPSIS
    [...]
    >>> state.returns() in {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}
    True

A player, human or computer, should see the game only through
``state.view(player)``, and a spectator through ``state.public_view()``.
"""

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tacocat.engine.actions import Action, Answer, Attack, Duel, Replace
    from tacocat.engine.board import WOW_GOAL, YAY_GOAL, space_name
    from tacocat.engine.cards import Card
    from tacocat.engine.errors import (
        IllegalActionError,
        RulesError,
        StateFormatError,
        TacocatError,
        WorldError,
    )
    from tacocat.engine.events import Event
    from tacocat.engine.phases import Phase
    from tacocat.engine.players import DEFAULT_NAMES, TERMINAL, WOW, YAY, Arrow, Player, other
    from tacocat.engine.rules import Rules, load_rules
    from tacocat.engine.state import GameState, new_game
    from tacocat.engine.view import PlayerView, PublicView

# Each name and the module that defines it.  They are imported on first use
# (PEP 562), so a command that needs only the rules data (``tacocat rules``)
# does not pay for the state machine and its tables.
_HOMES = {
    "actions": ("Action", "Answer", "Attack", "Duel", "Replace"),
    "board": ("WOW_GOAL", "YAY_GOAL", "space_name"),
    "cards": ("Card",),
    "errors": (
        "IllegalActionError",
        "RulesError",
        "StateFormatError",
        "TacocatError",
        "WorldError",
    ),
    "events": ("Event",),
    "players": ("DEFAULT_NAMES", "TERMINAL", "WOW", "YAY", "Arrow", "Player", "other"),
    "rules": ("Rules", "load_rules"),
    "phases": ("Phase",),
    "state": ("GameState", "new_game"),
    "view": ("PlayerView", "PublicView"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> object:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "DEFAULT_NAMES",
    "TERMINAL",
    "WOW",
    "WOW_GOAL",
    "YAY",
    "YAY_GOAL",
    "Action",
    "Answer",
    "Arrow",
    "Attack",
    "Card",
    "Duel",
    "Event",
    "GameState",
    "IllegalActionError",
    "Phase",
    "Player",
    "PlayerView",
    "PublicView",
    "Replace",
    "Rules",
    "RulesError",
    "StateFormatError",
    "TacocatError",
    "WorldError",
    "load_rules",
    "new_game",
    "other",
    "space_name",
]
