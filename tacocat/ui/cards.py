"""Card faces: small rich panels showing a card's value and palindrome.

Plain functions from cards to renderables, so any screen (the game, a
replay) can draw them.  A card's pick key sits on its top edge::

    ╭ a ─────╮
    │   7    │
    │taco cat│
    │        │
    ╰────────╯
"""

from __future__ import annotations

import string
import textwrap
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tacocat.engine import Card
from tacocat.ui.glyphs import UNICODE, Glyphs

# Pick keys skip the command letters q (quit) and s (sacrifice), so a key can
# never be mistaken for a command however large a variant's hands are.  Cards
# past the last key (only in huge variants) are picked by value.
KEYS = "".join(letter for letter in string.ascii_lowercase if letter not in "qs")
CARD_WIDTH = 10
MIN_CARD_WIDTH = 8
PHRASE_LINES = 2
CARD_HEIGHT = 3 + PHRASE_LINES  # two edges, the value, the palindrome


def keyed_hand(hand: Sequence[Card]) -> list[tuple[str, Card]]:
    """The hand sorted by value, each card with the key that picks it."""
    ordered = sorted(hand, key=lambda card: (card.value, card.id))
    return [(KEYS[index] if index < len(KEYS) else "", card) for index, card in enumerate(ordered)]


def phrase_lines(phrase: str, width: int, glyphs: Glyphs = UNICODE) -> list[str]:
    """The palindrome wrapped to ``width``, cut to two lines with an ellipsis."""
    lines = textwrap.wrap(phrase, width) or [""]
    if len(lines) > PHRASE_LINES:
        last = lines[PHRASE_LINES - 1]
        room = width - len(glyphs.ellipsis)
        lines = [*lines[: PHRASE_LINES - 1], last[:room].rstrip() + glyphs.ellipsis]
    return lines + [""] * (PHRASE_LINES - len(lines))


def card_face(
    card: Card,
    key: str | None = None,
    glyphs: Glyphs = UNICODE,
    width: int = CARD_WIDTH,
    style: str = "",
) -> Panel:
    """One card: value (bold) on top, its palindrome below, ``key`` on the edge."""
    inner = width - 2
    body = Text(justify="center", no_wrap=True, overflow="crop")
    body.append(str(card.value), style="bold")
    for line in phrase_lines(card.phrase, inner, glyphs):
        body.append("\n" + line, style="dim")
    return Panel(
        body,
        box=glyphs.box,
        title=Text(key, style="bold reverse") if key else None,
        title_align="left",
        width=width,
        padding=(0, 0),
        style=style,
    )


def card_width_for(count: int, room: int) -> int:
    """The widest card face (up to the default) that fits ``count`` cards in ``room``."""
    if count <= 0:
        return CARD_WIDTH
    return max(MIN_CARD_WIDTH, min(CARD_WIDTH, room // count))


def hand_rows(count: int, room: int) -> int:
    """How many rows of card faces ``count`` cards take in ``room`` columns."""
    per_row = max(1, room // card_width_for(count, room))
    return max(1, -(-count // per_row))


def hand_row(
    keyed: Sequence[tuple[str | None, Card]],
    glyphs: Glyphs = UNICODE,
    room: int = 80,
) -> RenderableType:
    """Card faces side by side, each with its key (or none), wrapped to ``room``."""
    width = card_width_for(len(keyed), room)
    per_row = max(1, room // width)  # as in hand_rows()
    rows: list[RenderableType] = []
    for start in range(0, len(keyed), per_row):
        chunk = keyed[start : start + per_row]
        row = Table.grid(padding=0)
        for _ in chunk:
            row.add_column(width=width)
        row.add_row(*(card_face(card, key, glyphs, width) for key, card in chunk))
        rows.append(row)
    return rows[0] if len(rows) == 1 else Group(*rows)


def values_text(values: Sequence[int]) -> Text:
    """Card values inline, e.g. ``[9] [9]``, for the table and summaries."""
    text = Text()
    for index, value in enumerate(values):
        if index:
            text.append(" ")
        text.append(f"[{value}]", style="bold")
    return text
