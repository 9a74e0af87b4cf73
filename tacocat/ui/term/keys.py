"""The keyboard side of the terminal: its modes, reading a line, dropping typed keys.

Standard library only: the name screen reads through it before rich is imported.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import IO, Any

# What the terminal's calls raise once it is gone (closed, hung up): termios.error
# is no OSError, a closed stream raises ValueError, and Windows has no termios.
TERMINAL_ERRORS: tuple[type[Exception], ...] = (ImportError, OSError, ValueError)
with suppress(ImportError):
    import termios as _termios

    TERMINAL_ERRORS += (_termios.error,)


def drop_typeahead(stream: IO[str] | None = None) -> int:
    """Drop keys typed ahead on the terminal ``stream`` reads from; how many were dropped.

    POSIX terminals flush their input queue (termios); the Windows console
    has no termios, so its pending keys are read and thrown away (msvcrt).
    The count (in bytes, signal keys left out) lets the prompt say so.
    """
    stream = stream or sys.stdin
    if not isatty(stream):
        return 0  # no terminal: nothing typed ahead to drop
    if sys.platform == "win32":
        import msvcrt

        count = 0
        while msvcrt.kbhit():
            msvcrt.getwch()
            count += 1
        return count
    try:
        import termios

        fd = stream.fileno()
        typed = _waiting(fd)
        termios.tcflush(fd, termios.TCIFLUSH)
    except TERMINAL_ERRORS:
        return 0
    act_on_signal_keys(typed)
    return typed_keys(typed)


# Said where the next prompt appears when keys typed too early were dropped, so a
# player who pressed Enter during a hand-over's first second knows it did nothing.
TOO_SOON = "Too soon: key ignored."
TOO_SOON_MANY = "Too soon: keys ignored."


def typed_keys(dropped: bytes) -> int:
    """How many of the ``dropped`` bytes were keys a player typed (signal keys act instead)."""
    return sum(1 for byte in dropped if bytes((byte,)) not in SIGNAL_BYTES)


def too_soon(count: int) -> str | None:
    """The note for ``count`` dropped keys (None: nothing dropped)."""
    if count <= 0:
        return None
    return TOO_SOON if count == 1 else TOO_SOON_MANY


# The keys a terminal turns into signals, when they reach the game as bytes: typed
# while line editing had the terminal raw, then left in its queue.
SIGNAL_BYTES = {b"\x03": "SIGINT", b"\x1c": "SIGQUIT", b"\x1a": "SIGTSTP"}


def act_on_signal_keys(dropped: bytes) -> None:
    """Raise the signal of the first signal key among keys about to be dropped.

    Ctrl-C typed right after Enter may reach the terminal while line editing
    still holds it raw: it waits as a byte instead of a signal, and must not
    vanish with the keys a hand-over drops.
    """
    import signal

    for key, name in SIGNAL_BYTES.items():
        if key in dropped and hasattr(signal, name):
            signal.raise_signal(getattr(signal, name))
            return


def _waiting(fd: int) -> bytes:
    """The bytes readable on the terminal ``fd`` now, without waiting (b'' if none)."""
    import select

    data = b""
    if not os.isatty(fd):
        return data
    while select.select([fd], [], [], 0)[0]:
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        data += chunk
    return data


def isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def fileno(stream: IO[str]) -> int | None:
    try:
        return stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None  # a StringIO in tests


def get_modes() -> list[Any] | None:
    """The terminal modes of standard input (POSIX), to put back later."""
    if not isatty(sys.stdin):
        return None
    try:
        import termios

        return termios.tcgetattr(sys.stdin.fileno())
    except TERMINAL_ERRORS:
        return None


def game_modes(modes: list[Any], edited: bool = False) -> list[Any]:
    """``modes`` as the game wants them while it owns the terminal.

    - No flow control: Ctrl-S and Ctrl-Q are plain keys, not the terminal's
      output stop and start.  A screen frozen by Ctrl-S (pressed out of
      habit, to save) would keep showing a hand after its owner moved,
      while the game went on to the hand-over behind it.
    - No flush on Ctrl-C, Ctrl-Z or Ctrl-\\ (NOFLSH): the terminal would
      drop the keys typed just before, and line editing may be inside a
      read of one of them, where it would wait for the next key with the
      signal's handler held back (the game would neither suspend nor
      end).  The game drops typed-ahead keys itself when it stops or
      suspends (:func:`set_modes` with ``flush``).
    - ``edited`` (lines are read with prompt_toolkit, which reads keys raw):
      no line mode and no echo between prompts either.  A key typed while
      the game is busy waits, unshown, as typed: in line mode the terminal
      would echo it over the screen, and keep a Ctrl-D as a NUL byte.
    """
    import termios

    changed = list(modes)
    changed[0] &= ~termios.IXON
    changed[3] |= termios.NOFLSH
    if edited:
        changed[3] &= ~(termios.ICANON | termios.ECHO)
        changed[6] = list(modes[6])
        changed[6][termios.VMIN] = 1
        changed[6][termios.VTIME] = 0
    return changed


def set_modes(modes: list[Any], flush: bool = False) -> None:
    """Put ``modes`` on standard input; ``flush`` also drops the keys typed and not yet read.

    Keys typed ahead as the game stops or suspends are dropped, as the
    terminal itself drops them on Ctrl-C or Ctrl-Z: none reaches the shell.
    """
    try:
        import termios

        when = termios.TCSAFLUSH if flush else termios.TCSADRAIN
        termios.tcsetattr(sys.stdin.fileno(), when, modes)
    except TERMINAL_ERRORS:
        pass


POLL_SECONDS = 0.2


def read_line(stream: IO[str], woken: Callable[[], bool] = lambda: False) -> str | None:
    """One line from a terminal, waiting in short ``select`` steps.

    A plain blocking read can miss Ctrl-C: if the interrupt lands just
    before the read starts, Python notes it but the read still blocks until
    Enter.  Waiting in short steps returns to Python often, so a pending
    Ctrl-C always ends the game at once.  In the terminal's line mode the
    descriptor turns readable only for a whole line (or Ctrl-D), and the
    kernel still does the line editing.  None means ``woken()`` turned
    true while waiting (the game was suspended and continued): the caller
    redraws and reads again.
    """
    import select

    fd = stream.fileno()
    while not select.select([fd], [], [], POLL_SECONDS)[0]:
        if woken():
            return None
    line = stream.readline()
    if not line:
        raise EOFError
    return line.rstrip("\r\n")


def pollable(stream: IO[str]) -> bool:
    """A POSIX terminal whose descriptor ``select`` can wait on."""
    return os.name == "posix" and isatty(stream)


@contextmanager
def unechoed(stream: IO[str], flush: bool = False) -> Iterator[int | None]:
    """Keys typed on the terminal ``stream`` inside the block are neither shown nor edited.

    They wait, one by one, to be read (the descriptor is yielded; None if it
    is no terminal); ``flush`` drops those left unread at the end.
    """
    import termios

    try:
        fd = stream.fileno()
        modes = termios.tcgetattr(fd)
    except TERMINAL_ERRORS:
        yield None
        return
    quiet = list(modes)
    quiet[3] &= ~(termios.ICANON | termios.ECHO)  # keys one by one, and not shown
    quiet[6] = list(modes[6])
    quiet[6][termios.VMIN] = 0
    quiet[6][termios.VTIME] = 0
    try:
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
        yield fd
    finally:
        with suppress(*TERMINAL_ERRORS):  # a signal's exception goes on, not this one's
            termios.tcsetattr(fd, termios.TCSAFLUSH if flush else termios.TCSANOW, modes)


def discard_keys(stream: IO[str], seconds: float, woken: Callable[[], bool]) -> int:
    """Read and throw away every key typed on the terminal ``stream`` for ``seconds``.

    Keys are read one by one and not echoed; whatever is left is flushed at
    the end.  ``woken()`` turning true (a suspend and ``fg``) ends it early.
    Returns how many keys were thrown away (:func:`typed_keys`).
    """
    import select
    import time

    count = 0
    deadline = time.monotonic() + seconds
    with unechoed(stream, flush=True) as fd:
        while fd is not None and not woken() and (left := deadline - time.monotonic()) > 0:
            if select.select([fd], [], [], min(left, POLL_SECONDS))[0]:
                typed = os.read(fd, 4096)  # a key typed out of habit: dropped
                act_on_signal_keys(typed)
                count += typed_keys(typed)
    return count
