"""Where tacocat keeps its files: ``click.get_app_dir("tacocat")``, or ``TACOCAT_HOME``.

A directory that cannot be used is one sentence, :class:`AppDirError`, said as the command's error.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import click

from tacocat.sanitize import visible

HOME_VARIABLE = "TACOCAT_HOME"


class AppDirError(click.ClickException):
    """The app directory cannot be used; click says the sentence as the command's error."""


def app_dir() -> Path:
    """The app directory (only writing creates it); AppDirError for an unknown ``~user``."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        try:
            return Path(override).expanduser()
        except RuntimeError:  # "Could not determine home directory."
            user = override.replace(os.sep, "/").split("/")[0]  # "~" or "~name"
            raise AppDirError(
                f"{HOME_VARIABLE} is {visible(override)}, but the home directory of "
                f"{visible(user)} cannot be found: set {HOME_VARIABLE} to a folder's full path"
            ) from None
    return Path(click.get_app_dir("tacocat"))


def checked_app_dir() -> Path:
    """The app directory, which need not exist yet; AppDirError if it cannot be looked into."""
    folder = app_dir()
    try:
        mode = folder.stat().st_mode
    except FileNotFoundError:
        return folder
    except OSError as error:
        raise unusable(folder, error) from None
    if not stat.S_ISDIR(mode):
        raise unusable(folder, NotADirectoryError(0, "it is not a folder"))
    return folder


def reason(error: OSError) -> str:
    """Why the system refused, in words: 'No space left on device'."""
    return error.strerror or type(error).__name__


def unusable(folder: Path, error: OSError) -> AppDirError:
    """The sentence for a folder of tacocat's that the system refuses (``error`` says how)."""
    return AppDirError(
        f"tacocat cannot use its folder {visible(str(folder))} ({reason(error)}): "
        f"set {HOME_VARIABLE} to a folder you can write to"
    )


def save_path() -> Path:
    return app_dir() / "save.json"


def records_dir() -> Path:
    return app_dir() / "games"
