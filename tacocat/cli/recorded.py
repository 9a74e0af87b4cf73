"""The GAME argument of `tacocat replay` and `tacocat analyze`: a recorded game.

A number from `tacocat history` (1, the newest, by default) or the path of
a record file; whatever stops it being read is one sentence, as click's error.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from tacocat.storage.records import GameRecord


def find_record(game: str | None) -> GameRecord:
    """The record GAME names: a number from `tacocat history` (default 1) or a file."""
    from tacocat.engine.words import plural
    from tacocat.sanitize import visible
    from tacocat.storage.paths import checked_app_dir
    from tacocat.storage.records import RecordError, list_records, read_record

    try:
        # ASCII digits only: '²' passes str.isdigit() but int() refuses it.
        if game is not None and not re.fullmatch(r"[0-9]+", game):
            path = Path(game)
            if not present(path):
                raise click.BadParameter(f"no such record file: {visible(game)}", param_hint="GAME")
            return read_record(path)  # refuses anything but a regular file
        checked_app_dir()  # else one sentence for what stops a look at it (tacocat.cli)
        records, _ = list_records()
        if not records:
            raise click.ClickException(
                "no games recorded yet: play one with `tacocat play`, then replay it here"
            )
        # A number of thousands of digits is out of range, not an int() error.
        number = int(game) if game is not None and len(game) < 10 else 1 if game is None else 0
        if not 1 <= number <= len(records):
            listed = plural(len(records), "game")
            asked = game if game is not None and len(game) < 20 else "of that number"
            raise click.BadParameter(
                f"there is no game {asked}: `tacocat history` lists {listed} (1 is the newest)",
                param_hint="GAME",
            )
        listed_path = records[number - 1].path
        assert listed_path is not None  # list_records reads records from files
        return read_record(listed_path)
    except RecordError as error:
        raise click.ClickException(str(error)) from None


def present(path: Path) -> bool:
    """Whether ``path`` is there; True where the system will not say (reading it will say why)."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:  # a folder that cannot be entered, a name too long
        return True
