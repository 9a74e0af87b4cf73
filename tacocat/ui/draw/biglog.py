"""The log of a big terminal (120x40 and up): a box, with the card tracker beside it.

The box takes every row between the board and the hand, so a short log leaves no
hole of blank rows in the table (docs/playing.md, "Larger terminals").
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.panel import Panel

from tacocat.engine import PlayerView
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.news import PANEL_EDGES, log_block, log_body
from tacocat.ui.draw.plain import LOG, Plain
from tacocat.ui.draw.tracker import EDGES, GAP, TRACKER_ROWS, beside_tracker, tracker_width

BIG_WIDTH = 120
# Rows from which a frame is big: 120x40 is, on every screen of its game, a hand-over that
# keeps a row for its take-back line (a frame a row shorter) included.
BIG_HEIGHT = 38


def big(frame: Frame) -> bool:
    """Whether the table's screens in ``frame`` draw the log in a box with the tracker beside it."""
    return frame.width >= BIG_WIDTH and frame.height >= BIG_HEIGHT


def boxed_log(
    log: Sequence[str],
    rows: int,
    frame: Frame,
    view: PlayerView | None = None,
    public: bool = False,
    more: bool = False,
    names: Sequence[str] = (),
) -> RenderableType:
    """The newest entries of ``log`` in a box exactly ``rows`` rows high (edges included).

    With ``view`` the tracker of its seat stands beside the box (``public``:
    see :func:`tacocat.ui.draw.tracker.tracker_panel`), when the box is as
    tall as the tracker.  ``more``: as for :func:`tacocat.ui.draw.news.log_block`.
    """
    glyphs = frame.glyphs
    beside = view if view is not None and rows >= TRACKER_ROWS else None
    width = frame.width - (GAP + tracker_width(beside.rules) if beside is not None else 0)
    body, title = log_body(log, rows - PANEL_EDGES, width - EDGES, glyphs, more, names)
    box: RenderableType = Panel(
        body,
        box=glyphs.box,
        title=title,
        title_align="left",
        height=rows,
        width=width,
        padding=(0, 1),
        border_style="dim",
    )
    if beside is not None:
        box = beside_tracker(box, width, beside, public, glyphs)
    return Plain(box, LOG, lambda: log)  # a line terminal reads the entries, not the counts


def log_area(
    log: Sequence[str],
    rows: int,
    frame: Frame,
    view: PlayerView | None = None,
    public: bool = False,
    names: Sequence[str] = (),
    fill: bool = False,
) -> list[RenderableType]:
    """The log in ``rows`` rows: boxed on a big frame when the box fits, else under its title.

    ``fill``: see :func:`tacocat.ui.draw.news.log_block` (a box fills its rows anyway).
    """
    if big(frame) and rows > PANEL_EDGES:
        return [boxed_log(log, rows, frame, view, public, names=names)]
    if rows < 2:
        return []
    return [log_block(log, rows - 1, frame.glyphs, frame.width, names=names, fill=fill)]
