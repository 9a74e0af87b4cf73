"""The card tracker: this round's face-up cards by value, and what is still unseen.

The counts come from :mod:`tacocat.engine.view` over the player's own view.  A
screen both players may see (the hand-over) counts the cards no one has shown
("hidden"), never one player's unseen cards, which would tell the other that hand.
"""

from __future__ import annotations

from rich.panel import Panel
from rich.text import Text

from tacocat.engine import PlayerView, Rules
from tacocat.engine.rules import MIN_VALUE
from tacocat.engine.view import face_up_counts, unseen_counts
from tacocat.ui.draw.glyphs import UNICODE, Glyphs
from tacocat.ui.draw.plain import Plain
from tacocat.ui.draw.theme import value_style

TRACKER = "tracker"  # its kind of plain part: a line terminal leaves it out, as before
LABEL = 9  # "face up  ": the longest row label and two spaces
NONE = "-"  # a count of zero: none of that value
EDGES = 4  # a panel's two borders and a column of padding inside each
TRACKER_ROWS = 4 + 2  # value, in deck, face up, unseen (or hidden), and the panel's edges


def column(rules: Rules) -> int:
    """The columns each value takes: its widest number and a space."""
    return max(2, len(str(max(rules.counts)))) + 1


def tracker_width(rules: Rules) -> int:
    return EDGES + LABEL + column(rules) * len(rules.counts)


def tracker_panel(view: PlayerView, public: bool, glyphs: Glyphs = UNICODE) -> Plain:
    """The tracker for ``view``'s seat, or (``public``) for a screen both players see.

    ``public`` counts leave the player's hand out of it: the last row is
    then "hidden" (in a hand or the draw pile), the same for both players.
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
    # No words for a line terminal: it never showed the counts (a line a move would be noise).
    return Plain(panel, TRACKER, list)
