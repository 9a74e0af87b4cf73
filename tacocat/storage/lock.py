"""One game at a time per app directory: a lock held while `tacocat play` runs.

Every game autosaves to the same ``save.json``.  Two games started in two
terminals would each overwrite the other's save after every move, and the
one that lost its save could not be resumed.  So ``tacocat play`` holds an
exclusive lock on ``play.lock`` beside the save for as long as it runs, and
a second ``tacocat play`` is refused with a clear message instead.

The lock is an ``flock`` on an open file: the operating system releases it
when the process ends, however it ends (``kill -9`` included), so a crashed
game never leaves a stale lock behind.  Where ``fcntl`` does not exist
(Windows), there is no lock and the old behaviour stays.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import IO

from tacocat.storage.paths import app_dir

LOCK_NAME = "play.lock"

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class GameRunning(Exception):
    """Another ``tacocat play`` holds the lock on this app directory."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            "another tacocat game is running, in another terminal: finish or quit "
            "that one first (both would save to the same file)"
        )
        self.path = path


class GameLock:
    """The held lock; :meth:`release` it, or let the process end."""

    def __init__(self, path: Path, handle: IO[str] | None) -> None:
        self.path = path
        self._handle = handle

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing the file drops the flock
            self._handle = None


def lock_path() -> Path:
    return app_dir() / LOCK_NAME


def acquire_game_lock(path: Path | None = None) -> GameLock:
    """Take the one-game lock, or raise :class:`GameRunning` if another game has it.

    Never waits: a second game should hear about the first at once.  If the
    lock file cannot be created at all (a read-only home, say), the game
    runs without it; saving will report its own problem.
    """
    path = path or lock_path()
    if fcntl is None:
        return GameLock(path, None)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a", encoding="utf-8")
    except OSError:
        return GameLock(path, None)
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise GameRunning(path) from None
    except OSError:
        # A file system without locks (some network mounts): play unlocked.
        with contextlib.suppress(OSError):
            handle.close()
        return GameLock(path, None)
    return GameLock(path, handle)
