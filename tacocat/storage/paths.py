"""Where tacocat keeps its files: one app directory per user.

The directory is ``click.get_app_dir("tacocat")``, the platform's choice
(``~/.config/tacocat`` on Linux, ``~/Library/Application Support/tacocat`` on
macOS, ``%APPDATA%\\tacocat`` on Windows), unless the environment variable
``TACOCAT_HOME`` names another one.

Tests always set ``TACOCAT_HOME`` to a temporary directory so they never touch
the real saves of the person running them.

A directory that cannot be used is one sentence, :class:`AppDirError`, and
every command says it as its error: ``TACOCAT_HOME`` naming the home of a
user the system does not know (``~nosuchuser/x``), a directory the system
refuses to look into (a parent that cannot be entered, a name too long),
or a file where the directory should be.  :func:`checked_app_dir` finds
these before a command touches anything in the directory.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import click

from tacocat.sanitize import visible

HOME_VARIABLE = "TACOCAT_HOME"
SAVE_NAME = "save.json"
RECORDS_NAME = "games"


class AppDirError(Exception):
    """The app directory cannot be worked out or used; the message says why, in a sentence."""


def app_dir() -> Path:
    """The app directory (not created here: only writing creates it).

    Raises :class:`AppDirError` if ``TACOCAT_HOME`` starts with ``~user``
    for a user the system does not know (or ``~`` without a home).
    """
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
    """The app directory, once the system lets tacocat look into it.

    It need not exist yet (the first save creates it); anything else that
    stops a look at it raises :class:`AppDirError`.
    """
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


def unusable(folder: Path, error: OSError) -> AppDirError:
    """The sentence for a folder of tacocat's that the system refuses (``error`` says how)."""
    reason = error.strerror or type(error).__name__
    return AppDirError(
        f"tacocat cannot use its folder {visible(str(folder))} ({reason}): "
        f"set {HOME_VARIABLE} to a folder you can write to"
    )


def save_path() -> Path:
    """The autosave of the game in progress."""
    return app_dir() / SAVE_NAME


def records_dir() -> Path:
    """The folder of game records, one ``.jsonl`` file per game."""
    return app_dir() / RECORDS_NAME
