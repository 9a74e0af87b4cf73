"""The wire between two terminals: JSON objects, one per line, each size-capped and checked.

Only what a seat may know ever crosses it.  The host sends a player the
fields of that player's :class:`~tacocat.engine.PlayerView` (their own
hand's card ids, the opponent's hand *size*, the face-up cards, the board,
their legal actions) and the public events, in the engine's own JSON forms
(:func:`~tacocat.engine.events.event_to_data`,
:func:`~tacocat.engine.actions.action_to_data`, :meth:`Rules.to_dict`); a
spectator gets the :class:`~tacocat.engine.PublicView`'s fields.  A client
sends only an action or a command.

Every message is one JSON object with a ``type`` string, at most
:data:`MAX_LINE` bytes with its newline.  Whatever arrives is checked as
the engine checks a record from disk: a wrong type, an unknown field or a
number out of range raises :class:`ProtocolError`, never anything else.
"""

from __future__ import annotations

import json
from typing import Any

from tacocat.engine.actions import Action, action_from_data, action_to_data
from tacocat.engine.errors import StateFormatError, TacocatError
from tacocat.engine.events import Event, event_from_data, event_to_data
from tacocat.engine.phases import Phase
from tacocat.engine.public import PublicView
from tacocat.engine.rules import Rules
from tacocat.engine.view import PlayerView

MAX_LINE = 16 * 1024  # bytes: a view is about 1 KB, a batch of events a few
MAX_TEXT = 200  # characters of a chat line or a note
EVENTS_PER_MESSAGE = 40  # a long game's log goes as several messages
VERSION = 1
# The largest number this protocol sends is a tile id or a step (under 2**20):
# anything longer is hostile, refused before Python turns it into an int (a
# 5,000-digit one raises ValueError, and a long one costs time to convert).
MAX_DIGITS = 12


class ProtocolError(Exception):
    """A message that is not one this protocol sends; the text says what is wrong."""


def encode(message: dict[str, Any]) -> bytes:
    """``message`` as one line of compact JSON; ValueError if it would be too long."""
    line = json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode() + b"\n"
    if len(line) > MAX_LINE:
        raise ValueError(f"a {message.get('type')} message of {len(line)} bytes")
    return line


def decode(line: bytes) -> dict[str, Any]:
    """One received line as a message object with a ``type``; ProtocolError if it is not."""
    if len(line) > MAX_LINE:
        raise ProtocolError("message too long")
    # Shallow by construction: deep nesting could exhaust the parser's stack.
    if line.count(b"[") + line.count(b"{") > 2048:
        raise ProtocolError("message nested too deep")
    try:
        text = line.decode("utf-8")
        data = json.loads(text, parse_int=_integer, parse_float=_no_float, parse_constant=_no_float)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError among them
        raise ProtocolError("not a JSON line") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("not a message (an object with a type)")
    return data


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ProtocolError("a number too long")
    return int(digits)


def _no_float(text: str) -> float:
    raise ProtocolError("a number that is not a whole one")  # the protocol sends none


