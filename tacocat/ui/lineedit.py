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

Other state outlives a line too, one for the whole process, and GNU
readline offers no call to empty it: the kill ring (what Ctrl-U, Ctrl-W
or vi's ``y`` took, pasted back by Ctrl-Y, Alt-Y or vi's ``p``), the last
keyboard macro (Ctrl-X ``e`` types it again), the last history search
(Ctrl-R twice, vi's ``n``) and vi's last character search (``;``).  Tried
in a pty: Esc Ctrl-J (or Esc Enter) then Esc ``p`` pasted the other
player's deleted "secret 9 9", and Ctrl-X ``e`` typed the start of their
macro.  What is safe is what only reads the line being typed and its
owner's history (undo, revert, the mark and yank-last-arg start afresh
with each line).  So rather than unbind the dangerous keys one by one
(vi mode alone has dozens), :func:`load_readline` decides every key of
the emacs keymaps itself: each key, Esc then a key and Ctrl-X then a key
is either in :data:`EMACS_KEYS`, a letter to type, or ``abort`` (what
readline does for a key bound to nothing).  No key reaches vi mode,
re-reads an init file or records a macro, so the state above is only
ever written, never read back.  An init file (``~/.inputrc``,
``$INPUTRC``, ``/etc/inputrc``) could bind any longer key sequence to
anything or choose vi mode, so none is read.  ``tests/ui/test_lineedit.py``
walks every keymap reachable from the emacs one and checks each binding.

libedit (macOS) keeps a kill buffer and a search pattern too, and its
Alt-X takes a command such as ``bind -v`` (vi mode): its emacs keys are
used, with paste, search and Alt-X turned off (:data:`LIBEDIT_OFF`).

Where readline is missing (Windows without an add-on) lines are read
without it; the terminal then edits the line itself.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType, ModuleType

HISTORY_SIZE = 50  # lines kept per player
# The history of the name prompts (names are public): a key no player's name can be.
NAME_PROMPTS = ("names",)

# Every GNU readline key that does something, in inputrc notation: readline's
# emacs keys that act only on the line being typed and on its owner's history.
# Left out, so bound to abort: paste (C-y, M-y), history search (C-r, C-s,
# M-p, M-n), vi mode (M-C-j, M-C-m), re-read-init-file (C-x C-r), keyboard
# macros (C-x (, C-x ), C-x e), operate-and-get-next (C-o), completion
# lists, tilde expansion and insert-comment (of no use to the game).
# The keys terminals send as Esc [ number ~: F1-F12 (vt220 and xterm numbers), and
# Insert, Delete, PageUp, PageDown, Home and End (their unmodified forms act below).
FUNCTION_KEYS = (11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24)
EDITING_KEYS = (1, 2, 3, 4, 5, 6, 7, 8)
MODIFIERS = range(2, 17)  # xterm's Shift, Alt, Ctrl and Meta in every combination
EMACS_KEYS: dict[str, str] = {
    "\\C-@": "set-mark",
    "\\C-a": "beginning-of-line",
    "\\C-b": "backward-char",
    "\\C-d": "delete-char",
    "\\C-e": "end-of-line",
    "\\C-f": "forward-char",
    "\\C-g": "abort",
    "\\C-h": "backward-delete-char",
    "\\C-i": "complete",  # Tab: there is nothing to complete (see _no_completion)
    "\\C-j": "accept-line",
    "\\C-k": "kill-line",
    "\\C-l": "clear-screen",
    "\\C-m": "accept-line",
    "\\C-n": "next-history",
    "\\C-p": "previous-history",
    "\\C-q": "quoted-insert",
    "\\C-t": "transpose-chars",
    "\\C-u": "unix-line-discard",
    "\\C-v": "quoted-insert",
    "\\C-w": "unix-word-rubout",
    "\\C-]": "character-search",
    "\\C-_": "undo",
    "\\177": "backward-delete-char",  # Backspace (DEL)
    "\\C-x\\C-g": "abort",
    "\\C-x\\C-u": "undo",
    "\\C-x\\C-x": "exchange-point-and-mark",
    "\\C-x\\177": "backward-kill-line",
    "\\e\\C-g": "abort",
    "\\e\\C-h": "backward-kill-word",
    "\\e\\C-l": "clear-display",
    "\\e\\C-r": "revert-line",
    "\\e\\C-y": "yank-nth-arg",
    "\\e\\C-]": "character-search-backward",
    "\\e ": "set-mark",
    "\\e-": "digit-argument",
    **{f"\\e{digit}": "digit-argument" for digit in "0123456789"},
    "\\e<": "beginning-of-history",
    "\\e>": "end-of-history",
    "\\e.": "yank-last-arg",
    "\\e_": "yank-last-arg",
    "\\e\\\\": "delete-horizontal-space",
    "\\eb": "backward-word",
    "\\ec": "capitalize-word",
    "\\ed": "kill-word",
    "\\ef": "forward-word",
    "\\el": "downcase-word",
    "\\er": "revert-line",
    "\\et": "transpose-words",
    "\\eu": "upcase-word",
    "\\e\\177": "backward-kill-word",
    **{f"\\e{letter}": "do-lowercase-version" for letter in "ABCDFLRTU"},
    # The keys a terminal sends: arrows, Home, End, Delete, Ctrl-Left/Right.
    "\\e[A": "previous-history",
    "\\e[B": "next-history",
    "\\e[C": "forward-char",
    "\\e[D": "backward-char",
    "\\e[H": "beginning-of-line",
    "\\e[F": "end-of-line",
    "\\eOA": "previous-history",
    "\\eOB": "next-history",
    "\\eOC": "forward-char",
    "\\eOD": "backward-char",
    "\\eOH": "beginning-of-line",
    "\\eOF": "end-of-line",
    "\\e[1~": "beginning-of-line",
    "\\e[4~": "end-of-line",
    "\\e[3~": "delete-char",
    "\\e[1;5C": "forward-word",
    "\\e[1;5D": "backward-word",
    "\\e[7~": "beginning-of-line",  # rxvt's Home and End
    "\\e[8~": "end-of-line",
    # Keys of no use here, bound whole so that no part of them is typed into the
    # line (unbound, F5 left a "~" and Shift-Left a "D"): the function keys as
    # xterm, vt220, rxvt and the Linux console send them, and the arrows, Home,
    # End, F1-F4 and the keys above with Shift, Alt, Ctrl or Meta.
    **{f"\\e[{number}~": "abort" for number in FUNCTION_KEYS},
    **{f"\\e[[{key}": "abort" for key in "ABCDE"},
    **{
        f"\\e[{number}{modifier}": "abort"
        for number in (*FUNCTION_KEYS, *EDITING_KEYS)
        for modifier in (*(f";{m}~" for m in MODIFIERS), "^", "$", "@")
    },
    **{
        f"\\e[1;{modifier}{key}": "abort"
        for modifier in MODIFIERS
        for key in "ABCDHFPQRS"
        if not (modifier == 5 and key in "CD")  # Ctrl-Left/Right: a word, above
    },
}
# The keymaps EMACS_KEYS decides in full: a key, Esc then a key, Ctrl-X then a key.
EMACS_KEYMAPS = ("", "\\e", "\\C-x")
# libedit's emacs keys that paste (Ctrl-Y), search (Ctrl-R, Ctrl-S, Alt-P,
# Alt-N) or take an editline command such as "bind -v" (Alt-X); Esc then a
# key is the key with the meta bit set, so Alt-x is "\\370".  Not tried here:
# this machine's readline is GNU readline.
LIBEDIT_OFF = ("^Y", "^R", "^S", "\\360", "\\356", "\\320", "\\316", "\\370", "\\330")


