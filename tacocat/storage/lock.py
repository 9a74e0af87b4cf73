"""One game at a time per app directory: a lock held while `tacocat play` runs.

Every game autosaves to the same ``save.json``.  Two games started in two
terminals would each overwrite the other's save after every move, and the
one that lost its save could not be resumed.  So ``tacocat play`` holds an
exclusive lock on ``play.lock`` beside the save for as long as it runs, and
a second ``tacocat play`` is refused with a clear message instead.

The lock belongs to an open file: the operating system releases it when the
process ends, however it ends (``kill -9`` included), so a crashed game
never leaves a stale lock behind.  On Linux and macOS it is an ``flock``
(:mod:`fcntl`); on Windows, ``msvcrt.locking`` on the file's first byte.
:func:`_try_lock` is the one place that tells them apart.

A ``play.lock`` that exists but cannot be opened (a directory, a file
without permission) refuses the game: playing unlocked there would let a
second game overwrite the save without a word.  Only where the app
directory cannot be written at all does the game run without the lock;
saving then reports its own problem.
"""

from __future__ import annotations

import contextlib
import errno
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tacocat.storage.paths import app_dir

if TYPE_CHECKING:
    from typing import IO

LOCK_NAME = "play.lock"


class GameRunning(Exception):
    """Another ``tacocat play`` holds the lock on this app directory."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            "another tacocat game is running, in another terminal: finish or quit "
            "that one first (both would save to the same file)"
        )
        self.path = path


class LockUnusable(GameRunning):
    """``play.lock`` exists but cannot be opened: no game can be sure it is alone."""

    def __init__(self, path: Path, reason: str) -> None:
        Exception.__init__(
            self,
            f"the lock file {path} cannot be opened ({reason}): remove it or fix its "
            "permissions, so that two games cannot overwrite each other's save",
        )
        self.path = path


class GameLock:
    """The held lock; :meth:`release` it, or let the process end."""

    def __init__(self, path: Path, handle: IO[bytes] | None) -> None:
        self.path = path
        self._handle = handle

    @property
    def held(self) -> bool:
        return self._handle is not None

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing the file drops the lock
            self._handle = None


def lock_path() -> Path:
    return app_dir() / LOCK_NAME


def acquire_game_lock(path: Path | None = None) -> GameLock:
    """Take the one-game lock, or raise :class:`GameRunning` if another game has it.

    Never waits: a second game should hear about the first at once.  Raises
    :class:`LockUnusable` (a :class:`GameRunning`) if ``play.lock`` exists
    but cannot be opened.  If it cannot be created (a read-only home, say),
    or the file system has no locks, the game runs without it.
    """
    path = path or lock_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a+b")
    except OSError as error:
        if _present(path):
            raise LockUnusable(path, error.strerror or type(error).__name__) from None
        return GameLock(path, None)
    try:
        locked = _try_lock(handle)
    except OSError:
        # A file system without locks (some network mounts): play unlocked.
        with contextlib.suppress(OSError):
            handle.close()
        return GameLock(path, None)
    if not locked:
        handle.close()
        raise GameRunning(path)
    return GameLock(path, handle)


def game_running(path: Path | None = None) -> bool:
    """Whether a ``tacocat play`` holds the lock now (False if that cannot be told).

    Takes the lock for an instant and gives it back, so it never waits.
    """
    try:
        lock = acquire_game_lock(path)
    except GameRunning as error:
        return not isinstance(error, LockUnusable)
    lock.release()
    return False


def _present(path: Path) -> bool:
    """Whether ``path`` exists (a dangling link too); False where it cannot even be looked for.

    A folder the system will not look into (a parent that cannot be
    entered, a name too long) cannot be written either: that game runs
    without the lock, as on a read-only disk, and its saving says why.
    """
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return False


def _try_lock(handle: IO[bytes]) -> bool:
    """Lock ``handle`` without waiting: True if locked, False if another process holds it.

    Raises OSError where the file system cannot lock at all.
    """
    if sys.platform == "win32":
        import msvcrt  # Windows only

        handle.seek(0)  # msvcrt locks bytes from the current position
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError as error:
            # EACCES (or EDEADLOCK) is Windows' "another process holds it".
            if error.errno in (errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)):
                return False
            raise
        return True
    import fcntl  # Linux, macOS and the other POSIX systems

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True
