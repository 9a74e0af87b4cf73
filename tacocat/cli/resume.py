"""Which game ``tacocat play`` resumes: the saved one, the newest unfinished, or game N.

Everything here runs before the game's first screen, while the caller holds
the one-game lock: reading the save and the records, asking "Resume it?",
keeping a game that a new one replaces resumable from its record, and
refusing a game that cannot go on, in one sentence with exit status 2.
"""

from __future__ import annotations

import re
import sys
from contextlib import suppress
from typing import TYPE_CHECKING, Any, NoReturn

import click

if TYPE_CHECKING:
    from tacocat.storage.saves import SavedGame

LATEST = -1  # `--resume` without N: the saved game (N, from `tacocat history`, is 1 or more)
# Game numbers of this many digits or more name no game: refused as such, not parsed.
TOO_MANY_DIGITS = 10


# ParamType takes type arguments only in newer click; pyproject allows click 8.1.
class GameNumber(click.ParamType):  # type: ignore[type-arg]
    """A game's number in `tacocat history`: ASCII digits (LATEST when N is left out)."""

    name = "N"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):  # the flag's own value, LATEST
            return value
        text = str(value)
        if not re.fullmatch(r"[0-9]+", text):  # '²' passes str.isdigit(); int() refuses it
            self.fail(f"{text!r} is not a game number from `tacocat history`", param, ctx)
        return int(text) if len(text) < TOO_MANY_DIGITS else 10**TOO_MANY_DIGITS


GAME_NUMBER = GameNumber()


def saved_game(resume: int | None, notes: list[str], aside: list[str]) -> SavedGame | None:
    """The game to resume, if there is one and the players want it.

    ``resume`` is None (no ``--resume``: ask about the saved game), LATEST
    (the saved game, else the newest unfinished one in history) or a number
    from ``tacocat history``.  A damaged save is explained (and moved aside
    by the loader); then a new game starts.  Such news goes into ``notes``,
    which the game shows on its first screen: printed here, it would vanish
    as the game takes the screen.  A game N that cannot be resumed is
    refused here, in one sentence, with exit status 2.  The id of a saved
    game the players chose not to resume goes into ``aside``.
    """
    if resume is not None and resume != LATEST:
        return _numbered_game(resume, notes)
    from tacocat.storage.paths import save_path

    if not save_path().exists():
        # No save: nothing to load, so the saves module (and the engine it
        # reads states with) need not be imported before the first screen.
        return _newest_unfinished(notes) if resume is not None else None
    from tacocat.storage.autosave import describe, find_saved_game
    from tacocat.storage.saves import DamagedSave

    found = find_saved_game()
    if isinstance(found, DamagedSave):
        notes.append(found.message())
        return None
    if found is not None and found.note:
        notes.append(found.note)  # a damaged record of the saved game, moved aside
    if found is None:
        return _newest_unfinished(notes) if resume is not None else None
    if resume is not None:
        return found
    from tacocat.cli.output import say
    from tacocat.sanitize import visible

    say(visible(describe(found)))  # names and dates read from a file
    if click.confirm("Resume it?", default=True):
        return found
    _keep_resumable(found, notes)
    aside.append(found.info.game_id)
    return None


def _newest_unfinished(notes: list[str]) -> SavedGame | None:
    """`--resume` with no save: the newest unfinished game in history, from its record."""
    from tacocat.storage.autosave import game_from_record
    from tacocat.storage.records import RecordError, list_records, read_record

    records, _ = list_records()
    for record in records:
        if not record.finished and record.path is not None:
            try:
                return game_from_record(read_record(record.path))
            except RecordError as error:
                notes.append(f"The newest unfinished game cannot be resumed: {error}.")
                break
    notes.append("There is no saved game to resume: a new game starts.")
    return None


def _keep_resumable(saved: SavedGame, notes: list[str]) -> None:
    """Keep the saved game, which a new game is about to replace, resumable from its record.

    Its number is told as it will be once the new game is listed first,
    here and on the game's first screen (:func:`aside_note`); the game says
    it again as the players leave (:func:`remind`), by then perhaps after
    more games.
    """
    from tacocat.storage.autosave import keep_in_record

    warning = keep_in_record(saved)
    if warning is not None:
        notes.append(warning)
    click.echo(aside_note(saved.info.game_id))


def aside_note(game_id: str) -> str:
    """How to resume the unfinished game put aside, numbered as once the new game is listed."""
    from tacocat.storage.records import history_number

    number = history_number(game_id)
    if number is None:  # its record could not be written: the warning says so
        return "A new game starts."
    return (
        "A new game starts. The unfinished game stays in history: "
        f"`tacocat play --resume {number + 1}`."
    )


def remind(game_id: str) -> None:
    """Tell, as the players leave, how to resume the unfinished game they put aside."""
    from tacocat.storage.records import history_number, list_records

    records, _ = list_records()
    number = history_number(game_id, records)
    if number is not None and not records[number - 1].finished:
        with suppress(OSError):  # the terminal may be gone (SIGHUP)
            click.echo(
                "The unfinished game from before stays in history: "
                f"`tacocat play --resume {number}`."
            )


def _refuse(sentence: str) -> NoReturn:
    """Refuse to resume, in one sentence (exit status 2: like a bad option)."""
    from tacocat.cli.output import say
    from tacocat.sanitize import visible

    say(f"Error: {visible(sentence)}", err=True)  # may quote a file's path
    sys.exit(2)


def _numbered_game(number: int, notes: list[str]) -> SavedGame:
    """Game ``number`` of `tacocat history`, to play on; refused if it cannot be.

    Its save, if the save holds it, is the durable copy; otherwise the game
    is re-played from its record, and the save's own game (which the resumed
    one replaces at its next move) is first kept whole in its record.
    """
    from tacocat.engine.words import plural
    from tacocat.storage.autosave import find_saved_game, game_from_record, keep_in_record
    from tacocat.storage.records import RecordError, list_records, read_record
    from tacocat.storage.saves import SavedGame

    records, _ = list_records()
    if not 1 <= number <= len(records):
        listed = plural(len(records), "game")
        asked = number if number < 10**TOO_MANY_DIGITS else "of that number"
        _refuse(f"there is no game {asked} to resume: `tacocat history` lists {listed}.")
    record = records[number - 1]
    if record.finished:
        _refuse(f"game {number} is finished: watch it with `tacocat replay {number}`.")
    found = find_saved_game()  # the save's game: this one, or one to keep resumable
    if isinstance(found, SavedGame):
        if found.note:
            notes.append(found.note)
        if found.info.game_id == record.info.game_id:
            return found
        warning = keep_in_record(found)
        if warning is not None:
            notes.append(warning)
    elif found is not None:
        notes.append(found.message())  # a damaged save, moved aside
    assert record.path is not None  # list_records reads records from files
    try:
        return game_from_record(read_record(record.path))
    except RecordError as error:
        _refuse(f"game {number} cannot be resumed: {error}.")
