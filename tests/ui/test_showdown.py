"""The showdown's panel and the news pages: what a round's end and a long story look like."""

from __future__ import annotations

from collections.abc import Callable

from tacocat.engine import WOW, YAY, PlayerView, new_game
from tacocat.engine.events import Showdown, TacocatMoved
from tacocat.ui.draw.frame import STANDARD, Frame
from tacocat.ui.draw.glyphs import ASCII, UNICODE
from tacocat.ui.draw.news import pages
from tacocat.ui.draw.reveal import reveal_pages
from tacocat.ui.draw.showdown import Moment, jump_line, moment_of, standing_line, track_lines

NAMES = ("Ann", "Bob")
Draw = Callable[..., str]


def view_after(position: int, tiles: tuple[int, ...]) -> PlayerView:
    state = new_game(1)
    state.position, state.tiles = position, list(tiles)
    return state.view(YAY)


def test_a_jump_names_the_covered_spaces_and_draws_arrows_over_them() -> None:
    view = view_after(0, (1, 2, 3))  # from C3 over A2 to T1; C3 now covered too
    moment = Moment(Showdown((3, 8), YAY, False), TacocatMoved(YAY, 2, 0))
    line = jump_line(moment, view, NAMES)
    assert line == "The Tacocat jumps from C3 over A2 (covered) to T1; a tile now covers C3."
    names, marks = track_lines(view, moment.moved, UNICODE)
    assert names.split() == ["YAY", "T1", "A2", "C3", "O4", "C5", "A6", "T7", "WOW"]
    assert "=^.^=◀▒▒▒▒▒◀▒▒▒▒▒ ▒▒▒▒▒" in marks
    assert "=^.^=<#####<#####" in track_lines(view, moment.moved, ASCII)[1]


def test_the_standing_counts_the_round_wins_each_player_needs() -> None:
    assert standing_line(view_after(1, (2, 3)), NAMES) == "Ann needs 2 more round wins, Bob 4."
    assert standing_line(view_after(0, (1, 2, 3, 4, 5)), NAMES).startswith(
        "Ann needs 1 more round win,"
    )


def test_a_tied_round_keeps_the_tacocat_and_counts_the_ties() -> None:
    view = view_after(3, ())
    moment = Moment(Showdown((6, 6), None, False), None)
    assert "stays on O4" in jump_line(moment, view, NAMES)
    assert "tied rounds" in jump_line(moment, view, NAMES)


def test_the_moment_is_the_last_showdown_with_its_move() -> None:
    first, second = Showdown((1, 2), YAY, False), Showdown((9, 4), WOW, False)
    moved = TacocatMoved(WOW, 3, 4)
    assert moment_of([first, TacocatMoved(YAY, 3, 2), second, moved]) == Moment(second, moved)
    assert moment_of([]) is None


def test_long_news_comes_in_pages_that_leave_no_entry_out(draw: Draw) -> None:
    view = new_game(2).view(YAY)
    log = [f"earlier {n}" for n in range(5)] + [f"news {n} ends" for n in range(30)]
    shown = [draw(page) for page in reveal_pages(view, NAMES, log, 5, STANDARD)]
    assert len(shown) > 1
    assert "What happened (1 of" in shown[0] and "more…" in shown[0]
    assert "more…" not in shown[-1]
    panels = " ".join(line for page in shown for line in page.split("\n") if "│" in line)
    assert all(f"news {n} ends" in panels for n in range(30))
    assert all(len(page.rstrip("\n").split("\n")) <= 23 for page in shown)


def test_pages_hold_whole_entries_in_order() -> None:
    entries = ["a " * 30, "b", "c " * 50, "d"]
    starts = pages(entries, 3, 40)
    assert starts[0] == 0 and starts == sorted(starts)
    assert pages([], 3, 40) == [0]


def test_the_showdown_panel_fits_every_size(draw: Draw) -> None:
    view = view_after(0, (1, 2, 3))
    moment = Moment(Showdown((3, 8), YAY, False), TacocatMoved(YAY, 2, 0))
    log = ["Ann won the round with a 3 against an 8", "Tacocat moves to T1; tile on C3"]
    for width, height in ((80, 24), (100, 30), (160, 48)):
        frame = Frame(width, height, UNICODE)
        for page in reveal_pages(view, NAMES, log, 0, frame, moment):
            text = draw(page, width=width)
            assert len(text.rstrip("\n").split("\n")) <= height - 1
        assert "lower" in text and "Ann needs 1 more round win, Bob 4." in text
