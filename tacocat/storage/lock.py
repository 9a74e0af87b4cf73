"""One game at a time per app directory (docs/playing.md): a lock on ``play.lock``.

The lock belongs to an open file (``flock``; ``msvcrt.locking`` on Windows),
so the system drops it however the process ends.  Where the folder cannot be
written at all, or has no locks, the game runs unlocked and its saving says why.
"""

from __future__ import annotations

import contextlib
import errno
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tacocat.storage.paths import app_dir, reason

if TYPE_CHECKING:
    from typing import IO


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
    return app_dir() / "play.lock"


def acquire_game_lock(path: Path | None = None) -> GameLock:
    """Take the one-game lock without waiting, or raise :class:`GameRunning`."""
    path = path or lock_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a+b")
    except OSError as error:
        if _present(path):
            raise LockUnusable(path, reason(error)) from None
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


def game_running() -> bool:
    """Whether a ``tacocat play`` holds the lock now (taken for an instant and given back)."""
    try:
        lock = acquire_game_lock()
    except GameRunning as error:
        return not isinstance(error, LockUnusable)
    lock.release()
    return False


def _present(path: Path) -> bool:
    """Whether ``path`` exists (a dangling link too); False where it cannot be looked for."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return False


def _try_lock(handle: IO[bytes]) -> bool:
    """Lock without waiting: False if another process holds it; OSError if locks are unsupported."""
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
