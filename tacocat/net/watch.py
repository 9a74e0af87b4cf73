"""A spectator's screen (``tacocat join CODE --watch``): the public view, never a hand."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from tacocat.engine import PublicView
from tacocat.ui.draw.board import BOARD_ROWS, board_table
from tacocat.ui.draw.cards import values_text
from tacocat.ui.draw.folding import fold, rows_of
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.news import log_block
from tacocat.ui.draw.replayscreen import public_status
from tacocat.ui.draw.showdown import Moment, showdown_panel


def watch_screen(
    seen: PublicView,
    names: tuple[str, str],
    log: Sequence[str],
    status: str,
    hands: Sequence[str],
    frame: Frame,
    moment: Moment | None = None,
) -> RenderableType:
    """The table as a spectator sees it, the newest log lines filling the rest.

    A round's end (``moment``) shows the showdown's panel the players read,
    until the next move.
    """
    width, glyphs = frame.width, frame.glyphs
    lines = public_status(seen, names, frame)
    notes: list[Text] = []
    if seen.table_ids:
        notes.append(Text("On the table: ").append_text(values_text(list(seen.table_values))))
    chosen = [names[p] for p in (0, 1) if seen.chosen[p]]
    if chosen:
        notes.append(Text(f"Secret choice made by {' and '.join(chosen)}."))
    notes.append(Text(f"Watching. {status}", style="bold"))
    notes += [Text(line) for line in hands]
    notes.append(Text("Ctrl-C stops watching.", style="dim"))
    below = [fold(note, width) for note in notes]  # one paragraph at a time
    used = BOARD_ROWS + len(lines) + sum(rows_of(note) for note in below) + 1
    board = board_table(seen.rules, seen.position, seen.tiles, names, glyphs, width)
    panel: list[RenderableType] = []
    if moment is not None:
        shown, height = showdown_panel(moment, seen, names, frame)
        panel, used = [shown], used + height
    rows = max(1, frame.height - used - 1)
    parts: list[RenderableType] = [board, Text("\n".join(lines))]
    parts += [log_block(log, rows, glyphs, width), *panel, *below]
    return Group(*parts)
