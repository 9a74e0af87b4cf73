"""The link between a game loop and the disk: save after every action.

A game loop needs three calls::

    autosave = AutoSave.start(state, names, seed)     # or AutoSave.resume(saved)
    ...
    events = state.apply_action(action)
    autosave.after_action(events)                      # the one place actions happen

After each action the save file is rewritten first (it is what a resume
reads), then the game's record.  When the game ends the record is written
as finished and the save is removed.  Because both writes are atomic, a
kill at any moment leaves a save that resumes at the last completed action.

A disk that refuses a write (read-only, full) never stops the game, but the
players must hear of it at once, not when they leave: after each action the
game loop asks :meth:`AutoSave.new_warning`, which gives a sentence the
first time saving fails (and again only after it has worked in between).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tacocat.engine import Action, Event, GameState, Player, StateFormatError, new_game
from tacocat.files import parse_json, read_regular_file
from tacocat.sanitize import visible
from tacocat.storage.atomic import remove_stray_temp_files
from tacocat.storage.game_info import HOT_SEAT, GameInfo, level_problem
from tacocat.storage.paths import records_dir, save_path
from tacocat.storage.records import (
    SUFFIX,
    GameRecord,
    RecordError,
    TakenBack,
    check_outcome,
    read_record,
    record_path,
    write_record,
)
from tacocat.storage.replay import ReplayError, replay_steps
from tacocat.storage.saves import (
    MAX_SAVE_BYTES,
    DamagedSave,
    SavedGame,
    clear_save,
    load_save,
    move_aside,
    write_save,
)

RESUME_HINT = "Game saved — resume with `tacocat play --resume`"


class AutoSave:
    """Keeps the save file and the record of one game in step with its state."""

    def __init__(
        self,
        info: GameInfo,
        state: GameState,
        events: list[Event],
        save_file: Path | None = None,
        records_folder: Path | None = None,
    ) -> None:
        self.info = info
        self.state = state
        self.events = events  # every public event so far, the opening deal included
        self.save_file = save_file or save_path()
        self.records_folder = records_folder or records_dir()
        self.problem: str | None = None  # why the last write failed, if it did
        self.hints = [0, 0]  # hints each player asked for, kept in the record
        self._untold = False  # a failure new_warning() has not given yet
        self.recorded = False  # whether the last write of the record succeeded
        self.taken_back: list[TakenBack] = []
        self._marks: list[int] = []  # len(events) before each action saved here

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
        """Begin saving a new game; ``state`` must be ``new_game(seed, rules)``, untouched.

        Raises ValueError for any other state: its record could not be replayed.
        """
        if state.history or state.to_json() != new_game(seed, state.rules).to_json():
            raise ValueError("only a game just dealt from its seed can be saved and recorded")
        info = GameInfo.create(names, seed, mode, level, computer)
        autosave = cls(info, state, list(state.opening_events))
        autosave.save()
        return autosave

    @classmethod
    def resume(cls, saved: SavedGame) -> AutoSave:
        """Carry on saving a loaded game, with its event log restored.

        Loading checked the save by re-playing it from its seed, which gave
        every event of the game so far: the log needs neither the record nor
        another re-play.
        """
        autosave = cls(saved.info, saved.state, list(saved.events))
        autosave.hints = list(saved.hints)
        autosave.taken_back = list(saved.taken_back)  # still part of the story
        return autosave

    @property
    def record(self) -> GameRecord:
        return GameRecord.of_game(
            self.info,
            self.state,
            self.events,
            (self.hints[0], self.hints[1]),
            tuple(self.taken_back),
        )

    def hint_used(self, player: int) -> None:
        """Count a hint for ``player`` and write it down at once."""
        self.hints[player] += 1
        if self.state.is_terminal():
            self.finish()
        else:
            self.save()

    def after_action(self, events: list[Event]) -> None:
        """Record the events of the action just applied and save; finish if the game is over."""
        self._marks.append(len(self.events))
        self.events.extend(events)
        if self.state.is_terminal():
            self.finish()
        else:
            self.save()

    def after_undo(self, player: Player, action: Action) -> None:
        """Record that ``player`` took ``action`` back (the state is already rewound).

        Only an action saved through :meth:`after_action` can be taken back:
        its events leave the log, and the record keeps the action as taken
        back, so a replay shows it.
        """
        del self.events[self._marks.pop() :]
        self.taken_back.append(TakenBack(len(self.state.history) + 1, player, action))
        self.save()

    def save(self) -> None:
        """Write the save, then the record; a failing disk sets :attr:`problem`, never raises."""
        try:
            write_save(self.info, self.state, self.save_file)
        except OSError as error:
            self._failed(
                f"the game could not be saved ({_reason(error)}): it goes on, "
                "but could not be resumed after quitting"
            )
            return
        try:
            write_record(self.record, self.records_folder)
            self.recorded = True
        except OSError as error:
            self.recorded = False
            # The save is what a resume reads: the game is safe, its history listing is not.
            self._failed(
                f"the game's record could not be written ({_reason(error)}): "
                "`tacocat history` will miss its last moves"
            )
        else:
            self.problem = None

    def new_warning(self) -> str | None:
        """A sentence for the next screen if saving has just started to fail, else None.

        The game loop calls this after every action; each run of failures is
        told once, as soon as it starts, so the players can stop before they
        lose more than a move.
        """
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
        return RESUME_HINT

    def finish(self) -> None:
        """Keep the finished game's record and remove its save.

        The save goes even if the record cannot be written (a full disk):
        left behind, it would offer to resume a game that is over.
        """
        problem = None
        try:
            write_record(self.record, self.records_folder)
            self.recorded = True
        except OSError as error:
            self.recorded = False
            problem = (
                f"the finished game's record could not be written ({_reason(error)}): "
                "its result is not kept"
            )
        try:
            if saved_game_id(self.save_file) == self.info.game_id:
                # Another game saved since (a second terminal) keeps its save.
                clear_save(self.save_file)
        except OSError as error:
            problem = problem or f"the finished game's save could not be removed ({_reason(error)})"
        if problem is None:
            self.problem = None
        else:
            self._failed(problem)


def find_saved_game(save_file: Path | None = None) -> SavedGame | DamagedSave | None:
    """The game to resume, a damaged save (moved aside), or None.

    A save whose record already says the game finished is left over from a
    game stopped between its last two writes; it is removed, not resumed.
    A damaged record of the saved game is moved aside (the save re-creates
    it at the next move) and the saved game carries a note saying so.
    """
    found = load_save(save_file)
    if isinstance(found, SavedGame):
        path = record_path(found.info)
        try:
            record = read_record(path, with_events=False, replayed=False)
            _check_against_save(record, found)
        except StateFormatError as error:  # a RecordError, or a record its save contradicts
            if not path.exists() and not path.is_symlink():
                return found
            moved = move_aside(path)
            where = f"kept aside as {moved}" if moved else "left where it is"
            note = (
                f"The record of the saved game, {path}, {_damage(error)}: it has been {where}, "
                "and will be written again from the save."
            )
            return replace(found, note=note)
        if record.finished:
            clear_save(save_file)
            return None
        found = replace(found, hints=record.hints, taken_back=record.taken_back)
    return found


def game_from_record(record: GameRecord) -> SavedGame:
    """An unfinished game re-played from its record (seed, rules and moves), to play on.

    Everything a save would hold comes from the record: the names, mode and
    computer level, every event (re-played), the hints asked for and the
    moves taken back.  The state is dealt from the seed, so it can rewind.
    Raises :class:`RecordError` for a record that cannot go on: it does not
    replay, its game is over, or its computer cannot play here.
    """
    named = visible(str(record.path)) if record.path is not None else "of the game"
    events: list[Event] = []
    try:
        for step in replay_steps(record.rules, record.info.seed, record.actions):
            events.extend(step.events)
    except (ReplayError, ValueError) as error:  # an illegal move, or a StateFormatError
        raise RecordError(f"the game record {named} is damaged: {error}") from None
    problem = level_problem(record.info)
    if problem is None and step.state.is_terminal():
        problem = "the game in it is already over"
    if problem is not None:
        raise RecordError(f"the game record {named} is damaged: {problem}")
    return SavedGame(
        record.info,
        step.state,
        tuple(events),
        record.updated,
        hints=record.hints,
        taken_back=record.taken_back,
    )


def keep_in_record(saved: SavedGame, records_folder: Path | None = None) -> str | None:
    """Make the saved game's record hold every move of its save, before the save is replaced.

    The record is what resumes the game once another game takes the save
    (``tacocat play --resume N``); it may lag a move behind the save (the
    last write failed, or a kill came between the two).  Returns a warning
    sentence if the record cannot be written, else None.
    """
    autosave = AutoSave.resume(saved)
    path = record_path(saved.info, records_folder)
    try:
        current = read_record(path, with_events=False, replayed=False)
        if tuple(current.actions) == tuple(saved.state.history):
            return None
    except RecordError:
        pass  # missing or damaged (and then moved aside): written anew from the save
    try:
        write_record(autosave.record, records_folder)
    except OSError as error:
        return (
            f"Warning: the saved game's record could not be brought up to date "
            f"({_reason(error)}): its last moves may be lost."
        )
    return None


def _check_against_save(record: GameRecord, saved: SavedGame) -> None:
    """Check the record's outcome from the saved game, which loading re-played already.

    A record one move ahead of its save (the game's last move, written
    before a kill) is checked by playing its extra moves on from the save.
    A record behind its save is rewritten at the next move: it only must
    not claim an end the save has not reached.  Raises StateFormatError.
    """
    done = len(saved.state.history)
    if tuple(record.actions[:done]) == tuple(saved.state.history):
        check_outcome(record, saved.state)
    elif record.finished:
        raise StateFormatError("it says the game is finished, but its save goes on")


def _reason(error: OSError) -> str:
    """Why the disk refused, in words: 'No space left on device'."""
    return error.strerror or type(error).__name__


def _damage(error: StateFormatError) -> str:
    """'is damaged (...)' from a RecordError's message, which names the file first.

    Any other StateFormatError is the record's disagreement with its save.
    """
    if not isinstance(error, RecordError):
        return f"is damaged ({error})"
    text = str(error)
    _, found, detail = text.partition(" is damaged: ")
    return f"is damaged ({detail})" if found else "cannot be read"


def describe(saved: SavedGame) -> str:
    """One line about a saved game, for the "resume it?" question."""
    state, info = saved.state, saved.info
    when = saved.saved[:16].replace("T", " ") + " UTC" if saved.saved else "earlier"
    moves = len(state.history)
    return (
        f"A saved game is waiting: {info.players}, round {state.round_number}, "
        f"{moves} move{'' if moves == 1 else 's'} in, last saved {when}."
    )


def saved_game_id(save_file: Path | None = None) -> str | None:
    """The id of the game in the save file, without checking the rest; None if unreadable."""
    try:
        data = parse_json(read_regular_file(save_file or save_path(), MAX_SAVE_BYTES))
        game_id = data["game"]["game_id"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return game_id if isinstance(game_id, str) else None


def tidy(save_file: Path | None = None, records_folder: Path | None = None) -> int:
    """Remove what killed writers left behind: temporary copies of the save and records.

    Called by ``tacocat play`` while it holds the one-game lock, so no other
    game is writing the save; records' temporary files are removed only when
    a minute old, as another command may be writing one.  Returns the count.
    """
    save_file = save_file or save_path()
    records_folder = records_folder or records_dir()
    removed = remove_stray_temp_files(save_file.parent, save_file.name)
    return removed + remove_stray_temp_files(records_folder, f"*{SUFFIX}", older_than=60.0)
