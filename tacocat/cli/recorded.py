"""The GAME of `replay`, `analyze`, `play --resume`: an id, a number in `tacocat history`, a file.

What a player typed is only compared with the listed games' ids: it becomes
a path only if it names a file that is there.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from tacocat.storage.records import GameRecord

DIGITS = re.compile(r"[0-9]+")  # ASCII only: '²' passes str.isdigit(), int() refuses it
# Game numbers of this many digits or more name no game: refused as such, not parsed.
TOO_MANY_DIGITS = 10


def find_record(game: str | None) -> GameRecord:
    """The record GAME names: an id, a number from `tacocat history` (default 1), or a file."""
    from tacocat.sanitize import visible
    from tacocat.storage.game_info import GAME_ID
    from tacocat.storage.records import RecordError, read_record

    try:
        if game is None or DIGITS.fullmatch(game):
            return _listed(game or "1")
        path = Path(game)
        if GAME_ID.fullmatch(game):  # short ids have this shape too
            try:
                return _listed(game)
            except click.ClickException:  # an AppDirError too
                if not present(path):  # not a game's id, nor a file: say why as an id
                    raise
        if not present(path):
            raise click.BadParameter(f"no such record file: {visible(game)}", param_hint="GAME")
        return read_record(path)  # refuses anything but a regular file
    except RecordError as error:
        raise click.ClickException(str(error)) from None


def _listed(game: str) -> GameRecord:
    from tacocat.storage.paths import checked_app_dir
    from tacocat.storage.records import list_records, read_record

    checked_app_dir()  # else one sentence for what stops a look at it (tacocat.cli)
    records, _ = list_records()
    if not records:
        raise click.ClickException(
            "no games recorded yet: play one with `tacocat play`, then replay it here"
        )
    found = listed_game(game, records)
    if isinstance(found, str):
        raise click.BadParameter(found, param_hint="GAME")
    path = found[1].path
    assert path is not None  # list_records reads records from files
    return read_record(path)


def listed_game(game: str, records: list[GameRecord]) -> tuple[int, GameRecord] | str:
    """(number, record) of the game ``game`` names among ``records``, or why there is none."""
    from tacocat.engine.words import plural
    from tacocat.sanitize import visible
    from tacocat.storage.records import games_with_id

    listed = plural(len(records), "game")
    if DIGITS.fullmatch(game):
        number = int(game) if len(game) < TOO_MANY_DIGITS else 0
        if not 1 <= number <= len(records):
            asked = game if len(game) < TOO_MANY_DIGITS else "of that number"
            return f"there is no game {asked}: `tacocat history` lists {listed} (1 is the newest)"
        return number, records[number - 1]
    found = games_with_id(game, records)
    if len(found) == 1:
        return found[0]
    asked = visible(game[:24])
    if not found:
        return f"no game has the id {asked}: `tacocat history` lists {listed}, with their ids"
    numbers = " and ".join(str(number) for number, _ in found)
    whole = ", ".join(record.info.game_id for _, record in found)
    return f"the id {asked} names games {numbers}: name one by its number or whole id ({whole})"


def present(path: Path) -> bool:
    """Whether ``path`` is there; True where the system will not say (reading it will)."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:  # a folder that cannot be entered, a name too long
        return True


def outcome(record: GameRecord) -> str:
    """'Ann won', 'draw' or 'in progress'."""
    won = record.finished and record.winner is not None
    return f"{record.result()} won" if won else record.result()


def unplayable(error: Exception) -> click.ClickException:
    """A record the engine refuses to re-play, as the command's error."""
    return click.ClickException(
        f"this record cannot be re-played ({error}): it does not describe a game "
        "this version of tacocat can play"
    )
