"""Which game ``tacocat play`` resumes: the saved one, the newest unfinished, or game N.

All of it runs under the one-game lock, before the first screen.
"""

from __future__ import annotations

from contextlib import suppress
from functools import partial
from typing import TYPE_CHECKING, Any, NoReturn

import click

from tacocat.cli.options import fail
from tacocat.cli.recorded import DIGITS

if TYPE_CHECKING:
    from tacocat.storage.saves import SavedGame

LATEST = -1  # `--resume` without GAME: the saved game (else GAME, as `tacocat history` names it)


# ParamType takes type arguments only in newer click; pyproject allows click 8.1.
class GameChoice(click.ParamType):  # type: ignore[type-arg]
    """A game of `tacocat history`: its id or number (LATEST when left out), shape only."""

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


# `--resume [GAME]`, as `play` and `host` take it (each with its own help).
resume_option = partial(
    click.option, "--resume", type=GameChoice(), is_flag=False, flag_value=LATEST, metavar="[GAME]"
)


def saved_game(resume: int | str | None, notes: list[str], aside: list[str]) -> SavedGame | None:
    """The game to resume, if there is one and the players want it.

    ``resume``: None (ask about the saved game), LATEST (the saved game, else
    the newest unfinished) or a game of ``tacocat history``.  News for the
    game's first screen goes into ``notes`` (printed here, it would vanish); the
    id of a saved game the players chose not to resume, into ``aside``.
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
    if found is None:
        return _newest_unfinished(notes) if resume is not None else None
    if resume is not None:
        return found
    from tacocat.cli.output import say
    from tacocat.sanitize import visible

    say(visible(describe(found)))  # names and dates read from a file
    if click.confirm("Resume it?", default=True):
        return found
    from tacocat.storage.autosave import keep_in_record

    warning = keep_in_record(found)  # a new game is about to take the save
    if warning is not None:
        notes.append(warning)
    aside.append(found.info.game_id)
    return None


def _newest_unfinished(notes: list[str]) -> SavedGame | None:
    from tacocat.storage.autosave import game_from_record
    from tacocat.storage.records import RecordError, list_records

    records, _ = list_records()
    for record in records:
        if not record.finished and record.path is not None:
            try:
                return game_from_record(record.path)
            except RecordError as error:
                notes.append(f"The newest unfinished game cannot be resumed: {error}.")
                break
    notes.append("There is no saved game to resume: a new game starts.")
    return None


def aside_note(game_id: str) -> str:
    from tacocat.storage.records import history_number, list_records

    records, _ = list_records()
    number = history_number(game_id, records)
    if number is None:  # its record could not be written: the warning says so
        return "A new game starts."
    resume = records[number - 1].info.resume_command()
    return f"A new game starts. The unfinished game stays in history: {resume}."


def remind(game_id: str) -> None:
    """Tell, as the players leave, how to resume the unfinished game they put aside."""
    from tacocat.storage.records import history_number, list_records

    records, _ = list_records()
    number = history_number(game_id, records)
    if number is not None and not records[number - 1].finished:
        resume = records[number - 1].info.resume_command()
        with suppress(OSError):  # the terminal may be gone (SIGHUP)
            click.echo(f"The unfinished game from before stays in history: {resume}.")


def _refuse(sentence: str) -> NoReturn:
    from tacocat.sanitize import visible

    fail(visible(sentence))  # may quote a file's path


def _chosen_game(game: str, notes: list[str]) -> SavedGame:
    """The game ``game`` names, to play on (the save's own game kept in its record first)."""
    from tacocat.cli.recorded import listed_game
    from tacocat.storage.autosave import find_saved_game, game_from_record, keep_in_record
    from tacocat.storage.records import RecordError, list_records
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
        if found.info.game_id == record.info.game_id:
            return found
        warning = keep_in_record(found)
        if warning is not None:
            notes.append(warning)
    elif found is not None:
        notes.append(found.message())  # a damaged save, moved aside
    assert record.path is not None  # list_records reads records from files
    try:
        return game_from_record(record.path)
    except RecordError as error:
        _refuse(f"game {named} cannot be resumed: {error}.")
