"""The box-board (drawn in docs/playing.md): YAY goal, the seven T-A-C-O-C-A-T spaces, WOW goal.

Plain functions of game pieces (rules, position, tiles, names, counts), so the
game screen and a replay draw the same board.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tacocat.engine import WOW_GOAL, YAY_GOAL, Arrow, PlayerView, PublicView, Rules, space_name
from tacocat.ui.draw.frozen import Frozen
from tacocat.ui.draw.glyphs import UNICODE, Glyphs
from tacocat.ui.draw.plain import BOARD, STATUS, Plain
from tacocat.ui.draw.theme import TACOCAT, player_style, tint_names

SPACE_WIDTH = 7
GOAL_WIDTH = 8
MAX_SPACE_WIDTH = 13  # wider screens get a larger board, up to this
MAX_BOARD_WIDTH = 120  # past this a larger board would only spread its symbols apart
BASE_WIDTH = 80  # the narrowest screen: the board is laid out as it always was
EARS = "/\\_/\\"  # over the Tacocat's face on a tall board: ASCII, so every glyph set has it


def board_table(
    rules: Rules,
    position: int,
    tiles: Sequence[int],
    names: tuple[str, str],
    glyphs: Glyphs = UNICODE,
    width: int = 80,
    tall: bool = False,
) -> Table:
    """The board as a grid: one column per goal or space, four text rows (five if ``tall``)."""
    goal_width, space_width = column_widths(len(rules.hand_sizes), names, width)
    table = Table(box=glyphs.board_box, show_header=False, padding=0)
    positions = [YAY_GOAL, *range(len(rules.hand_sizes)), WOW_GOAL]
    for where in positions:
        column = goal_width if where in (YAY_GOAL, WOW_GOAL) else space_width
        table.add_column(justify="center", width=column, no_wrap=True, overflow="crop")
    rows: list[list[Text]] = [[], [], [], []]
    for where in positions:
        cat = Text(glyphs.cat, style=TACOCAT) if where == position else Text("")
        if tall:  # the bottom cell two rows high: ears over the cat, a tile over both
            ears = EARS if where == position else ""
            cat = Text(f"{ears}\n{cat.plain}", style=TACOCAT) if ears else Text("\n")
        if where in (YAY_GOAL, WOW_GOAL):
            owner = 0 if where == YAY_GOAL else 1
            label = "YAY" if where == YAY_GOAL else "WOW"
            rows[0].append(Text(label, style="bold"))
            rows[1].append(Text("goal"))
            rows[2].append(Text(names[owner][:goal_width], style=player_style(owner)))
            rows[3].append(cat)
            continue
        covered = where in tiles
        dim = "dim" if covered else ""
        rows[0].append(Text(space_name(where), style="bold " + dim))
        rows[1].append(Text(str(rules.hand_sizes[where]), style=dim))
        # The arrow points toward the goal of the player it names.
        arrow = {Arrow.YAY: glyphs.to_yay, Arrow.WOW: glyphs.to_wow}.get(rules.arrows[where])
        rows[2].append(Text(arrow or glyphs.both, style=dim))
        tile = f"{glyphs.tile}\n{glyphs.tile}" if tall else glyphs.tile
        rows[3].append(cat if not covered else Text(tile, style="dim"))
    for row in rows:
        table.add_row(*row)
    return table


def column_widths(spaces: int, names: tuple[str, str], width: int) -> tuple[int, int]:
    """The widths of a goal's column and a space's column on a board ``width`` wide.

    The goals grow to show the names whole; past 80 columns the spaces grow
    too, and the goals take what is left.
    """
    width = min(width, MAX_BOARD_WIDTH)
    borders = spaces + 3  # one left of each column, one at the right end
    room = (width - spaces * SPACE_WIDTH - borders) // 2
    goal = max(GOAL_WIDTH, min(room, max(cell_len(name) for name in names) + 2))
    if width <= BASE_WIDTH:
        return goal, SPACE_WIDTH
    space = max(SPACE_WIDTH, min(MAX_SPACE_WIDTH, (width - borders - 2 * goal) // spaces))
    return max(goal, (width - borders - spaces * space) // 2), space


def legend(glyphs: Glyphs = UNICODE) -> Text:
    """What the board's symbols mean, in words (one 80-column line)."""
    return Text(
        f"{glyphs.cat} Tacocat  {glyphs.tile[:2]} tile  number: hand size  "
        f"{glyphs.to_yay} {glyphs.to_wow}: replaces first  {glyphs.both}: both at once",
        style="dim",
    )


