"""Text that is safe to print on a terminal (docs/security.md, "Text that reaches the terminal").

Every control character is shown as a terminal's own echo shows it, never
sent; an output whose encoding lacks a character shows it in a form it has:

    >>> visible("\\x1b[D"), visible("a\\tb\\x7f"), visible("\\x9b31m")
    ('^[[D', 'a^Ib^?', '<9b>31m')
    >>> "Zoë ☃".encode("ascii", errors=SHOWN)
    b'Zoe <2603>'
"""

from __future__ import annotations

import codecs
import contextlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import IO

SHOWN = "tacocat.shown"  # the codec error handler registered below


def visible(text: str, keep: str = "") -> str:
    """``text`` with every unsafe character shown instead of sent.

    A safe character is one a terminal only draws: ``str.isprintable`` is
    False for every control character (C0, DEL and C1), for format characters
    such as the bidirectional overrides, for line and paragraph separators,
    for spaces other than the plain one and for unassigned code points.  C0
    characters and DEL become caret notation (``^[``, ``^?``); any other
    unsafe character becomes its code in angle brackets (``<9b>``).
    Characters in ``keep`` (e.g. ``"\\n"`` for a multi-line message) pass.
    """
    if text.isprintable():
        return text  # the common case, checked in C without building a new string
    return "".join(char if char.isprintable() or char in keep else _shown(char) for char in text)


def _shown(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return "^" + chr(code + 0x40)
    if code == 0x7F:
        return "^?"
    return f"<{code:x}>"


def cut_number(text: str, keep: int = 6) -> str:
    """A long number as its first and last ``keep`` digits and its length; others as they are.

    A message quoting a hostile 5,000-digit number would fill the screen.

    >>> cut_number("-" + "1" + "0" * 4398 + "7")
    '-100000...000007 (4,400 digits)'
    >>> cut_number("12345")
    '12345'
    """
    sign = text[:1] if text[:1] in ("+", "-") else ""
    digits = text[len(sign) :]
    if len(digits) <= 2 * keep + 3:
        return text
    return f"{sign}{digits[:keep]}...{digits[-keep:]} ({len(digits):,} digits)"


def show_unencodable(stream: IO[str] | None) -> bool:
    """Make ``stream`` show what its encoding lacks; True if it takes all of Unicode.

    Only a text stream that can be reconfigured (``sys.stdout``) is changed;
    for any other, the answer is still whether its encoding is a Unicode one.
    """
    encoding = (getattr(stream, "encoding", None) or "ascii").lower().replace("-", "")
    if encoding.startswith(("utf", "cp65001")):
        return True
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        # A closed stream, or one that cannot be changed, is left as it is.
        with contextlib.suppress(ValueError, OSError):
            reconfigure(errors=SHOWN)
    return False


def _shown_instead(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler: each character the encoding lacks, in a form it has."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(
        _encodable(char, error.encoding) for char in error.object[error.start : error.end]
    ), error.end


def _encodable(char: str, encoding: str) -> str:
    import unicodedata  # here: the first screen imports this module, and seldom needs it

    # The letter without its accents ("ë" is "e" and U+0308), if the encoding has it.
    base = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))
    if len(base) == 1 and base != char:
        try:
            base.encode(encoding)
        except (UnicodeError, LookupError):
            pass
        else:
            return base
    return f"<{ord(char):x}>"


codecs.register_error(SHOWN, _shown_instead)
