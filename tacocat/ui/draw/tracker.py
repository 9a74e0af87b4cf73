"""The card tracker: this round's face-up cards by value, and what is still unseen.

What it counts, and why a screen both players see counts no hand: docs/playing.md
("Larger terminals"), docs/security.md.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tacocat.engine import PlayerView, Rules
from tacocat.engine.rules import MIN_VALUE
from tacocat.engine.view import face_up_counts, unseen_counts
from tacocat.ui.draw.glyphs import UNICODE, Glyphs
from tacocat.ui.draw.plain import Plain
from tacocat.ui.draw.theme import value_style

LABEL = 9  # "face up  ": the longest row label and two spaces
NONE = "-"  # a count of zero: none of that value
EDGES = 4  # a panel's two borders and a column of padding inside each
TRACKER_ROWS = 4 + 2  # value, in deck, face up, unseen (or hidden), and the panel's edges
GAP = 2  # columns between the tracker and what stands beside it


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
            body.append(f"{count or NONE:>{width}}", style="" if count else "dim")
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
