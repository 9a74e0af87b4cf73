"""Atomic file writes: a reader sees the old file or the new one, never half of one.

The new text goes to a temporary file in the *same* directory (``os.replace``
is atomic only within one file system), is flushed and ``fsync``-ed so the
bytes are on disk before the rename makes them visible, and then replaces
the old file in one step.  Syncing the directory afterwards makes the rename
itself survive a power cut on POSIX systems.  A crash at any moment leaves
either the previous file intact or the new one complete, plus at worst a
stray ``.tmp`` file that nothing reads.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def atomic_write_text(path: Path, text: str, durable: bool = True) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically, creating its folder if needed.

    ``durable=False`` skips the fsyncs: the write is still all-or-nothing for
    any crash of the program, but a power cut may lose it.  That suits a
    file that can be rebuilt (an unfinished game's record) and saves two
    disk flushes per move.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
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
