"""Screens as plain lines: what a line terminal, a pipe or a screen reader is given.

A board drawn as a grid or cards as boxes are noise read line by line, so
the drawn parts carry their own words (:class:`Plain`), and :func:`blocks`
reads any screen as plain blocks: the screens are not written twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

# What a plain part is: a line terminal prints each kind by its own rule.
BOARD = "board"  # the board (changes once a round)
STATUS = "status"  # round, piles and hand sizes
HAND = "hand"  # a player's cards, one a line
LOG = "log"  # the public log's entries, all of them
NEWS = "news"  # the newest log entries, shown apart (a duel's result)
RESULT = "result"  # a result's panel (a showdown): told right after the events
TEXT = ""  # anything else: sentences as they are


@dataclass
class Plain:
    """``renderable`` for rich, and ``lines()`` (computed only when asked) for a line terminal."""

    renderable: RenderableType
    kind: str
    lines: Callable[[], Sequence[str]]

    def __rich__(self) -> RenderableType:
        return self.renderable


@dataclass(frozen=True)
class Block:
    """Lines that belong together, of one kind, under an optional heading."""

    kind: str
    lines: tuple[str, ...]
    heading: str = ""


def blocks(renderable: RenderableType, width: int = 80) -> list[Block]:
    """``renderable`` as plain blocks, in the order a screen shows them."""
    found: list[Block] = []
    heading = ""  # a rule's title, waiting for the block it heads
    for block in _walk(renderable, width):
        if block.kind == "rule":
            if heading:
                found.append(Block(TEXT, (heading,)))
            heading = block.lines[0]
            continue
        if heading and not block.heading:
            block = Block(block.kind, block.lines, heading)
        heading = ""
        if block.lines or block.heading:
            found.append(block)
    if heading:
        found.append(Block(TEXT, (heading,)))
    return found


def _walk(renderable: RenderableType, width: int) -> Iterator[Block]:
    if isinstance(renderable, Plain):
        yield Block(renderable.kind, tuple(renderable.lines()))
    elif isinstance(renderable, Group):
        for part in renderable.renderables:
            yield from _walk(part, width)
    elif isinstance(renderable, Panel):
        inner = blocks(renderable.renderable, width)
        title = _plain(renderable.title) if renderable.title is not None else ""
        if inner and not inner[0].heading:
            inner[0] = Block(inner[0].kind, inner[0].lines, title)
        elif title:
            inner.insert(0, Block(TEXT, (), title))
        yield from inner
    elif isinstance(renderable, Rule):
        yield Block("rule", (_plain(renderable.title),))
    elif isinstance(renderable, Text | str):
        yield Block(TEXT, _lines(_plain(renderable)))
    else:  # not a part of tacocat's screens: rich's own drawing, without colour
        yield Block(TEXT, _lines(rendered(renderable, width)))


def _plain(text: str | Text) -> str:
    return text.plain if isinstance(text, Text) else text


def _lines(text: str) -> tuple[str, ...]:
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return tuple(lines)


def rendered(renderable: RenderableType, width: int) -> str:
    """``renderable`` drawn as rich draws it, without colour, into a string."""
    console = Console(width=width, color_system=None, force_terminal=False, legacy_windows=False)
    with console.capture() as captured:
        console.print(renderable, markup=False, highlight=False)
    return captured.get()
