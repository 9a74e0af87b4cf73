"""The autosave: the game in progress, in one file, never half-written.

A save is one JSON object::

    {"format": "tacocat-save", "version": 1, "saved": "<UTC time>",
     "game": {<GameInfo>}, "state": {<the engine's state, see engine/persist.py>}}

Writing goes through :func:`~tacocat.storage.atomic.atomic_write_text`.
Reading never crashes on a bad file: :func:`read_save` names what is wrong
(:class:`Problem`) and :func:`load_save` moves the file aside as
``<name>.bad`` so the player can simply start a new game, with the damaged
file kept for anyone who wants to look at it.
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
from tacocat.engine.errors import shown
from tacocat.engine.persist import FORMAT as STATE_FORMAT
from tacocat.engine.persist import VERSION as STATE_VERSION
from tacocat.engine.persist import state_from_data, state_to_data
from tacocat.files import FileProblem, parse_json, read_regular_file
from tacocat.storage.atomic import atomic_write_text
from tacocat.storage.game_info import GameInfo, level_problem, now_text, time_problem
from tacocat.storage.paths import save_path
from tacocat.storage.records import TakenBack
from tacocat.storage.replay import ReplayError, replay_steps

FORMAT = "tacocat-save"
VERSION = 1
# A save holds one game's state and action list: a few kilobytes.  Anything
# much larger was not written by tacocat, and is not read whole.
MAX_SAVE_BYTES = 1024 * 1024


class Problem(Enum):
    """What can be wrong with a save file, each with its own message."""

    EMPTY = "empty"
    TRUNCATED = "truncated"
    CORRUPT = "corrupt"
    FOREIGN = "foreign"
    WRONG_VERSION = "wrong version"
    DAMAGED = "damaged"
    UNREADABLE = "unreadable"


_EXPLAIN = {
    Problem.EMPTY: "is empty: there is no game in it",
    Problem.TRUNCATED: "is cut short: it ends in the middle of the saved game",
    Problem.CORRUPT: "is corrupt: it is not readable ({detail})",
    Problem.FOREIGN: "is not a Tacocat saved game ({detail})",
    Problem.WRONG_VERSION: "was written by another version of tacocat ({detail})",
    Problem.DAMAGED: "is damaged: {detail}",
    Problem.UNREADABLE: "cannot be opened ({detail})",
}


class SaveError(Exception):
    """A save file that cannot be resumed; ``problem`` says why."""

    def __init__(self, problem: Problem, detail: str = "") -> None:
        super().__init__(f"{problem.value}: {detail}" if detail else problem.value)
        self.problem = problem
        self.detail = detail

    def explain(self) -> str:
        """The problem in words, e.g. 'is cut short: ...'."""
        return _EXPLAIN[self.problem].format(detail=self.detail)


@dataclass(frozen=True)
class SavedGame:
    """A game that can be resumed: who plays it, the engine state and its events."""

    info: GameInfo
    state: GameState
    # Every public event so far, the opening deal included: re-played from
    # the seed while checking the save, so resuming need not re-play again.
    events: tuple[Event, ...]
    saved: str = ""  # when it was last written (UTC, ISO 8601)
    # Hints each player asked for so far: kept in the game's record, not in
    # the save; find_saved_game fills them in from the record it reads anyway.
    hints: tuple[int, int] = (0, 0)
    note: str = ""  # something to tell the players before resuming (a damaged record)
    # Moves taken back so far, filled in from the record the same way.
    taken_back: tuple[TakenBack, ...] = ()


@dataclass(frozen=True)
class DamagedSave:
    """A save file that could not be resumed and has been moved out of the way."""

    path: Path
    error: SaveError
    moved_to: Path | None  # None if even moving it failed

    def message(self) -> str:
        """What happened and what the player can do, in two sentences."""
        first = f"The saved game {self.path} {self.error.explain()}."
        if self.moved_to is None:
            return f"{first} It could not be moved aside; a new game will replace it."
        return f"{first} It has been kept aside as {self.moved_to}; a new game can start."


def save_to_text(info: GameInfo, state: GameState) -> str:
    """The save file's text (one line of JSON, "format" first so it is easy to recognise)."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "saved": now_text(),
        "game": info.to_data(),
        "state": state_to_data(state),
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"


def write_save(info: GameInfo, state: GameState, path: Path | None = None) -> None:
    """Save the game atomically; raises OSError if the disk refuses."""
    atomic_write_text(path or save_path(), save_to_text(info, state))


