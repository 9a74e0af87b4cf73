"""Line editing at every prompt, with a separate history for each player.

On a terminal, prompts are read with Python's :mod:`readline` (GNU
readline or libedit): the arrow keys move and recall, Home/End and
Ctrl-A/E jump, Ctrl-W deletes a word and Ctrl-U the line.  readline is
part of the standard library and imports in about a millisecond, which
keeps the first screen of ``tacocat play`` quick; prompt_toolkit would
give the same keys on every platform but costs a dependency and a tenth
of a second or more at start-up.

readline keeps one history for the whole process, so :class:`LineEditor`
swaps it per prompt: before Ann's prompt the history holds only what Ann
typed, before Bob's only Bob's, and before a prompt that belongs to
nobody in particular (a hand-over, "play again") it is empty.  What one
player typed can never be recalled by the other.

Where readline is missing (Windows without an add-on) lines are read
without it; the terminal then edits the line itself.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType, ModuleType

HISTORY_SIZE = 50  # lines kept per player
# The history of the name prompts (names are public): a key no player's name can be.
NAME_PROMPTS = ("names",)
# GNU readline keys whose state outlives a line (see load_readline): paste
# (yank, yank-pop) and history search (incremental, then non-incremental).
FORGETFUL_KEYS = ("\\C-y", "\\ey", "\\M-y", "\\C-r", "\\C-s", "\\ep", "\\en", "\\M-p", "\\M-n")


def load_readline() -> ModuleType | None:
    """The readline module, set up for game prompts; None where it is missing."""
    try:
        import readline
    except ImportError:
        return None
    # A line typed is added to its player's history by LineEditor, not by readline.
    readline.set_auto_history(False)
    # readline keeps what Ctrl-U, Ctrl-W and the like delete (its kill ring)
    # and the last history search for the whole process, and cannot be told
    # to forget them: pasting or searching again would show one player what
    # the other typed ("9 9").  So the emacs keys are used (the ones
    # documented), with paste and search turned off; Up and Down recall.
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind -e")
        for key in ("^Y", "^R", "^S"):
            readline.parse_and_bind(f"bind {key} ed-redisplay")
    else:
        readline.parse_and_bind("set editing-mode emacs")  # vi mode's p would paste
        for key in FORGETFUL_KEYS:
            readline.parse_and_bind(f'"{key}": redraw-current-line')
        # No bell and no bracketed-paste codes: readline's own output is then
        # only the typed text and cursor movement (GNU readline syntax).  With
        # output-meta off, non-ASCII input is shown as octal escapes: a typed
        # C1 control (U+009B is a CSI to some terminals) is never echoed raw.
        readline.parse_and_bind("set bell-style none")
        readline.parse_and_bind("set enable-bracketed-paste off")
        readline.parse_and_bind("set output-meta off")
    # Tab would complete file names by default: nothing in the game is a file.
    readline.set_completer(_no_completion)
    return readline


def _no_completion(text: str, state: int) -> str | None:
    return None


class LineEditor:
    """Reads lines with editing keys and one history per owner (a player, or None)."""

    def __init__(self, readline: ModuleType | None, read: Callable[[str], str] = input) -> None:
        self.readline = readline
        self.read = read
        self.histories: dict[object, list[str]] = {}

    def ask(self, prompt: str, owner: object = None) -> str:
        """One line after ``prompt``, recalling only ``owner``'s earlier lines.

        ``owner`` None (a prompt that belongs to no player) has no history.
        """
        if self.readline is None:
            return self.read(prompt)
        mine = self.histories.setdefault(owner, []) if owner is not None else []
        self.readline.clear_history()
        for line in mine:
            self.readline.add_history(line)
        try:
            with _ticking():
                line = self.read(prompt)
        finally:
            # Nobody's lines stay in readline between prompts.
            self.readline.clear_history()
        if owner is not None and line.strip() and (not mine or mine[-1] != line):
            mine.append(line)
            del mine[:-HISTORY_SIZE]
        return line

    def forget(self) -> None:
        """Drop every player's history (a new game at the table)."""
        self.histories.clear()


TICK_SECONDS = 0.2


@contextmanager
def _ticking() -> Iterator[None]:
    """A no-op SIGALRM every TICK_SECONDS while readline waits.

    readline notices a signal only when it interrupts its ``select``: one
    that lands while it is busy with a key (say Ctrl-C, or a SIGTERM, just
    after a keystroke) would wait for the next key.  The tick interrupts
    the wait often, and Python then runs every pending handler, as the
    plain reader's short polls do (:func:`tacocat.ui.terminal.read_line`).
    Writes are restarted after a tick, so the screen loses nothing.
    """
    alarm = getattr(signal, "SIGALRM", None)
    if alarm is None:
        yield
        return
    try:
        previous = signal.signal(alarm, _tick)
    except ValueError:  # not the main thread
        yield
        return
    signal.siginterrupt(alarm, False)
    signal.setitimer(signal.ITIMER_REAL, TICK_SECONDS, TICK_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(alarm, previous)


def _tick(signum: int, frame: FrameType | None) -> None:
    """Nothing: the tick only wakes readline so pending handlers run."""
