"""The game's story on screen: the log block, and the news panel that pages.

The log and the news are one list of entries: a screen draws the entries
from some index on in the "What happened" panel and those before it in the
log above.  News taller than the panel is split into :func:`pages`, shown
one after another: no entry is ever left off every screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from tacocat.ui.draw.glyphs import UNICODE, Glyphs
from tacocat.ui.draw.plain import LOG, NEWS, Plain
from tacocat.ui.draw.rules_text import wrap
from tacocat.ui.draw.theme import tint_names

PANEL_EDGES = 2  # a panel's top and bottom border
NEWS_TITLE = "What happened"


def wrap_entry(text: str, width: int, glyphs: Glyphs = UNICODE) -> list[str]:
    """One log entry as lines of at most ``width`` columns: a bullet, then a hanging indent."""
    bullet = f"{glyphs.bullet} "
    return wrap(text, width, bullet, " " * len(bullet)) or [bullet.rstrip()]


def entry_rows(entries: Sequence[str], width: int, glyphs: Glyphs = UNICODE) -> int:
    return sum(len(wrap_entry(entry, width, glyphs)) for entry in entries)


def newest(entries: Sequence[str], rows: int, width: int, glyphs: Glyphs) -> tuple[list[str], int]:
    """The wrapped lines of the newest whole entries that fit in ``rows``, and their count.

    Entries are shown whole or not at all; only when even the newest entry
    is taller than ``rows`` is it cut, and then its last line shows an ellipsis.
    """
    shown: list[str] = []
    count = 0
    for entry in reversed(entries):
        lines = wrap_entry(entry, width, glyphs)
        if len(shown) + len(lines) > rows:
            if not shown and rows > 0:
                room = width - len(glyphs.ellipsis)
                shown = [*lines[: rows - 1], lines[rows - 1][:room].rstrip() + glyphs.ellipsis]
                count = 1
            break
        shown = lines + shown
        count += 1
    return shown, count


def log_body(
    lines: Sequence[str], count: int, width: int, glyphs: Glyphs, more: bool, names: Sequence[str]
) -> tuple[Text, str]:
    """The newest entries that fit in ``count`` rows, and the title (``more``: how to see all)."""
    shown, entries = newest(lines, count, width, glyphs)
    body = tint_names(Text("\n".join(shown), no_wrap=True, overflow="crop"), names)
    if not shown:
        body.append("(nothing yet)", style="dim")
    title = "Game log"
    if more and entries < len(lines):
        title += " (type log to see it all)"
    return body, title


def log_block(
    lines: Sequence[str],
    count: int,
    glyphs: Glyphs = UNICODE,
    width: int = 80,
    more: bool = False,
    names: Sequence[str] = (),
    fill: bool = False,
) -> RenderableType:
    """The newest public events that fit in ``count`` rows, newest last, wrapped.

    ``more``: the title says how to see the whole log when part of it is
    left out.  ``fill``: the rows the entries leave stay blank under them,
    so what follows keeps the bottom rows.
    """
    body, title = log_body(lines, count, width, glyphs, more, names)
    if fill:
        body.append("\n" * (count - 1 - body.plain.count("\n")))
    rule = Rule(Text(title, style="rule.text"), characters=glyphs.rule, style="dim", align="left")
    return Plain(Group(rule, body), LOG, lambda: lines)  # a line terminal prints every entry


def pages(entries: Sequence[str], rows: int, width: int, glyphs: Glyphs = UNICODE) -> list[int]:
    """Where each page of ``entries`` starts, for a panel of ``rows`` rows inside.

    Pages hold whole entries, in order; an entry taller than a page gets a
    page of its own (and is cut there).  ``[0]`` for no entries.
    """
    starts = [0]
    used = 0
    for index, entry in enumerate(entries):
        height = len(wrap_entry(entry, width, glyphs))
        if used and used + height > rows:
            starts.append(index)
            used = 0
        used += height
    return starts


def news_block(
    news: Sequence[str],
    glyphs: Glyphs = UNICODE,
    width: int = 80,
    page: tuple[int, int] = (1, 1),
    names: Sequence[str] = (),
) -> tuple[Plain, int]:
    """Results just revealed, in bold, wrapped; the panel and its height.

    ``page`` (this one, of how many) is said in the title when there are
    several, and "more" at the foot of every page but the last.
    """
    lines = [line for entry in news for line in wrap_entry(entry, width - 4, glyphs)]
    body = tint_names(Text("\n".join(lines), style="bold", no_wrap=True, overflow="crop"), names)
    number, count = page
    title = NEWS_TITLE if count == 1 else f"{NEWS_TITLE} ({number} of {count})"
    more = f"more{glyphs.ellipsis}" if number < count else None
    panel = Panel(
        body, box=glyphs.box, title=title, subtitle=more, subtitle_align="right", padding=(0, 1)
    )
    return Plain(panel, NEWS, lambda: news), len(lines) + PANEL_EDGES
