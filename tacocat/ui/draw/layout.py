"""How a screen spends its frame: the board's width, the card tracker's place, tall or not.

What each size shows is in docs/playing.md ("Larger terminals").  All of it comes
from the frame and the rules alone, so every screen of a game agrees.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from rich.console import Group, RenderableType
from rich.text import Text

from tacocat.engine import PlayerView, Rules
from tacocat.ui.draw.biglog import big
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
from tacocat.ui.draw.plain import BOARD, STATUS, Plain
from tacocat.ui.draw.rules_text import wrap
from tacocat.ui.draw.theme import player_style, tint_names
from tacocat.ui.draw.tracker import GAP, TRACKER_ROWS, beside_tracker, tracker_panel, tracker_width

# Rows from which the tracker goes under the board: the log keeps more rows than at 80x24
# (a 100x30 terminal gives its extra rows to the log, not to the tracker).
BELOW_HEIGHT = 34
# Rows a frame must keep for the rest (log, titles, hints, prompt) once taller cards and
# board and a tracker under the board are paid for, to be tall: the log keeps ~10 rows.
TALL_ROOM = 30


class Place(Enum):
    """Where the card tracker goes."""

    NONE = "none"
    BESIDE = "beside"
    BELOW = "below"
    LOG = "log"  # beside the log's box (tacocat.ui.draw.biglog), not in the top


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
