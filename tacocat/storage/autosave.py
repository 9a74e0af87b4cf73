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
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tacocat.engine import Event, GameState, new_game
from tacocat.files import parse_json, read_regular_file
from tacocat.storage.game_info import HOT_SEAT, GameInfo
from tacocat.storage.paths import records_dir, save_path
from tacocat.storage.records import GameRecord, RecordError, read_record, record_path, write_record
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
        return autosave

    @property
    def record(self) -> GameRecord:
        return GameRecord.of_game(
            self.info, self.state, self.events, (self.hints[0], self.hints[1])
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
        self.events.extend(events)
        if self.state.is_terminal():
            self.finish()
        else:
            self.save()

    def save(self) -> None:
        """Write the save, then the record; a failing disk sets :attr:`problem`, never raises."""
        try:
            write_save(self.info, self.state, self.save_file)
            write_record(self.record, self.records_folder)
        except OSError as error:
            self.problem = f"the game could not be saved ({error})"
        else:
            self.problem = None

    def exit_note(self) -> str | None:
        """What to tell the players as they leave: the resume hint, a save problem, or None."""
        if self.problem is not None:
            return f"Warning: {self.problem}."
        if self.state.is_terminal():
            return None
        return RESUME_HINT

    def finish(self) -> None:
        """Keep the finished game's record and remove its save."""
        try:
            write_record(self.record, self.records_folder)
            if _saved_game_id(self.save_file) == self.info.game_id:
                # Another game saved since (a second terminal) keeps its save.
                clear_save(self.save_file)
        except OSError as error:
            self.problem = f"the game record could not be written ({error})"
        else:
            self.problem = None


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
            record = read_record(path, with_events=False)
        except RecordError as error:
            if not path.exists() and not path.is_symlink():
                return found
            moved = move_aside(path)
            where = f"kept aside as {moved}" if moved else "left where it is"
            note = (
                f"The record of the saved game, {path}, {_reason(error)}: it has been {where}, "
                "and will be written again from the save."
            )
            return replace(found, note=note)
        if record.finished:
            clear_save(save_file)
            return None
        found = replace(found, hints=record.hints)
    return found


def _reason(error: RecordError) -> str:
    """'is damaged (...)' from a RecordError's message, which names the file first."""
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


def _saved_game_id(save_file: Path) -> str | None:
    try:
        data = parse_json(read_regular_file(save_file, MAX_SAVE_BYTES))
        game_id = data["game"]["game_id"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return game_id if isinstance(game_id, str) else None
