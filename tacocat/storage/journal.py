"""A game's record as lines (version 3 of ``games/<game id>.jsonl``)::

    {"format": "tacocat-record", "version": 3, "game": {<GameInfo>}, "rules": {...},
     "hints": [0, 0], "taken_back": [], "events": [<the opening deal's events>]}
    {"action": ["duel", 8], "events": [<what the move showed>]}
    {"undo": 6, "player": 1}        (move 6 taken back, by WOW)
    {"hint": 0}                     (YAY asked the coach)

The game's moves are the ``action`` lines left once each ``undo`` removed
the move before it; its result is what they give re-played, never written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tacocat.engine import Action, Event, Player, Rules, StateFormatError
from tacocat.engine.actions import action_from_data, action_to_data
from tacocat.engine.errors import damaged, shown, whole
from tacocat.engine.events import event_from_data, event_to_data
from tacocat.files import parse_json
from tacocat.storage.game_info import GameInfo

FORMAT = "tacocat-record"
VERSION = 3
# Version 2 is version 3 before ``Rules.keyboard_duel``: its games chose the
# duel's first card by ``first_to_choose``, so its rules are read that way.
READABLE = (2, VERSION)
MAX_COUNT = 10**6  # more hints than any game has: a file's number beyond it is damage


@dataclass(frozen=True)
class TakenBack:
    """A move taken back during play (``move``: its number, 1 the first): kept in the record."""

    move: int
    player: Player
    action: Action

    def to_data(self) -> dict[str, Any]:
        return {"move": self.move, "player": self.player, "action": action_to_data(self.action)}

    @classmethod
    def from_data(cls, data: Any) -> TakenBack:
        item = as_dict(data)
        move, player = item.get("move"), item.get("player")
        if not whole(move, 1):
            raise damaged("a taken-back move number", move)
        return cls(
            move,
            _player(player, "a taken-back move's player"),
            action_from_data(item.get("action")),
        )


@dataclass(frozen=True)
class Journal:
    """What a record's lines say, before the moves are re-played."""

    info: GameInfo
    rules: Rules
    actions: tuple[Action, ...]
    events: tuple[Event, ...]  # empty when read without events
    hints: tuple[int, int]
    taken_back: tuple[TakenBack, ...]


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"


def header_line(
    info: GameInfo,
    rules: Rules,
    deal: tuple[Event, ...] | list[Event],
    hints: tuple[int, int] = (0, 0),
    taken_back: tuple[TakenBack, ...] = (),
) -> str:
    return _line(
        {
            "format": FORMAT,
            "version": VERSION,
            "game": info.to_data(),
            "rules": rules.to_dict(),
            "hints": list(hints),
            "taken_back": [taken.to_data() for taken in taken_back],
            "events": [event_to_data(event) for event in deal],
        }
    )


def action_line(action: Action, events: list[Event] | tuple[Event, ...]) -> str:
    return _line({"action": action_to_data(action), "events": [event_to_data(e) for e in events]})


def undo_line(taken: TakenBack) -> str:
    return _line({"undo": taken.move, "player": taken.player})


def hint_line(player: Player) -> str:
    return _line({"hint": player})


def read_journal(header: dict[str, Any], lines: list[str], with_events: bool) -> Journal:
    """Decode a version 2 or 3 record's header and lines; StateFormatError names the line."""
    info = GameInfo.from_data(header.get("game"))
    rules = Rules.from_dict(as_dict(header.get("rules")))
    if header.get("version") == 2:
        rules = rules.replace(keyboard_duel=False)
    hints = list(hint_counts(header.get("hints", [0, 0])))  # none written: none asked
    taken_back = [TakenBack.from_data(item) for item in as_list(header.get("taken_back", []))]
    events = _events(header.get("events")) if with_events else []
    played: list[tuple[Action, int]] = []  # each move, and len(events) before its events
    for number, text in enumerate(lines, start=2):
        try:
            item = as_dict(json_line(text))
            if "action" in item:
                played.append((action_from_data(item["action"]), len(events)))
                events += _events(item.get("events")) if with_events else []
            elif "undo" in item:
                taken_back.append(_taken_back(item, played))
                del events[played.pop()[1] :]
            elif "hint" in item:
                player = _player(item["hint"], "the player who asked for a hint")
                hints[player] = min(hints[player] + 1, MAX_COUNT - 1)
            else:
                raise StateFormatError("it is not a move, a take-back or a hint")
        except StateFormatError as error:
            raise StateFormatError(f"line {number}: {error}") from None
    return Journal(
        info,
        rules,
        tuple(action for action, _ in played),
        tuple(events),
        (hints[0], hints[1]),
        tuple(taken_back),
    )


def _taken_back(item: dict[str, Any], played: list[tuple[Action, int]]) -> TakenBack:
    move = item["undo"]
    if not whole(move, 1) or move != len(played):
        raise StateFormatError(
            f"it takes back move {shown(move)}, but the last move is {len(played)}"
        )
    return TakenBack(
        move, _player(item.get("player"), "the player who took a move back"), played[-1][0]
    )


def _events(value: Any) -> list[Event]:
    return [event_from_data(as_dict(item)) for item in as_list(value)]


def _player(value: Any, what: str) -> Player:
    if value not in (0, 1) or isinstance(value, bool):  # 1.0 reads as 1, as it always has
        raise damaged(what, value)
    return 0 if value == 0 else 1


def json_line(line: str) -> Any:
    try:
        return parse_json(line)
    except json.JSONDecodeError as error:
        raise StateFormatError(f"a line is not valid JSON ({error.msg})") from None


def hint_counts(value: Any) -> tuple[int, int]:
    if not (
        isinstance(value, list) and len(value) == 2 and all(whole(n, 0, MAX_COUNT) for n in value)
    ):
        raise damaged("the hint counts", value)
    return (value[0], value[1])


def as_dict(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StateFormatError(f"expected an object, got {shown(value)}")
    return value


def as_list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise StateFormatError(f"expected a list, got {shown(value)}")
    return value
