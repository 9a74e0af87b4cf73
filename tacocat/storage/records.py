"""Game records: what happened in a game, kept after it ends.

One file per game, ``<app dir>/games/<game id>.jsonl``, in JSON lines:

- line 1, the header: ``{"format": "tacocat-record", "version": 1, "game":
  {<GameInfo>}, "rules": {...}, "actions": [...], "finished": ..., "winner":
  ..., "rounds": ..., "hints": [<YAY's>, <WOW's>], "updated": ..., "taken_back":
  [...]}`` (``hints``: how often each player asked the coach during the game;
  ``taken_back``: moves taken back during play, ``{"move": n, "player": p,
  "action": ...}``; records written before either existed read as none);
- every further line: one public event (``event_to_data``), in order, the
  first round's deal included.

The header alone is enough to re-create the game (rules + seed + actions);
the events are what the players saw, so a replay can check itself against
them.  A record is rewritten (atomically) whenever the game is saved, so an
unfinished game shows up in ``tacocat history`` as "in progress".
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tacocat.engine import Action, Event, GameState, Player, Rules, StateFormatError, new_game
from tacocat.engine.actions import action_from_data, action_to_data
from tacocat.engine.errors import RulesError, shown
from tacocat.engine.events import event_from_data, event_to_data
from tacocat.files import FileProblem, parse_json, read_regular_file
from tacocat.sanitize import visible
from tacocat.storage.atomic import atomic_write_text
from tacocat.storage.game_info import GameInfo, now_text, time_problem
from tacocat.storage.paths import records_dir, unusable

FORMAT = "tacocat-record"
VERSION = 1
SUFFIX = ".jsonl"
# A long game's record is some tens of kilobytes; a larger file is not read.
MAX_RECORD_BYTES = 4 * 1024 * 1024


class RecordError(StateFormatError):
    """A record file that cannot be read; the message names the file."""


@dataclass(frozen=True)
class TakenBack:
    """A move taken back during play: it stays in the record, out of the game.

    ``move`` is the number the action had (1 = the game's first action):
    the game's actions hold, at that number, whatever was played instead.
    """

    move: int
    player: Player
    action: Action

    def to_data(self) -> dict[str, Any]:
        return {"move": self.move, "player": self.player, "action": action_to_data(self.action)}

    @classmethod
    def from_data(cls, data: Any) -> TakenBack:
        item = _dict(data)
        move, player = item.get("move"), item.get("player")
        if isinstance(move, bool) or not isinstance(move, int) or move < 1:
            raise StateFormatError(f"a taken-back move number is damaged ({move!r})")
        if player not in (0, 1) or isinstance(player, bool):
            raise StateFormatError(f"a taken-back move's player is damaged ({player!r})")
        return cls(move, player, action_from_data(item.get("action")))


@dataclass(frozen=True)
class GameRecord:
    """One game's header and public events."""

    info: GameInfo
    rules: Rules
    actions: tuple[Action, ...]
    events: tuple[Event, ...]
    finished: bool
    winner: Player | None  # None for a draw or a game still in progress
    rounds: int
    updated: str = ""
    path: Path | None = None
    hints: tuple[int, int] = (0, 0)  # hints each player asked for during the game
    taken_back: tuple[TakenBack, ...] = ()  # moves taken back, oldest first

    @classmethod
    def of_game(
        cls,
        info: GameInfo,
        state: GameState,
        events: list[Event],
        hints: tuple[int, int] = (0, 0),
        taken_back: tuple[TakenBack, ...] = (),
    ) -> GameRecord:
        """The record of ``state`` as it stands, with every event seen so far."""
        return cls(
            taken_back=taken_back,
            info=info,
            rules=state.rules,
            actions=tuple(state.history),
            events=tuple(events),
            finished=state.is_terminal(),
            winner=state.winner,
            rounds=state.round_number,
            updated=now_text(),
            hints=hints,
        )

    def result(self) -> str:
        """'in progress', 'draw' or the winner's name."""
        if not self.finished:
            return "in progress"
        if self.winner is None:
            return "draw"
        return self.info.names[self.winner]


def record_path(info: GameInfo, folder: Path | None = None) -> Path:
    return (folder or records_dir()) / f"{info.game_id}{SUFFIX}"


def record_to_text(record: GameRecord) -> str:
    header = {
        "format": FORMAT,
        "version": VERSION,
        "updated": record.updated or now_text(),
        "game": record.info.to_data(),
        "rules": record.rules.to_dict(),
        "actions": [action_to_data(action) for action in record.actions],
        "finished": record.finished,
        "winner": record.winner,
        "rounds": record.rounds,
        "hints": list(record.hints),
        "taken_back": [taken.to_data() for taken in record.taken_back],
    }
    lines = [header, *(event_to_data(event) for event in record.events)]
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def write_record(record: GameRecord, folder: Path | None = None) -> Path:
    """Write (or rewrite) the game's record atomically; returns its path.

    Only a finished game's record is flushed to disk at once: while a game
    runs, its save is the durable copy, and resuming rebuilds any events
    the record lost from the seed and moves.
    """
    path = record_path(record.info, folder)
    atomic_write_text(path, record_to_text(record), durable=record.finished)
    return path


def read_record(path: Path, with_events: bool = True, replayed: bool = True) -> GameRecord:
    """Read a record; ``with_events=False`` skips decoding the events (for listings).

    Raises :class:`RecordError`, and nothing else, for a record that cannot
    be used: only a regular file of at most :data:`MAX_RECORD_BYTES` is read,
    and every value in it is checked as a typed one would be (names, times,
    actions, events).  Whether the game is finished, its winner and its
    rounds are checked against its moves re-played from the seed
    (:func:`check_outcome`): a header that says otherwise is damage, since a
    game called finished shows its seed and both hands.  ``replayed=False``
    leaves that check to a caller that re-plays the game anyway.
    """
    named = visible(str(path))  # any file in the folder is listed, whatever its name holds
    try:
        raw = read_regular_file(path, MAX_RECORD_BYTES)
        header_line, *event_lines = raw.decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError, FileProblem) as error:
        raise RecordError(f"cannot read the game record {named} ({error})") from None
    except ValueError:  # nothing to unpack: an empty file
        raise RecordError(f"the game record {named} is damaged: it is empty") from None
    try:
        record = _decode(header_line, event_lines if with_events else [], path)
        if replayed:
            check_outcome(record, new_game(record.info.seed, record.rules))
        return record
    except (StateFormatError, RulesError, FileProblem) as error:
        raise RecordError(f"the game record {named} is damaged: {error}") from None


