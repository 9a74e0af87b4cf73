"""How a screen spends its frame: the board's width, the card tracker's place, the log's box.

What each size shows is in docs/playing.md ("Larger terminals"), and why a
tracker both players see counts no hand in docs/security.md.  All of it comes
from the frame and the rules alone, so every screen of a game agrees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tacocat.engine import PlayerView, Rules
from tacocat.engine.rules import MIN_VALUE
from tacocat.engine.view import face_up_counts, unseen_counts
from tacocat.ui.draw.board import (
    BASE_WIDTH,
    MAX_BOARD_WIDTH,
    board_for_view,
    board_height,
    board_words,
    grid_rows,
    status_words,
)
from tacocat.ui.draw.cards import CARD_HEIGHT, face, hand_rows
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.glyphs import UNICODE, Glyphs
from tacocat.ui.draw.news import PANEL_EDGES, log_block, log_body
from tacocat.ui.draw.plain import BOARD, LOG, STATUS, Plain
from tacocat.ui.draw.rules_text import wrap
from tacocat.ui.draw.theme import player_style, tint_names, value_style

LABEL = 9  # "face up  ": the longest row label and two spaces
EDGES = 4  # a panel's two borders and a column of padding inside each
TRACKER_ROWS = 4 + 2  # value, in deck, face up, unseen (or hidden), and the panel's edges
GAP = 2  # columns between the tracker and what stands beside it
BIG_WIDTH = 120
# Rows from which a frame is big: 120x40 is, on every screen of its game, a hand-over that
# keeps a row for its take-back line (a frame a row shorter) included.
BIG_HEIGHT = 38
# Rows from which the tracker goes under the board: the log keeps more rows than at 80x24
# (a 100x30 terminal gives its extra rows to the log, not to the tracker).
BELOW_HEIGHT = 34
# Rows a frame must keep for the rest (log, titles, hints, prompt) once taller cards and
# board and a tracker under the board are paid for, to be tall: the log keeps ~10 rows.
TALL_ROOM = 30


def big(frame: Frame) -> bool:
    """Whether the table's screens in ``frame`` draw the log in a box with the tracker beside it."""
    return frame.width >= BIG_WIDTH and frame.height >= BIG_HEIGHT


class Place(Enum):
    """Where the card tracker goes."""

    NONE = "none"
    BESIDE = "beside"
    BELOW = "below"
    LOG = "log"  # beside the log's box (a big frame), not in the top


@dataclass(frozen=True)
class Layout:
    """The top of a screen: how wide the board is and where the tracker goes."""

    board_width: int
    tracker: Place


def layout(rules: Rules, frame: Frame) -> Layout:
    side = tracker_width(rules)
    width = min(MAX_BOARD_WIDTH, frame.width)
    if big(frame):
        return Layout(width, Place.LOG)
    if frame.width >= BASE_WIDTH + GAP + side:
        return Layout(min(MAX_BOARD_WIDTH, frame.width - GAP - side), Place.BESIDE)
    return Layout(width, Place.BELOW if frame.height >= BELOW_HEIGHT else Place.NONE)


@lru_cache(maxsize=64)
def tall(frame: Frame, rules: Rules) -> bool:
    """Whether screens in ``frame`` draw tall cards and a tall board.

    The cost is counted for the largest hand of the rules, so a game keeps
    its card height from its first screen to its last.
    """
    below = TRACKER_ROWS if layout(rules, frame).tracker is Place.BELOW else 0
    card_rows = face(frame.width, rules, tall=True).rows - CARD_HEIGHT
    extra = card_rows * hand_rows(max(rules.hand_sizes), frame.width, rules)
    extra += grid_rows(True) - grid_rows(False)
    return frame.height - below - extra >= TALL_ROOM


