"""The game's terminal: :class:`tacocat.ui.tty.PlainTerminal` drawing rich renderables.

Everything about the terminal itself (the alternate screen, clearing that
reaches the scrollback, Ctrl-Z, line input) is in :mod:`tacocat.ui.tty`,
which needs only the standard library; this module adds rich's drawing,
with every character of text passed through :func:`tacocat.sanitize.visible`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager
from typing import IO, cast

from rich.console import Console, RenderableType
from rich.segment import Segment, Segments
from rich.text import Text

from tacocat.sanitize import visible
from tacocat.ui.compact import compact
from tacocat.ui.io import Kind, Prompt
from tacocat.ui.keys import drop_typeahead, isatty, read_line, typed_after_edit
from tacocat.ui.tty import (
    CLEAR_HOME,
    ENTER_ALT,
    ERASE_SCROLLBACK,
    LEAVE_ALT,
    MIN_HEIGHT,
    MIN_WIDTH,
    SUSPENDED_NOTE,
    PlainTerminal,
    Resumed,
    size_problem,
    terminal_problem,
    terminal_size,
)

__all__ = [
    "CLEAR_HOME",
    "ENTER_ALT",
    "ERASE_SCROLLBACK",
    "LEAVE_ALT",
    "MIN_HEIGHT",
    "MIN_WIDTH",
    "SUSPENDED_NOTE",
    "Resumed",
    "Terminal",
    "draw",
    "drop_typeahead",
    "read_line",
    "size_problem",
    "terminal_problem",
    "terminal_size",
    "typed_after_edit",
]


class Terminal(PlainTerminal):
    """The game's terminal: a :class:`PlainTerminal` that draws through a rich ``Console``.

    Inside ``with terminal:`` the game owns the alternate screen; leaving
    (normally or by an exception) restores the player's shell screen, and
    Ctrl-Z then ``fg`` redraws (see :class:`PlainTerminal`).
    """

    def __init__(self, console: Console, alt_screen: bool = True) -> None:
        super().__init__(alt_screen=alt_screen)
        self.console = console

    @property
    def stream(self) -> IO[str]:
        return self.console.file

    @property
    def is_terminal(self) -> bool:
        return self.console.is_terminal

    @property
    def size(self) -> tuple[int, int]:
        """(columns, lines), asked of the terminal itself (not of COLUMNS/LINES)."""
        output = self.console.file
        if self.console.is_terminal and isatty(output):
            return terminal_size(output)
        width, height = self.console.size
        return width, height

    def clear(self) -> None:
        """Clear the screen and, where the terminal keeps one, its scrollback."""
        if self.console.is_terminal:
            super().clear()
            return
        # Not a terminal (only a computer game may run so): separate screens.
        self.console.print()
        self.console.rule(characters="-", style="dim")

    def _draw(self, screens: tuple[object, ...]) -> None:
        """Draw rich renderables (a str is one), each laid out for the whole width.

        Every character of text is drawn through :func:`tacocat.sanitize.visible`:
        whatever a name, a typed line or a file holds, no control character
        reaches the terminal.
        """
        width = self.size[0]
        for screen in screens:
            draw(self.console, cast("RenderableType", screen), width)

    def show_text(self, text: str, secret: bool = False) -> None:
        # Text, not str: rich would read a player's name in it as markup.
        self.show(Text(text), secret=secret)

    def _read_unpolled(self, prompt: str) -> str:
        # Text, not str: rich would read a player's name in it as markup.
        return self.console.input(Text(prompt))

    # -- tacocat.ui.io.Io ------------------------------------------------------

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        """The answer to ``prompt``: a decision with its owner's line history and editing.

        ``settle``: the keys typed before, and during that many seconds after
        the screen is drawn (again after a suspend), are dropped.
        """
        if prompt.kind is Kind.DECISION:
            self.flush_input()  # typed while waiting: meant for no decision (Kind.DECISION)
            if prompt.owner is not None:
                return self.ask_as(prompt.owner, prompt.text)
        return self.ask(prompt.text, settle)

    def busy(self, text: str, ascii_only: bool) -> AbstractContextManager[object]:
        """A spinner beside ``text`` ("line" is plain ASCII) while the block runs."""
        # Text, not str: no markup is read from a name in it.
        return self.console.status(Text(visible(text)), spinner="line" if ascii_only else "dots")

    def farewell(self, *renderables: RenderableType) -> None:
        """Print onto the shell's screen, after the game has left its own.

        Through a console of its own on the same file and settings: a signal
        that cut one of the game's prints short may have left the game
        console's buffer holding output, and the goodbye must not wait
        behind it.
        """
        game = self.console
        console = Console(
            file=game.file,
            width=game.width,
            force_terminal=game.is_terminal,
            color_system=game.color_system,  # type: ignore[arg-type]
            no_color=game.no_color,
            legacy_windows=game.legacy_windows,
            highlight=False,
            emoji=False,
        )
        for renderable in renderables:
            console.print(renderable)


def draw(console: Console, renderable: RenderableType, width: int) -> None:
    """Write ``renderable``, ``width`` columns wide, onto rows :meth:`Terminal.clear` cleared.

    Every character passes through :func:`visible`; on a terminal, blank
    cells are skipped and styles switched less (:mod:`tacocat.ui.compact`).
    """
    segments = Segments(_safe(console.render(renderable, console.options.update(width=width))))
    if not console.is_terminal or console.legacy_windows:
        console.print(segments, soft_wrap=True)
        return
    with console.capture() as captured:
        console.print(segments, soft_wrap=True)
    console.file.write(compact(captured.get()))
    console.file.flush()


def _safe(segments: Iterable[Segment]) -> Iterator[Segment]:
    """Segments with their text made :func:`visible` (rich's own control codes pass)."""
    for segment in segments:
        text = segment.text
        # Most text is printable already (checked in C): the segment as it is.
        if segment.control or text.isprintable() or text == "\n":
            yield segment
        else:
            yield Segment(visible(text, keep="\n"), segment.style)
