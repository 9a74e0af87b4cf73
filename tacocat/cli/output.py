"""Standard output that cannot crash a command: any encoding, any destination.

An encoding that lacks a character shows it another way (:func:`prepare_stdout`);
an output that refuses bytes (``>/dev/full``) or is closed (``>&-``) ends the
command with one line on stderr, status 1 (:func:`guarded_output`).  An
``OSError`` naming a file is another problem, said by the command.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from typing import NoReturn

import click

from tacocat.sanitize import show_unencodable


def echo(text: str = "") -> None:
    """``click.echo`` onto stdout as it is (click alone writes UTF-8 to an ASCII output)."""
    click.echo(text, file=sys.stdout)


def say(text: str, err: bool = False) -> None:
    """A message broken between words to fit a terminal; whole lines when piped."""
    stream = sys.stderr if err else sys.stdout
    width = None
    with contextlib.suppress(AttributeError, OSError, ValueError):
        if stream.isatty():
            width = os.get_terminal_size(stream.fileno()).columns
    click.echo(text if width is None else fit(text, width), err=err)


def say_last(text: str) -> None:
    """:func:`say` a command's last line to a terminal that may be gone (then dropped)."""
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
    return show_unencodable(sys.stdout)


@contextlib.contextmanager
def guarded_output() -> Iterator[None]:
    """Run a command's printing; an output that cannot be written ends it cleanly.

    Flushed on the way out, so a full disk is found here, not by Python at exit.
    """
    if sys.stdout is None:  # started with standard output closed (>&-)
        _refuse("standard output is closed")
    try:
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


def _refuse(reason: str) -> NoReturn:
    click.echo(f"Error: the output could not be written ({reason}).", err=True)
    raise SystemExit(1) from None


def _discard_stdout() -> None:
    """Point stdout at the null device, so the flush at exit has nowhere to fail."""
    with contextlib.suppress(AttributeError, OSError, ValueError, io.UnsupportedOperation):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
