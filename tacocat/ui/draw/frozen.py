"""Renderables drawn once and then replayed: the board and the card faces.

A decision screen redraws the same board and mostly the same cards again
and again; rich lays out a table or a panel anew every time (measuring,
wrapping, cropping), which is most of a screen's drawing time.  A
:class:`Frozen` renderable keeps the lines it drew, by a key that names
everything they depend on and the width they were drawn at, and replays
them.  The lines are rich segments (text and style), so colour or no
colour is still decided when they are written.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator

from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.segment import Segment

MAX_ENTRIES = 2048  # a game needs a few hundred; the cache is emptied when full

_lines: dict[Hashable, list[list[Segment]]] = {}


class Frozen:
    """``build()``'s drawing, cached under ``key`` and the width it is drawn at.

    ``key`` must change whenever what ``build`` draws would: pass every
    value it reads.
    """

    def __init__(self, key: Hashable, build: Callable[[], RenderableType], width: int) -> None:
        self.key = key
        self.build = build
        self.width = width  # what the drawing measures, for a table cell

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        cache_key = (self.key, options.max_width, options.ascii_only)
        lines = _lines.get(cache_key)
        if lines is None:
            if len(_lines) >= MAX_ENTRIES:
                _lines.clear()
            lines = console.render_lines(self.build(), options, pad=False)
            _lines[cache_key] = lines
        newline = Segment.line()
        for line in lines:
            yield from line
            yield newline

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.width, self.width)
