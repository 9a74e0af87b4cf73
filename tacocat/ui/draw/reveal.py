"""The result screens both players watch: what happened, paged, and the showdown.

They show no hand, only the board, the log and the news (:mod:`tacocat.ui.draw.news`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from tacocat.engine import PlayerView
from tacocat.ui.draw.board import board_for_view, board_height
from tacocat.ui.draw.frame import STANDARD, Frame
from tacocat.ui.draw.layout import handover_notice, log_area, table_top, tall
from tacocat.ui.draw.news import PANEL_EDGES, entry_rows, newest, news_block, pages
from tacocat.ui.draw.rules_text import wrap
from tacocat.ui.draw.showdown import Moment, showdown_panel
from tacocat.ui.draw.theme import tint_names

INPUT_ROWS = 1  # the prompt line under every screen


def reveal_pages(
    view: PlayerView,
    names: tuple[str, str],
    log: Sequence[str],
    start: int,
    frame: Frame = STANDARD,
    moment: Moment | None = None,
) -> list[RenderableType]:
    """Public results both players may watch, as pages shown one after the other.

    ``log[start:]`` is the news, paged as :mod:`tacocat.ui.draw.news` says;
    a showdown's ``moment`` gets its panel on the last page, or on a page of its own.
    """
    width, height, glyphs = frame.width, frame.height, frame.glyphs
    news, inside = list(log[start:]), width - 4
    special, special_rows = showdown_panel(moment, view, names, frame) if moment else (None, 0)
    # A prompt may take two rows at 80 columns ("Press Enter to continue (...)").
    room = height - 2 * INPUT_ROWS
    high = tall(frame, view.rules)  # the board as on every screen of this frame
    board_rows = board_height(view, names, glyphs, width, high)
    news_rows = entry_rows(news, inside, glyphs) + PANEL_EDGES if news else 0
    # The showdown's panel draws the board as a strip: when the big board would
    # push a round's end onto a second page, it is left out (one Enter fewer).
    with_board = special is None or news_rows + special_rows <= room - board_rows
    room -= board_rows if with_board else 0
    starts = pages(news, max(1, room - PANEL_EDGES - special_rows), inside, glyphs)
    if len(starts) > 1:  # paged anyway: the news takes the whole room
        starts = pages(news, max(1, room - PANEL_EDGES), inside, glyphs)
        last_rows = entry_rows(news[starts[-1] :], inside, glyphs) + PANEL_EDGES
        if special is not None and last_rows + special_rows > room:
            starts.append(len(news))  # the showdown on a page of its own
    ends = [*starts[1:], len(news)]
    count = len(starts)
    screens: list[RenderableType] = []
    for number, (begin, end) in enumerate(zip(starts, ends, strict=True), start=1):
        below: list[RenderableType] = []
        rows = 0
        if end > begin:
            panel, rows = news_block(news[begin:end], glyphs, width, (number, count), names)
            below.append(panel)
        if number == len(starts) and special is not None:
            below.append(special)
            rows += special_rows
        top = [board_for_view(view, names, glyphs, width, high)] if with_board else []
        earlier = log_area(log[: start + begin], room - rows, frame, view, True, names)
        screens.append(Group(*top, *earlier, *below))
    return screens


def handover_pages(
    view: PlayerView,
    names: tuple[str, str],
    log: Sequence[str],
    start: int,
    frame: Frame,
    moment: Moment,
    message: str | None = None,
) -> list[RenderableType]:
    """A round's end both players watch and the hand-over after it, as one screen.

    :func:`reveal_pages` in the rows the hand-over's notice leaves, the
    notice under the last one: the next player's Enter there both
    acknowledges the result and passes the curtain.  ``view`` (the incoming
    player's) gives only the board.  ``message``: why a typed line did not pass it.
    """
    width, glyphs = frame.width, frame.glyphs
    incoming, outgoing = names[view.player], names[view.opponent]
    # One line (the result needs the rows): who takes the keyboard, who looks away.
    line = f"Pass the keyboard to {incoming}. {outgoing}, please look away."
    notice = tint_names(Text("\n".join(wrap(line, width - 4)), justify="center"), names)
    title = f"Hand-over to {incoming}"
    below: list[RenderableType] = [Panel(notice, box=glyphs.box, title=title, padding=(0, 1))]
    rows = len(notice.plain.split("\n")) + PANEL_EDGES
    if message:
        below.append(Text(f"! {message}", style="bold red", no_wrap=True, overflow="ellipsis"))
        rows += 1
    # reveal_pages keeps two rows for a long prompt; a hand-over's takes one.
    room = Frame(width, frame.height - rows + INPUT_ROWS, glyphs)
    shown = reveal_pages(view, names, log, start, room, moment)
    return [*shown[:-1], Group(shown[-1], *below)]


def handover_holds(
    view: PlayerView, names: tuple[str, str], news: Sequence[str], frame: Frame, message: bool
) -> bool:
    """Whether a hand-over's news panel (screens.handover_screen) holds all of ``news``.

    Then their next screen need not page it again.  ``message``: a refusal line takes a row.
    """
    notice = handover_notice(view, names, frame.width - 4)
    top_rows = table_top(view, names, frame, public=True)[1]
    used = top_rows + len(notice.plain.split("\n")) + 2 * PANEL_EDGES + INPUT_ROWS + message
    room = max(0, frame.height - used - PANEL_EDGES)
    return newest(news, room, frame.width - 4, frame.glyphs)[1] == len(news)
