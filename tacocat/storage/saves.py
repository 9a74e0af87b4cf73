"""Which game is in progress: ``save.json``, one line naming the record that holds it.

    {"format": "tacocat-save", "version": 2, "game_id": "20261129-153619-a1b2c3"}

A bad file is named (:class:`Problem`) and moved aside (docs/playing.md);
version 1 saves are read by :mod:`tacocat.storage.legacy`.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from tacocat.engine import Event, GameState, StateFormatError
from tacocat.engine.errors import RulesError, shown
from tacocat.files import FileProblem, parse_json, read_regular_file
from tacocat.sanitize import visible
from tacocat.storage import legacy
from tacocat.storage.atomic import atomic_write_text
from tacocat.storage.game_info import GAME_ID, GameInfo, level_problem
from tacocat.storage.journal import VERSION as RECORD_VERSION
from tacocat.storage.journal import TakenBack
from tacocat.storage.paths import reason, records_dir, save_path
from tacocat.storage.records import (
    SUFFIX,
    GameRecord,
    Loaded,
    RecordError,
    load_record,
)
from tacocat.storage.replay import ReplayError, replayed

FORMAT = "tacocat-save"
VERSION = 2
# A save is a line; one of version 1 held a game's state: a few kilobytes.
# Anything much larger was not written by tacocat, and is not read whole.
MAX_SAVE_BYTES = 1024 * 1024


class Problem(Enum):
    """What can be wrong with a save file; each member's value is its message."""

    EMPTY = "is empty: there is no game in it"
    TRUNCATED = "is cut short: it ends in the middle of the saved game"
    CORRUPT = "is corrupt: it is not readable ({detail})"
    FOREIGN = "is not a Tacocat saved game ({detail})"
    WRONG_VERSION = "was written by another version of tacocat ({detail})"
    DAMAGED = "is damaged: {detail}"
    UNREADABLE = "cannot be opened ({detail})"
    NO_RECORD = "names a game whose record {detail}"  # missing or damaged


class SaveError(Exception):
    """A save file that cannot be resumed; ``problem`` says why."""

    def __init__(self, problem: Problem, detail: str = "") -> None:
        super().__init__(problem.value.format(detail=detail))
        self.problem = problem


@dataclass(frozen=True)
class SavedGame:
    """A game that can be resumed: who plays it, the engine state and its events."""

    info: GameInfo
    state: GameState  # re-played from the seed, so it can rewind (``GameState.undo``)
    events: tuple[Event, ...]  # every public event so far, the opening deal included
    saved: str = ""  # when it was last written (UTC, ISO 8601), if known
    hints: tuple[int, int] = (0, 0)  # hints each player asked for so far
    taken_back: tuple[TakenBack, ...] = ()  # moves taken back so far, oldest first
    # Bytes of the record file in complete lines, where the next line goes;
    # None if the record is to be written anew (a file of an older format).
    record_bytes: int | None = None

    @classmethod
    def of_record(cls, loaded: Loaded) -> SavedGame:
        record = loaded.record
        current = record.version == RECORD_VERSION
        return cls(
            record.info,
            loaded.state,
            loaded.events,
            record.updated,
            hints=record.hints,
            taken_back=record.taken_back,
            record_bytes=record.length if current else None,
        )


@dataclass(frozen=True)
class DamagedSave:
    """A save file that could not be resumed and has been moved out of the way."""

    path: Path
    error: SaveError
    moved_to: Path | None  # None if even moving it failed

    def message(self) -> str:
        first = f"The saved game {self.path} {self.error}."
        if self.moved_to is None:
            return f"{first} It could not be moved aside; a new game will replace it."
        return f"{first} It has been kept aside as {self.moved_to}; a new game can start."


def write_save(game_id: str) -> None:
    """Make ``game_id`` the game in progress, atomically; OSError if the disk refuses."""
    data = {"format": FORMAT, "version": VERSION, "game_id": game_id}
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"
    atomic_write_text(save_path(), text)


def clear_save() -> None:
    save_path().unlink(missing_ok=True)


