"""The saved form of a state: a versioned JSON object, random generator included.

``{"format": "tacocat-state", "version": 1, "rules": {...}, "rng": [...],``
then one key per field of :data:`~tacocat.engine.fields.FIELDS`, in that
order, each written and read by its kind.  Loading checks the shape and
then the state as a whole (:mod:`tacocat.engine.checks`), so a damaged file
fails with a :class:`StateFormatError` instead of producing a game that
cannot go on.

This module knows the state only through its fields, so that the state can
offer ``to_json``/``from_json`` without importing the module that imports it
(:mod:`tacocat.engine.persist` is the public face of both).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from tacocat.engine.checks import check_consistent
from tacocat.engine.errors import RulesError, StateFormatError, shown
from tacocat.engine.fields import FIELDS, Field, load_int
from tacocat.engine.rules import Rules

FORMAT = "tacocat-state"
VERSION = 1
_RNG_VERSION, _RNG_WORDS = random.Random().getstate()[0], 624  # Mersenne Twister, version 3

if TYPE_CHECKING:
    from tacocat.engine.state import GameState

State = TypeVar("State", bound="GameState")


def dump(state: Any) -> dict[str, Any]:
    """Everything needed to continue the game, as JSON-ready data."""
    version, internal, gauss = state.rng.getstate()
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": state.rules.to_dict(),
        "rng": [version, list(internal), gauss],
    }
    for field in FIELDS:
        data[field.name] = field.kind.dump(getattr(state, field.name))
    return data


def load(data: Any, blank: Callable[[random.Random, Rules], State]) -> State:
    """The state saved by :func:`dump`, built from ``blank(rng, rules)`` and checked."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StateFormatError("this is not a saved Tacocat game")
    if data.get("version") != VERSION:
        raise StateFormatError(
            f"saved game format version {shown(data.get('version'))} is not supported "
            f"(this version of tacocat reads version {VERSION})"
        )
    try:
        rules = Rules.from_dict(data["rules"])
        state = blank(_rng(data["rng"]), rules)
        for field in FIELDS:
            setattr(state, field.name, _value(field, data[field.name], rules))
    except StateFormatError:
        raise
    except RulesError as error:
        raise StateFormatError(f"the saved rules are invalid: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise StateFormatError(f"the saved game is damaged ({shown(error)})") from None
    check_consistent(state)
    return state


def to_json(state: Any) -> str:
    """The whole state, random generator included, as one line of JSON text."""
    text: str = json.dumps(dump(state), separators=(",", ":"))
    return text


def from_json(text: str, blank: Callable[[random.Random, Rules], State]) -> State:
    """The state saved by :func:`to_json`; raises StateFormatError if damaged."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise StateFormatError(f"the saved game is not valid JSON ({error.msg})") from None
    return load(data, blank)


def _value(field: Field, raw: Any, rules: Rules) -> Any:
    """One field's value read from ``raw``, its shape checked as far as the kind tells."""
    kind = field.kind
    if kind.per_player and not (isinstance(raw, list) and len(raw) == 2):
        raise StateFormatError(f"the saved game is damaged ({field.name} is not for two players)")
    value = kind.load(raw)
    if kind.pile:
        ids = [card for hand in value for card in hand] if kind.per_player else value
        if not all(0 <= card < rules.deck_size for card in ids):
            raise StateFormatError("the saved game is damaged (a card not in the deck)")
    return value


def _rng(data: Any) -> random.Random:
    """The random generator from ``[version, internal state, gauss]``, each part checked.

    ``Random.setstate`` raises OverflowError or ValueError on numbers out of
    range; checking first turns any damage into a :class:`StateFormatError`.
    """
    if not (isinstance(data, list) and len(data) == 3):
        raise StateFormatError("the saved game is damaged (its random generator is missing)")
    version, internal, gauss = data
    if (
        version != _RNG_VERSION
        or not isinstance(internal, list)
        or len(internal) != _RNG_WORDS + 1
        or not all(_word(word, 2**32) for word in internal[:-1])
        or not _word(internal[-1], _RNG_WORDS + 1)
        or not (gauss is None or isinstance(gauss, float))
    ):
        raise StateFormatError("the saved game is damaged (its random generator is out of range)")
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng


def _word(value: Any, end: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < end


__all__ = ["FORMAT", "VERSION", "dump", "load", "load_int"]
