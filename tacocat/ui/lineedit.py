"""Line editing at every prompt of the game's terminal: one prompt_toolkit session per player.

prompt_toolkit reads each key whole (an arrow, F5, Shift-Left: never a
stray ``~`` or ``D`` in the line) and gives the usual editing keys: the
arrows move and recall, Home/End and Ctrl-A/E jump, Ctrl-W deletes a word
and Ctrl-U the line, Ctrl-R searches the history.

Hot seat puts two players at one keyboard, so nothing one of them typed
may come back at the other's prompt, by any key.  Everything that outlives
a line lives in a session, so each player has a :class:`PromptSession` of
their own: their own history (:class:`InMemoryHistory`), their own kill
ring (:class:`InMemoryClipboard`: what Ctrl-U, Ctrl-K or Ctrl-W took, that
Ctrl-Y pastes), their own keyboard macro, search and undo.  A prompt that
belongs to nobody (a hand-over, "play again") gets a fresh session without
history each time, and the name screen's one shares only the names typed
there (they are public).  No system prompt (Alt-!), no outside editor
(Ctrl-X Ctrl-E), no key that switches to vi mode.

prompt_toolkit reads the keyboard raw, so Ctrl-C, Ctrl-\\ and Ctrl-Z reach
it as keys: each ends the read (:class:`Signalled`), and the terminal then
raises the signal it stands for, which the game's handlers act on as at
any other moment (:mod:`tacocat.ui.signals`).

prompt_toolkit takes about a tenth of a second to import, so it is
imported only when the first line is read, after the first screen is up.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, TextIO, cast

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application
    from prompt_toolkit.history import History
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

# The history of the name prompts (names are public): a key no player's name can be.
NAME_PROMPTS = ("names",)
# The keys the terminal turns into signals in its line mode, as prompt_toolkit names them.
SIGNAL_KEYS = {
    "c-c": signal.SIGINT,
    "c-\\": getattr(signal, "SIGQUIT", signal.SIGINT),
    "c-z": getattr(signal, "SIGTSTP", None),
}


class Signalled(Exception):
    """A signal's key was typed at a prompt: the terminal raises ``signum`` after the read."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class LineEditor:
    """Reads lines on the terminal (``stdin``, ``stdout``), one session per owner.

    ``size`` gives the terminal's (columns, lines).
    """

    def __init__(
        self, stdin: IO[str], stdout: IO[str], size: Callable[[], tuple[int, int]]
    ) -> None:
        from prompt_toolkit.data_structures import Size
        from prompt_toolkit.input import create_input
        from prompt_toolkit.output.vt100 import Vt100_Output

        def rows_and_columns() -> Size:
            columns, rows = size()
            return Size(rows=rows, columns=columns)

        self.input = create_input(cast(TextIO, stdin))
        # No cursor-position request (ESC[6n): a terminal that does not answer
        # it would make prompt_toolkit wait, then print a warning.  No bell.
        self.output = Vt100_Output(
            cast(TextIO, stdout),
            rows_and_columns,
            term=os.environ.get("TERM"),
            enable_bell=False,
            enable_cpr=False,
        )
        self.bindings = _signal_bindings()
        self.sessions: dict[object, PromptSession[str]] = {}
        self.app: Application[str] | None = None  # the read under way

    def ask(self, prompt: str, owner: object = None) -> str:
        """One line after ``prompt``, editing with ``owner``'s session (None: a fresh one).

        Raises :class:`Signalled` for Ctrl-C, Ctrl-\\ and Ctrl-Z, EOFError for
        Ctrl-D on an empty line.
        """
        session = self._session(owner)
        self.app = session.app
        try:
            # Neither prompt_toolkit's SIGINT handler nor its exception handler:
            # the game's own handlers stay in place (tacocat.ui.signals).
            return session.prompt(prompt, handle_sigint=False, set_exception_handler=False)
        finally:
            self.app = None

    def interrupt(self, error: BaseException) -> bool:
        """End the read under way with ``error`` (from a signal handler); False if none is."""
        app = self.app
        if app is None or not app.is_running or app.future is None or app.future.done():
            return False
        app.loop.call_soon_threadsafe(_exit, app, error)  # type: ignore[union-attr]
        return True

    def drop_typeahead(self) -> None:
        """Forget keys prompt_toolkit read past the last line (they wait for the next read)."""
        from prompt_toolkit.input.typeahead import clear_typeahead

        clear_typeahead(self.input)

    def forget(self) -> None:
        """Drop every player's session (a new game at the table)."""
        self.sessions.clear()

    def _session(self, owner: object) -> PromptSession[str]:
        from prompt_toolkit.history import DummyHistory, InMemoryHistory

        if owner is None:
            return self._new(DummyHistory())  # nothing of it outlives the line
        if owner == NAME_PROMPTS:
            # Only the names typed are shared; the rest starts afresh at each prompt.
            names = self.sessions.get(owner)
            return self._new(names.history if names is not None else InMemoryHistory(), owner)
        session = self.sessions.get(owner)
        if session is None:
            session = self.sessions[owner] = self._new(InMemoryHistory())
        return session

    def _new(self, history: History, owner: object = None) -> PromptSession[str]:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.clipboard import InMemoryClipboard

        session: PromptSession[str] = PromptSession(
            history=history,
            clipboard=InMemoryClipboard(),
            input=self.input,
            output=self.output,
            key_bindings=self.bindings,
            enable_system_prompt=False,
            enable_open_in_editor=False,
            enable_suspend=False,
            mouse_support=False,
            erase_when_done=False,
        )
        if owner is not None:
            self.sessions[owner] = session
        return session


def _exit(app: Application[str], error: BaseException) -> None:
    if app.is_running and app.future is not None and not app.future.done():
        app.exit(exception=error)


def _signal_bindings() -> KeyBindings:
    """Ctrl-C, Ctrl-\\ and Ctrl-Z end the read with :class:`Signalled`."""
    from prompt_toolkit.key_binding import KeyBindings

    bindings = KeyBindings()
    for key, signum in SIGNAL_KEYS.items():
        if signum is None:
            continue

        def end(event: KeyPressEvent, signum: int = signum) -> None:
            event.app.exit(exception=Signalled(signum))

        bindings.add(key, eager=True)(end)
    return bindings
