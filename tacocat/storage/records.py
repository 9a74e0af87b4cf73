"""Game records, ``<app dir>/games/<game id>.jsonl``: the one copy of a game.

The lines are :mod:`tacocat.storage.journal`'s (older versions:
:mod:`tacocat.storage.legacy`); docs/architecture.md tells who reads them.
Reading re-plays the moves from the seed: whether the game is finished, its
winner and its rounds are what the moves give, and moves that do not
re-play make the record damaged.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tacocat.engine import Action, Event, GameState, Player, Rules, StateFormatError
from tacocat.engine.errors import RulesError, shown
from tacocat.files import FileProblem, read_regular_file
from tacocat.sanitize import visible
from tacocat.storage import legacy
from tacocat.storage.atomic import atomic_write_text
from tacocat.storage.game_info import SHORT_ID, GameInfo, is_time, now_text
from tacocat.storage.journal import (
    FORMAT,
    READABLE,
    VERSION,
    TakenBack,
    action_line,
    header_line,
    json_line,
    read_journal,
)
from tacocat.storage.paths import records_dir, unusable
from tacocat.storage.replay import ReplayError, replay_steps, replayed

SUFFIX = ".jsonl"
# A long game's record is some tens of kilobytes; a larger file is not read.
MAX_RECORD_BYTES = 4 * 1024 * 1024


class RecordError(StateFormatError):
    """A record file that cannot be read; the message names the file."""


@dataclass(frozen=True)
class GameRecord:
    """One game's details, moves, hints, take-backs and public events."""

    info: GameInfo
    rules: Rules
    actions: tuple[Action, ...]
    events: tuple[Event, ...]
    finished: bool
    winner: Player | None  # None for a draw or a game still in progress
    rounds: int
    updated: str = ""  # when the file was last written, if known
    path: Path | None = None
    hints: tuple[int, int] = (0, 0)  # hints each player asked for during the game
    taken_back: tuple[TakenBack, ...] = ()  # moves taken back, oldest first
    version: int = VERSION  # the file's format: an older one is written anew to go on
    length: int = 0  # bytes of the file in complete lines: where the next line goes

    @classmethod
    def of_game(
        cls,
        info: GameInfo,
        state: GameState,
        events: list[Event] | tuple[Event, ...],
        hints: tuple[int, int] = (0, 0),
        taken_back: tuple[TakenBack, ...] = (),
        **read: Any,
    ) -> GameRecord:
        """The record of ``state`` as it stands, with every event seen so far.

        Written now, unless ``read`` gives the file's ``updated``, ``path``,
        ``version`` and ``length``.
        """
        return cls(
            taken_back=taken_back,
            info=info,
            rules=state.rules,
            actions=tuple(state.history),
            events=tuple(events),
            finished=state.is_terminal(),
            winner=state.winner,
            rounds=state.round_number,
            hints=hints,
            **{"updated": now_text(), **read},
        )

    def result(self) -> str:
        """'in progress', 'draw' or the winner's name."""
        if not self.finished:
            return "in progress"
        if self.winner is None:
            return "draw"
        return self.info.names[self.winner]


@dataclass(frozen=True)
class Loaded:
    """A record and its game re-played: the state after its moves, and every event."""

    record: GameRecord
    state: GameState  # dealt from the seed, so it can rewind (``GameState.undo``)
    events: tuple[Event, ...]  # as the engine plays the moves, the opening deal included


def record_path(info: GameInfo) -> Path:
    return records_dir() / f"{info.game_id}{SUFFIX}"


def record_to_text(record: GameRecord) -> str:
    """The whole record as written at once: its header, then one line per move.

    Hints and take-backs so far go into the header.  The events are the
    record's, split among the moves as a re-play of them gives them.
    """
    counts = [
        len(step.events) for step in replay_steps(record.rules, record.info.seed, record.actions)
    ]
    events, done = record.events, counts[0]
    lines = [header_line(record.info, record.rules, events[:done], record.hints, record.taken_back)]
    for action, count in zip(record.actions, counts[1:], strict=True):
        lines.append(action_line(action, events[done : done + count]))
        done += count
    return "".join(lines)


def write_record(record: GameRecord) -> Path:
    """Write (or rewrite) the whole record atomically and durably; returns its path."""
    path = record_path(record.info)
    atomic_write_text(path, record_to_text(record))
    return path


def read_record(path: Path, with_events: bool = True) -> GameRecord:
    """:func:`load_record` without the re-played state; ``with_events=False``: for listings."""
    return load_record(path, with_events).record


