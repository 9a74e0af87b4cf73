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

if TYPE_CHECKING:  # each name imported "as" itself: re-exported
    from tacocat.engine.actions import Action as Action
    from tacocat.engine.actions import Answer as Answer
    from tacocat.engine.actions import Attack as Attack
    from tacocat.engine.actions import Duel as Duel
    from tacocat.engine.actions import Replace as Replace
    from tacocat.engine.board import WOW_GOAL as WOW_GOAL
    from tacocat.engine.board import YAY_GOAL as YAY_GOAL
    from tacocat.engine.board import space_name as space_name
    from tacocat.engine.cards import Card as Card
    from tacocat.engine.errors import IllegalActionError as IllegalActionError
    from tacocat.engine.errors import RulesError as RulesError
    from tacocat.engine.errors import StateFormatError as StateFormatError
    from tacocat.engine.errors import TacocatError as TacocatError
    from tacocat.engine.errors import WorldError as WorldError
    from tacocat.engine.events import Event as Event
    from tacocat.engine.phases import Phase as Phase
    from tacocat.engine.players import DEFAULT_NAMES as DEFAULT_NAMES
    from tacocat.engine.players import TERMINAL as TERMINAL
    from tacocat.engine.players import WOW as WOW
    from tacocat.engine.players import YAY as YAY
    from tacocat.engine.players import Arrow as Arrow
    from tacocat.engine.players import Player as Player
    from tacocat.engine.players import other as other
    from tacocat.engine.rules import Rules as Rules
    from tacocat.engine.rules import load_rules as load_rules
    from tacocat.engine.state import GameState as GameState
    from tacocat.engine.state import new_game as new_game
    from tacocat.engine.view import PlayerView as PlayerView
    from tacocat.engine.view import PublicView as PublicView

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
__all__ = sorted(_HOME_OF)  # what a star import brings


def __getattr__(name: str) -> object:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return __all__
