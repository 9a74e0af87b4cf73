"""A game's win chance across its decisions, drawn in the terminal's cells (docs/playing.md).

One column per decision (neighbours averaged when there are more than columns),
as the first player's chance; under it the rounds and each player's marks.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from tacocat.coach.analysis import GameAnalysis
from tacocat.coach.verdict import Review

ROWS = 8  # the chart's height in cells
LABEL = 6  # '100% |' on the left
BLOCKS = " ▁▂▃▄▅▆▇█"
MARK_LETTERS = {"blunder": "B", "mistake": "M", "inaccuracy": "i"}  # the worst first
MARK_STYLES = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}


def first_player_chance(item: Review) -> float:
    """The first player's chance after this decision, from the mover's view."""
    return item.win_after if item.player == 0 else 1.0 - item.win_after


def columns(reviews: tuple[Review, ...], room: int) -> list[tuple[Review, ...]]:
    """The decisions in ``room`` columns at most: consecutive ones share a column."""
    count = len(reviews)
    if count <= room:
        return [(item,) for item in reviews]
    return [reviews[count * index // room : count * (index + 1) // room] for index in range(room)]


def win_graph(
    analysis: GameAnalysis, names: tuple[str, str], width: int = 80, ascii_only: bool = False
) -> Text:
    """The chart, its round numbers, the marks per player and a legend, ``width`` wide at most."""
    groups = columns(analysis.reviews, max(1, width - LABEL))
    heights = [
        sum(first_player_chance(item) for item in group) / len(group) * ROWS for group in groups
    ]
    text = Text()
    text.append(f"{names[0]}'s chance to win the game after each decision\n", style="bold")
    bar = "|" if ascii_only else "│"
    for row in range(ROWS, 0, -1):
        label = {ROWS: "100%", ROWS // 2: " 50%"}.get(row, "")
        text.append(f"{label:>4} {bar}")
        text.append("".join(_cell(height, row, ascii_only) for height in heights), style="cyan")
        text.append("\n")
    text.append(f"  0% {'+' if ascii_only else '└'}{('-' if ascii_only else '─') * len(groups)}\n")
    text.append(" " * LABEL + _round_numbers(groups) + "\n", style="dim")
    for player in (0, 1):
        _marks_row(text, groups, player, names[player])
    text.append("B blunder, M mistake, i inaccuracy; each chance as its mover saw it.", style="dim")
    return text


def _cell(height: float, row: int, ascii_only: bool) -> str:
    """The cell of ``row`` (1 at the bottom) in a bar ``height`` cells high."""
    fill = min(max(height - (row - 1), 0.0), 1.0)
    if ascii_only:
        return "#" if fill >= 0.875 else "+" if fill >= 0.5 else "." if fill >= 0.125 else " "
    return BLOCKS[round(fill * 8)]


def _round_numbers(groups: list[tuple[Review, ...]]) -> str:
    """Each round's number under the column where it starts, where there is room."""
    cells = [" "] * len(groups)
    seen = 0
    free = 0  # the first column a new number may use
    for index, group in enumerate(groups):
        number = max(item.round_number for item in group)
        if number > seen:
            seen = number
            label = str(number)
            if index >= free and index + len(label) <= len(cells):
                cells[index : index + len(label)] = label
                free = index + len(label) + 1
    return "".join(cells)


def _marks_row(text: Text, groups: list[tuple[Review, ...]], player: int, name: str) -> None:
    # In terminal cells: a CJK letter or an emoji in a name takes two.
    label = name if cell_len(name) <= LABEL - 1 else set_cell_size(name, LABEL - 2) + "."
    text.append(set_cell_size(label, LABEL))
    for group in groups:
        marks = {item.mark for item in group if item.player == player and item.mark}
        worst = next((mark for mark in MARK_LETTERS if mark in marks), None)
        if worst is None:
            text.append(" ")
        else:
            text.append(MARK_LETTERS[worst], style=MARK_STYLES[worst])
    text.append("\n")