def clear_save(path: Path | None = None) -> None:
    """Remove the save (a finished game has nothing to resume)."""
    (path or save_path()).unlink(missing_ok=True)


def read_save(path: Path | None = None) -> SavedGame | None:
    """The saved game, None if there is none; raises :class:`SaveError` if it is unusable.

    Only a regular file of at most :data:`MAX_SAVE_BYTES` is read: a FIFO or
    a device in its place would hang the game.
    """
    path = path or save_path()
    try:
        raw = read_regular_file(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        return None
    except FileProblem as error:
        raise SaveError(Problem.UNREADABLE, str(error)) from None
    except OSError as error:
        raise SaveError(Problem.UNREADABLE, error.strerror or type(error).__name__) from None
    return parse_save(raw)


def parse_save(raw: bytes) -> SavedGame:
    """Check and decode a save file's bytes (see :class:`Problem` for what can fail)."""
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
        return _decode(data)
    except RecursionError:  # the data is shallow (parse_json), so only a deep replay gets here
        raise SaveError(Problem.DAMAGED, "it is too large to check") from None


def _decode(data: Any) -> SavedGame:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(Problem.FOREIGN, _what_it_is(data))
    version = data.get("version")
    if version != VERSION:
        raise SaveError(
            Problem.WRONG_VERSION,
            f"save format version {shown(version)}; this tacocat reads version {VERSION}",
        )
    state_data = data.get("state")
    if isinstance(state_data, dict) and state_data.get("version") != STATE_VERSION:
        raise SaveError(
            Problem.WRONG_VERSION,
            f"game state version {shown(state_data.get('version'))}; "
            f"this tacocat reads version {STATE_VERSION}",
        )
    try:
        info = GameInfo.from_data(data.get("game"))
        state = state_from_data(state_data)
    except StateFormatError as error:
        raise SaveError(Problem.DAMAGED, str(error)) from None
    problem = level_problem(info)
    if problem is not None:
        raise SaveError(Problem.DAMAGED, problem)
    events, state = _check_history(info, state)
    saved = data.get("saved")
    # Shown in the "resume it?" question: only a real time may reach the screen.
    if not isinstance(saved, str) or time_problem(saved) is not None:
        raise SaveError(Problem.DAMAGED, f"the time it was saved is damaged ({shown(saved)})")
    return SavedGame(info, state, events, saved)


def _check_history(info: GameInfo, state: GameState) -> tuple[tuple[Event, ...], GameState]:
    """The state must be exactly what its seed and action history give; its events if so.

    Also returns the re-played state, equal to the loaded one but dealt from
    the seed, so that it can rewind (``GameState.undo``).

    The engine's own check catches a deck that does not add up; this one
    catches any other change (a swapped hand, an edited pile), because the
    game is re-played from the seed and compared in full.  Resuming a state
    that no action sequence leads to would make its record unreplayable.
    """
    events: list[Event] = []
    try:
        for step in replay_steps(state.rules, info.seed, state.history):
            events.extend(step.events)
    except StateFormatError as error:
        raise SaveError(Problem.DAMAGED, str(error)) from None
    except (ReplayError, ValueError) as error:  # an illegal action in the history
        raise SaveError(Problem.DAMAGED, f"its history does not replay ({error})") from None
    twin = step.state  # after the last action (step 0, the deal, is always there)
    if twin.to_json() != state.to_json():
        raise SaveError(Problem.DAMAGED, "the game does not match its own seed and history")
    if state.is_terminal():
        raise SaveError(Problem.DAMAGED, "the game in it is already over")
    return tuple(events), twin


def _what_it_is(data: Any) -> str:
    if isinstance(data, dict) and data.get("format") == STATE_FORMAT:
        return "it holds a bare engine state without the game's details"
    if isinstance(data, dict) and isinstance(data.get("format"), str):
        return f"its format is {shown(data['format'])}"
    return "it has no Tacocat save format marker"


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<name>.bad`` (``<name>.2.bad``... if taken); None if impossible.

    A damaged file is never overwritten, however many there are already: the
    new name is claimed with a hard link, which fails if the name exists
    (a plain rename would replace it), and only then is the old name removed.
    Where hard links are not supported the rename refuses to replace an
    existing name on Windows, and elsewhere the name is checked just before.
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
    """The saved game; a :class:`DamagedSave` (file moved aside) if unusable; None if none.

    Never raises for a bad file: whatever is wrong, the player can start anew.
    """
    path = path or save_path()
    try:
        return read_save(path)
    except SaveError as error:
        return DamagedSave(path, error, move_aside(path))
