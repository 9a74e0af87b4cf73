"""Where tacocat keeps its files: one app directory per user.

The directory is click's per-platform choice (``~/.config/tacocat`` on Linux,
``~/Library/Application Support/tacocat`` on macOS, ``%APPDATA%\\tacocat`` on
Windows), unless the environment variable ``TACOCAT_HOME`` names another one.
Tests always set ``TACOCAT_HOME`` to a temporary directory so they never touch
the real saves of the person running them.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

HOME_VARIABLE = "TACOCAT_HOME"
SAVE_NAME = "save.json"
RECORDS_NAME = "games"


def app_dir() -> Path:
    """The app directory (not created here: only writing creates it)."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    return Path(click.get_app_dir("tacocat"))


def save_path() -> Path:
    """The autosave of the game in progress."""
    return app_dir() / SAVE_NAME


def records_dir() -> Path:
    """The folder of game records, one ``.jsonl`` file per game."""
    return app_dir() / RECORDS_NAME
