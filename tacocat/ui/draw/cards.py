"""Card faces: small rich panels showing a card's value, palindrome and pick key.

Their sizes, on every terminal, are described in docs/playing.md ("Larger terminals").
"""

from __future__ import annotations

import string
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tacocat.engine import Card, Rules
from tacocat.engine.cards import deck_cards
from tacocat.ui.draw.board import BASE_WIDTH
from tacocat.ui.draw.frozen import Frozen
from tacocat.ui.draw.glyphs import UNICODE, Glyphs
from tacocat.ui.draw.plain import HAND, Plain
from tacocat.ui.draw.rules_text import wrap
from tacocat.ui.draw.theme import value_style

# Pick keys skip the commands q, s and u, however large a variant's hands are;
# cards past the last key (only in huge variants) are picked by value.
KEYS = "".join(letter for letter in string.ascii_lowercase if letter not in "qsu")
NEW_MARK = "new"  # on the bottom edge of a card just drawn
CARD_WIDTH = 10
MIN_CARD_WIDTH = 8
MAX_CARD_WIDTH = 17  # the longest palindrome shows whole in two lines of 15
BIG_ROOM = 120  # from here, as wide as the largest hand allows (layout.big)
BIG_CARD_WIDTH = 21  # ... up to this
STANDARD_RULES = Rules()
PHRASE_LINES = 2
CARD_HEIGHT = 3 + PHRASE_LINES  # two edges, the value, the palindrome
TALL_PHRASE_LINES = 3  # the fewest on a tall card: a short palindrome sits in the middle
MOST_PHRASE_LINES = 4  # past this a palindrome is cut (only on cards narrowed by huge hands)


@dataclass(frozen=True)
class Face:
    """The shape every card face on a screen shares (``corners``: a tall card's)."""

    width: int = CARD_WIDTH
    lines: int = PHRASE_LINES
    corners: bool = False

    @property
    def rows(self) -> int:
        """The rows a face takes: two edges, the value once or twice, the palindrome."""
        return 2 + (2 if self.corners else 1) + self.lines


def keyed_hand(hand: Sequence[Card]) -> list[tuple[str, Card]]:
    """The hand sorted by value, each card with the key that picks it."""
    ordered = sorted(hand, key=lambda card: (card.value, card.id))
    return [(KEYS[index] if index < len(KEYS) else "", card) for index, card in enumerate(ordered)]


def phrase_lines(
    phrase: str, width: int, glyphs: Glyphs = UNICODE, count: int = PHRASE_LINES
) -> list[str]:
    """The palindrome wrapped to ``width`` in ``count`` lines, broken only between words.

    A phrase too long for them ends, after its last whole word that fits,
    with an ellipsis: the reader sees that it goes on.  Lines left over are blank.
    """
    lines = wrap(phrase, width) or [""]
    if len(lines) > count or any(len(line) > width for line in lines):
        room = width - len(glyphs.ellipsis)
        head = " ".join(lines[: count - 1])
        rest = " ".join(lines[count - 1 :]).split()
        last = ""
        for word in rest:
            if len(last) + len(word) + (1 if last else 0) > room:
                break
            last = f"{last} {word}" if last else word
        if not last:  # a single word longer than the card: cut it, ellipsis shows the rest
            last = rest[0][:room]
        lines = wrap(head, width)
        lines = [*lines, last + glyphs.ellipsis][:count]
    return lines + [""] * (count - len(lines))


@lru_cache(maxsize=256)
def deck_fits(rules: Rules, width: int, count: int = PHRASE_LINES) -> bool:
    """Whether every palindrome of the deck shows whole in ``count`` lines, ``width`` wide."""
    for card in deck_cards(rules.card_values):
        lines = wrap(card.phrase, width - 2)
        if len(lines) > count or any(len(line) > width - 2 for line in lines):
            return False
    return True


def card_face(
    card: Card,
    key: str | None = None,
    glyphs: Glyphs = UNICODE,
    new: bool = False,
    shape: Face = Face(),
) -> Panel:
    """One card: value on top, its palindrome below, ``key`` on the edge.

    ``new`` writes "new" on the bottom edge (a card just drawn): text, so
    it shows without colour too.
    """
    inner = shape.width - 2
    number = Text(str(card.value), style=value_style(card.value))
    corner = Text.assemble(number, " " * max(0, inner - 2 * len(number)), number)
    lines = phrase_lines(card.phrase, inner, glyphs, shape.lines)
    if shape.corners:  # a short palindrome sits in the middle, between the corners
        shown = [line for line in lines if line]
        above = (shape.lines - len(shown)) // 2
        lines = ([""] * above + shown + [""] * shape.lines)[: shape.lines]
    body = Text(justify="center", no_wrap=True, overflow="crop")
    body.append_text(corner if shape.corners else number)
    for line in lines:
        body.append("\n" + line, style="dim")
    if shape.corners:
        body.append("\n")
        body.append_text(corner)
    return Panel(
        body,
        box=glyphs.box,
        title=Text(key, style="bold reverse") if key else None,
        title_align="left",
        subtitle=Text(NEW_MARK, style="bold") if new else None,
        subtitle_align="right",
        width=shape.width,
        padding=(0, 0),
    )


