"""Where tacocat keeps its files: one app directory per user.

The directory is click's per-platform choice (``~/.config/tacocat`` on Linux,
``~/Library/Application Support/tacocat`` on macOS, ``%APPDATA%\\tacocat`` on
Windows), unless the environment variable ``TACOCAT_HOME`` names another one.
It is worked out here as ``click.get_app_dir`` does, without importing click:
``tacocat play`` takes its lock in it before click is loaded
(:mod:`tacocat.launch`).

Tests always set ``TACOCAT_HOME`` to a temporary directory so they never touch
the real saves of the person running them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HOME_VARIABLE = "TACOCAT_HOME"
SAVE_NAME = "save.json"
RECORDS_NAME = "games"


def app_dir() -> Path:
    """The app directory (not created here: only writing creates it)."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    return Path(default_app_dir())


def default_app_dir() -> str:
    """``click.get_app_dir("tacocat")``: the platform's folder for the app's files."""
    if sys.platform.startswith("win"):
        folder = os.environ.get("APPDATA")
        return os.path.join(os.path.expanduser("~") if folder is None else folder, "tacocat")
    if sys.platform == "darwin":
        return os.path.join(os.path.expanduser("~/Library/Application Support"), "tacocat")
    config = os.environ.get("XDG_CONFIG_HOME", os.path.expanduser("~/.config"))
    return os.path.join(config, "tacocat")


def save_path() -> Path:
    """The autosave of the game in progress."""
    return app_dir() / SAVE_NAME


def records_dir() -> Path:
    """The folder of game records, one ``.jsonl`` file per game."""
    return app_dir() / RECORDS_NAME
