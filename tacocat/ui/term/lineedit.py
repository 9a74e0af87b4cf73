"""Line editing at every prompt of the game's terminal: one prompt_toolkit session per player.

Why, and what a prompt that belongs to nobody accepts: docs/architecture.md, "Terminals".
Ctrl-C, Ctrl-\\ and Ctrl-Z end the read (:class:`Signalled`) and the terminal raises
their signal.  prompt_toolkit is imported at the first line read.
"""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, TextIO, cast

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application
    from prompt_toolkit.history import History
    from prompt_toolkit.input import Input
    from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase, KeyPressEvent
    from prompt_toolkit.output import Output

# The history of the name prompts (names are public): a key no player's name can be.
NAME_PROMPTS = ("names",)
# The keys the terminal turns into signals in its line mode, as prompt_toolkit names them.
SIGNAL_KEYS = {
    "c-c": signal.SIGINT,
    "c-\\": getattr(signal, "SIGQUIT", signal.SIGINT),
    "c-z": getattr(signal, "SIGTSTP", None),
}


class Resumed(Exception):
    """Ends a read after ``fg``: the screen is drawn again, then the line asked again."""


class Signalled(Exception):
    """A signal's key was typed at a prompt: the terminal raises ``signum`` after the read."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


# The keys terminals send as Esc [ number ~: F1-F12 (vt220 and xterm numbers), and
# Insert, Delete, Home, End, PageUp and PageDown (rxvt's Home and End too).
FUNCTION_KEYS = (11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24)
EDITING_KEYS = (1, 2, 3, 4, 5, 6, 7, 8)
MODIFIERS = range(2, 17)  # xterm's Shift, Alt, Ctrl and Meta in every combination
# Any other control sequence (CSI: ESC [ or C1 CSI, numbers, one final character)
# or operating system command (OSC: ESC ], printable text, BEL or ESC \), whole
# and as it arrives: read as one key, not as Esc (or Alt-[) then the rest typed.
SEQUENCE = re.compile(r"(\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b\][^\x00-\x1f]*(\x07|\x1b\\)")
BEGUN = re.compile(r"(\x1b\[|\x9b)[0-?]*[ -/]*|\x1b\][^\x00-\x1f]*\x1b?")


def function_keys() -> list[str]:
    """Every form of a function or editing key that xterm, vt220, rxvt or the Linux console send."""
    numbered = (*FUNCTION_KEYS, *EDITING_KEYS)
    endings = (*(f";{modifier}~" for modifier in MODIFIERS), "^", "$", "@", "~")
    return [
        *(f"\x1b[{number}{ending}" for number in numbered for ending in endings),
        *(f"\x1b[1;{modifier}{key}" for modifier in MODIFIERS for key in "ABCDHFPQRS"),
        *(f"\x1b[[{key}" for key in "ABCDE"),
    ]


def _read_function_keys_whole() -> None:
    """Teach prompt_toolkit's parser the forms it lacks, as keys that do nothing.

    Unknown to it, Shift-F1 (``Esc [ 11 ; 2 ~``) would be Esc, then "[11;2~" typed,
    and a window title's OSC (``Esc ] 0;pwned BEL``) Esc, then "0;pwned".
    """
    from prompt_toolkit.input import vt100_parser
    from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
    from prompt_toolkit.keys import Keys

    for sequence in function_keys():
        ANSI_SEQUENCES.setdefault(sequence, Keys.Ignore)

    class Sequences(dict[str, Keys | tuple[Keys, ...]]):
        def __missing__(self, sequence: str) -> Keys:
            if SEQUENCE.fullmatch(sequence) is None:
                raise KeyError(sequence)
            return Keys.Ignore

    class Prefixes(vt100_parser._IsPrefixOfLongerMatchCache):
        def __missing__(self, prefix: str) -> bool:
            # A known key is whole as it is (rxvt's Shift-Insert, Esc [ 2 $, ends in what
            # could begin a longer sequence), but for the one-byte CSI: it begins one.
            known = prefix in ANSI_SEQUENCES and prefix != "\x9b"
            begun = not known and BEGUN.fullmatch(prefix) is not None
            self[prefix] = super().__missing__(prefix) or begun
            return self[prefix]

    vt100_parser.ANSI_SEQUENCES = Sequences(ANSI_SEQUENCES)  # type: ignore[attr-defined]
    vt100_parser._IS_PREFIX_OF_LONGER_MATCH_CACHE = Prefixes()  # answers may have changed


class LineEditor:
    """Reads lines from prompt_toolkit's ``input`` onto its ``output``, one session per owner."""

    def __init__(self, input: Input, output: Output) -> None:
        _read_function_keys_whole()
        self.input = input
        self.output = output
        self.bindings = _signal_bindings()
        self.plain = _plain_bindings(self.bindings)
        self.sessions: dict[object, PromptSession[str]] = {}
        self.app: Application[str] | None = None  # the read under way
        self.indent = 0  # the columns the prompt takes, left of the line read
        self.pending: BaseException | None = None  # a signal's error before the read began

    @classmethod
    def on_terminal(
        cls, stdin: IO[str], stdout: IO[str], size: Callable[[], tuple[int, int]]
    ) -> LineEditor:
        from prompt_toolkit.data_structures import Size
        from prompt_toolkit.input import create_input
        from prompt_toolkit.output.vt100 import Vt100_Output

        def rows_and_columns() -> Size:
            columns, rows = size()
            return Size(rows=rows, columns=max(1, columns - editor.indent % max(1, columns)))

        # No cursor-position request (ESC[6n): a terminal that does not answer
        # it would make prompt_toolkit wait, then print a warning.  No bell.
        output = Vt100_Output(
            cast(TextIO, stdout),
            rows_and_columns,
            term=os.environ.get("TERM"),
            enable_bell=False,
            enable_cpr=False,
        )
        editor = cls(create_input(cast(TextIO, stdin)), output)
        return editor

    def ask(self, prompt: str, owner: object = None, woken: Callable[[], bool] = bool) -> str:
        """The line typed after ``prompt`` (written by the terminal), with ``owner``'s session.

        Raises :class:`Signalled` for a signal's key, EOFError for Ctrl-D on an
        empty line, :class:`Resumed` if ``woken()`` as the read starts.
        """
        from prompt_toolkit.utils import get_cwidth

        session = self._session(owner)
        self.app, self.indent = session.app, get_cwidth(prompt)
        try:
            # Neither prompt_toolkit's SIGINT handler nor its exception handler:
            # the game's own handlers stay in place (tacocat.ui.term.signals).
            line = session.prompt(
                "",
                handle_sigint=False,
                set_exception_handler=False,
                pre_run=lambda: self._end_if_pending(Resumed() if woken() else None),
            )
        finally:
            self.app = None
        pending, self.pending = self.pending, None
        if pending is not None:  # came as the read ended
            raise pending
        return line

    def interrupt(self, error: BaseException) -> None:
        """End the read about to start or under way with ``error`` (from a signal handler).

        Never raised where it would be caught (prompt_toolkit's loop, a ``__del__``):
        ended through the loop, or as soon as the read starts or stops.
        """
        app = self.app
        loop = app.loop if app is not None else None
        if app is not None and app.is_running and loop is not None and not self._ended(app):
            loop.call_soon_threadsafe(self._end, app, error)
        else:
            self.pending = error

    def _end(self, app: Application[str], error: BaseException) -> None:
        future = app.future
        if future is None or future.done():
            self.pending = error  # the line was taken meanwhile: raised after it
        else:
            app.exit(exception=error)
            # Marked as seen: if the read fails first (its terminal closed mid-redraw),
            # the future is never awaited and asyncio would print the error on exit.
            future.exception()

    def _end_if_pending(self, woken: BaseException | None) -> None:
        pending, self.pending = self.pending or woken, None
        if pending is not None and self.app is not None:
            self._end(self.app, pending)

    @staticmethod
    def _ended(app: Application[str]) -> bool:
        return app.future is None or app.future.done()

    def drop_typeahead(self) -> int:
        """Forget keys read past the last line or half read; how many (a signal's key acts)."""
        from prompt_toolkit.input.typeahead import get_typeahead

        count = 0
        for press in [*get_typeahead(self.input), *self.input.flush_keys()]:  # forgets them
            signum = SIGNAL_KEYS.get(press.key)
            if signum is not None:
                signal.raise_signal(signum)
                return count
            count += 1
        return count

    def _session(self, owner: object) -> PromptSession[str]:
        from prompt_toolkit.history import DummyHistory, InMemoryHistory

        if owner is None:  # nothing of it outlives the line, and it edits nothing
            return self._new(DummyHistory(), plain=True)
        session = self.sessions.get(owner)
        if session is None or owner == NAME_PROMPTS:
            # The name prompts share only the names typed: the rest starts afresh at each.
            history = session.history if session is not None else InMemoryHistory()
            session = self.sessions[owner] = self._new(history)
        return session

    def _new(self, history: History, plain: bool = False) -> PromptSession[str]:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.clipboard import InMemoryClipboard

        return PromptSession(
            history=history,
            clipboard=InMemoryClipboard(),
            input=self.input,
            output=self.output,
            key_bindings=self.plain if plain else self.bindings,
            enable_system_prompt=False,
            enable_open_in_editor=False,
            enable_suspend=False,
            mouse_support=False,
            erase_when_done=True,  # the game draws its next screen
            wrap_lines=False,
        )


def _signal_bindings() -> KeyBindings:
    """Signal keys end the read with :class:`Signalled`; keys bound to nothing do nothing."""
    from prompt_toolkit.filters import is_searching
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.key_binding.bindings.search import accept_search
    from prompt_toolkit.key_binding.defaults import load_key_bindings
    from prompt_toolkit.keys import Keys

    bindings = KeyBindings()
    for key, signum in SIGNAL_KEYS.items():
        if signum is None:
            continue

        def end(event: KeyPressEvent, signum: int = signum) -> None:
            event.app.exit(exception=Signalled(signum))

        bindings.add(key, eager=True)(end)

    @bindings.add("enter", filter=is_searching)
    def search_and_send(event: KeyPressEvent) -> None:
        """Enter ends a search and sends the line found, as in readline."""
        accept_search.handler(event)
        event.app.current_buffer.validate_and_handle()

    # Esc or Ctrl-X then a key bound to nothing (Alt-P, say) does nothing: not typed.
    bindings.add("escape", Keys.Any)(_nothing)
    # Esc then Enter sends the line (Meta-Enter), Enter typed ahead (^J, not ^M) too.
    bindings.add("escape", "c-j")(lambda event: event.current_buffer.validate_and_handle())
    bindings.add("c-x", Keys.Any)(_nothing)
    bound = {binding.keys for binding in load_key_bindings().bindings}
    for key in Keys:
        if key.name not in (*NOT_KEYS, "Any") and (key,) not in bound:
            bindings.add(key)(_nothing)
    return bindings


def _nothing(event: KeyPressEvent) -> None: ...


# Keys that keep their meaning at a prompt that edits nothing: Enter, Backspace
# and the signal keys (a character is typed by prompt_toolkit's own binding).
PLAIN_KEYS = ("ControlM", "ControlJ", "ControlH", "ControlD", "Any", "BracketedPaste")
# prompt_toolkit's own events, not keys typed.  Ignore is a function key
# (see above), and a cursor-position report is one too: none is asked for,
# and Shift-F3 (Esc [ 1 ; 2 R) reads as one.
NOT_KEYS = ("Vt100MouseEvent", "WindowsMouseEvent", "SIGINT")


def _plain_bindings(signal_bindings: KeyBindings) -> KeyBindingsBase:
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from prompt_toolkit.keys import Keys

    bindings = KeyBindings()
    signal_keys = {Keys(key) for key in SIGNAL_KEYS}

    def typed(event: KeyPressEvent) -> None:
        event.current_buffer.insert_text("".join(press.data for press in event.key_sequence))

    for key in Keys:
        if key.name not in PLAIN_KEYS + NOT_KEYS and key not in signal_keys:
            bindings.add(key, eager=True)(typed)
    return merge_key_bindings([bindings, signal_bindings])