@lru_cache(maxsize=64)
def face(room: int, rules: Rules = STANDARD_RULES, tall: bool = False) -> Face:
    """The shape of every card face on a screen ``room`` columns wide (``tall``: see layout.tall).

    A tall card has as many palindrome lines as the longest palindrome of
    the deck needs at :func:`card_width`, so none is cut.
    """
    width = card_width(room, rules)
    if not tall:
        return Face(width)
    # A big terminal's cards stand a row taller: they fill the room the log's box leaves.
    lines = TALL_PHRASE_LINES + (1 if room >= BIG_ROOM else 0)
    while lines < MOST_PHRASE_LINES and not deck_fits(rules, width, lines):
        lines += 1
    return Face(width, lines, corners=True)


def hand_height(count: int, room: int, rules: Rules = STANDARD_RULES, tall: bool = False) -> int:
    """How many rows ``count`` card faces take in ``room`` columns (edges included)."""
    return face(room, rules, tall).rows * hand_rows(count, room, rules)


@lru_cache(maxsize=64)
def card_width(room: int, rules: Rules = STANDARD_RULES) -> int:
    """How wide every card face is on a screen ``room`` columns wide, in a game of ``rules``.

    From the room and the rules alone, never from the cards on screen, so a
    card keeps its width from one screen to the next (docs/playing.md).
    """
    most = max(rules.hand_sizes)
    fitting = max(MIN_CARD_WIDTH, min(MAX_CARD_WIDTH, room // most))
    width = min(CARD_WIDTH, fitting)
    if room <= BASE_WIDTH:  # cards grow only into columns beyond the narrowest screen
        return width
    if room >= BIG_ROOM:  # the hand spreads across a big terminal
        return max(MIN_CARD_WIDTH, min(BIG_CARD_WIDTH, room // most))
    for wider in range(width, fitting + 1):
        if deck_fits(rules, wider):
            return wider
    return fitting  # no width shows every phrase whole: the widest cuts the fewest


def hand_rows(count: int, room: int, rules: Rules = STANDARD_RULES) -> int:
    per_row = max(1, room // card_width(room, rules))
    return max(1, -(-count // per_row))


def hand_row(
    keyed: Sequence[tuple[str | None, Card]],
    glyphs: Glyphs = UNICODE,
    room: int = 80,
    new: Collection[int] = (),
    rules: Rules = STANDARD_RULES,
    tall: bool = False,
) -> RenderableType:
    """Card faces side by side, each with its key (or none), wrapped to ``room``.

    Cards whose id is in ``new`` are marked as just drawn.
    """
    shape = face(room, rules, tall)
    per_row = max(1, room // shape.width)  # as in hand_rows()
    faces = tuple((key, card, card.id in new) for key, card in keyed)
    # The same hand is drawn on many screens: lay it out once (tacocat.ui.draw.frozen).
    drawn = Frozen(min(room, shape.width * per_row), _faces, faces, glyphs, shape, per_row)
    return Plain(drawn, HAND, lambda: [card_words(*face) for face in faces])


def _faces(
    faces: tuple[tuple[str | None, Card, bool], ...], glyphs: Glyphs, shape: Face, per_row: int
) -> RenderableType:
    rows: list[RenderableType] = []
    for start in range(0, len(faces), per_row):
        chunk = faces[start : start + per_row]
        row = Table.grid(padding=0)
        for _ in chunk:
            row.add_column(width=shape.width)
        row.add_row(*(card_face(card, key, glyphs, new, shape) for key, card, new in chunk))
        rows.append(row)
    return rows[0] if len(rows) == 1 else Group(*rows)


def card_words(key: str | None, card: Card, new: bool) -> str:
    """One card as a line, 'a: 7 (new)': no palindrome, which read aloud would bury the value."""
    return (f"{key}: " if key else "") + str(card.value) + (f" ({NEW_MARK})" if new else "")


def values_text(values: Sequence[int]) -> Text:
    """Card values inline, e.g. ``[9] [9]``, for the table and summaries."""
    return Text(" ").join(Text(f"[{value}]", style=value_style(value)) for value in values)
