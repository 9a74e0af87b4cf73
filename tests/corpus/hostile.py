"""Damaged saves and records, each made from a real file by one named change.

The files are those of today's format: a save is one line naming the game
in progress, a record a header and one line per move, take-back and hint
(tacocat/storage/journal.py).

Every entry once crashed, hung or misled ``tacocat play``, ``history`` or
``replay``.  A maker takes the text of a good file and returns the bytes of
the damaged one; :data:`SPECIAL` lists what cannot be bytes (a FIFO, a link
to ``/dev/zero``, a directory).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

Maker = Callable[[str], bytes]

DEEP = "[" * 1000 + "]" * 1000  # json refuses it with RecursionError
BIG = "9" * 5000  # json refuses it with ValueError (Python's 4,300-digit limit)


def change(edit: Callable[[dict[str, Any]], None]) -> Maker:
    """A maker that edits the file's (first line's) JSON data."""

    def make(text: str) -> bytes:
        first, _, rest = text.partition("\n")
        data = json.loads(first)
        edit(data)
        return (json.dumps(data) + ("\n" + rest if rest else "\n")).encode()

    return make


def swap(old: str, new: str) -> Maker:
    """A maker that replaces the first ``old`` in the text with ``new`` (raw JSON)."""

    def make(text: str) -> bytes:
        assert old in text, old
        return text.replace(old, new, 1).encode()

    return make


def setter(*keys: str | int, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target: Any = data
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return edit


def _names(first: str, second: str = "Bob") -> Callable[[dict[str, Any]], None]:
    return setter("game", "names", value=[first, second])


# Changes of a record's header (a version 1 save's too: both hold "game").
DAMAGED_GAME: dict[str, Maker] = {
    "deep nesting": lambda text: text.replace('"game":', f'"junk": {DEEP}, "game":', 1).encode(),
    "5000-digit seed": lambda text: _raw_seed(text, BIG),
    "NUL in the game id": change(setter("game", "game_id", value="2026\x00../../x")),
    "slash in the game id": change(setter("game", "game_id", value="../../etc/passwd")),
    "computer level with an escape": change(
        lambda data: data["game"].update(mode="computer", level="\x1b[2Jhard", computer=1)
    ),
    "hot seat naming a level": change(lambda data: data["game"].update(level="hard")),
    "escape sequence in a name": change(_names("\x1b]0;pwned\x07Ann")),
    "C1 control in a name": change(_names("Ann\x9b2J")),
    "10,000-character name": change(_names("A" * 10_000)),
    "empty name": change(_names("  ")),
    "brackets in a name": change(_names("[bold]Ann")),
    "same name twice": change(_names("Bob", "bob")),
    "far time-zone offset": change(setter("game", "started", value="0001-01-01T00:00:00+23:59")),
    "start time not a time": change(setter("game", "started", value="yesterday\x1b[2J")),
}


def _raw_seed(text: str, digits: str) -> bytes:
    first, _, rest = text.partition("\n")
    seed = json.loads(first)["game"]["seed"]
    return (
        first.replace(f'"seed": {seed}', f'"seed": {digits}', 1).replace(
            f'"seed":{seed}', f'"seed":{digits}', 1
        )
        + ("\n" + rest if rest else "\n")
    ).encode()


def in_line(index: int, edit: Callable[[dict[str, Any]], None]) -> Maker:
    """A maker that edits the JSON of line ``index`` of a record (-1: the last move's)."""

    def make(text: str) -> bytes:
        lines = text.splitlines()
        if index == -1:
            where = max(n for n, line in enumerate(lines) if line.startswith('{"action"'))
        else:
            where = index
        data = json.loads(lines[where])
        edit(data)
        lines[where] = json.dumps(data)
        return ("\n".join(lines) + "\n").encode()

    return make


def appended(line: bytes) -> Maker:
    return lambda text: text.encode() + line


def _event(raw: bytes) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["events"].append(json.loads(raw))


def _move(value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.__setitem__("action", value)


# A save (version 2) names the game in progress; these damage that one line.
DAMAGED_SAVES: dict[str, Maker] = {
    "deep nesting": lambda text: text.replace(
        '"game_id":', f'"junk":{DEEP},"game_id":', 1
    ).encode(),
    "5000-digit game id": lambda text: (
        text[: text.index('"game_id":')].encode() + f'"game_id":{BIG}}}\n'.encode()
    ),
    "NUL in the game id": change(setter("game_id", value="2026\x00../../x")),
    "slash in the game id": change(setter("game_id", value="../../etc/passwd")),
    "escape in the game id": change(setter("game_id", value="\x1b[2Jgame")),
    "game id of a list": change(setter("game_id", value=["x"])),
    "game without a record": change(setter("game_id", value="20260101-000000-abcdef")),
    "larger than any save": lambda text: text.rstrip().encode() + b" " * (2 * 1024 * 1024) + b"\n",
}

# The record of the saved game, damaged: the game cannot resume, and a new one starts.
DAMAGED_SAVED_RECORDS: dict[str, Maker] = {
    **DAMAGED_GAME,
    # A record of a level this tacocat lacks still lists and replays; it cannot resume.
    "unknown computer level": change(
        lambda data: data["game"].update(mode="computer", level="grandmaster", computer=1)
    ),
    "billion cards of a value": change(
        lambda data: data["rules"]["deck"].__setitem__("counts", [10**9] + [3] * 11)
    ),
    "hands of 460": change(
        lambda data: data["rules"]["board"].__setitem__("hand_sizes", [460] * 7)
    ),
    "an unknown dealing": change(setter("rules", "dealing", value="\x1b[2Jshuffled")),
    "float action": in_line(1, _move(["duel", 1.0])),
    "bool action": in_line(1, _move(["replace", [True]])),
    "a move the rules refuse": in_line(-1, _move(["duel", 99])),
    "take-back of a move never made": appended(b'{"undo": 99, "player": 0}\n'),
    "hint by a third player": appended(b'{"hint": 2}\n'),
    "a line that is no move": appended(b'{"hello": "world"}\n'),
    "a first line cut short": lambda text: text.partition("\n")[0][:-5].encode(),
}


DAMAGED_RECORDS: dict[str, Maker] = {
    **DAMAGED_GAME,
    "5000-digit hint count": swap('"hints":[', f'"hints":[{BIG},'),
    "an unknown dealing": change(setter("rules", "dealing", value="\x1b[2Jshuffled")),
    "deep nesting in a line": lambda text: text.encode() + f"{DEEP}\n".encode(),
    "event with a string player": in_line(
        -1, _event(b'{"kind": "choice_made", "player": "0", "choice": "duel card"}')
    ),
    "event with a player 7": in_line(
        -1, _event(b'{"kind": "attacked", "player": 7, "values": [3]}')
    ),
    "event with a secret text": in_line(
        -1, _event(b'{"kind": "choice_made", "player": 0, "choice": "\\u001b[2Jcard"}')
    ),
    "event with a missing field": in_line(-1, _event(b'{"kind": "showdown", "values": [3, 4]}')),
    "event with nested values": in_line(
        -1, _event(b'{"kind": "replaced", "player": 0, "values": [[3]]}')
    ),
    "event of an unknown kind": in_line(-1, _event(b'{"kind": "__class__"}')),
    "float action": in_line(1, _move(["duel", 1.0])),
    "take-back of a move never made": appended(b'{"undo": 99, "player": 0}\n'),
    "a line that is no move": appended(b'{"hello": "world"}\n'),
    "not UTF-8": lambda text: text.encode() + b'{"hint": "\xff"}\n',
    "larger than any record": lambda text: text.encode() + b" " * (5 * 1024 * 1024),
}


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _directory(path: Path) -> None:
    path.mkdir()


# Files that are not regular files: each would hang or fail a plain read.
SPECIAL: dict[str, Callable[[Path], None]] = {
    "a FIFO": _fifo,
    "a link to /dev/zero": _dev_zero,
    "a directory": _directory,
}
