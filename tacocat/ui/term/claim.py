"""What ``tacocat play`` and ``learn`` claim before the first screen: a fit terminal, the lock."""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from typing import IO, TYPE_CHECKING

from tacocat.ui.term.keys import isatty

if TYPE_CHECKING:
    from tacocat.storage.lock import GameLock

MIN_WIDTH = 80
MIN_HEIGHT = 24
# Lines of text need no screen to clear: the way to play where a game cannot be drawn.
PLAIN_HINT = "Against the computer you can play in plain lines: tacocat play --plain --vs-computer."


def terminal_problem(
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    environ: dict[str, str] | None = None,
) -> str | None:
    """Why hot seat cannot be played here (no terminal on both ends, TERM=dumb), or None."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    environ = dict(os.environ) if environ is None else environ
    if not (isatty(stdin) and isatty(stdout)):
        return (
            "tacocat play needs a terminal on standard input and output: hands are "
            "secret, and only a terminal can be cleared between players."
        )
    if environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return (
            "this terminal (TERM=dumb) cannot clear its screen, so hands could not "
            "be hidden between players; run tacocat play in a full terminal."
        )
    return None


def size_problem(width: int, height: int) -> str | None:
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        return (
            f"The terminal is {width}x{height}; tacocat needs at least "
            f"{MIN_WIDTH}x{MIN_HEIGHT}. Please make the window larger."
        )
    return None


def terminal_size(stream: IO[str] | None = None) -> tuple[int, int]:
    """The real size of the terminal ``stream`` writes to (not exported COLUMNS and LINES)."""
    stream = stream or sys.stdout
    if isatty(stream):
        with suppress(OSError, ValueError):
            size = os.get_terminal_size(stream.fileno())
            return size.columns, size.lines
    import shutil  # not a terminal: the environment's size, or 80x24

    fallback = shutil.get_terminal_size()
    return fallback.columns, fallback.lines


def claim_terminal() -> GameLock | str:
    """The one-game lock once the terminal is fit (then the app directory); else why not."""
    problem = terminal_problem() or size_problem(*terminal_size())
    if problem is not None:
        return f"{problem} {PLAIN_HINT}"
    return claim_lock()


def claim_lock() -> GameLock | str:
    """The one-game lock once the app directory can be looked into; else why not."""
    from tacocat.storage.lock import GameRunning, acquire_game_lock
    from tacocat.storage.paths import AppDirError, checked_app_dir

    try:
        checked_app_dir()
        return acquire_game_lock()
    except (AppDirError, GameRunning) as error:  # or a lock file that cannot be opened
        return str(error)
