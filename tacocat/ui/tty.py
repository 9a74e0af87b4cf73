"""The terminal, without rich: alternate screen, clearing that reaches the scrollback, input.

Hot seat hides one player's hand from the other, so clearing must really
clear.  An ESC[2J alone (all rich's ``Console.clear()`` sends) is pushed into
the scrollback by many terminals (VTE, Windows Terminal, Terminal.app,
tmux), where the next player could scroll up and read it.  So the game runs
inside the alternate screen (which has no scrollback) and every clear also
sends ESC[3J, "erase the scrollback", in case the alternate screen is
unavailable.

Ctrl-Z wipes the screen before the shell gets it back, and ``fg`` redraws
(the game puts a hand-over first if a hand was showing); every character
drawn passes through :func:`tacocat.sanitize.visible`.  The signal side is
in :mod:`tacocat.ui.signals`.

This module uses the standard library only, so that the first screen of
``tacocat play`` (the players' names, :mod:`tacocat.ui.start`) is drawn
before click and rich are imported.  :class:`PlainTerminal` draws plain
text; :class:`tacocat.ui.terminal.Terminal` is the same terminal drawing
rich renderables, which the game uses.
"""

from __future__ import annotations

import io
import os
import signal
import sys
from contextlib import suppress

from tacocat.sanitize import visible
from tacocat.ui.claim import MIN_HEIGHT as MIN_HEIGHT
from tacocat.ui.claim import MIN_WIDTH as MIN_WIDTH
from tacocat.ui.claim import size_problem as size_problem
from tacocat.ui.claim import terminal_problem as terminal_problem
from tacocat.ui.claim import terminal_size as terminal_size
from tacocat.ui.keys import (
    discard_keys,
    drop_typeahead,
    fileno,
    game_modes,
    get_modes,
    gone,
    isatty,
    pollable,
    read_line,
    set_modes,
    typed_after_edit,
)
from tacocat.ui.lineedit import LineEditor, load_readline
from tacocat.ui.restoring import RestoredOnExit
from tacocat.ui.signals import SUSPEND_SIGNAL, SignalGuard, Stopped

# Read by mypy only: importing typing would cost the first screen ~10 ms.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO, Any

ERASE_SCROLLBACK = "\x1b[3J"
CLEAR_HOME = "\x1b[2J\x1b[H"
ENTER_ALT = "\x1b[?1049h"
LEAVE_ALT = "\x1b[?1049l"
HOME = "\x1b[H"
SUSPENDED_NOTE = "tacocat is suspended: type fg to go back to the game.\n"


class Resumed(Exception):
    """Raised from the Ctrl-Z handler to end a line editor's read after ``fg``."""


