"""The game's terminal: the alternate screen, clearing that reaches the scrollback, input.

Every clear also sends ESC[3J; why, and what Ctrl-Z does: docs/security.md.  Plain
text (the name screen) is written before rich is loaded.
"""

from __future__ import annotations

import io
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, suppress
from typing import IO, TYPE_CHECKING, Any, cast

from tacocat.sanitize import visible
from tacocat.ui.term import keys
from tacocat.ui.term.claim import terminal_size
from tacocat.ui.term.lineedit import LineEditor, Resumed, Signalled
from tacocat.ui.term.signals import (
    CLEAR_HOME,
    ENTER_ALT,
    ERASE_SCROLLBACK,
    HOME,
    LEAVE_ALT,
    RestoredOnExit,
    SignalGuard,
    Stopped,
    hangup_if_gone,
    suspend_here,
)

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.segment import Segment

    from tacocat.ui.term.io import Prompt


class Terminal(RestoredOnExit):
    """The game's terminal: inside ``with terminal:`` the game owns the alternate screen.

    On ``fg`` after Ctrl-Z, :attr:`on_resume` runs, then the screen is drawn again.
    """

    def __init__(self, console: Console | None = None, alt_screen: bool = True) -> None:
        self._console = console
        self.alt_screen = alt_screen
        self.guard = SignalGuard(self._suspend_now)
        self.on_resume: Callable[[bool], None] | None = None
        self._in_alt = False
        self._modes: list[Any] | None = None  # the keyboard's modes when the game began
        self._redraw: Callable[[], None] = lambda: None  # draws the screen on show again
        self._secret = False  # whether the screen on show holds a hand
        self._prompt = ""
        self._note: str | None = None  # keys just dropped, said before the prompt
        self._woken = False  # continued after a suspend, not yet redrawn
        self.editor: LineEditor | None = None  # line editing, on a terminal
        self._owner: object = None  # whose session reads the next line
        self.when_editing: Callable[[], None] | None = None  # run once line editing is loaded

    @property
    def console(self) -> Console:
        if self._console is None:
            from rich.console import Console

            self._console = Console(highlight=False, emoji=False)
        return self._console

    @console.setter
    def console(self, console: Console) -> None:
        self._console = console

    @property
    def stream(self) -> IO[str]:
        return self._console.file if self._console is not None else sys.stdout

    @property
    def is_terminal(self) -> bool:
        if self._console is not None:
            return self._console.is_terminal
        return keys.isatty(self.stream)

    @property
    def ascii_only(self) -> bool:
        return not (getattr(self.stream, "encoding", None) or "utf-8").lower().startswith("utf")

    @property
    def size(self) -> tuple[int, int]:
        """(columns, lines), asked of the terminal itself (not of COLUMNS/LINES)."""
        if self.is_terminal and keys.isatty(self.stream):
            return terminal_size(self.stream)
        return self.console.size.width, self.console.size.height

    def __enter__(self) -> Terminal:
        self._modes = keys.get_modes()
        if self._modes is not None:
            keys.set_modes(keys.game_modes(self._modes, edited=keys.isatty(self.stream)))
        stdin = sys.stdin
        if keys.isatty(stdin) and isinstance(stdin, io.TextIOWrapper) and stdin.errors != "replace":
            # Bytes that are not UTF-8 become U+FFFD instead of a decoding error.
            stdin.reconfigure(errors="replace")
        if self.alt_screen and self.is_terminal:
            self._in_alt = True  # first: a signal cutting the switch short finds the way out
            self._write(ENTER_ALT + HOME)
        return self

    def restore(self) -> None:
        self.guard.leaving = True  # a second signal must not cut this short
        if self._in_alt:
            self._in_alt = False
            with suppress(OSError, ValueError, Stopped):  # after SIGHUP it may be gone
                self.clear()
            with suppress(OSError, ValueError, Stopped):
                self._write(LEAVE_ALT)
        modes, self._modes = self._modes, None
        if modes is not None:
            keys.set_modes(modes, flush=True)

    def _write(self, text: str) -> None:
        # Straight to the stream, never through rich's buffer (a print cut short may fill it).
        with hangup_if_gone():
            self.stream.write(text)
            self.stream.flush()

    def clear(self) -> None:
        if self.is_terminal:
            self._write(CLEAR_HOME + ERASE_SCROLLBACK)
        else:  # not a terminal (only a computer game may run so): separate screens
            self.console.print()
            self.console.rule(characters="-", style="dim")

    def show(self, *screens: RenderableType, secret: bool = False) -> None:
        self._present(lambda: self._draw(screens), secret)

    def show_text(self, text: str, secret: bool = False) -> None:
        self._present(lambda: self._write(visible(text, keep="\n") + "\n"), secret)

    def _present(self, draw: Callable[[], None], secret: bool) -> None:
        if self._woken:
            self._after_resume()
        self._redraw, self._secret = draw, secret
        self.clear()
        draw()

    def _draw(self, screens: tuple[RenderableType, ...]) -> None:
        from rich.segment import Segments
        from rich.text import Text

        console, width = self.console, self.size[0]
        with hangup_if_gone():
            for screen in screens:
                # A plain string is text, never markup: it may carry what a player typed ("[/]").
                screen = Text(screen) if isinstance(screen, str) else screen
                options = console.options.update(width=width)
                console.print(
                    Segments(safe_segments(console.render(screen, options))), soft_wrap=True
                )
            self.stream.flush()

    # -- input -------------------------------------------------------------

    def flush_input(self) -> int:
        count = self.editor.drop_typeahead() if self.editor is not None else 0
        return count + keys.drop_typeahead(sys.stdin)

    def settle(self, seconds: float) -> None:
        """Discard, unread and unechoed, every key typed before and during the next ``seconds``.

        Ctrl-C and Ctrl-Z still act; a dropped key is acknowledged on the prompt's line.
        """
        count = self.flush_input()
        if seconds > 0 and keys.pollable(sys.stdin):
            with hangup_if_gone():
                count += keys.discard_keys(sys.stdin, seconds, lambda: self._woken)
        self._note = keys.too_soon(count)

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        from tacocat.ui.term.io import Kind  # loaded with the game: not before the first screen

        if prompt.kind is Kind.DECISION:
            # Typed while waiting: meant for no decision (Kind.DECISION), and said so.
            self._note = keys.too_soon(self.flush_input())
            if prompt.owner is not None:
                return self.ask_as(prompt.owner, prompt.text)
        return self.ask(prompt.text, settle)

    def ask_as(self, owner: object, prompt: str) -> str:
        self._owner = owner
        try:
            return self.ask(prompt)
        finally:
            self._owner = None

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        """Read one line; Ctrl-C and Ctrl-D propagate to the game's single exit path.

        A line whose reading spanned a suspend is asked again, the screen redrawn.
        """
        self._prompt = visible(prompt)
        if settle > 0:
            self.settle(settle)
        try:
            while True:
                with hangup_if_gone():
                    line = self._read_line()
                if line is not None and not self._woken:
                    return line
                self._after_resume()
                self._present(self._redraw, self._secret)
                self._note = None  # a screen drawn afresh: the note was the old one's
                if settle > 0:
                    self.settle(settle)
        finally:
            self._note = None

    def _read_line(self) -> str | None:
        """Write the prompt (prompt_toolkit may still be loading), read a line; None: woken."""
        note = f"{self._note} " if self._note else ""
        dim = self.console.color_system is not None
        shown = f"\x1b[2m{self._note}\x1b[22m " if note and dim else note
        self._write(shown + self._prompt)
        if not (keys.pollable(sys.stdin) and keys.isatty(self.stream)):
            return keys.read_line(sys.stdin, lambda: self._woken)
        if self.editor is None:  # keys typed meanwhile wait for it, unshown (game_modes)
            self.editor = LineEditor.on_terminal(sys.stdin, self.stream, lambda: self.size)
        started, self.when_editing = self.when_editing, None
        if started is not None:
            started()
        self.editor.pending = None
        self.guard.deliver = self.editor.interrupt  # a signal ends the read, not the loop
        try:
            return self.editor.ask(note + self._prompt, self._owner, lambda: self._woken)
        except Resumed:
            return None
        except Signalled as typed:
            self.guard.deliver = None
            signal.raise_signal(typed.signum)  # the game's handler acts (tacocat.ui.term.signals)
            return None  # Ctrl-Z: suspended, and back
        finally:
            self.guard.deliver = None

    def _after_resume(self) -> None:
        self._woken = False
        redraw, secret, prompt = self._redraw, self._secret, self._prompt
        if self.on_resume is not None:
            self.on_resume(secret)
        self._redraw, self._secret, self._prompt = redraw, secret, prompt

    def _suspend_now(self) -> None:
        fd = keys.fileno(self.stream) if self.is_terminal else None
        suspend_here(fd, self._in_alt and fd is not None, self._modes)
        self._woken = True
        if self.editor is not None:
            self.editor.interrupt(Resumed())  # ends a read under way: redrawn, asked again

    # -- output beside the screens ---------------------------------------------

    def busy(self, text: str, ascii_only: bool) -> AbstractContextManager[object]:
        from rich.text import Text

        # Text, not str: no markup is read from a name in it.
        return self.console.status(Text(visible(text)), spinner="line" if ascii_only else "dots")

    def farewell(self, *renderables: RenderableType) -> None:
        console = fresh_console(self.console)
        for renderable in renderables:
            console.print(renderable)


def safe_segments(segments: Iterable[Segment]) -> Iterator[Segment]:
    """Segments with their text made :func:`visible` (rich's own control codes pass)."""
    from rich.segment import Segment

    for segment in segments:
        text = segment.text
        # Most text is printable already (checked in C): the segment as it is.
        if segment.control or text.isprintable() or text == "\n":
            yield segment
        else:
            yield Segment(visible(text, keep="\n"), cast("Any", segment.style))


def fresh_console(game: Console) -> Console:
    """A console like ``game``'s with an empty buffer (a signal may have cut a print short)."""
    from rich.console import Console

    return Console(
        file=game.file,
        width=game.width,
        force_terminal=game.is_terminal,
        color_system=game.color_system,  # type: ignore[arg-type]
        no_color=game.no_color,
        legacy_windows=game.legacy_windows,
        highlight=False,
        emoji=False,
    )
