"""What signals do to a game: end it once and cleanly, never in the middle of a move.

How, and why: docs/security.md.  Off the main thread nothing is installed.
"""

from __future__ import annotations

import errno
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from typing import TYPE_CHECKING

from tacocat.ui.term.keys import get_modes, set_modes

if TYPE_CHECKING:
    from types import FrameType
    from typing import Any

# Signals that end the game; those missing on this platform are left out.
LEAVE_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")  # SIGQUIT would dump core, screen on
    if hasattr(signal, name)
)
SUSPEND_SIGNAL: int | None = getattr(signal, "SIGTSTP", None)

ERASE_SCROLLBACK = "\x1b[3J"
CLEAR_HOME = "\x1b[2J\x1b[H"
ENTER_ALT = "\x1b[?1049h"
LEAVE_ALT = "\x1b[?1049l"
HOME = "\x1b[H"
SUSPENDED_NOTE = "tacocat is suspended: type fg to go back to the game.\n"
# What a terminal that went away answers a read or a write with.
GONE = (errno.EIO, errno.EBADF, errno.ENXIO)


class RestoredOnExit(AbstractContextManager["RestoredOnExit"]):
    """``with`` support for every Io: the terminal is given back however the block ends."""

    def restore(self) -> None: ...

    def __exit__(self, *error: object) -> None:
        self.restore()


class Stopped(Exception):
    """The process was told to stop (SIGTERM, SIGQUIT) or its terminal went away (SIGHUP)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def goodbye(error: Stopped | KeyboardInterrupt | EOFError) -> tuple[str, int]:
    """The line said and the exit code when the players leave by ``error``."""
    if isinstance(error, Stopped):
        return f"Game stopped ({signal.Signals(error.signum).name}).", 128 + error.signum
    if isinstance(error, KeyboardInterrupt):
        return "Game interrupted (Ctrl-C). Goodbye!", 130
    return "Input closed (Ctrl-D): game ended. Goodbye!", 0


@contextmanager
def hangup_if_gone() -> Iterator[None]:
    """The errors of a terminal gone away (EIO before the SIGHUP) as :class:`Stopped`."""
    try:
        yield
    except OSError as error:
        if error.errno in GONE:
            raise Stopped(signal.SIGHUP) from None
        raise


def leave_error(signum: int) -> BaseException:
    if signum == signal.SIGINT:
        return KeyboardInterrupt()
    return Stopped(signum)


class SignalGuard:
    def __init__(self, suspend: Callable[[], None] | None = None) -> None:
        self.suspend = suspend
        self.leaving = False  # the game is on its way out: further signals are ignored
        self.holding = 0  # >0 while a move is applied and saved
        self.pending: int | None = None  # a leave signal that came while holding
        # While a line editor reads: hands it the error, which ends the read with it
        # (raised inside its event loop, the error could be caught there and lost).
        self.deliver: Callable[[BaseException], None] | None = None
        self._previous: dict[int, Any] = {}

    def install(self) -> None:
        self.leaving, self.pending = False, None
        wanted: dict[int, Callable[[int, FrameType | None], None]] = {
            signum: self._leave for signum in LEAVE_SIGNALS
        }
        if self.suspend is not None and SUSPEND_SIGNAL is not None:
            wanted[SUSPEND_SIGNAL] = self._suspend
        for signum, handler in wanted.items():
            try:
                self._previous[signum] = signal.signal(signum, handler)
            except ValueError:  # not the main thread: keep the defaults
                return

    def release(self) -> None:
        previous, self._previous = self._previous, {}
        for signum, handler in previous.items():
            signal.signal(signum, handler)

    @contextmanager
    def held(self) -> Iterator[None]:
        """Note leave signals inside the block and act on them when it ends."""
        self.holding += 1
        try:
            yield
        finally:
            self.holding -= 1
            # A signal after this line raises by itself (holding is 0 again);
            # one before it was noted in pending: none is lost.
            pending, self.pending = self.pending, None
            if pending is not None and not self.holding and not self.leaving:
                self.leaving = True
                raise leave_error(pending)

    def _leave(self, signum: int, frame: FrameType | None) -> None:
        if self.leaving:
            return
        if self.holding:
            self.pending = self.pending or signum
            return
        self.leaving = True
        error = leave_error(signum)
        if self.deliver is None:
            raise error
        self.deliver(error)

    def _suspend(self, signum: int, frame: FrameType | None) -> None:
        if self.leaving or self.suspend is None:
            return
        with self.held():  # a SIGHUP while stopped is acted on after the resume's redraw
            self.suspend()


def suspend_here(fd: int | None, in_alt: bool, modes: list[Any] | None) -> None:
    """Ctrl-Z: wipe the terminal ``fd``, give back its ``modes``, stop; on ``fg``, take it again.

    Written with ``os.write``: the handler may run inside a write to the buffered stream.
    """
    if SUSPEND_SIGNAL is None:
        return
    wipe = CLEAR_HOME + ERASE_SCROLLBACK
    modes_now = get_modes()
    if fd is not None:
        with suppress(OSError):
            leave = wipe + LEAVE_ALT + wipe if in_alt else wipe
            os.write(fd, (leave + SUSPENDED_NOTE).encode())
    if modes is not None:
        set_modes(modes, flush=True)
    handler = signal.signal(SUSPEND_SIGNAL, signal.SIG_DFL)
    os.kill(os.getpid(), SUSPEND_SIGNAL)  # stops here until fg (SIGCONT)
    signal.signal(SUSPEND_SIGNAL, handler)
    if modes_now is not None:
        set_modes(modes_now)
    if in_alt and fd is not None:
        with suppress(OSError):
            os.write(fd, (ENTER_ALT + wipe).encode())
