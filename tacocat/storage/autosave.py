"""The link between a game loop and the disk: each action, take-back and hint appends a line.

A disk that refuses never stops the game (docs/playing.md, "Saved games, history and replay"):
the lines wait for the next write that works.
"""

from __future__ import annotations

from pathlib import Path

from tacocat.engine import Action, Event, GameState, Player, new_game
from tacocat.engine.words import plural
from tacocat.files import parse_json, read_regular_file
from tacocat.sanitize import visible
from tacocat.storage.atomic import append_durably, remove_stray_temp_files
from tacocat.storage.game_info import HOT_SEAT, GameInfo, level_problem
from tacocat.storage.journal import TakenBack, action_line, hint_line, undo_line
from tacocat.storage.paths import reason, records_dir, save_path
from tacocat.storage.records import (
    SUFFIX,
    GameRecord,
    RecordError,
    load_record,
    record_path,
    write_record,
)
from tacocat.storage.replay import replayed
from tacocat.storage.saves import (
    MAX_SAVE_BYTES,
    DamagedSave,
    SavedGame,
    clear_save,
    load_save,
    write_save,
)


class AutoSave:
    """Keeps the record of one game in step with its state, a line at a time."""

    def __init__(
        self,
        info: GameInfo,
        state: GameState,
        events: list[Event] | tuple[Event, ...],
        record_bytes: int | None = None,
    ) -> None:
        self.info = info
        self.state = state
        # The game's events when saving began (the opening deal, or all so far
        # on resuming): the first lines of the game's log, which keeps the rest.
        self.events = list(events)
        self.problem: str | None = None  # why the last write failed, if it did
        self.hints = [0, 0]  # hints each player asked for, kept in the record
        self._untold = False  # a failure new_warning() has not given yet
        self.recorded = False  # whether everything so far is in the record on disk
        self.taken_back: list[TakenBack] = []
        self._pending: list[str] = []  # lines the disk has not taken yet, oldest first
        # Bytes of the record file in complete lines; None: write it whole.
        self._written = record_bytes
        self._named = False  # whether this process wrote the save naming this game

    @classmethod
    def start(
        cls,
        state: GameState,
        names: tuple[str, str],
        seed: int,
        mode: str = HOT_SEAT,
        level: str | None = None,
        computer: int | None = None,
    ) -> AutoSave:
        """Begin recording a new game; ValueError unless ``state`` is ``new_game(seed, rules)``."""
        if state.history or state.to_json() != new_game(seed, state.rules).to_json():
            raise ValueError("only a game just dealt from its seed can be saved and recorded")
        info = GameInfo.create(names, seed, mode, level, computer)
        autosave = cls(info, state, state.opening_events)
        autosave.save()
        return autosave

    @classmethod
    def resume(cls, saved: SavedGame) -> AutoSave:
        """Carry on recording a loaded game (an older record format is written anew)."""
        autosave = cls(saved.info, saved.state, saved.events, record_bytes=saved.record_bytes)
        autosave.hints = list(saved.hints)
        autosave.taken_back = list(saved.taken_back)  # still part of the story
        return autosave

    @property
    def record(self) -> GameRecord:
        """The whole record as it stands, its events re-played from the seed."""
        _, events = replayed(self.state.rules, self.info.seed, self.state.history)
        return GameRecord.of_game(
            self.info, self.state, events, (self.hints[0], self.hints[1]), tuple(self.taken_back)
        )

    def hint_used(self, player: Player) -> None:
        self.hints[player] += 1
        self._write(hint_line(player))

    def after_action(self, events: list[Event]) -> None:
        self._write(action_line(self.state.history[-1], events))

    def after_undo(self, player: Player, action: Action) -> None:
        """Record that ``player`` took ``action`` back (the state is already rewound)."""
        taken = TakenBack(len(self.state.history) + 1, player, action)
        self.taken_back.append(taken)
        self._write(undo_line(taken))

    def _write(self, line: str) -> None:
        self._pending.append(line)
        if self.state.is_terminal():
            self.finish()
        else:
            self.save()

    def save(self) -> None:
        """Write what the record lacks and name the game in the save; never raises."""
        try:
            self._write_record()
            if not self._named:
                write_save(self.info.game_id)
                self._named = True
        except OSError as error:
            self._failed(
                f"the game could not be saved ({reason(error)}): it goes on, "
                "but could not be resumed after quitting"
            )
        else:
            self.problem = None

    def _write_record(self) -> None:
        """Append the waiting lines, or write the record whole; raises OSError."""
        self.recorded = False
        path = record_path(self.info)
        if self._written is not None and self._pending:
            try:
                self._written = append_durably(path, "".join(self._pending), self._written)
            except FileNotFoundError:  # removed while the game went on: written anew
                self._written = None
        if self._written is None:
            self._written = write_record(self.record).stat().st_size
        self._pending.clear()
        self.recorded = True

    def new_warning(self) -> str | None:
        """A sentence for the next screen if saving has just started to fail, else None."""
        if not self._untold or self.problem is None:
            return None
        self._untold = False
        return f"Warning: {self.problem}."

    def _failed(self, problem: str) -> None:
        if self.problem is None:
            self._untold = True  # a new run of failures: tell the players
        self.problem = problem

    def exit_note(self) -> str | None:
        """What to tell the players as they leave: the resume hint, a save problem, or None."""
        if self.problem is not None:
            return f"Warning: {self.problem}."
        if self.state.is_terminal():
            return None
        return f"Game saved — resume with {self.info.resume_command(by_id=False)}"

    def finish(self) -> None:
        """Write the finished game's last lines and remove its save (even if the record fails)."""
        problem = None
        try:
            self._write_record()
        except OSError as error:
            problem = (
                f"the finished game's record could not be written ({reason(error)}): "
                "its result is not kept"
            )
        try:
            if saved_game_id() == self.info.game_id:
                # Another game saved since (a second terminal) keeps its save.
                clear_save()
        except OSError as error:
            problem = problem or f"the finished game's save could not be removed ({reason(error)})"
        if problem is None:
            self.problem = None
        else:
            self._failed(problem)


