"""Damaged saves and records, each made from a real file by one named change.

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


# Changes that apply to a save and to a record's header alike (both hold "game").
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


def _rules_in_state(data: dict[str, Any]) -> dict[str, Any]:
    rules: dict[str, Any] = data["state"]["rules"]
    return rules


DAMAGED_SAVES: dict[str, Maker] = {
    **DAMAGED_GAME,
    # A record of a level this tacocat lacks still lists and replays; a save cannot resume.
    "unknown computer level": change(
        lambda data: data["game"].update(mode="computer", level="grandmaster", computer=1)
    ),
    "random generator word out of range": change(
        lambda data: data["state"]["rng"][1].__setitem__(0, 2**70)
    ),
    "random generator index out of range": change(
        lambda data: data["state"]["rng"][1].__setitem__(-1, 10**6)
    ),
    "random generator of the wrong size": change(
        lambda data: data["state"]["rng"].__setitem__(1, [1, 2, 3])
    ),
    "billion cards of a value": change(
        lambda data: _rules_in_state(data)["deck"].__setitem__("counts", [10**9] + [3] * 11)
    ),
    "hands of 460": change(
        lambda data: _rules_in_state(data)["board"].__setitem__("hand_sizes", [460] * 7)
    ),
    "float action": change(lambda data: data["state"]["history"].__setitem__(0, ["duel", 1.0])),
    "bool action": change(
        lambda data: data["state"]["history"].__setitem__(0, ["replace", [True]])
    ),
    "saved time with an escape": change(setter("saved", value="\x1b[2J2026-01-01T00:00")),
    "larger than any save": lambda text: text.rstrip().encode() + b" " * (2 * 1024 * 1024) + b"\n",
}


DAMAGED_RECORDS: dict[str, Maker] = {
    **DAMAGED_GAME,
    "5000-digit round count": swap('"rounds": ', f'"rounds": {BIG}, "x": '),
    "deep nesting in an event": lambda text: text.rstrip("\n").encode() + f"\n{DEEP}\n".encode(),
    "event with a string player": lambda text: (
        text.encode() + b'{"kind": "choice_made", "player": "0", "choice": "duel card"}\n'
    ),
    "event with a player 7": lambda text: (
        text.encode() + b'{"kind": "attacked", "player": 7, "values": [3]}\n'
    ),
    "event with a secret text": lambda text: (
        text.encode() + b'{"kind": "choice_made", "player": 0, "choice": "\\u001b[2Jcard"}\n'
    ),
    "event with a missing field": lambda text: (
        text.encode() + b'{"kind": "showdown", "values": [3, 4]}\n'
    ),
    "event with nested values": lambda text: (
        text.encode() + b'{"kind": "replaced", "player": 0, "values": [[3]]}\n'
    ),
    "event of an unknown kind": lambda text: text.encode() + b'{"kind": "__class__"}\n',
    "float action": change(lambda data: data["actions"].__setitem__(0, ["duel", 1.0])),
    "not UTF-8": lambda text: text.encode() + b'{"kind": "\xff"}\n',
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