def read_save(path: Path | None = None) -> SavedGame | None:
    """The saved game (re-played from its record; it may be finished), None if none.

    Raises :class:`SaveError`; only a bounded regular file is read (a FIFO would hang).
    """
    path = path or save_path()
    try:
        raw = read_regular_file(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        return None
    except FileProblem as error:
        raise SaveError(Problem.UNREADABLE, str(error)) from None
    except OSError as error:
        raise SaveError(Problem.UNREADABLE, reason(error)) from None
    return parse_save(raw)


def parse_save(raw: bytes) -> SavedGame:
    if not raw.strip():
        raise SaveError(Problem.EMPTY)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(Problem.CORRUPT, "it is not text") from None
    try:
        data = parse_json(text)
    except FileProblem as error:
        raise SaveError(Problem.DAMAGED, str(error)) from None
    except json.JSONDecodeError as error:
        # Our files are one object ending in its closing brace: a file that
        # starts like one but stops early (or runs out of text while the
        # parser still wants more) was cut off, not scrambled.
        stripped = text.strip()
        ran_out = error.pos >= len(stripped)
        if stripped.startswith("{") and (ran_out or not stripped.endswith("}")):
            raise SaveError(Problem.TRUNCATED) from None
        where = f"line {error.lineno}, column {error.colno}"
        raise SaveError(Problem.CORRUPT, f"{error.msg} at {where}") from None
    try:
        saved = _decode(data)
    except RecursionError:  # the data is shallow (parse_json), so only a deep replay gets here
        raise SaveError(Problem.DAMAGED, "it is too large to check") from None
    problem = level_problem(saved.info)
    if problem is not None:
        raise SaveError(Problem.DAMAGED, problem)
    return saved


def _decode(data: Any) -> SavedGame:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(Problem.FOREIGN, _what_it_is(data))
    version = data.get("version")
    if version == legacy.VERSION:
        return _old_save(data)
    if version != VERSION:
        raise SaveError(
            Problem.WRONG_VERSION,
            f"save format version {shown(version)}; this tacocat reads version {VERSION}",
        )
    game_id = data.get("game_id")
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise SaveError(Problem.DAMAGED, f"the game id is damaged ({shown(game_id)})")
    path = records_dir() / f"{game_id}{SUFFIX}"
    if not path.exists() and not path.is_symlink():
        raise SaveError(Problem.NO_RECORD, "is missing")
    try:
        loaded = load_record(path)
    except RecordError as error:
        raise SaveError(Problem.NO_RECORD, _record_problem(error, path)) from None
    if loaded.record.info.game_id != game_id:
        raise SaveError(Problem.NO_RECORD, "is of another game")
    return SavedGame.of_record(loaded)


def _record_problem(error: RecordError, path: Path) -> str:
    """'is damaged (...)' or 'cannot be read (...)': the record's error, said of the save."""
    named, text = visible(str(path)), str(error)
    damaged = f"the game record {named} is damaged: "
    if text.startswith(damaged):
        return f"is damaged ({text.removeprefix(damaged)})"
    return "cannot be read" + text.removeprefix(f"cannot read the game record {named}")


def _old_save(data: dict[str, Any]) -> SavedGame:
    """A version 1 save, re-played from its seed and moves; its record gives the hints."""
    try:
        old = legacy.read_v1_save(data)
    except legacy.OldStateVersion as error:
        raise SaveError(
            Problem.WRONG_VERSION,
            f"game state version {error}; this tacocat reads version {legacy.STATE_VERSION}",
        ) from None
    except (StateFormatError, RulesError) as error:
        raise SaveError(Problem.DAMAGED, str(error)) from None
    try:
        state, events = replayed(old.rules, old.info.seed, old.actions)
    except (ReplayError, ValueError) as error:  # an illegal action in the history
        raise SaveError(Problem.DAMAGED, f"its history does not replay ({error})") from None
    record: GameRecord | None = None
    with contextlib.suppress(RecordError):  # lost or damaged: the game goes on without it
        record = load_record(records_dir() / f"{old.info.game_id}{SUFFIX}", False).record
    if record is None or record.info != old.info:
        return SavedGame(old.info, state, events, old.saved)
    return SavedGame(old.info, state, events, old.saved, record.hints, record.taken_back)


def _what_it_is(data: Any) -> str:
    if isinstance(data, dict) and data.get("format") == legacy.STATE_FORMAT:
        return "it holds a bare engine state without the game's details"
    if isinstance(data, dict) and isinstance(data.get("format"), str):
        return f"its format is {shown(data['format'])}"
    return "it has no Tacocat save format marker"


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<name>.bad`` (``<name>.2.bad``... if taken); None if impossible.

    The new name is claimed with a hard link, which never replaces an existing
    file (a rename would); without hard links, a rename after a check.
    """
    for number in itertools.count(1):
        suffix = ".bad" if number == 1 else f".{number}.bad"
        target = path.with_name(path.name + suffix)
        if target.exists() or target.is_symlink():
            continue
        try:
            os.link(path, target, follow_symlinks=False)
        except FileExistsError:
            continue  # taken since the check: try the next name
        except OSError:
            try:  # no hard links here (or not for this kind of file): rename
                os.rename(path, target)
            except FileExistsError:
                continue
            except OSError:
                return None
            return target
        try:
            os.unlink(path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(target)
            return None
        return target
    raise AssertionError("unreachable: itertools.count never ends")  # pragma: no cover


def load_save(path: Path | None = None) -> SavedGame | DamagedSave | None:
    """The saved game; a :class:`DamagedSave` (moved aside) if unusable; None if none."""
    path = path or save_path()
    try:
        return read_save(path)
    except SaveError as error:
        return DamagedSave(path, error, move_aside(path))
