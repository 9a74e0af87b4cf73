"""Renderables drawn once and then replayed: the board and the card faces.

Laying out a table or a panel is most of a screen's drawing time.  The lines
kept are rich segments, so colour or no colour is still decided when written.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator

from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.segment import Segment

MAX_ENTRIES = 2048  # a game needs a few hundred; the cache is emptied when full

_lines: dict[Hashable, list[list[Segment]]] = {}


class Frozen:
    """``build(*args)``'s drawing, ``width`` wide, cached under ``build``, ``args`` and the width.

    ``args`` must be hashable and all that ``build`` reads.
    """

    def __init__(self, width: int, build: Callable[..., RenderableType], *args: Hashable) -> None:
        self.width = width  # what the drawing measures, for a table cell
        self.build = build
        self.args = args

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        cache_key = (self.build, self.args, options.max_width, options.ascii_only)
        lines = _lines.get(cache_key)
        if lines is None:
            if len(_lines) >= MAX_ENTRIES:
                _lines.clear()
            lines = console.render_lines(self.build(*self.args), options, pad=False)
            _lines[cache_key] = lines
        newline = Segment.line()
        for line in lines:
            yield from line
            yield newline

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.width, self.width)
