"""The same screen in fewer bytes: blank cells skipped, styles switched less.

rich writes every styled piece of text as ``ESC[<style>m text ESC[0m`` and
every blank cell as a space, one byte each: the gap between a line's text
and a panel's right border, the margins of a centred line, the board's
empty cells.  :class:`tacocat.ui.terminal.Terminal` draws each screen onto
rows it has just cleared, where all of that can be said in fewer bytes
with the very same cells on show (as curses does):

* a run of five or more blank cells is crossed with a cursor move
  (``ESC[nC``, 4 or 5 bytes), and blanks at the end of a line are left out:
  the cells are blank already;
* a style is switched off with ``ESC[m`` (the same as ``ESC[0m``), and not
  at all between lines of the same style (a hint of two lines is one
  coloured run), unless the style would paint a line that scrolls in.

Every cell ends up with the same character and the same attributes as
rich gives it; only a terminal that was not cleared would show the
difference, so :func:`compact` is for cleared rows only.  It works on the
text rich writes, with regular expressions, so it costs little.
"""

from __future__ import annotations

import re

RESET = "\x1b[m"
# A styled piece as rich writes it.  Text never holds an ESC of its own
# (tacocat.sanitize.visible turned any into ^[ before rich saw it).
_STYLED = re.compile(r"(\x1b\[[0-9;]*m[^\x1b]*\x1b\[0?m)")
_BLANKS = re.compile(r" {5,}")
_LINE_END = re.compile(r" +\n")
# One style ended at a line's end and started again on the next line.
_AGAIN = re.compile(r"\x1b\[([0-9;]+)m([^\x1b]*)\x1b\[0?m(\n+)\x1b\[\1m")
# Attributes a blank cell shows, or that a scrolling line feed may paint:
# underline, reverse, strike, frame, encircle, overline, background colours.
_SHOWS = re.compile(r"(^|;)(4|7|9|21|51|52|53|4[0-8]|10[0-7])(;|$)")


def _move(blanks: re.Match[str]) -> str:
    return f"\x1b[{len(blanks.group())}C"


def _plain(text: str, last: bool) -> str:
    """Unstyled text with its blank runs crossed and its line ends trimmed."""
    text = _LINE_END.sub("\n", text)
    if last:
        text = text.rstrip(" ")
    return _BLANKS.sub(_move, text)


def _again(match: re.Match[str]) -> str:
    code, text, lines = match.groups()
    if _SHOWS.search(code):
        return match.group()
    return f"\x1b[{code}m{text}{lines}"


def compact(written: str) -> str:
    """``written`` (what rich writes for a screen) for cleared rows, in fewer bytes.

    Text with anything but colour codes in it (a hyperlink, say) is left as it is.
    """
    if "\x1b" in _STYLED.sub("", written):
        return written
    pieces = _STYLED.split(written)
    for index in range(0, len(pieces), 2):  # the unstyled pieces
        pieces[index] = _plain(pieces[index], last=index == len(pieces) - 1)
    text = "".join(pieces)
    while True:  # one pass joins two lines; a third needs another
        joined = _AGAIN.sub(_again, text)
        if joined == text:
            break
        text = joined
    return text.replace("\x1b[0m", RESET)
