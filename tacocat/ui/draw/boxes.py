"""The box-drawing characters of panels and the board, and a plain-text panel.

Each box is eight rows of four characters, the layout of rich's ``Box``.
:func:`framed` draws a panel with them without rich, for the name screen
drawn before rich is imported (:mod:`tacocat.ui.term.start`).
"""

from __future__ import annotations

ROUNDED = "╭─┬╮\n│ ││\n├─┼┤\n│ ││\n├─┼┤\n├─┼┤\n│ ││\n╰─┴╯\n"
HEAVY = "┏━┳┓\n┃ ┃┃\n┣━╋┫\n┃ ┃┃\n┣━╋┫\n┣━╋┫\n┃ ┃┃\n┗━┻┛\n"
ASCII = "+--+\n| ||\n|-+|\n| ||\n|-+|\n|-+|\n| ||\n+--+\n"


def framed(title: str, lines: list[str], width: int, box: str = ROUNDED) -> str:
    """``lines`` in a panel ``width`` columns wide, titled ``title``, as plain text.

    Drawn as rich draws ``Panel(Text(...), box=..., title=title, padding=(0, 1))``.

    >>> print(framed("Hi", ["a b"], 12, ASCII))
    +--- Hi ---+
    | a b      |
    +----------+
    """
    top_row, _, _, mid_row, _, _, _, bottom_row = box.splitlines()
    top_left, top, top_right = top_row[0], top_row[1], top_row[3]
    side, right_side = mid_row[0], mid_row[3]
    bottom_left, bottom, bottom_right = bottom_row[0], bottom_row[1], bottom_row[3]
    inner = max(width - 2, 1)
    text_width = max(inner - 2, 1)
    heading = f" {title} "[:inner]
    left = (inner - len(heading)) // 2
    drawn = [top_left + top * left + heading + top * (inner - left - len(heading)) + top_right]
    for line in lines:
        for piece in _wrapped(line, text_width):
            drawn.append(f"{side} {piece:<{text_width}} {right_side}")
    drawn.append(bottom_left + bottom * inner + bottom_right)
    return "\n".join(drawn)


def _wrapped(line: str, width: int) -> list[str]:
    """``line`` cut at spaces into pieces of at most ``width`` characters ([""] if empty).

    A word longer than ``width`` is cut where the width ends.
    """
    pieces: list[str] = []
    current = ""
    for word in line.split(" "):
        while len(word) > width:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(word[:width])
            word = word[width:]
        if not current:
            current = word
        elif len(current) + 1 + len(word) <= width:
            current = f"{current} {word}"
        else:
            pieces.append(current)
            current = word
    pieces.append(current)
    return pieces
