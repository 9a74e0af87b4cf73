"""The board drawn at 80 columns in each state of a game."""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.cells import cell_len

from tacocat.engine import WOW, YAY, GameState, new_game
from tacocat.ui.draw.board import EARS, board_for_view, board_table, grid_rows, pack, status_parts
from tacocat.ui.draw.glyphs import ASCII, UNICODE

NAMES = ("Ann", "Bob")


def play_until(seed: int, done: Callable[[GameState], bool]) -> GameState:
    """A random game played until ``done`` holds (or it ends)."""
    state = new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal() and not done(state):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def lines_of(text: str) -> list[str]:
    return text.rstrip("\n").split("\n")


def test_start_board_shows_goals_spaces_sizes_arrows_and_the_cat(draw) -> None:
    state = new_game(1)
    text = draw(board_for_view(state.view(YAY), NAMES))
    rows = lines_of(text)
    assert all(len(row) <= 80 for row in rows)
    assert "YAY" in rows[1] and "WOW" in rows[1]
    for name in ("T1", "A2", "C3", "O4", "C5", "A6", "T7"):
        assert name in rows[1]
    assert [int(n) for n in rows[2].split("┃")[2:9]] == [4, 5, 6, 7, 6, 5, 4]
    arrows = [cell.strip() for cell in rows[3].split("┃")[2:9]]
    assert arrows == ["▶", "▶", "▶", "◀▶", "◀", "◀", "◀"]
    cells = [cell.strip() for cell in rows[4].split("┃")[1:10]]
    assert cells.index("=^.^=") == 4  # the centre space, counting the YAY goal as 0
    assert "Ann" in rows[3] and "Bob" in rows[3]
    assert "Round 1" in text and "draw pile 24" in text and "discards 0" in text
    assert "Tacocat" in text and "tile" in text  # the legend says it in words


def test_tiles_are_drawn_on_covered_spaces(draw) -> None:
    state = play_until(4, lambda s: len(s.tiles) >= 2)
    assert len(state.tiles) >= 2
    rows = lines_of(draw(board_table(state.rules, state.position, state.tiles, NAMES)))
    cells = [cell.strip() for cell in rows[4].split("┃")[1:10]]
    for tile in state.tiles:
        assert cells[tile + 1] == UNICODE.tile
    assert cells[state.position + 1] == "=^.^="
    assert cells.count(UNICODE.tile) == len(state.tiles)


def test_tacocat_one_step_from_a_goal(draw) -> None:
    rules = new_game(1).rules
    rows = lines_of(draw(board_table(rules, 0, [1, 2, 3], NAMES)))
    cells = [cell.strip() for cell in rows[4].split("┃")[1:10]]
    assert cells[1] == "=^.^="  # T1, next to the YAY goal
    assert cells[0] == ""


def test_game_won_puts_the_cat_in_the_winners_goal(draw) -> None:
    state = play_until(2, lambda s: False)
    assert state.is_terminal() and state.winner is not None
    text = draw(board_for_view(state.view(YAY), NAMES))
    cells = [cell.strip() for cell in lines_of(text)[4].split("┃")[1:10]]
    goal_cell = 0 if state.winner == YAY else 8
    assert cells[goal_cell] == "=^.^="
    assert all(len(row) <= 80 for row in lines_of(text))


def test_ascii_board_has_only_ascii(draw) -> None:
    state = play_until(4, lambda s: len(s.tiles) >= 1)
    text = draw(board_table(state.rules, state.position, state.tiles, NAMES, ASCII))
    assert text.isascii()
    assert "#####" in text and "<>" in text


def test_board_for_view_counts_both_hands(draw) -> None:
    state = new_game(3)
    state.apply_action(state.legal_actions()[-1])  # YAY replaces; WOW still 7
    text = draw(board_for_view(state.view(WOW), NAMES))
    assert "Ann holds 7" in text and "Bob holds 7" in text


def test_a_tall_board_gives_the_cat_ears_and_tiles_two_rows(draw) -> None:
    state = play_until(5, lambda s: len(s.tiles) >= 1)
    assert state.tiles
    for glyphs in (UNICODE, ASCII):
        short = lines_of(draw(board_table(state.rules, state.position, state.tiles, NAMES, glyphs)))
        rows = lines_of(
            draw(board_table(state.rules, state.position, state.tiles, NAMES, glyphs, tall=True))
        )
        assert len(short) == grid_rows(False) and len(rows) == grid_rows(True) == len(short) + 1
        ears, cat = rows[-3], rows[-2]
        assert ears.index(EARS) == cat.index(glyphs.cat) + (len(glyphs.cat) - len(EARS)) // 2
        assert rows[-3].count(glyphs.tile) == rows[-2].count(glyphs.tile) == len(state.tiles)
        assert rows[:4] == short[:4]  # names, sizes and arrows as before
    assert draw(
        board_table(state.rules, state.position, state.tiles, NAMES, ASCII, tall=True)
    ).isascii()


def test_the_status_line_wraps_by_columns_for_wide_names() -> None:
    """A CJK or emoji name takes two columns a letter: the line breaks before it is cropped."""
    names = ("山田太郎山田太郎", "佐藤花子佐藤花子")
    for width in (60, 80):
        lines = pack(status_parts(new_game(1).public_view(), (7, 7), names), " · ", width)
        assert all(cell_len(line) <= width for line in lines), lines
        assert f"{names[1]} holds 7" in "\n".join(lines)
    assert pack(["😀" * 12 + " holds 7", "x"], " · ", 33) == ["😀" * 12 + " holds 7", "x"]
