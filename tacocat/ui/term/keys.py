"""The keyboard side of the terminal: its modes, reading a line, dropping typed keys (stdlib)."""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO, Any

# What the terminal's calls raise once it is gone (closed, hung up): termios.error
# is no OSError, a closed stream raises ValueError, and Windows has no termios.
TERMINAL_ERRORS: tuple[type[Exception], ...] = (ImportError, OSError, ValueError)
with suppress(ImportError):
    import termios as _termios

    TERMINAL_ERRORS += (_termios.error,)


def drop_typeahead(stream: IO[str]) -> int:
    """Drop keys typed ahead on the terminal ``stream`` reads from; how many (signal keys act)."""
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
    return dropped_keys(typed)


def too_soon(count: int) -> str | None:
    """Said before the next prompt once ``count`` keys typed too early were dropped."""
    return None if count <= 0 else f"Too soon: {'key' if count == 1 else 'keys'} ignored."


# The keys a terminal turns into signals, when they reach the game as bytes: typed
# while line editing had the terminal raw, then left in its queue.
SIGNAL_BYTES = {b"\x03": "SIGINT", b"\x1c": "SIGQUIT", b"\x1a": "SIGTSTP"}


def dropped_keys(dropped: bytes) -> int:
    """How many keys ``dropped`` holds, once the signal of its first signal key is raised.

    Ctrl-C typed while line editing held the terminal raw must not vanish with them.
    """
    import signal

    for key, name in SIGNAL_BYTES.items():
        if key in dropped and hasattr(signal, name):
            signal.raise_signal(getattr(signal, name))
            break
    return sum(1 for byte in dropped if bytes((byte,)) not in SIGNAL_BYTES)


def _waiting(fd: int) -> bytes:
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
    if isatty(sys.stdin):
        with suppress(*TERMINAL_ERRORS):
            import termios

            return termios.tcgetattr(sys.stdin.fileno())
    return None


def game_modes(modes: list[Any], edited: bool = False) -> list[Any]:
    """``modes`` as the game wants them (docs/security.md): no flow control, no flush on signals.

    ``edited`` (prompt_toolkit reads keys raw): no line mode and no echo
    between prompts either, so a key typed while the game is busy waits unshown.
    """
    import termios

    changed = _key_by_key(modes, wait=1) if edited else list(modes)
    changed[0] &= ~termios.IXON
    changed[3] |= termios.NOFLSH
    return changed


def _key_by_key(modes: list[Any], wait: int) -> list[Any]:
    """``modes`` without line mode and echo: keys one by one (``wait``: VMIN), not shown."""
    import termios

    changed = list(modes)
    changed[3] &= ~(termios.ICANON | termios.ECHO)
    changed[6] = list(modes[6])
    changed[6][termios.VMIN] = wait
    changed[6][termios.VTIME] = 0
    return changed


def set_modes(modes: list[Any], flush: bool = False) -> None:
    """Put ``modes`` on standard input; ``flush`` also drops the keys not yet read."""
    with suppress(*TERMINAL_ERRORS):
        import termios

        when = termios.TCSAFLUSH if flush else termios.TCSADRAIN
        termios.tcsetattr(sys.stdin.fileno(), when, modes)


POLL_SECONDS = 0.2


def read_line(stream: IO[str], woken: Callable[[], bool] = lambda: False) -> str | None:
    """One line; from a POSIX terminal, waited for in short ``select`` steps (None if ``woken()``).

    A blocking read could miss a Ctrl-C that lands just before it starts.
    """
    import select

    while pollable(stream) and not select.select([stream.fileno()], [], [], POLL_SECONDS)[0]:
        if woken():
            return None
    line = stream.readline()
    if not line:
        raise EOFError
    return line.rstrip("\r\n")


def pollable(stream: IO[str]) -> bool:
    return os.name == "posix" and isatty(stream)


def discard_keys(stream: IO[str], seconds: float, woken: Callable[[], bool]) -> int:
    """Read and throw away every key typed for ``seconds`` (a suspend ends it early); how many.

    Meanwhile keys wait unshown and unedited; what is left is flushed at the end.
    """
    import select
    import termios
    import time

    count = 0
    deadline = time.monotonic() + seconds
    try:
        fd = stream.fileno()
        modes = termios.tcgetattr(fd)
    except TERMINAL_ERRORS:
        return count
    try:
        termios.tcsetattr(fd, termios.TCSANOW, _key_by_key(modes, wait=0))
        while not woken() and (left := deadline - time.monotonic()) > 0:
            if select.select([fd], [], [], min(left, POLL_SECONDS))[0]:
                count += dropped_keys(os.read(fd, 4096))  # keys typed out of habit
    finally:
        with suppress(*TERMINAL_ERRORS):  # a signal's exception goes on, not this one's
            termios.tcsetattr(fd, termios.TCSAFLUSH, modes)
    return count
