"""Text that is safe to print on a terminal: no control character gets through.

Anything a person types, and anything read from a file, may hold control
characters.  Printed raw, an ESC starts a command to the terminal: a typed
Left arrow (``ESC [ D``) moves the cursor over the board, a Right arrow's
echo can make the terminal type a reply into the game, ``ESC c`` resets the
terminal and ``ESC ] 0 ;`` retitles the window.  So every piece of such text
passes through :func:`visible` before it is printed, which shows each
control character the way a terminal's own echo does (caret notation)
instead of sending it.

    >>> visible("\\x1b[D")
    '^[[D'
    >>> visible("a\\tb\\x7f")
    'a^Ib^?'
    >>> visible("\\x9b31m")
    '<9b>31m'
    >>> visible("Zoë 9²")
    'Zoë 9²'
"""

from __future__ import annotations


def is_safe(char: str) -> bool:
    """True for a character a terminal only draws.

    ``str.isprintable`` is False for every control character (C0, DEL and
    C1), for format characters such as the bidirectional overrides, for
    line and paragraph separators, for spaces other than the plain one and
    for unassigned code points.
    """
    return char.isprintable()


def visible(text: str, keep: str = "") -> str:
    """``text`` with every unsafe character shown instead of sent.

    C0 characters and DEL become caret notation (``^[``, ``^?``); any other
    unsafe character becomes its code in angle brackets (``<9b>``).
    Characters in ``keep`` (e.g. ``"\\n"`` for a multi-line message) pass.
    """
    if text.isprintable():
        return text  # the common case, checked in C without building a new string
    return "".join(_shown(char) if not (is_safe(char) or char in keep) else char for char in text)


def _shown(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return "^" + chr(code + 0x40)
    if code == 0x7F:
        return "^?"
    return f"<{code:x}>"
