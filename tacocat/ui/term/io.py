"""The seam between the table and a terminal: the game shows screens and asks prompts.

A prompt's kind and owner let a line terminal word it, the full screen give each
player their own history, and a test's scripted player answer by kind.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from rich.console import RenderableType

if TYPE_CHECKING:
    from collections.abc import Callable

    from tacocat.ui.term.signals import SignalGuard


class Kind(Enum):
    # A player's move or command, with that player's line history.  Only keys typed at
    # its screen answer it: keys typed before (while the computer or the other terminal
    # played) are dropped, so a move is never made at a screen its player has not seen.
    DECISION = "decision"
    HANDOVER = "handover"  # the curtain's gate: Enter from the named player
    RESULT = "result"  # Enter, once both players have seen a result
    NOTICE = "notice"  # Enter to go on (a note, a resumed game, a terminal too small)
    BACK = "back"  # Enter to go back to the screen before (help, hint, rules)
    CONFIRM = "confirm"  # y or n (quit?)
    PAGER = "pager"  # Enter pages on, b back, t/e top/end, q leaves
    REPLY = "reply"  # Enter lets the computer reply, u takes the move back (--confirm-moves)
    AGAIN = "again"  # play again (y), swap seats (s) or stop (n)
    NAME = "name"  # a player's name (tacocat.ui.term.start)


@dataclass(frozen=True)
class Prompt:
    """One question: its words, its kind, and whose line it is (a name, or nobody)."""

    kind: Kind
    text: str
    owner: str | None = None  # whose line history the answer may recall (DECISION)


class Io(AbstractContextManager[object], Protocol):
    """A terminal the table can play on (full-screen, line mode, or scripted)."""

    guard: SignalGuard  # holds signals while a move is applied and saved
    on_resume: Callable[[bool], None] | None  # back from a suspend: hide a hand first

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def is_terminal(self) -> bool:
        """Whether a person reads it as a screen (its size must fit the game)."""

    def show(self, *renderables: RenderableType, secret: bool = False) -> None:
        """Replace what is on screen; ``secret``: it shows a hand."""

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        """The line answering ``prompt``, keys typed before and ``settle`` seconds after dropped."""

    def flush_input(self) -> object: ...  # drops keys typed ahead (a count, or None)

    def busy(self, text: str, ascii_only: bool) -> AbstractContextManager[object]: ...

    @property
    def ascii_only(self) -> bool: ...

    def show_text(self, text: str, secret: bool = False) -> None:
        """Show plain ``text`` laid out by the caller (the name screen)."""

    def ask_as(self, owner: object, prompt: str) -> str: ...

    def farewell(self, *renderables: RenderableType) -> None: ...

    def restore(self) -> None: ...
