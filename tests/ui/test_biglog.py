"""Big terminals (120x40 and up): the log's box fills the rows between the board and the hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tacocat.ui.draw import screens
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.glyphs import ASCII, UNICODE
from tacocat.ui.draw.layout import big
from tacocat.ui.draw.plain import blocks
from tacocat.ui.draw.reveal import reveal_pages
from tests.ui.test_layout import NAMES, midgame

Draw = Callable[..., str]
BIG = [(120, 40), (120, 39), (160, 48), (200, 60)]  # 120x39: a hand-over with a take-back line
SHORT = ["Round 1 on O4: 7 cards each"]
LONG = [f"entry {number}" for number in range(80)]


def longest_blank_run(text: str) -> int:
    longest = run = 0
    for line in text.rstrip("\n").split("\n"):
        run = run + 1 if not line.strip() else 0
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize(("width", "height"), BIG)
@pytest.mark.parametrize("log", [SHORT, LONG])
def test_big_screens_fill_their_rows_with_no_run_of_blank_lines(
    draw: Draw, width: int, height: int, log: list[str]
) -> None:
    state = midgame()
    player = state.current_player()
    assert player is not None
    view = state.view(player)
    frame = Frame(width, height, UNICODE)
    table = {
        "decision": screens.decision_screen(
            view, NAMES, log, keyed_hand(view.hand), ["tip"], None, frame
        ),
        "hand-over": screens.handover_screen(view, NAMES, log, frame, log[-2:]),
    }
    for name, screen in table.items():
        text = draw(screen, width=width)
        lines = text.rstrip("\n").split("\n")
        assert len(lines) == height - 1, name  # the prompt's row under it
        assert longest_blank_run(text) <= 1, name
        # The log's box, the tracker beside it on its top row.
        assert any("╭─ Game log" in line and "Cards this round" in line for line in lines), name
    over = draw(screens.game_over_screen(view, NAMES, log, frame), width=width)
    assert longest_blank_run(over) <= 1 and "╭─ Game log" in over
    for page in reveal_pages(view, NAMES, log, len(log) - 1, frame):
        text = draw(page, width=width)
        assert longest_blank_run(text) <= 1 and len(text.rstrip("\n").split("\n")) == height - 2


@pytest.mark.parametrize(("width", "height"), BIG)
def test_the_box_holds_as_many_entries_as_the_game_counts_on(
    draw: Draw, width: int, height: int
) -> None:
    # The game pages news that would not fit in the log (decision_log_rows): the box agrees.
    state = midgame()
    player = state.current_player()
    assert player is not None
    view = state.view(player)
    frame, keyed = Frame(width, height, UNICODE), keyed_hand(view.hand)
    rows = screens.decision_log_rows(view, NAMES, keyed, ["tip"], "a message", frame)
    text = draw(
        screens.decision_screen(view, NAMES, LONG, keyed, ["tip"], "a message", frame), width=width
    )
    shown = [line for line in text.split("\n") if "• entry" in line]
    assert len(shown) == rows and "• entry 79" in shown[-1]
    assert "Game log (type log to see it all)" in text


@pytest.mark.parametrize(
    ("width", "height"), [(80, 24), (100, 30), (100, 40), (131, 34), (119, 48)]
)
def test_smaller_terminals_keep_the_log_under_a_rule(draw: Draw, width: int, height: int) -> None:
    frame = Frame(width, height, UNICODE)
    assert not big(frame)
    state = midgame()
    player = state.current_player()
    assert player is not None
    view = state.view(player)
    text = draw(
        screens.decision_screen(view, NAMES, SHORT, keyed_hand(view.hand), [], None, frame),
        width=width,
    )
    assert "Game log ─" in text and "╭─ Game log" not in text


def test_a_line_terminal_reads_the_big_log_as_every_entry(draw: Draw) -> None:
    state = midgame()
    player = state.current_player()
    assert player is not None
    view = state.view(player)
    frame = Frame(160, 48, ASCII)
    screen = screens.decision_screen(view, NAMES, LONG, keyed_hand(view.hand), [], None, frame)
    logs = [block for block in blocks(screen) if "entry 0" in "\n".join(block.lines)]
    assert logs and all(f"entry {n}" in "\n".join(logs[0].lines) for n in range(80))
    assert "Cards this round" not in "\n".join(
        line for block in blocks(screen) for line in block.lines
    )
