"""Screens written in fewer bytes must put the same cells on a cleared terminal.

The check is a small terminal model: it plays the bytes rich writes for a
screen and the bytes :func:`tacocat.ui.terminal.draw` writes onto a blank
grid, and compares every cell's character and attributes.
"""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.style import Style
from rich.text import Text
from test_goldens import SIZES, screens_at  # the golden screens

from tacocat.ui.compact import compact
from tacocat.ui.terminal import draw

Cell = tuple[str, frozenset[str]]
CODE = re.compile(r"\x1b\[([0-9;]*)([mC])")
# Attributes a blank cell shows: underline, reverse, strike, overline, frame,
# encircle, and a background colour.
ON_BLANKS = re.compile(r"^(4|7|9|21|51|52|53|4[0-7]|10[0-7]|48;.*)$")


def _attributes(params: str) -> list[str]:
    """SGR parameters, a 256-colour or RGB colour kept as one attribute."""
    tokens, found = params.split(";"), []
    while tokens:
        token = tokens.pop(0)
        if token in ("38", "48") and tokens:
            size = 2 if tokens[0] == "5" else 4
            token = ";".join([token, *tokens[:size]])
            del tokens[:size]
        found.append(token)
    return found


def cells(written: str, width: int) -> dict[tuple[int, int], Cell]:
    """The cells ``written`` leaves on a cleared screen: (row, column) -> (char, attributes)."""
    grid: dict[tuple[int, int], Cell] = {}
    row = column = 0
    attributes: set[str] = set()
    position = 0
    for match in [*CODE.finditer(written), None]:
        end = match.start() if match else len(written)
        for char in written[position:end]:
            if char == "\n":  # a terminal's line discipline adds the carriage return
                row, column = row + 1, 0
                continue
            assert column < width, "a line ran past the screen's width"
            grid[row, column] = (char, frozenset(attributes))
            column += cell_len(char)
        if match is None:
            break
        params, kind = match.groups()
        if kind == "C":
            column += int(params or "1")
        elif params in ("", "0"):
            attributes.clear()
        else:
            attributes.update(_attributes(params))
        position = match.end()
    # A space looks like a blank cell unless one of its attributes shows.
    shown: dict[tuple[int, int], Cell] = {}
    for where, (char, attrs) in grid.items():
        if char == " ":
            attrs = frozenset(a for a in attrs if ON_BLANKS.match(a))
            if not attrs:
                continue
        shown[where] = (char, attrs)
    return shown


def console(width: int, color_system: str = "256") -> Console:
    return Console(
        file=io.StringIO(),
        width=width,
        force_terminal=True,
        color_system=color_system,  # type: ignore[arg-type]
        legacy_windows=False,
        highlight=False,
    )


def written(target: Console) -> str:
    output = target.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


def both(renderable: RenderableType, width: int) -> tuple[str, str]:
    """(what rich prints, what the game draws) for ``renderable`` at ``width`` columns."""
    plain, game = console(width), console(width)
    plain.print(renderable)
    draw(game, renderable, width)
    return written(plain), written(game)


def keep(renderable: RenderableType, width: int) -> RenderableType:
    """For :func:`screens_at`: the screen itself rather than its text."""
    return renderable


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_screen_shows_the_same_cells_in_fewer_bytes(width: int, height: int) -> None:
    for name, screen in screens_at(keep, width, height).items():
        plain, game = both(screen, width)
        assert cells(game, width) == cells(plain, width), name
        assert len(game.encode()) < len(plain.encode()), name


def test_styles_that_show_on_blank_cells_keep_their_spaces() -> None:
    text = Text("key")
    text.append("  a  ", style="reverse")
    text.append("      tail ")
    text.append("    ", style="on blue")
    text.append("      ", style="underline")
    text.append("x\n", style="bold")
    text.append("next line", style="bold")
    text.append("          end", style="italic")
    plain, game = both(text, 80)
    assert cells(game, 80) == cells(plain, 80)
    assert "\x1b[6C" in game  # the plain run became a cursor move
    assert "   " in game  # the reversed and the coloured spaces are still written


def test_equal_styles_run_on_and_a_style_ends_with_the_short_reset() -> None:
    text = Text("first hint\nsecond hint", style="cyan")
    _, game = both(text, 80)
    assert game == "\x1b[36mfirst hint\nsecond hint\x1b[m\n"


def test_a_background_ends_before_a_line_feed() -> None:
    # A line feed that scrolls would paint the new line in the background colour.
    _, game = both(Text("a\nb", style="on red"), 80)
    assert game == "\x1b[41ma\x1b[m\n\x1b[41mb\x1b[m\n"


def test_a_run_of_blanks_is_a_cursor_move_only_where_that_is_shorter() -> None:
    assert compact("a    b\n") == "a    b\n"
    assert compact("a     b\n") == "a\x1b[5Cb\n"
    assert compact("a" + " " * 12 + "b") == "a\x1b[12Cb"
    assert compact("a" + " " * 6 + "\nb" + " " * 5) == "a\nb"  # nothing to write after the text


def test_anything_but_colour_codes_leaves_the_text_as_it_is() -> None:
    link = Console(file=io.StringIO(), force_terminal=True, width=80, legacy_windows=False)
    link.print(Text("site        ", style=Style(link="https://example.org")), end="")
    written = link.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b]8;" in written and compact(written) == written


def test_without_a_terminal_the_text_is_as_rich_prints_it() -> None:
    plain = Console(file=io.StringIO(), width=80)
    game = Console(file=io.StringIO(), width=80)
    screen = screens_at(keep, 80, 24)["handover"]
    plain.print(screen)
    draw(game, screen, 80)
    assert written(game) == written(plain)
    assert "\x1b" not in written(game)


def test_no_color_drops_the_colours_and_keeps_the_rest() -> None:
    game = Console(
        file=io.StringIO(),
        width=80,
        force_terminal=True,
        color_system="256",
        no_color=True,
        legacy_windows=False,
    )
    draw(game, Text("warm", style="bold red"), 80)
    assert written(game) == "\x1b[1mwarm\x1b[m\n"
