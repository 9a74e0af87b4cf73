"""Atomic file writes: a reader sees the old file or the new one, never half of one.

The new text goes to a temporary file in the *same* directory (``os.replace``
is atomic only within one file system), is flushed and ``fsync``-ed so the
bytes are on disk before the rename makes them visible, and then replaces
the old file in one step.  Syncing the directory afterwards makes the rename
itself survive a power cut on POSIX systems.  A crash at any moment leaves
either the previous file intact or the new one complete, plus at worst a
stray ``.tmp`` file that nothing reads.  Such a file may be a full copy of a
save (both hands in it), so :func:`remove_stray_temp_files` deletes them
the next time a game starts.

A game's record grows by appending instead (:func:`append_durably`): one
write of whole lines, then ``fsync``.  A kill in the middle of that write
can leave the last line cut short; readers ignore a last line without its
newline, and the next append cuts it off before writing.
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
    """Replace ``path`` with ``text`` (UTF-8) atomically, creating its folder if needed.

    ``durable=False`` skips the fsyncs: the write is still all-or-nothing for
    any crash of the program, but a power cut may lose it.  That suits a
    file that can be rebuilt (an unfinished game's record) and saves two
    disk flushes per move.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(
        dir=path.parent, prefix=temp_prefix(path.name), suffix=TEMP_SUFFIX
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
    """Append ``text`` (whole lines) to the existing file ``path``; returns its new size.

    ``keep`` is how many bytes of the file hold complete lines: anything
    after them (a line a killed or failed write left unfinished) is cut off
    first, so the new lines never join a torn one.  Raises
    ``FileNotFoundError`` if the file is gone and ``OSError`` if the disk
    refuses; the lines are on disk (``fsync``) when this returns.
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
    """Make a rename in ``folder`` durable; a no-op where directories cannot be opened."""
    if os.name != "posix":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems refuse to sync a directory; the rename is still atomic
    finally:
        os.close(descriptor)


def temp_prefix(name: str) -> str:
    """How the temporary files written on the way to ``name`` begin: ``.<name>.``."""
    return f".{name}."


def remove_stray_temp_files(folder: Path, name_glob: str, older_than: float = 0.0) -> int:
    """Delete the temporary files a killed writer left for files ``name_glob`` in ``folder``.

    ``name_glob`` is the final files' name pattern (``save.json``,
    ``*.jsonl``).  ``older_than`` (seconds) spares files another process
    may be writing right now.  Returns how many were removed; a file that
    cannot be removed is left (its writer's next start tries again).
    """
    removed = 0
    deadline = time.time() - older_than
    for stray in folder.glob(temp_prefix(name_glob) + "*" + TEMP_SUFFIX):
        with contextlib.suppress(OSError):
            if stray.is_file() and not stray.is_symlink() and stray.stat().st_mtime <= deadline:
                stray.unlink()
                removed += 1
    return removed
