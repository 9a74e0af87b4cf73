"""Standard output that cannot crash a command: any encoding, any destination.

Two things used to end ``history`` and ``replay`` with a traceback:

- an output encoding that lacks a character (``tacocat replay > file`` on
  Windows writes cp1252, which has no box-drawing characters and may lack a
  letter of a name): :func:`prepare_stdout` makes the stream replace what it
  cannot encode, and tells the caller to draw with ASCII;
- an output that refuses the bytes (``>/dev/full``, a closed pipe):
  :func:`guarded_output` ends the command with one line on stderr and
  exit status 1, and makes sure Python does not fail again flushing the
  same stream at exit.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator

import click


def prepare_stdout() -> bool:
    """Make stdout replace characters it cannot encode; True if it takes all of Unicode."""
    encoding = (getattr(sys.stdout, "encoding", None) or "ascii").lower().replace("-", "")
    if encoding.startswith(("utf", "cp65001")):
        return True
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, io.UnsupportedOperation):
            reconfigure(errors="replace")
    return False


@contextlib.contextmanager
def guarded_output() -> Iterator[None]:
    """Run a command's printing; an output that cannot be written ends it cleanly."""
    try:
        yield
        sys.stdout.flush()
    except OSError as error:  # ENOSPC, EPIPE, EIO: nothing more can be shown there
        _discard_stdout()
        reason = error.strerror or type(error).__name__
        click.echo(f"Error: the output could not be written ({reason}).", err=True)
        raise SystemExit(1) from None


def _discard_stdout() -> None:
    """Point stdout at the null device, so the flush at exit has nowhere to fail."""
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
