"""Atomic writes (a temporary file in the same folder, fsync, ``os.replace``) and appends.

A killed writer leaves at worst a stray ``.tmp`` file, which may be a full
copy of a save (both hands): :func:`remove_stray_temp_files` deletes them.
A record grows by :func:`append_durably`; readers ignore a last line
without its newline, and the next append cuts it off first.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def atomic_write_text(path: Path, text: str, durable: bool = True) -> None:
    """Replace ``path`` with ``text`` atomically; ``durable=False`` skips the fsyncs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as temp:
            temp.write(text)
            temp.flush()
            if durable:
                os.fsync(temp.fileno())
        os.replace(temp_name, path)
    except BaseException:
        # Whatever stopped us (a full disk, Ctrl-C), the old file is untouched;
        # only the half-written temporary file needs to go.
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    if durable:
        _sync_directory(path.parent)


def append_durably(path: Path, text: str, keep: int) -> int:
    """Append whole lines to ``path`` after its first ``keep`` bytes (a torn line is cut off).

    Returns the new size; FileNotFoundError if the file is gone.
    """
    data = text.encode("utf-8")
    # O_NONBLOCK: a FIFO put in the file's place fails at once instead of hanging.
    flags = os.O_WRONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(path, flags | getattr(os, "O_BINARY", 0))
    try:
        found = os.fstat(descriptor)
        if not stat.S_ISREG(found.st_mode):
            raise OSError(errno.EINVAL, "it is not a regular file")
        if found.st_size != keep:
            os.ftruncate(descriptor, keep)
        os.lseek(descriptor, keep, os.SEEK_SET)
        view = memoryview(data)
        while view:  # a short write (a full disk) raises on the next try
            view = view[os.write(descriptor, view) :]
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
    return keep + len(data)


def _sync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; some file systems refuse)."""
    if os.name != "posix":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def remove_stray_temp_files(folder: Path, name_glob: str, older_than: float = 0.0) -> int:
    """Delete a killed writer's temporary files for ``name_glob`` older than ``older_than`` s."""
    removed = 0
    deadline = time.time() - older_than
    for stray in folder.glob(f".{name_glob}.*{TEMP_SUFFIX}"):  # atomic_write_text's names
        with contextlib.suppress(OSError):
            if stray.is_file() and not stray.is_symlink() and stray.stat().st_mtime <= deadline:
                stray.unlink()
                removed += 1
    return removed
