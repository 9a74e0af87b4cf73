"""The engine's exceptions: each message is meant for a person to read."""

import math
import reprlib
from typing import Any, TypeGuard

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict = 2, 4, 4, 3
MAX_SHOWN = 80  # characters of a shown value


def shown(value: Any) -> str:
    """A short, escaped ``repr`` of a value read from a file: one line, safe to print."""
    text = _SHORT.repr(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def whole(value: object, low: float = -math.inf, high: float = math.inf) -> TypeGuard[int]:
    """An ``int`` with ``low <= value < high``; never a bool (JSON's ``true`` is no number)."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value < high


class TacocatError(Exception):
    """Base class of every error the engine raises on purpose."""


class RulesError(TacocatError, ValueError):
    """A rules value or rules file that cannot make a playable game."""


class IllegalActionError(TacocatError, ValueError):
    """An action the rules do not allow now; the state is left unchanged."""


class StateFormatError(TacocatError, ValueError):
    """Saved state that is damaged, foreign or from an unknown format version."""


class WorldError(TacocatError, ValueError):
    """Pieces that do not fit a view when building a possible world from it (:mod:`~.worlds`)."""


def damaged(what: str, value: Any) -> StateFormatError:
    """The error for a value read from a file that cannot be used: '<what> is damaged (<value>)'."""
    return StateFormatError(f"{what} is damaged ({shown(value)})")
