"""Big terminals use their room (tracker, larger board, steady card width) and colour."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from rich.text import Text

from tacocat.engine import GameState, Phase, Rules, new_game
from tacocat.engine.view import face_up_counts, unseen_counts
from tacocat.ui.draw import screens
from tacocat.ui.draw.board import EARS
from tacocat.ui.draw.cards import card_width, face, keyed_hand
from tacocat.ui.draw.frame import STANDARD, Frame
from tacocat.ui.draw.glyphs import ASCII, UNICODE
from tacocat.ui.draw.layout import Place, layout, tall
from tacocat.ui.draw.plain import blocks
from tacocat.ui.draw.theme import VALUE_COLOURS, player_style, tint_names, value_style

Draw = Callable[..., str]
NAMES = ("Ann", "Bob")
SGR = re.compile(r"\x1b\[[0-9;]*m")


def midgame(seed: int = 4, steps: int = 25) -> GameState:
    """A game some way into its first rounds, with cards face up."""
    state = new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def decision(state: GameState, frame: Frame) -> object:
    player = state.current_player()
    assert player is not None
    view = state.view(player)
    return screens.decision_screen(view, NAMES, ["a"] * 40, keyed_hand(view.hand), [], None, frame)


def row_of(text: str, label: str) -> list[str]:
    line = next(line for line in text.split("\n") if f"│ {label} " in line)
    return line.split(label, 1)[1].strip(" │").split()


@pytest.mark.parametrize(
    ("width", "height", "place"),
    [
        (80, 24, Place.NONE),
        (100, 30, Place.NONE),
        (100, 40, Place.BELOW),
        (131, 34, Place.BESIDE),
        (120, 40, Place.LOG),
        (160, 48, Place.LOG),
    ],
)
def test_the_tracker_goes_where_there_is_room(width: int, height: int, place: Place) -> None:
    assert layout(new_game(1).rules, Frame(width, height, UNICODE)).tracker is place


@pytest.mark.parametrize(("width", "height"), [(100, 40), (160, 48), (200, 60)])
def test_the_tracker_shows_the_engines_counts_from_the_players_seat(
    draw: Draw, width: int, height: int
) -> None:
    state = midgame()
    player = state.current_player()
    assert player is not None
    view = state.view(player)
    text = draw(decision(state, Frame(width, height, UNICODE)), width=width)
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= height - 1 and all(len(line.rstrip()) <= width for line in lines)
    assert "Cards this round, from your seat" in text
    as_shown = [int(n) if n != "-" else 0 for n in row_of(text, "unseen")]
    assert tuple(as_shown) == unseen_counts(view)
    up = [int(n) if n != "-" else 0 for n in row_of(text, "face up")]
    assert tuple(up) == face_up_counts(view)
    assert [int(n) for n in row_of(text, "in deck")] == list(view.rules.counts)


@pytest.mark.parametrize(("width", "height"), [(100, 40), (160, 48)])
def test_a_hand_over_counts_no_hand(draw: Draw, width: int, height: int) -> None:
    # Both players may see a hand-over: dealt another hand, it must look the same.
    state = midgame()
    view = state.view(0)
    frame = Frame(width, height, UNICODE)
    screen = draw(screens.handover_screen(view, NAMES, ["x"], frame), width=width)
    other = view._replace(hand_ids=tuple(state.hands[1])[: len(view.hand_ids)])
    assert draw(screens.handover_screen(other, NAMES, ["x"], frame), width=width) == screen
    assert "hidden" in screen and "unseen" not in screen


def test_at_80x24_and_100x30_there_is_no_tracker(draw: Draw) -> None:
    state = midgame()
    for width, height in ((80, 24), (100, 30)):
        assert "Cards this round" not in draw(decision(state, Frame(width, height, UNICODE)), width)


def test_the_board_grows_with_the_room(draw: Draw) -> None:
    state = midgame()
    widths = []
    for width, height in ((80, 24), (100, 30), (160, 48)):
        text = draw(decision(state, Frame(width, height, UNICODE)), width=width)
        widths.append(len(text.split("\n")[0].split("  ")[0].rstrip()))  # the board's top edge
    assert widths[0] <= 80 < widths[1] < widths[2]


def test_cards_keep_one_width_through_a_whole_game(draw: Draw) -> None:
    # Chosen from the frame and the rules, never from the cards on screen.
    state = new_game(8)
    rng = random.Random(8)
    frame = Frame(160, 48, UNICODE)
    seen = set()
    while not state.is_terminal() and len(seen) < 2:
        if state.phase is not Phase.OVER and state.current_player() is not None:
            text = draw(decision(state, frame), width=160)
            card_top = next(line for line in text.split("\n") if line.startswith("╭─ a "))
            seen.add(card_top.index("╮") + 1)
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen == {card_width(160, Rules())}


def test_colour_repeats_what_the_text_says(draw: Draw) -> None:
    state = midgame()
    frame = Frame(160, 48, UNICODE)
    coloured = draw(decision(state, frame), width=160, color=True)
    assert SGR.sub("", coloured) == draw(decision(state, frame), width=160)
    plain_ascii = draw(decision(state, Frame(160, 48, ASCII)), width=160)
    assert plain_ascii.isascii()


def test_each_player_has_a_colour_and_values_run_low_to_high() -> None:
    assert player_style(0).color != player_style(1).color
    tints = [value_style(value).color for value in range(1, 13)]
    assert tints[0] != tints[-1]
    order = [VALUE_COLOURS.index(str(colour.name)) for colour in tints if colour]
    assert order == sorted(order)


def test_names_are_tinted_as_whole_words_only() -> None:
    text = tint_names(Text("Ann met Anna and Bob; Annex"), ("Ann", "Bob"))
    tinted = [text.plain[span.start : span.end] for span in text.spans]
    assert tinted == ["Ann", "Bob"]
    assert tint_names(Text("x"), ("", "")).spans == []


def test_a_line_terminal_reads_the_wide_screen_as_before() -> None:
    # LineIo lays screens out on a huge frame: the tracker has no words for it.
    state = midgame()
    found = blocks(decision(state, Frame(1000, 10_000, UNICODE)), 1000)  # type: ignore[arg-type]
    kinds = [block.kind for block in found]
    assert "board" in kinds and "status" in kinds and "tracker" not in kinds
    assert not any("Cards this round" in line for block in found for line in block.lines)


@pytest.mark.parametrize(("width", "height"), [(80, 24), (100, 30), (160, 48)])
def test_the_hand_and_the_notice_keep_the_bottom_rows(draw: Draw, width: int, height: int) -> None:
    # A short log leaves blank rows above the hand, not under the prompt.
    state = new_game(2)
    view = state.view(0)
    frame = Frame(width, height, UNICODE)
    keyed = keyed_hand(view.hand)
    short = ["Round 1 on O4: 7 cards each"]
    screens_drawn = [
        screens.decision_screen(view, NAMES, short, keyed, ["tip"], None, frame),
        screens.handover_screen(view, NAMES, short, frame),
        screens.handover_screen(view, NAMES, short * 2, frame, short),
    ]
    for screen in screens_drawn:
        assert len(draw(screen, width=width).rstrip("\n").split("\n")) == height - 1


@pytest.mark.parametrize(
    ("width", "height", "high"),
    [
        (80, 24, False),
        (100, 30, False),
        (80, 34, False),
        (80, 40, True),
        (120, 40, True),
        (131, 34, True),
        (160, 48, True),
    ],
)
def test_tall_frames_are_chosen_from_the_frame_and_rules(
    width: int, height: int, high: bool
) -> None:
    assert tall(Frame(width, height, UNICODE), Rules()) is high


@pytest.mark.parametrize(("width", "height"), [(80, 40), (120, 40), (131, 34), (160, 48)])
def test_a_tall_screen_leaves_the_log_its_share(width: int, height: int) -> None:
    # Taller cards and board are paid for only where the log keeps more than at 80x24.
    state = midgame()
    view = state.view(0)
    hand = keyed_hand(view.hand)
    for hints, message in (([], None), (["a hint " * 30, "another hint"], "a message " * 20)):
        rows = screens.decision_log_rows(view, NAMES, hand, hints, message, STANDARD)
        tall_rows = screens.decision_log_rows(
            view, NAMES, hand, hints, message, Frame(width, height, UNICODE)
        )
        assert tall_rows >= max(rows + 2, 6)


def test_every_screen_of_a_tall_frame_draws_the_same_cards_and_board(draw: Draw) -> None:
    from tacocat.coach.advice import advise
    from tacocat.storage.replay import replay_steps
    from tacocat.ui.draw.advice import count_line, hint_screen
    from tacocat.ui.draw.replayscreen import step_screen

    state = midgame()
    player = state.current_player()
    assert player is not None
    view = state.view(player)
    frame = Frame(160, 48, UNICODE)
    keyed = keyed_hand(view.hand)
    shape = face(160, view.rules, tall=True)
    advice = advise(view, random.Random(1), budget=50)
    drawn = {
        "decision": draw(decision(state, frame), width=160),
        "help": draw(screens.help_screen(view, ["help"], keyed, frame), width=160),
        "hint": draw(
            hint_screen(advice, keyed, count_line(1, True, True), 160, UNICODE, view.rules, True),
            width=160,
        ),
    }
    for name, text in drawn.items():
        lines = text.split("\n")
        top = next(i for i, line in enumerate(lines) if line.startswith("╭─ a "))
        assert lines[top].index("╮") + 1 == shape.width, name
        assert lines[top + shape.rows - 1].startswith("╰"), name
    steps = list(replay_steps(state.rules, 4, state.history))
    replay = draw(step_screen(steps[-1], len(steps) - 1, NAMES, frame), width=160)
    assert EARS in replay and EARS in drawn["decision"]
    assert EARS not in draw(decision(state, Frame(100, 30, UNICODE)), width=100)