def find_saved_game() -> SavedGame | DamagedSave | None:
    """The game to resume, a damaged save (moved aside), or None (a finished game's save goes)."""
    found = load_save()
    if isinstance(found, SavedGame) and found.state.is_terminal():
        clear_save()
        return None
    return found


def take_save(saved: SavedGame) -> AutoSave:
    """Go on recording ``saved``, and make the save name it (so that ``--resume`` means it)."""
    autosave = AutoSave.resume(saved)
    if saved_game_id() != saved.info.game_id:
        autosave.save()
    return autosave


def game_from_record(path: Path) -> SavedGame:
    """The unfinished game in the record at ``path``; RecordError if it cannot go on."""
    loaded = load_record(path)
    problem = level_problem(loaded.record.info)
    if problem is None and loaded.state.is_terminal():
        problem = "the game in it is already over"
    if problem is not None:
        raise RecordError(f"the game record {visible(str(path))} is damaged: {problem}")
    return SavedGame.of_record(loaded)


def keep_in_record(saved: SavedGame) -> str | None:
    """Make the saved game's record hold all of it, before another game takes the save.

    Returns a warning sentence if the record cannot be written, else None.
    """
    if saved.record_bytes is not None:
        return None
    try:
        AutoSave.resume(saved)._write_record()
    except OSError as error:
        return (
            f"Warning: the saved game's record could not be brought up to date "
            f"({reason(error)}): its last moves may be lost."
        )
    return None


def describe(saved: SavedGame) -> str:
    """One line about a saved game, for the "resume it?" question."""
    state, info = saved.state, saved.info
    when = saved.saved[:16].replace("T", " ") + " UTC" if saved.saved else "earlier"
    moves = len(state.history)
    return (
        f"A saved game is waiting: {info.players}, round {state.round_number}, "
        f"{plural(moves, 'move')} in, last saved {when}."
    )


def saved_game_id() -> str | None:
    """The id of the game in the save file, without checking the rest; None if unreadable."""
    try:
        data = parse_json(read_regular_file(save_path(), MAX_SAVE_BYTES))
        game_id = data["game_id"] if "game_id" in data else data["game"]["game_id"]  # version 1
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return game_id if isinstance(game_id, str) else None


def tidy() -> int:
    """Remove temporary copies of the save and records left by killed writers; the count.

    Run under the one-game lock; records' temporary files only once a minute old.
    """
    removed = remove_stray_temp_files(save_path().parent, save_path().name)
    return removed + remove_stray_temp_files(records_dir(), f"*{SUFFIX}", older_than=60.0)