def table_top(
    view: PlayerView, names: tuple[str, str], frame: Frame, public: bool
) -> tuple[RenderableType, int]:
    """The board (with the legend and the status line) and the tracker; and the rows they take.

    ``public``: the screen may be seen by both players (a hand-over).
    """
    shape = layout(view.rules, frame)
    glyphs, high = frame.glyphs, tall(frame, view.rules)
    board = board_for_view(view, names, glyphs, shape.board_width, high)
    rows = board_height(view, names, glyphs, shape.board_width, high)
    if shape.tracker in (Place.NONE, Place.LOG):
        return board, rows
    if shape.tracker is Place.BELOW:
        return Group(board, tracker_panel(view, public, glyphs)), rows + TRACKER_ROWS
    grid = beside_tracker(board, shape.board_width, view, public, glyphs)
    # A line terminal reads the board's and the status line's words, as on any screen.
    words = Group(
        Plain(grid, BOARD, lambda: board_words(view, names)),
        Plain(Group(), STATUS, lambda: status_words(view, names)),
    )
    return words, max(rows, TRACKER_ROWS)


def column(rules: Rules) -> int:
    """The columns each value takes: its widest number and a space."""
    return max(2, len(str(max(rules.counts)))) + 1


def tracker_width(rules: Rules) -> int:
    return EDGES + LABEL + column(rules) * len(rules.counts)


def tracker_panel(view: PlayerView, public: bool, glyphs: Glyphs = UNICODE) -> Plain:
    """The tracker for ``view``'s seat, or (``public``) for a screen both players see.

    ``public`` counts leave the player's hand out of it: the last row is
    then "hidden", the same for both players.
    """
    width = column(view.rules)
    up = face_up_counts(view)
    unseen = unseen_counts(view, hand_seen=not public)
    body = Text(no_wrap=True, overflow="crop")
    body.append(f"{'value':<{LABEL}}", style="bold")
    for value in range(MIN_VALUE, MIN_VALUE + len(up)):
        body.append(f"{value:>{width}}", style=value_style(value))
    rows = (
        ("in deck", view.rules.counts),
        ("face up", up),
        ("hidden" if public else "unseen", unseen),
    )
    for label, counts in rows:
        body.append(f"\n{label:<{LABEL}}")
        for count in counts:
            body.append(f"{count or '-':>{width}}", style="" if count else "dim")  # -: none
    title = "Cards this round" if public else "Cards this round, from your seat"
    panel = Panel(
        body,
        box=glyphs.box,
        title=title,
        title_align="left",
        padding=(0, 1),
        width=tracker_width(view.rules),
    )
    return Plain(panel, "tracker", list)  # no words: a line a move would be noise


def beside_tracker(
    part: RenderableType, width: int, view: PlayerView, public: bool, glyphs: Glyphs
) -> Table:
    """``part``, ``width`` columns wide, with :func:`tracker_panel` beside it."""
    grid = Table.grid(padding=(0, GAP, 0, 0))
    grid.add_column(width=width)
    grid.add_column(width=tracker_width(view.rules))
    grid.add_row(part, tracker_panel(view, public, glyphs))
    return grid


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
    see :func:`tracker_panel`), when the box is as tall as the tracker.
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
    more: bool = False,
) -> list[RenderableType]:
    """The log in ``rows`` rows: boxed on a big frame when the box fits, else under its title.

    ``fill`` and ``more``: see :func:`tacocat.ui.draw.news.log_block` (a box fills its rows anyway).
    """
    if big(frame) and rows > PANEL_EDGES:
        return [boxed_log(log, rows, frame, view, public, more, names)]
    if rows < 2:
        return []
    return [log_block(log, rows - 1, frame.glyphs, frame.width, more, names, fill)]


def handover_notice(view: PlayerView, names: tuple[str, str], width: int) -> Text:
    """Who takes the keyboard and who looks away, centred, names in their colours.

    The first line is all in the incoming player's colour: one run of text,
    the name not cut out of it.
    """
    incoming, outgoing = names[view.player], names[view.opponent]
    lines = [
        f"Pass the keyboard to {incoming}.",
        f"{outgoing}, please look away.",
        f"{incoming}, press Enter when you are ready to see your cards.",
    ]
    notice = Text(justify="center")
    notice.append("\n".join(wrap(lines[0], width)), style=player_style(view.player))
    for line in lines[1:]:
        notice.append("\n")
        notice.append_text(tint_names(Text("\n".join(wrap(line, width))), names))
    return notice