class PlainTerminal(RestoredOnExit):
    """Drawing plain text and reading lines, as a context manager.

    Inside ``with terminal:`` the game owns the alternate screen; leaving
    (normally or by an exception) restores the player's shell screen.
    :meth:`restore` does the same and may be called again: a second call
    does nothing, so a cleanup cut short by a signal can simply be redone.

    Ctrl-Z (installed with :attr:`guard`) clears the screen, leaves the
    alternate screen, restores the terminal modes and really suspends; on
    ``fg`` the game calls :attr:`on_resume` (the game shows a hand-over
    there if a hand was on screen) and redraws the screen it was showing.

    ``stream`` is where it draws (standard output, looked up when written
    to, unless given).
    """

    def __init__(self, stream: IO[str] | None = None, alt_screen: bool = True) -> None:
        self._stream = stream
        self.alt_screen = alt_screen
        self.guard = SignalGuard(self._suspend_now)
        # Called after a suspend, before anything else is drawn, with whether
        # the screen left at the suspend was secret.  May show screens and ask.
        self.on_resume: Callable[[bool], None] | None = None
        self._in_alt = False
        self._modes: list[Any] | None = None  # termios modes when the game began
        self._screen: tuple[Any, ...] = ()  # what show() drew last, to draw again
        self._secret = False  # whether the screen on show holds a hand
        self._prompt = ""
        self._woken = False  # continued after a suspend, not yet redrawn
        self.editor: LineEditor | None = None  # line editing, set up on a terminal
        self._owner: object = None  # whose history the line editor offers now
        self._editing = False  # inside the line editor's read
        self._ahead = ""  # keys typed after an edited line, taken out of the terminal

    @property
    def stream(self) -> IO[str]:
        """Where the screens are written."""
        return self._stream or sys.stdout

    @property
    def is_terminal(self) -> bool:
        """Whether :attr:`stream` is a terminal (else nothing is cleared)."""
        return isatty(self.stream)

    @property
    def ascii_only(self) -> bool:
        """Whether the output's encoding lacks box-drawing characters (not UTF-8)."""
        encoding = getattr(self.stream, "encoding", None) or "utf-8"
        return not encoding.lower().startswith("utf")

    def __enter__(self) -> PlainTerminal:
        self._modes = get_modes()
        if self._modes is not None:
            set_modes(game_modes(self._modes))
        stdin = sys.stdin
        if isatty(stdin) and isinstance(stdin, io.TextIOWrapper) and stdin.errors != "replace":
            # Bytes that are not UTF-8 (a terminal in another encoding, a
            # stray Alt key) become U+FFFD instead of a decoding error.  Once
            # only: a stream that has been read cannot be reconfigured.
            stdin.reconfigure(errors="replace")
        if self.alt_screen and self.is_terminal:
            # Noted first: a signal that cuts the switch short (its write held
            # up by Ctrl-S) must still find the way back out in restore().
            self._in_alt = True
            self._set_alt_screen(True)
        if pollable(sys.stdin) and isatty(sys.stdout):
            readline = load_readline()
            self.editor = LineEditor(readline) if readline is not None else None
        return self

    def restore(self) -> None:
        """Wipe the screen, leave the alternate screen, put the terminal modes back."""
        self.guard.start_leaving()  # a second signal must not cut this short
        if self._in_alt:
            self._in_alt = False
            with suppress(OSError, ValueError):  # after SIGHUP the terminal may be gone
                self.clear()
            with suppress(OSError, ValueError):
                self._set_alt_screen(False)
        modes, self._modes = self._modes, None
        if modes is not None:
            set_modes(modes, flush=True)

    def _set_alt_screen(self, on: bool) -> None:
        # Straight to the stream, never through rich's buffer: a signal that
        # cut a rich print short may leave that buffer holding its output,
        # and the way out of the alternate screen must not wait behind it.
        self._write(ENTER_ALT + HOME if on else LEAVE_ALT)
        self.stream.flush()

    @property
    def size(self) -> tuple[int, int]:
        """(columns, lines), asked of the terminal itself (not of COLUMNS/LINES)."""
        return terminal_size(self.stream)

    def clear(self) -> None:
        """Clear the screen and, where the terminal keeps one, its scrollback."""
        if not self.is_terminal:
            self._write("\n" + "-" * self.size[0] + "\n")  # separate screens
            return
        self._write(CLEAR_HOME + ERASE_SCROLLBACK)
        self.stream.flush()

    def show(self, *screens: object, secret: bool = False) -> None:
        """Replace the whole screen with ``screens``; ``secret`` if they show a hand.

        A plain terminal draws each as text; the game's rich terminal draws
        rich renderables (:meth:`_draw`).  Every character is drawn through
        :func:`tacocat.sanitize.visible`: whatever a name or a typed line
        holds, no control character reaches the terminal.
        """
        if self._woken:
            self._after_resume()
        self._screen, self._secret = screens, secret
        try:
            self.clear()
            self._draw(screens)
        except OSError as error:  # a terminal closed without SIGHUP (or before it came)
            raise gone(error) from None

    def _draw(self, screens: tuple[object, ...]) -> None:
        """Write what :meth:`show` was given onto the cleared screen."""
        for text in screens:
            self._write(visible(str(text), keep="\n") + "\n")
        self.stream.flush()

    def show_text(self, text: str, secret: bool = False) -> None:
        """Replace the whole screen with plain ``text`` (lines laid out by the caller)."""
        self.show(text, secret=secret)

    def _write(self, text: str) -> None:
        self.stream.write(text)

    def flush_input(self) -> None:
        """Drop keys typed ahead, so a stray Enter cannot skip a hand-over."""
        self._ahead = ""
        drop_typeahead(sys.stdin)

    def settle(self, seconds: float) -> None:
        """Discard, unread and unechoed, every key typed during the next ``seconds``.

        The keys that arrive just after a screen changes hands come from the
        person who made it change (a habitual second Enter, a command typed
        ahead), not from the person it is for.  Keys typed before are
        dropped too.  Ctrl-C and Ctrl-Z still act; a suspend ends the wait
        early (the game then puts a hand-over first).  Without a terminal
        there is nobody to wait for.
        """
        self._ahead = ""
        if seconds <= 0 or not pollable(sys.stdin):
            drop_typeahead(sys.stdin)
            return
        discard_keys(sys.stdin, seconds, lambda: self._woken)

    def ask_as(self, owner: object, prompt: str) -> str:
        """:meth:`ask` with line editing and the line history of ``owner`` (a player's name).

        Each owner's lines are recalled only at that owner's prompts: what
        one player typed never comes back at the other's (see
        :mod:`tacocat.ui.lineedit`).  Plain :meth:`ask`, for prompts that
        take Enter or a word (hand-overs, questions), reads a plain line.
        """
        self._owner = owner
        try:
            return self.ask(prompt)
        finally:
            self._owner = None

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        """Read one line; Ctrl-C and Ctrl-D propagate to the game's single exit path.

        A line whose reading spanned a suspend (Ctrl-Z, then ``fg``) is
        dropped: the game first hides any hand behind a hand-over
        (:attr:`on_resume`), then redraws its screen and asks again.
        ``settle``: first drop the keys typed during that many seconds
        (:meth:`settle`), and again after each redraw: the Enter typed along
        with ``fg`` comes from whoever typed ``fg``.
        """
        self._prompt = visible(prompt)
        if settle > 0:
            self.settle(settle)
        while True:
            try:
                line = self._read_line()
            except OSError as error:  # the prompt could not be written: the terminal is gone
                raise gone(error) from None
            if line is not None and not self._woken:
                return line
            self._after_resume()
            self.show(*self._screen, secret=self._secret)
            if settle > 0:
                self.settle(settle)

    def _read_line(self) -> str | None:
        """Show the prompt and read a line (None: woken from a suspend while waiting)."""
        if not pollable(sys.stdin):
            return self._read_unpolled(self._prompt)
        if "\n" in self._ahead:  # a whole line typed ahead after an edited one
            line, self._ahead = self._ahead.split("\n", 1)
            self._write(self._prompt + "\n")
            return line
        if self.editor is not None and self._owner is not None:
            # Prompts that take Enter alone (a hand-over) read plain lines: an
            # arrow key typed there stays a refused line instead of an edit.
            self.stream.flush()
            self._editing = True
            try:
                line = self.editor.ask(self._prompt, self._owner)
                # readline leaves keys typed after the line in the terminal,
                # where line mode no longer sees them as lines: take them out.
                self._ahead += typed_after_edit(sys.stdin)
                return line
            except Resumed:
                return None  # suspended while editing: redraw, then ask again
            except SystemError as error:
                # Two signals at once inside readline: the second handler runs
                # with the first one's exception set, and Python wraps that
                # exception; the first signal is the one that counts.
                cause = error.__cause__
                if isinstance(cause, KeyboardInterrupt | Stopped | Resumed):
                    if isinstance(cause, Resumed):
                        return None
                    raise cause from None
                raise
            finally:
                self._editing = False
        self._write(self._prompt)
        self.stream.flush()
        return read_line(sys.stdin, lambda: self._woken)

    def _read_unpolled(self, prompt: str) -> str:
        """A line where ``select`` cannot wait on standard input (not a POSIX terminal)."""
        self._write(prompt)
        self.stream.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    def _after_resume(self) -> None:
        """Back from a suspend: let the game hide a hand, then go on where it was."""
        self._woken = False
        screen, secret, prompt = self._screen, self._secret, self._prompt
        if self.on_resume is not None:
            self.on_resume(secret)
        self._screen, self._secret, self._prompt = screen, secret, prompt

    def _suspend_now(self) -> None:
        """Ctrl-Z, called from the signal handler: hide, suspend, and on ``fg`` come back.

        Written with ``os.write`` straight to the descriptor: the handler may
        run while the game is inside a write to the same buffered stream.
        """
        if SUSPEND_SIGNAL is None:
            return
        fd = fileno(self.stream) if self.is_terminal else None
        wipe = CLEAR_HOME + ERASE_SCROLLBACK
        was_alt = self._in_alt and fd is not None
        modes_now = get_modes()
        if fd is not None:
            with suppress(OSError):
                # The hidden screen is wiped, then the shell's screen too: on a
                # terminal without an alternate screen they are the same screen.
                leave = wipe + LEAVE_ALT + wipe if was_alt else wipe
                os.write(fd, (leave + SUSPENDED_NOTE).encode())
        if self._modes is not None:
            set_modes(self._modes, flush=True)
        handler = signal.signal(SUSPEND_SIGNAL, signal.SIG_DFL)
        os.kill(os.getpid(), SUSPEND_SIGNAL)  # stops here until fg (SIGCONT)
        signal.signal(SUSPEND_SIGNAL, handler)
        if modes_now is not None:
            set_modes(modes_now)
        if was_alt and fd is not None:
            with suppress(OSError):
                os.write(fd, (ENTER_ALT + wipe).encode())
        self._woken = True
        if self._editing:
            raise Resumed  # ends the line editor's read (it cleans up after itself)
