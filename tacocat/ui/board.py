"""The box-board: YAY goal, the seven T-A-C-O-C-A-T spaces, WOW goal.

Plain functions of game pieces (rules, position, tiles, names, counts) so
the game screen and a replay draw the same board::

    ┏━━━━━━━┳━━━━━┳━━━━━┳━━━━━┳━━━━━┳━━━━━┳━━━━━┳━━━━━┳━━━━━━━┓
    ┃  YAY  ┃ T1  ┃ A2  ┃ C3  ┃ O4  ┃ C5  ┃ A6  ┃ T7  ┃  WOW  ┃
    ┃ goal  ┃  4  ┃  5  ┃  6  ┃  7  ┃  6  ┃  5  ┃  4  ┃ goal  ┃
    ┃  Ann  ┃  ▶  ┃  ▶  ┃  ▶  ┃ ◀▶  ┃  ◀  ┃  ◀  ┃  ◀  ┃  Bob  ┃
    ┃       ┃     ┃     ┃     ┃=^.^=┃     ┃     ┃     ┃       ┃
    ┗━━━━━━━┻━━━━━┻━━━━━┻━━━━━┻━━━━━┻━━━━━┻━━━━━┻━━━━━┻━━━━━━━┛

The number on a space is the hand size dealt there; the arrow points at the
player who replaces first.  Everything is text, so it reads without colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tacocat.engine import WOW_GOAL, YAY_GOAL, Arrow, PlayerView, Rules, space_name
from tacocat.ui.glyphs import UNICODE, Glyphs

SPACE_WIDTH = 7
GOAL_WIDTH = 8


def arrow_glyph(arrow: Arrow, glyphs: Glyphs = UNICODE) -> str:
    """The arrow symbol: it points toward the goal of the player it names."""
    if arrow is Arrow.YAY:
        return glyphs.to_yay
    if arrow is Arrow.WOW:
        return glyphs.to_wow
    return glyphs.both


def board_table(
    rules: Rules,
    position: int,
    tiles: Sequence[int],
    names: tuple[str, str],
    glyphs: Glyphs = UNICODE,
) -> Table:
    """The board as a grid: one column per goal or space, four text rows."""
    table = Table(
        box=glyphs.board_box,
        show_header=False,
        padding=(0, 0),
        show_edge=True,
    )
    positions = [YAY_GOAL, *range(len(rules.hand_sizes)), WOW_GOAL]
    for where in positions:
        width = GOAL_WIDTH if where in (YAY_GOAL, WOW_GOAL) else SPACE_WIDTH
        table.add_column(justify="center", width=width, no_wrap=True, overflow="crop")
    rows: list[list[Text]] = [[], [], [], []]
    for where in positions:
        cat = Text(glyphs.cat, style="bold yellow") if where == position else Text("")
        if where in (YAY_GOAL, WOW_GOAL):
            owner = 0 if where == YAY_GOAL else 1
            label = "YAY" if where == YAY_GOAL else "WOW"
            rows[0].append(Text(label, style="bold"))
            rows[1].append(Text("goal"))
            rows[2].append(Text(names[owner][:GOAL_WIDTH], style="italic"))
            rows[3].append(cat)
            continue
        covered = where in tiles
        dim = "dim" if covered else ""
        rows[0].append(Text(space_name(where), style="bold " + dim))
        rows[1].append(Text(str(rules.hand_sizes[where]), style=dim))
        rows[2].append(Text(arrow_glyph(rules.arrows[where], glyphs), style=dim))
        rows[3].append(cat if not covered else Text(glyphs.tile, style="dim"))
    for row in rows:
        table.add_row(*row)
    return table


def legend(glyphs: Glyphs = UNICODE) -> Text:
    """What the board's symbols mean, in words."""
    text = Text(style="dim")
    text.append(f"{glyphs.cat} Tacocat  {glyphs.tile[:2]} tile  ")
    text.append("number: cards dealt  ")
    text.append(f"{glyphs.to_yay} {glyphs.to_wow}: who replaces first")
    return text


def status_line(
    round_number: int,
    draw_pile: int,
    discard_pile: int,
    hand_sizes: tuple[int, int],
    names: tuple[str, str],
    glyphs: Glyphs = UNICODE,
) -> Text:
    """Round, pile counts and both hand sizes on one line."""
    sep = f" {glyphs.dot} "
    parts = [
        f"Round {round_number}",
        f"draw pile {draw_pile}",
        f"discards {discard_pile}",
        f"{names[0]} holds {hand_sizes[0]}",
        f"{names[1]} holds {hand_sizes[1]}",
    ]
    return Text(sep.join(parts), no_wrap=True, overflow="ellipsis")


def board_for_view(
    view: PlayerView, names: tuple[str, str], glyphs: Glyphs = UNICODE
) -> RenderableType:
    """Board, legend and status line as ``view``'s player may see them."""
    sizes = [0, 0]
    sizes[view.player] = len(view.hand)
    sizes[view.opponent] = view.opponent_hand_size
    return Group(
        board_table(view.rules, view.position, view.tiles, names, glyphs),
        legend(glyphs),
        status_line(
            view.round_number,
            view.draw_pile_size,
            len(view.discard_pile),
            (sizes[0], sizes[1]),
            names,
            glyphs,
        ),
    )
