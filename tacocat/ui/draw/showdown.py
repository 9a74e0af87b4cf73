"""The showdown's own moment: the two last cards, the Tacocat's jump, the standing.

High cards win tricks but the *lowest* last card wins the round, so a
round's end gets a panel of its own rather than a log line::

    ╭─ Showdown: the lower last card wins the round ───────────────╮
    │ Ann [3]  vs  [8] Bob  (lower wins)                           │
    │ 3 is lower than 8: Ann wins the round.                       │
    │  YAY    T1    A2    C3    O4    C5    A6    T7   WOW         │
    │       =^.^=◀▒▒▒▒▒◀▒▒▒▒▒ ▒▒▒▒▒                                │
    │ The Tacocat jumps from C3 over A2 (covered) to T1; a tile    │
    │ now covers C3.                                               │
    │ Ann needs 1 more round win, Bob 4.                           │
    ╰──────────────────────────────────────────────────────────────╯
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tacocat.engine import WOW, WOW_GOAL, YAY, YAY_GOAL, Phase, PlayerView, PublicView, space_name
from tacocat.engine.board import wins_needed
from tacocat.engine.events import Event, Showdown, TacocatMoved
from tacocat.engine.words import count_word, plural
from tacocat.ui.draw.folding import fold, rows_of
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.glyphs import Glyphs
from tacocat.ui.draw.plain import RESULT, Plain
from tacocat.ui.draw.theme import player_style, tint_names, value_style

TITLE = "Showdown: the lower last card wins the round"
OnTable = PlayerView | PublicView  # what the panel reads is public: either view draws it
CELL = 6  # columns per space on the track: a five-column mark and a gap
CARD_ROWS_FROM = 30  # terminals this tall draw the two last cards as small cards


@dataclass(frozen=True)
class Moment:
    """A showdown and, unless the round was tied, the Tacocat's move after it."""

    showdown: Showdown
    moved: TacocatMoved | None


def moment_of(events: Sequence[Event]) -> Moment | None:
    """The last showdown among ``events``, with the move that followed it; None if none."""
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, Showdown):
            after = events[index + 1 : index + 2]
            moved = after[0] if after and isinstance(after[0], TacocatMoved) else None
            return Moment(event, moved)
    return None


def showdown_panel(
    moment: Moment, view: OnTable, names: tuple[str, str], frame: Frame
) -> tuple[Plain, int]:
    """The showdown's panel for ``view`` (the board after the move), and its height.

    All of it is public: a player's view and a spectator's draw the same panel.
    """
    glyphs = frame.glyphs
    said = [
        verdict_line(moment.showdown, names),
        jump_line(moment, view, names),
        standing_line(view, names),
    ]
    folded = [tint_names(fold(Text(line), frame.width - 4), names) for line in said]
    track = Text("\n".join(track_lines(view, moment.moved, glyphs)), no_wrap=True, overflow="crop")
    body = Group(_cards(moment.showdown, names, frame), folded[0], track, *folded[1:])
    panel = Panel(body, box=glyphs.box, title=TITLE, title_align="left", padding=(0, 1))
    rows = _card_rows(frame) + sum(rows_of(text) for text in [*folded, track]) + 2
    lines = [TITLE, _inline(moment.showdown, names).plain, *said]
    return Plain(panel, RESULT, lambda: lines), rows


def verdict_line(showdown: Showdown, names: tuple[str, str]) -> str:
    low, high = sorted(showdown.values)
    if showdown.winner is None:
        return f"Both are {low}: a tied round."
    winner = names[showdown.winner]
    if showdown.by_arrow:
        return f"Both are {low}: the tie goes to the arrow, {winner} wins the round."
    return f"{low} is lower than {high}: {winner} wins the round."


def jump_line(moment: Moment, view: OnTable, names: tuple[str, str]) -> str:
    """Where the Tacocat went, and over which covered spaces."""
    moved = moment.moved
    if moved is None:
        if view.winner is None and view.phase is Phase.OVER:
            return f"The game is drawn after {count_word(view.tied_rounds)} tied rounds in a row."
        limit = view.rules.tie_limit
        return (
            f"The Tacocat stays on {space_name(view.position)} and the round is dealt again "
            f"(tied rounds: {view.tied_rounds} of {limit})."
        )
    step = -1 if moved.end < moved.start else 1
    over = [space_name(space) for space in range(moved.start + step, moved.end, step)]
    where = f"from {space_name(moved.start)}"
    if over:
        covered = ", ".join(over)
        line = f"The Tacocat jumps {where} over {covered} (covered) to {space_name(moved.end)}"
    else:
        line = f"The Tacocat moves {where} to {space_name(moved.end)}"
    return f"{line}; a tile now covers {space_name(moved.start)}."


def standing_line(view: OnTable, names: tuple[str, str]) -> str:
    """Where the game stands: the round wins each player still needs."""
    if view.winner is not None:
        return f"{names[view.winner]} has won the game."
    if view.phase is Phase.OVER:
        return "Nobody won: the game is drawn."
    needs = [wins_needed(view.position, player, view.tiles) for player in (YAY, WOW)]
    return f"{names[0]} needs {plural(needs[0], 'more round win')}, {names[1]} {needs[1]}."


def track_lines(view: OnTable, moved: TacocatMoved | None, glyphs: Glyphs) -> list[str]:
    """The board as one strip: space names, then tiles, the Tacocat and its jump's arrows."""
    spaces = range(YAY_GOAL, WOW_GOAL + 1)
    labels = [
        {YAY_GOAL: "YAY", WOW_GOAL: "WOW"}.get(space) or space_name(space) for space in spaces
    ]
    names = "".join(label.center(CELL - 1) + " " for label in labels)
    path = range(0, 0)
    arrow = ""
    if moved is not None:
        path = range(min(moved.start, moved.end), max(moved.start, moved.end))
        arrow = glyphs.to_yay if moved.end < moved.start else glyphs.to_wow
    marks = ""
    for space in spaces:
        if space == view.position:
            mark = glyphs.cat
        elif space in view.tiles:
            mark = glyphs.tile
        else:
            mark = ""
        gap = arrow[:1] if space in path else " "
        marks += mark.center(CELL - 1) + gap
    return [names.rstrip(), marks.rstrip()]


def _cards(showdown: Showdown, names: tuple[str, str], frame: Frame) -> RenderableType:
    """The two last cards side by side: small cards on a tall terminal, else ``[3]``."""
    if not _card_rows(frame) > 1:
        return _inline(showdown, names)
    grid = Table.grid(padding=(0, 2))
    for _ in range(4):
        grid.add_column(vertical="middle")
    faces = [
        Panel(
            Text(str(value), justify="center", style=value_style(value)),
            box=frame.glyphs.box,
            width=8,
        )
        for value in showdown.values
    ]
    grid.add_row(
        Text(names[0], style=player_style(0)),
        faces[0],
        faces[1],
        Text(names[1], style=player_style(1)),
    )
    return grid


def _inline(showdown: Showdown, names: tuple[str, str]) -> Text:
    text = Text()
    text.append(names[0], style=player_style(0))
    text.append(f" [{showdown.values[0]}]", style=value_style(showdown.values[0]))
    text.append("  vs  ")
    text.append(f"[{showdown.values[1]}] ", style=value_style(showdown.values[1]))
    text.append(names[1], style=player_style(1))
    text.append("  (lower wins)")
    return text


def _card_rows(frame: Frame) -> int:
    return 3 if frame.height >= CARD_ROWS_FROM else 1
