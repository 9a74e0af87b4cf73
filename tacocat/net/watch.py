"""A spectator's screen (``tacocat join CODE --watch``): the public view, never a hand."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from tacocat.engine.actions import list_values
from tacocat.ui.draw.board import BOARD_ROWS, board_table
from tacocat.ui.draw.cards import values_text
from tacocat.ui.draw.folding import fold, rows_of
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.glyphs import glyphs
from tacocat.ui.draw.news import log_block
from tacocat.ui.draw.replayscreen import public_status
from tacocat.ui.draw.showdown import moment_of, showdown_panel
from tacocat.ui.play.sitting import Sitting


class Watch:
    """The table now as a spectator sees it (the public view), drawn at any size."""

    def __init__(self, game: Sitting) -> None:
        state = game.state
        self.public = state.public_view()
        self.names = game.names
        self.log = list(game.log)
        self.ascii = game.ascii
        self.moment = moment_of(game.table.news)  # a round just ended: its showdown
        player = state.current_player()
        self.status = (
            "The game is over." if player is None else f"Waiting for {self.names[player]}."
        )
        self.hands = [  # at the end, as replay shows them
            f"{self.names[p]} held {list_values(values)}."
            if values
            else f"{self.names[p]} held no cards."
            for p, values in enumerate(state.hand_values if state.is_terminal() else ())
        ]

    def __call__(self, columns: int, lines: int) -> RenderableType:
        """The table, the newest log lines filling the rest.

        A round's end (``moment``) shows the showdown's panel the players read,
        until the next move.
        """
        frame = Frame(max(columns, 80), max(lines, 24), glyphs(self.ascii))
        seen, names, width = self.public, self.names, frame.width
        status = public_status(seen, names, frame)
        notes: list[Text] = []
        if seen.table_ids:
            notes.append(Text("On the table: ").append_text(values_text(list(seen.table_values))))
        chosen = [names[p] for p in (0, 1) if seen.chosen[p]]
        if chosen:
            notes.append(Text(f"Secret choice made by {' and '.join(chosen)}."))
        notes.append(Text(f"Watching. {self.status}", style="bold"))
        notes += [Text(line) for line in self.hands]
        notes.append(Text("Ctrl-C stops watching.", style="dim"))
        below = [fold(note, width) for note in notes]  # one paragraph at a time
        used = BOARD_ROWS + len(status) + sum(rows_of(note) for note in below) + 1
        board = board_table(seen.rules, seen.position, seen.tiles, names, frame.glyphs, width)
        panel: list[RenderableType] = []
        if self.moment is not None:
            shown, height = showdown_panel(self.moment, seen, names, frame)
            panel, used = [shown], used + height
        rows = max(1, frame.height - used - 1)
        parts: list[RenderableType] = [board, Text("\n".join(status))]
        parts += [log_block(self.log, rows, frame.glyphs, width), *panel, *below]
        return Group(*parts)
