"""The same screen in fewer bytes: blank cells skipped, styles switched less.

rich writes every styled piece of text as ``ESC[<style>m text ESC[0m`` and
every blank cell as a space, one byte each: the gap between a line's text
and a panel's right border, the margins of a centred line, the board's
empty cells.  :class:`tacocat.ui.terminal.Terminal` draws each screen onto
rows it has just cleared, where all of that can be said in fewer bytes
with the very same cells on show (as curses does):

* a run of five or more blank cells is crossed with a cursor move
  (``ESC[nC``, 4 or 5 bytes), or left out at the end of a line: the cells
  are blank already;
* a style is switched off with ``ESC[m`` (the same as ``ESC[0m``), and not
  at all between lines of the same style (a hint of two lines is one
  coloured run), unless the style would paint a line that scrolls in.

Every cell ends up with the same character and the same attributes as
rich gives it; only a terminal that was not cleared would show the
difference, so :func:`compact` is for cleared rows only.  It works on the
text rich writes, with ``str.find`` (a screen takes some 30 microseconds).
"""

from __future__ import annotations

import re

RESET = "\x1b[m"
FIVE = " " * 5  # the shortest run a cursor move (4 bytes) is shorter than
# Anything but a colour code: then the text is left as it is.
_OTHER_CODE = re.compile(r"\x1b(?!\[[0-9;]*m)")
_SPACES = re.compile(" +")
# Attributes a blank cell shows, or that a scrolling line feed may paint:
# underline, reverse, strike, frame, encircle, overline, background colours.
_SHOWS = re.compile(r"(^|;)(4|7|9|21|51|52|53|4[0-8]|10[0-7])(;|$)")


def compact(written: str) -> str:
    """``written`` (what rich writes for a screen) for cleared rows, in fewer bytes.

    Text with anything but colour codes in it (a hyperlink, say) is left as it is.
    """
    if _OTHER_CODE.search(written):
        return written
    return _cross_blanks(_join_lines(written)).replace("\x1b[0m", RESET)


def _join_lines(text: str) -> str:
    """One style run over line ends where the next line starts in the same style.

    rich writes each styled piece as ``ESC[<code>m text ESC[0m``, never with
    another code inside, so the code open at a reset is the last one before it.
    """
    pieces: list[str] = []
    done = 0
    at = text.find("\x1b[0m\n")
    while at >= 0:
        opened = text.rfind("\x1b[", 0, at)
        code = text[opened : text.index("m", opened) + 1]
        lines = after = at + len("\x1b[0m")
        while text.startswith("\n", lines):
            lines += 1
        if code != "\x1b[0m" and text.startswith(code, lines) and not _SHOWS.search(code[2:-1]):
            pieces += [text[done:at], text[after:lines]]
            done = lines + len(code)
        at = text.find("\x1b[0m\n", after)
    pieces.append(text[done:])
    return "".join(pieces)


def _cross_blanks(text: str) -> str:
    """Runs of five blanks or more crossed with a cursor move, or left out at a line's end.

    Not the spaces of a styled piece (the next code after them is its
    ESC[0m): a style may show on blank cells.
    """
    pieces: list[str] = []
    done = 0
    start = text.find(FIVE)
    while start >= 0:
        end = _SPACES.match(text, start).end()  # type: ignore[union-attr]
        if not text.startswith("\x1b[0m", text.find("\x1b", end)):
            pieces.append(text[done:start])
            if end < len(text) and text[end] != "\n":
                pieces.append(f"\x1b[{end - start}C")
            done = end
        start = text.find(FIVE, end)
    pieces.append(text[done:])
    return "".join(pieces)
