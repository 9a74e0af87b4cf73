"""Standard output that cannot crash a command: any encoding, any destination.

Every command's output goes through here (:meth:`tacocat.cli.LazyGroup.main`).
Three things used to end a command with a traceback:

- an output encoding that lacks a character (``PYTHONIOENCODING=ascii``;
  ``tacocat replay > file`` on Windows writes cp1252, which has no
  box-drawing characters and may lack a letter of a name):
  :func:`prepare_stdout` makes the stream show such a character in a form
  it has (:func:`tacocat.sanitize.show_unencodable`), and tells the caller
  to draw with ASCII;
- an output that refuses the bytes (``>/dev/full``, a broken terminal):
  :func:`guarded_output` ends the command with one line on stderr and
  exit status 1, and makes sure Python does not fail again flushing the
  same stream at exit;
- no output at all (``>&-``: Python then has no ``sys.stdout``): the same
  line, before the command does anything.

Only a failure of the output itself is reported so: an ``OSError`` that
names a file (a record, the app directory) is another problem, and each
command's storage code turns those into their own sentences.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator

import click

from tacocat.sanitize import show_unencodable


class OutputError(Exception):
    """Standard output cannot be written; the message says why."""


def echo(text: str = "") -> None:
    """``click.echo`` onto standard output as it is.

    Left to itself, click writes UTF-8 to an output whose encoding is ASCII
    (``PYTHONIOENCODING=ascii``), bytes that output was not to receive.
    """
    click.echo(text, file=sys.stdout)


def say(text: str, err: bool = False) -> None:
    """A message, broken between words to fit a terminal; whole lines when piped.

    A terminal left to itself cuts a long line wherever its edge falls, in
    the middle of a word ("make the win" / "dow larger").  Piped, each
    message stays one line, for grep and for the tests.
    """
    stream = sys.stderr if err else sys.stdout
    width = None
    with contextlib.suppress(AttributeError, OSError, ValueError):
        if stream.isatty():
            width = os.get_terminal_size(stream.fileno()).columns
    click.echo(text if width is None else fit(text, width), err=err)


def say_last(text: str) -> None:
    """:func:`say` a command's last line to a terminal that may be gone (its window closed).

    Nobody is left to read it then, and saying so would fail the same way:
    the line is dropped, and stdout pointed where the flush at exit cannot fail.
    """
    try:
        say(text)
        sys.stdout.flush()
    except OSError:
        _discard_stdout()


def fit(text: str, width: int) -> str:
    r"""``text`` in lines of at most ``width`` columns, broken only between words.

    >>> fit("Error: the terminal is 79x24; please make the window larger.", 30)
    'Error: the terminal is 79x24;\nplease make the window larger.'
    """
    import textwrap

    return "\n".join(
        "\n".join(
            textwrap.wrap(line, max(width, 20), break_long_words=False, break_on_hyphens=False)
        )
        or line
        for line in text.split("\n")
    )


def prepare_stdout() -> bool:
    """Make stdout show characters it cannot encode; True if it takes all of Unicode."""
    return show_unencodable(sys.stdout)


@contextlib.contextmanager
def guarded_output() -> Iterator[None]:
    """Run a command's printing; an output that cannot be written ends it cleanly.

    The output is flushed on the way out, however the command ended (click
    ends even a successful command with ``SystemExit``), so that a full
    disk is found here and not by Python's flush at exit.
    """
    try:
        if sys.stdout is None:  # started with standard output closed (>&-)
            raise OutputError("standard output is closed")
        try:
            yield
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()
    except OSError as error:
        if error.filename is not None:
            raise  # a named file's problem, not the output's
        _discard_stdout()
        _refuse(error.strerror or type(error).__name__)
    except OutputError as error:
        _refuse(str(error))


def _refuse(reason: str) -> None:
    """One line on stderr, exit status 1: nothing more can be shown on stdout."""
    click.echo(f"Error: the output could not be written ({reason}).", err=True)
    raise SystemExit(1) from None


def _discard_stdout() -> None:
    """Point stdout at the null device, so the flush at exit has nowhere to fail."""
    with contextlib.suppress(AttributeError, OSError, ValueError, io.UnsupportedOperation):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
