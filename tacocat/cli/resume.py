"""Which game ``tacocat play`` resumes: the saved one, the newest unfinished, or game N.

Everything here runs before the game's first screen, while the caller holds
the one-game lock: reading the save and the records, asking "Resume it?",
keeping a game that a new one replaces resumable from its record, and
refusing a game that cannot go on, in one sentence with exit status 2.
"""

from __future__ import annotations

import sys
from contextlib import suppress
from typing import TYPE_CHECKING, Any, NoReturn

import click

from tacocat.cli.recorded import DIGITS

if TYPE_CHECKING:
    from tacocat.storage.saves import SavedGame

LATEST = -1  # `--resume` without GAME: the saved game (else GAME, as `tacocat history` names it)


# ParamType takes type arguments only in newer click; pyproject allows click 8.1.
class GameChoice(click.ParamType):  # type: ignore[type-arg]
    """A game of `tacocat history`: its id or its number (LATEST when left out).

    Only the shape is checked here (ASCII digits, or what an id may look
    like); which game it names is found once the lock is held.
    """

    name = "GAME"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> int | str:
        from tacocat.sanitize import visible
        from tacocat.storage.game_info import GAME_ID

        if isinstance(value, int):  # the flag's own value, LATEST
            return value
        text = str(value)
        if not (DIGITS.fullmatch(text) or GAME_ID.fullmatch(text)):
            self.fail(f"{visible(text[:24])!r} is not a game's id or number", param, ctx)
        return text


GAME_CHOICE = GameChoice()


def saved_game(resume: int | str | None, notes: list[str], aside: list[str]) -> SavedGame | None:
    """The game to resume, if there is one and the players want it.

    ``resume`` is None (no ``--resume``: ask about the saved game), LATEST
    (the saved game, else the newest unfinished one in history) or a game's
    id or number from ``tacocat history``.  A damaged save is explained (and moved aside
    by the loader); then a new game starts.  Such news goes into ``notes``,
    which the game shows on its first screen: printed here, it would vanish
    as the game takes the screen.  A game N that cannot be resumed is
    refused here, in one sentence, with exit status 2.  The id of a saved
    game the players chose not to resume goes into ``aside``.
    """
    if isinstance(resume, str):
        return _chosen_game(resume, notes)
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

    Told by its id on the game's first screen (:func:`aside_note`), and
    again as the players leave (:func:`remind`): once each, in plain mode too.
    """
    from tacocat.storage.autosave import keep_in_record

    warning = keep_in_record(saved)
    if warning is not None:
        notes.append(warning)


def aside_note(game_id: str) -> str:
    """How to resume the unfinished game put aside (if its record is listed)."""
    from tacocat.storage.records import history_number

    if history_number(game_id) is None:  # its record could not be written: the warning says so
        return "A new game starts."
    return (
        "A new game starts. The unfinished game stays in history: "
        f"`tacocat play --resume {short_id(game_id)}`."
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
                f"`tacocat play --resume {short_id(game_id)}`."
            )


def short_id(game_id: str) -> str:
    from tacocat.storage.game_info import short_id as of_game

    return of_game(game_id)


def _refuse(sentence: str) -> NoReturn:
    """Refuse to resume, in one sentence (exit status 2: like a bad option)."""
    from tacocat.cli.output import say
    from tacocat.sanitize import visible

    say(f"Error: {visible(sentence)}", err=True)  # may quote a file's path
    sys.exit(2)


def _chosen_game(game: str, notes: list[str]) -> SavedGame:
    """The game ``game`` (an id or number of `tacocat history`) to play on; refused if it cannot.

    Its save, if the save holds it, is the durable copy; otherwise the game
    is re-played from its record, and the save's own game (which the resumed
    one replaces at its next move) is first kept whole in its record.
    """
    from tacocat.cli.recorded import listed_game
    from tacocat.storage.autosave import find_saved_game, game_from_record, keep_in_record
    from tacocat.storage.records import RecordError, list_records, read_record
    from tacocat.storage.saves import SavedGame

    records, _ = list_records()
    found_game = listed_game(game, records)
    if isinstance(found_game, str):
        _refuse(f"nothing to resume: {found_game}.")
    number, record = found_game
    named = game if not DIGITS.fullmatch(game) else str(number)
    if record.finished:
        _refuse(f"game {named} is finished: watch it with `tacocat replay {record.info.short_id}`.")
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
        _refuse(f"game {named} cannot be resumed: {error}.")