def field(message: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """``message[name]``, checked to be of ``kind`` (a bool is never an int here)."""
    value = message.get(name)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise ProtocolError(f"{name}: wrong type")
    if not isinstance(value, kinds):
        raise ProtocolError(f"{name}: wrong type")
    return value


def text_field(message: dict[str, Any], name: str, limit: int = MAX_TEXT) -> str:
    """A string field of at most ``limit`` characters (shown only after sanitize.visible)."""
    value: str = field(message, name, str)
    if len(value) > limit:
        raise ProtocolError(f"{name}: too long")
    return value


# -- actions and events ---------------------------------------------------------


def action_data(action: Action) -> list[Any]:
    return action_to_data(action)


def action_of(data: Any) -> Action:
    """An action from the wire (its values checked by the engine's own constructors)."""
    try:
        return action_from_data(data)
    except (TacocatError, ValueError, TypeError):
        raise ProtocolError("not an action") from None


def events_data(events: list[Event]) -> list[dict[str, Any]]:
    return [event_to_data(event) for event in events]


def events_of(data: Any) -> list[Event]:
    if not isinstance(data, list) or len(data) > EVENTS_PER_MESSAGE:
        raise ProtocolError("events: wrong type")
    try:
        return [event_from_data(item) for item in data]
    except (StateFormatError, TypeError, ValueError):
        raise ProtocolError("not an event") from None


def rules_of(data: Any) -> Rules:
    if not isinstance(data, dict):
        raise ProtocolError("rules: wrong type")
    try:
        return Rules.from_dict(data)
    except (TacocatError, ValueError, TypeError, KeyError):
        raise ProtocolError("rules: not valid") from None


# -- views ------------------------------------------------------------------------


def view_data(view: PlayerView) -> dict[str, Any]:
    """The fields of ``view``, and nothing of the state it was made from."""
    choice = view.my_choice
    return {
        "player": view.player,
        "phase": view.phase.value,
        "to_move": view.to_move,
        "round": view.round_number,
        "position": view.position,
        "tiles": list(view.tiles),
        "hand": list(view.hand_ids),
        "opponent_hand_size": view.opponent_hand_size,
        "draw_pile_size": view.draw_pile_size,
        "discard": list(view.discard_ids),
        "table": list(view.table_ids),
        "attacker": view.attacker,
        "replace_limit": view.replace_limit,
        "my_choice": None if choice is None else action_to_data(choice),
        "opponent_has_chosen": view.opponent_has_chosen,
        "tied_rounds": view.tied_rounds,
        "winner": view.winner,
        "legal": [action_to_data(action) for action in view.legal_actions],
    }


def view_of(data: Any, rules: Rules) -> PlayerView:
    """A :class:`PlayerView` from :func:`view_data`'s form, every field checked."""
    if not isinstance(data, dict):
        raise ProtocolError("view: wrong type")
    deck = rules.deck_size
    choice = data.get("my_choice")
    legal = data.get("legal")
    if not isinstance(legal, list) or len(legal) > 4096:
        raise ProtocolError("legal: wrong type")
    return PlayerView(
        _player(data, "player"),
        rules,
        _phase(data),
        _player(data, "to_move", none=True),
        _count(data, "round"),
        _count(data, "position", low=-1, high=len(rules.arrows)),
        _ids(data, "tiles", 1 << 20),
        _ids(data, "hand", deck),
        _count(data, "opponent_hand_size", high=deck),
        _count(data, "draw_pile_size", high=deck),
        _ids(data, "discard", deck),
        _ids(data, "table", deck),
        _player(data, "attacker", none=True),
        _count(data, "replace_limit", high=deck),
        None if choice is None else action_of(choice),
        field(data, "opponent_has_chosen", bool),
        _count(data, "tied_rounds"),
        _player(data, "winner", none=True),
        tuple(action_of(item) for item in legal),
    )


def public_data(public: PublicView) -> dict[str, Any]:
    """The fields of a spectator's view."""
    return {
        "phase": public.phase.value,
        "to_move": public.to_move,
        "round": public.round_number,
        "position": public.position,
        "tiles": list(public.tiles),
        "hand_sizes": list(public.hand_sizes),
        "draw_pile_size": public.draw_pile_size,
        "discard": list(public.discard_ids),
        "table": list(public.table_ids),
        "attacker": public.attacker,
        "simultaneous": public.simultaneous,
        "replace_limits": list(public.replace_limits),
        "replaced": list(public.replaced),
        "chosen": list(public.chosen),
        "tied_rounds": public.tied_rounds,
        "winner": public.winner,
    }


def public_of(data: Any, rules: Rules) -> PublicView:
    """A :class:`PublicView` from :func:`public_data`'s form, every field checked."""
    if not isinstance(data, dict):
        raise ProtocolError("public view: wrong type")
    deck = rules.deck_size
    sizes = _ids(data, "hand_sizes", deck + 1)
    limits = _ids(data, "replace_limits", deck + 1)
    replaced, chosen = _flags(data, "replaced"), _flags(data, "chosen")
    if len(sizes) != 2 or len(limits) != 2:
        raise ProtocolError("public view: wrong sizes")
    return PublicView(
        rules=rules,
        phase=_phase(data),
        to_move=_player(data, "to_move", none=True),
        round_number=_count(data, "round"),
        position=_count(data, "position", low=-1, high=len(rules.arrows)),
        tiles=_ids(data, "tiles", 1 << 20),
        hand_sizes=(sizes[0], sizes[1]),
        draw_pile_size=_count(data, "draw_pile_size", high=deck),
        discard_ids=_ids(data, "discard", deck),
        table_ids=_ids(data, "table", deck),
        attacker=_player(data, "attacker", none=True),
        simultaneous=field(data, "simultaneous", bool),
        replace_limits=(limits[0], limits[1]),
        replaced=replaced,
        chosen=chosen,
        tied_rounds=_count(data, "tied_rounds"),
        winner=_player(data, "winner", none=True),
    )


def _player(data: dict[str, Any], name: str, none: bool = False) -> Any:
    value = data.get(name)
    if value is None and none:
        return None
    if type(value) is not int or value not in (0, 1):
        raise ProtocolError(f"{name}: not a player")
    return value


def _phase(data: dict[str, Any]) -> Phase:
    try:
        return Phase(data.get("phase"))
    except ValueError:
        raise ProtocolError("phase: not a phase") from None


def _count(data: dict[str, Any], name: str, low: int = 0, high: int = 1 << 20) -> int:
    value = data.get(name)
    if type(value) is not int or not low <= value <= high:
        raise ProtocolError(f"{name}: not a count")
    return value


def _ids(data: dict[str, Any], name: str, end: int) -> tuple[int, ...]:
    value = data.get(name)
    if not isinstance(value, list) or len(value) > 1024:
        raise ProtocolError(f"{name}: wrong type")
    if not all(type(item) is int and 0 <= item < end for item in value):
        raise ProtocolError(f"{name}: not card ids")
    return tuple(value)


def _flags(data: dict[str, Any], name: str) -> tuple[bool, bool]:
    value = data.get(name)
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is bool for v in value)):
        raise ProtocolError(f"{name}: wrong type")
    return (value[0], value[1])