def load_readline() -> ModuleType | None:
    """The readline module, set up for game prompts; None where it is missing."""
    try:
        readline = _import_readline()
    except ImportError:
        return None
    # A line typed is added to its player's history by LineEditor, not by readline.
    readline.set_auto_history(False)
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind -e")
        for key in LIBEDIT_OFF:
            readline.parse_and_bind(f"bind {key} ed-redisplay")
    else:
        readline.parse_and_bind("set editing-mode emacs")
        readline.parse_and_bind("set keymap emacs")
        for line in emacs_bindings():
            readline.parse_and_bind(line)
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


def _import_readline() -> ModuleType:
    """readline, imported with no init file (GNU readline reads one as it is imported)."""
    if "readline" in sys.modules:  # already set up by someone else: bound over below
        import readline

        return readline
    saved = os.environ.get("INPUTRC")
    os.environ["INPUTRC"] = os.devnull
    try:
        import readline
    finally:
        if saved is None:
            del os.environ["INPUTRC"]
        else:
            os.environ["INPUTRC"] = saved
    return readline


def emacs_bindings() -> list[str]:
    """GNU readline bindings for every key of the emacs keymaps, EMACS_KEYS last.

    A key that starts a longer sequence of EMACS_KEYS (Esc, Ctrl-X, Esc [,
    Esc O) stays a prefix: bound itself, readline would wait after it for
    the rest of a sequence that may never come.
    """
    sequences = [key_bytes(key) for key in EMACS_KEYS]
    prefixes = {seq[:end] for seq in sequences for end in range(1, len(seq))}
    lines = []
    for keymap in EMACS_KEYMAPS:
        for byte in range(256):
            if key_bytes(keymap) + bytes([byte]) in prefixes:
                continue
            printable = keymap == "" and (32 <= byte < 127 or byte >= 128)
            lines.append(f'"{keymap}\\{byte:03o}": {"self-insert" if printable else "abort"}')
    lines += [f'"{key}": {function}' for key, function in EMACS_KEYS.items()]
    return lines


def key_bytes(key: str) -> bytes:
    """The bytes of a key sequence in the inputrc notation EMACS_KEYS uses.

    ``\\C-x`` (Ctrl and a character), ``\\e`` (Esc), ``\\\\``, ``\\nnn``
    (octal) and plain characters.
    """
    out = bytearray()
    rest = key
    while rest:
        if rest.startswith("\\C-"):
            out.append(ord(rest[3]) & 0x1F)
            rest = rest[4:]
        elif rest.startswith("\\e"):
            out.append(0x1B)
            rest = rest[2:]
        elif rest.startswith("\\\\"):
            out.append(ord("\\"))
            rest = rest[2:]
        elif rest.startswith("\\"):
            out.append(int(rest[1:4], 8))
            rest = rest[4:]
        else:
            out.append(ord(rest[0]))
            rest = rest[1:]
    return bytes(out)


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