def _decode(header_line: str, event_lines: list[str], path: Path) -> GameRecord:
    header = _json_line(header_line)
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise StateFormatError("it is not a Tacocat game record")
    if header.get("version") != VERSION:
        raise StateFormatError(f"record format version {shown(header.get('version'))} is unknown")
    info = GameInfo.from_data(header.get("game"))
    rules = Rules.from_dict(_dict(header.get("rules")))
    actions = tuple(action_from_data(item) for item in _list(header.get("actions")))
    events = tuple(event_from_data(_dict(_json_line(line))) for line in event_lines)
    winner, rounds = header.get("winner"), header.get("rounds")
    if winner not in (None, 0, 1) or isinstance(winner, bool):
        raise StateFormatError(f"the winner is damaged ({shown(winner)})")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 0 <= rounds < 10**6:
        raise StateFormatError(f"the round count is damaged ({shown(rounds)})")
    updated = header.get("updated")
    if not isinstance(updated, str) or time_problem(updated) is not None:
        raise StateFormatError(f"the time it was written is damaged ({shown(updated)})")
    return GameRecord(
        info=info,
        rules=rules,
        actions=actions,
        events=events,
        finished=header.get("finished") is True,
        winner=winner,
        rounds=rounds,
        updated=updated,
        path=path,
        hints=_hints(header.get("hints", [0, 0])),
        # Records written before take-backs existed have no such list.
        taken_back=tuple(TakenBack.from_data(item) for item in _list(header.get("taken_back", []))),
    )


def check_outcome(record: GameRecord, start: GameState) -> GameState:
    """The game at the record's end, re-played from ``start``; raises if the header disagrees.

    ``start`` is the game after some first moves of the record (after none:
    just dealt from its seed and rules); it is left untouched.  The record's
    ``finished``, ``winner`` and ``rounds`` must be what the moves give:
    raises :class:`StateFormatError` if not, or if a move is illegal.
    """
    state = start.clone()
    done = len(state.history)
    if tuple(record.actions[:done]) != tuple(state.history):
        raise StateFormatError("its moves are not those of the game they continue")
    for number, action in enumerate(record.actions[done:], start=done + 1):
        try:
            state.apply_action(action)
        except ValueError as error:  # IllegalActionError, or an action the rules cannot hold
            raise StateFormatError(f"its moves do not replay (move {number}: {error})") from None
    finished = state.is_terminal()
    if record.finished and not finished:
        raise StateFormatError("it says the game is finished, but its moves do not finish it")
    if finished and not record.finished:
        raise StateFormatError("it says the game is in progress, but its moves finish it")
    if record.winner != state.winner:
        raise StateFormatError(f"its winner ({shown(record.winner)}) is not what its moves give")
    if record.rounds != state.round_number:
        raise StateFormatError(
            f"its round count ({shown(record.rounds)}) is not what its moves give"
        )
    return state


def history_number(game_id: str, records: list[GameRecord] | None = None) -> int | None:
    """The game's number in ``tacocat history`` (1 = the newest), None if it is not listed."""
    if records is None:
        records, _ = list_records()
    for number, record in enumerate(records, start=1):
        if record.info.game_id == game_id:
            return number
    return None


def list_records(folder: Path | None = None) -> tuple[list[GameRecord], list[RecordError]]:
    """Every record's header, newest game first, and the files that could not be read.

    Raises :class:`tacocat.storage.paths.AppDirError` if the folder itself
    cannot be looked into.
    """
    folder = folder or records_dir()
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


def _json_line(line: str) -> Any:
    try:
        return parse_json(line)
    except json.JSONDecodeError as error:
        raise StateFormatError(f"a line is not valid JSON ({error.msg})") from None


def _hints(value: Any) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10**6 for n in value)
    ):
        raise StateFormatError(f"the hint counts are damaged ({shown(value)})")
    return (value[0], value[1])


def _dict(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StateFormatError(f"expected an object, got {shown(value)}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise StateFormatError(f"expected a list, got {shown(value)}")
    return value