def load_record(path: Path, with_events: bool = True) -> Loaded:
    """Read a record and re-play its moves; :class:`RecordError`, and nothing else, if unusable.

    A last line cut short (a kill while it was written) is left out.
    """
    named = visible(str(path))  # any file in the folder is listed, whatever its name holds
    try:
        raw = read_regular_file(path, MAX_RECORD_BYTES)
    except (OSError, FileProblem) as error:
        raise RecordError(f"cannot read the game record {named} ({error})") from None
    try:
        return _decode(raw, path, with_events)
    except UnicodeDecodeError as error:
        raise RecordError(f"cannot read the game record {named} ({error})") from None
    except (StateFormatError, RulesError, FileProblem) as error:
        raise RecordError(f"the game record {named} is damaged: {error}") from None


def _decode(raw: bytes, path: Path, with_events: bool) -> Loaded:
    if not raw.strip():
        raise StateFormatError("it is empty")
    first, newline, rest = raw.partition(b"\n")
    header = json_line(first.decode("utf-8"))
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise StateFormatError("it is not a Tacocat game record")
    version = header.get("version")
    claims = None
    if version == legacy.VERSION:
        lines = rest.decode("utf-8").splitlines()
        journal, claims = legacy.read_v1_record(header, lines, with_events)
        version, updated, length = legacy.VERSION, claims.updated, 0  # 1.0 or true: read as 1
    elif version not in READABLE or isinstance(version, bool):
        raise StateFormatError(f"record format version {shown(version)} is unknown")
    elif not newline:  # the header is written whole, with its newline, or not at all
        raise StateFormatError("its first line is cut short")
    else:
        body = rest[: rest.rfind(b"\n") + 1]  # a last line cut short by a kill is left out
        journal = read_journal(header, body.decode("utf-8").splitlines(), with_events)
        updated, length = _written_at(path), len(first) + 1 + len(body)
    try:
        state, events = replayed(journal.rules, journal.info.seed, journal.actions)
    except ReplayError as error:
        moves = f"move {error.number}: {error.error}"
        raise StateFormatError(f"its moves do not replay ({moves})") from None
    if claims is not None:
        legacy.check_claims(claims, state)
    record = GameRecord.of_game(
        journal.info,
        state,
        journal.events,
        journal.hints,
        journal.taken_back,
        updated=updated,
        path=path,
        version=version,
        length=length,
    )
    return Loaded(record, state, events)


def _written_at(path: Path) -> str:
    """When the file was last written, from the file system; '' if that is no real time."""
    try:
        text = datetime.fromtimestamp(os.stat(path).st_mtime, UTC).isoformat(
            timespec="microseconds"
        )
    except (OSError, OverflowError, ValueError):
        return ""
    return text if is_time(text) else ""


def history_number(game_id: str, records: list[GameRecord] | None = None) -> int | None:
    """The game's number in ``tacocat history`` (1 = the newest), None if it is not listed."""
    if records is None:
        records, _ = list_records()
    for number, record in enumerate(records, start=1):
        if record.info.game_id == game_id:
            return number
    return None


def games_with_id(text: str, records: list[GameRecord]) -> list[tuple[int, GameRecord]]:
    """The listed games ``text`` names (a short id, any case, or a whole id), with their numbers.

    Two games may share a short id: then only their numbers or whole ids tell them apart.
    """
    wanted = text.lower() if SHORT_ID.fullmatch(text) else None
    return [
        (number, record)
        for number, record in enumerate(records, start=1)
        if record.info.game_id == text or record.info.short_id == wanted
    ]


def list_records() -> tuple[list[GameRecord], list[RecordError]]:
    """Every record's header, newest game first, and the files that could not be read.

    Raises :class:`tacocat.storage.paths.AppDirError` if the folder itself
    cannot be looked into.
    """
    folder = records_dir()
    records: list[GameRecord] = []
    problems: list[RecordError] = []
    try:
        if not folder.is_dir():
            return records, problems
        paths = list(folder.glob(f"*{SUFFIX}"))
    except OSError as error:  # a folder the system will not look into, or a name too long
        raise unusable(folder, error) from None
    for path in paths:
        try:
            records.append(read_record(path, with_events=False))
        except RecordError as error:
            problems.append(error)
    records.sort(key=lambda r: (r.info.started, r.info.game_id), reverse=True)
    return records, problems
