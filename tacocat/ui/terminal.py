"""The terminal: alternate screen, clearing that reaches the scrollback, input.

Hot seat hides one player's hand from the other, so clearing must really
clear.  rich's ``Console.clear()`` sends only ESC[2J, which many terminals
(VTE, Windows Terminal, Terminal.app, tmux) push into the scrollback where
the next player could scroll up and read it.  So the game runs inside the
alternate screen (which has no scrollback) and every clear also sends
ESC[3J, "erase the scrollback", in case the alternate screen is unavailable.
"""

from __future__ import annotations

import os
import sys
from types import TracebackType
from typing import IO

from rich.console import Console, RenderableType
from rich.text import Text

ERASE_SCROLLBACK = "\x1b[3J"
MIN_WIDTH = 80
MIN_HEIGHT = 24


def terminal_problem(
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    environ: dict[str, str] | None = None,
) -> str | None:
    """Why hot seat cannot be played here, or None.

    Without a real terminal on both ends, clearing the screen does nothing
    and a secret hand would stay readable: refuse rather than leak.
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    environ = dict(os.environ) if environ is None else environ
    if not (_isatty(stdin) and _isatty(stdout)):
        return (
            "tacocat play needs a terminal on standard input and output: hands are "
            "secret, and only a terminal can be cleared between players."
        )
    if environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return (
            "this terminal (TERM=dumb) cannot clear its screen, so hands could not "
            "be hidden between players; run tacocat play in a full terminal."
        )
    return None


def size_problem(width: int, height: int) -> str | None:
    """A message if the terminal is smaller than the game's 80x24, else None."""
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        return (
            f"The terminal is {width}x{height}; tacocat needs at least "
            f"{MIN_WIDTH}x{MIN_HEIGHT}. Please make the window larger."
        )
    return None


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Terminal:
    """Drawing and reading for the game, as a context manager.

    Inside ``with terminal:`` the game owns the alternate screen; leaving
    (normally or by an exception) restores the player's shell screen.
    """

    def __init__(self, console: Console, alt_screen: bool = True) -> None:
        self.console = console
        self.alt_screen = alt_screen
        self._screen_context: object | None = None

    def __enter__(self) -> Terminal:
        if self.alt_screen and self.console.is_terminal:
            context = self.console.screen(hide_cursor=False)
            context.__enter__()
            self._screen_context = context
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        context = self._screen_context
        self._screen_context = None
        if context is not None:
            self.clear()
            context.__exit__(kind, error, trace)  # type: ignore[attr-defined]

    @property
    def size(self) -> tuple[int, int]:
        width, height = self.console.size
        return width, height

    def clear(self) -> None:
        """Clear the screen and, where the terminal keeps one, its scrollback."""
        console = self.console
        if not console.is_terminal:
            # Not a terminal (only a computer game may run so): separate screens.
            console.print()
            console.rule(characters="-", style="dim")
            return
        console.clear()
        console.file.write(ERASE_SCROLLBACK)
        console.file.flush()

    def show(self, *renderables: RenderableType) -> None:
        """Replace the whole screen with ``renderables``."""
        self.clear()
        for renderable in renderables:
            # Screens are laid out for the whole width (tacocat.ui.screens).
            self.console.print(renderable)

    def flush_input(self) -> None:
        """Drop keys typed ahead, so a stray Enter cannot skip a hand-over."""
        try:
            import termios

            if sys.stdin.isatty():
                termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
        except (ImportError, OSError, ValueError):
            pass  # no termios (Windows) or no terminal: nothing typed ahead to drop

    def ask(self, prompt: str) -> str:
        """Read one line; Ctrl-C and Ctrl-D propagate to the game's single exit path."""
        if not _pollable(sys.stdin):
            # Text, not str: rich would read a player's name in it as markup.
            return self.console.input(Text(prompt))
        self.console.print(prompt, end="", markup=False, highlight=False)
        self.console.file.flush()
        return read_line(sys.stdin)


POLL_SECONDS = 0.2


def read_line(stream: IO[str]) -> str:
    """One line from a terminal, waiting in short ``select`` steps.

    A plain blocking read can miss Ctrl-C: if the interrupt lands just
    before the read starts, Python notes it but the read still blocks until
    Enter.  Waiting in short steps returns to Python often, so a pending
    Ctrl-C always ends the game at once.  In the terminal's line mode the
    descriptor turns readable only for a whole line (or Ctrl-D), and the
    kernel still does the line editing.
    """
    import select

    fd = stream.fileno()
    while not select.select([fd], [], [], POLL_SECONDS)[0]:
        pass
    line = stream.readline()
    if not line:
        raise EOFError
    return line.rstrip("\r\n")


def _pollable(stream: IO[str]) -> bool:
    """A POSIX terminal whose descriptor ``select`` can wait on."""
    return os.name == "posix" and _isatty(stream)