def status_parts(
    seen: PlayerView | PublicView, hand_sizes: tuple[int, int], names: tuple[str, str]
) -> list[str]:
    """The facts of the status line, in order (the tie rule and count only when they apply)."""
    parts = [
        f"Round {seen.round_number}",
        f"draw pile {seen.draw_pile_size}",
        f"discards {len(seen.discard_ids)}",
        f"{names[0]} holds {hand_sizes[0]}",
        f"{names[1]} holds {hand_sizes[1]}",
    ]
    if seen.rules.tie_goes_to_arrow:
        parts.append("tie goes to the arrow")
    if seen.tied_rounds > 0:
        parts.append(f"tied rounds: {seen.tied_rounds} of {seen.rules.tie_limit}")
    return parts


def pack(parts: Sequence[str], separator: str, width: int) -> list[str]:
    """``parts`` joined by ``separator`` into lines of at most ``width`` terminal columns.

    A line breaks only between parts.  A CJK letter or an emoji takes two columns:

    >>> pack(["山田 holds 7", "Bob holds 7"], " · ", 24)
    ['山田 holds 7', 'Bob holds 7']
    """
    lines: list[str] = []
    for part in parts:
        if lines and cell_len(lines[-1]) + cell_len(separator) + cell_len(part) <= width:
            lines[-1] += separator + part
        else:
            lines.append(part)
    return lines or [""]


def board_for_view(
    view: PlayerView,
    names: tuple[str, str],
    glyphs: Glyphs = UNICODE,
    width: int = 80,
    tall: bool = False,
) -> RenderableType:
    """Board, legend and status line as ``view``'s player may see them (``tall``: taller)."""
    lines = pack(view_status(view, names), f" {glyphs.dot} ", width)
    status = tint_names(Text("\n".join(lines), no_wrap=True, overflow="crop"), names)
    # The board changes once a round: lay it out once (tacocat.ui.draw.frozen).
    board = Frozen(
        width, board_table, view.rules, view.position, view.tiles, names, glyphs, width, tall
    )
    return Group(
        Plain(Group(board, legend(glyphs)), BOARD, lambda: board_words(view, names)),
        Plain(status, STATUS, lambda: status_words(view, names)),
    )


def status_words(view: PlayerView, names: tuple[str, str]) -> list[str]:
    """The status line in words, for a line terminal."""
    return [", ".join(view_status(view, names)) + "."]


def board_words(view: PlayerView, names: tuple[str, str]) -> list[str]:
    """The board in words, for a line terminal or a screen reader (no grid, no symbols)."""
    rules, position = view.rules, view.position
    if position in (YAY_GOAL, WOW_GOAL):
        owner = names[0] if position == YAY_GOAL else names[1]
        where = f"in {space_name(position)} ({owner})"
    else:
        where = f"on {space_name(position)}"
    spaces = []
    for space, size in enumerate(rules.hand_sizes):
        if space in view.tiles:
            spaces.append(f"{space_name(space)} covered by a tile")
            continue
        first = rules.arrows[space].player
        replaces = "both at once" if first is None else f"{names[first]} first"
        spaces.append(f"{space_name(space)} {size} cards, {replaces}")
    return [
        f"The Tacocat is {where}.",
        f"From {names[0]}'s YAY goal to {names[1]}'s WOW goal: {'; '.join(spaces)}.",
    ]


BOARD_ROWS = 6  # the grid: two edges and four rows of text


def grid_rows(tall: bool) -> int:
    return BOARD_ROWS + 1 if tall else BOARD_ROWS  # tall: the Tacocat's row two rows high


def board_height(
    view: PlayerView, names: tuple[str, str], glyphs: Glyphs, width: int, tall: bool = False
) -> int:
    """Rows :func:`board_for_view` takes at ``width`` columns."""
    return grid_rows(tall) + 1 + len(pack(view_status(view, names), f" {glyphs.dot} ", width))


def view_status(view: PlayerView, names: tuple[str, str]) -> list[str]:
    """:func:`status_parts` as ``view``'s player may know them."""
    sizes = [0, 0]
    sizes[view.player] = len(view.hand)
    sizes[view.opponent] = view.opponent_hand_size
    return status_parts(view, (sizes[0], sizes[1]), names)
