"""Card faces: value, palindrome and key, in Unicode, ASCII and without colour."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from rich.console import Console
from rich.table import Table

from tacocat.engine import Card, Rules, new_game
from tacocat.engine.cards import PALINDROMES, deck_cards
from tacocat.ui.draw.board import board_for_view
from tacocat.ui.draw.cards import (
    CARD_HEIGHT,
    KEYS,
    NEW_MARK,
    card_face,
    card_width,
    face,
    hand_height,
    hand_row,
    keyed_hand,
    phrase_lines,
)
from tacocat.ui.draw.glyphs import ASCII

Draw = Callable[..., str]
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def colour_codes(text: str) -> list[str]:
    """SGR parameters that set a colour (foreground or background)."""
    found = []
    for params in SGR.findall(text):
        for param in params.split(";"):
            if param and (30 <= int(param) <= 49 or 90 <= int(param) <= 107):
                found.append(param)
    return found


def test_a_card_face_shows_key_value_and_palindrome(draw: Draw) -> None:
    text = draw(card_face(Card(0, 7, "taco cat"), "c"))
    assert "c" in text.splitlines()[0]  # the key sits on the top edge
    assert " 7 " in text
    assert "taco cat" in text


def test_long_palindromes_are_cut_to_two_lines() -> None:
    lines = phrase_lines("a man, a plan, a canal: Panama", 8)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(len(line) <= 8 for line in lines)
    assert phrase_lines("noon", 8) == ["noon", ""]


def test_hand_is_sorted_by_value_and_keyed_without_command_letters() -> None:
    hand = new_game(5).hand(0)
    keyed = keyed_hand(hand)
    assert [card.value for _, card in keyed] == sorted(card.value for card in hand)
    assert [key for key, _ in keyed] == list("abcdefg")
    assert "q" not in KEYS and "s" not in KEYS and "u" not in KEYS


def test_a_seven_card_hand_fits_80_columns(draw: Draw) -> None:
    keyed = keyed_hand(new_game(5).hand(1))
    text = draw(hand_row(keyed))
    assert all(len(line) <= 80 for line in text.splitlines())
    for key, card in keyed:
        assert f" {key} " in text.splitlines()[0]
        assert str(card.value) in text


def test_huge_variant_hands_wrap_onto_more_rows(draw: Draw) -> None:
    cards = [Card(i, 1 + i % 12, PALINDROMES[i]) for i in range(14)]
    text = draw(hand_row(keyed_hand(cards)))
    assert all(len(line) <= 80 for line in text.splitlines())
    assert len(text.splitlines()) == 10  # two rows of five-line cards


def test_ascii_cards_use_only_ascii(draw: Draw) -> None:
    text = draw(hand_row(keyed_hand(new_game(5).hand(0)), ASCII))
    assert text.isascii()
    assert "+- a " in text


def test_no_color_draws_without_colour_but_keeps_all_meaning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    console = Console(file=io.StringIO(), width=80, force_terminal=True)
    state = new_game(5)
    console.print(hand_row(keyed_hand(state.hand(0))))
    console.print(board_for_view(state.view(0), ("Ann", "Bob")))
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert colour_codes(output) == []
    plain = SGR.sub("", output)
    assert "=^.^=" in plain and "◀▶" in plain and "Round 1" in plain


def test_with_colour_the_same_text_is_there(draw: Draw) -> None:
    state = new_game(5)
    coloured = draw(board_for_view(state.view(0), ("Ann", "Bob")), color=True)
    assert colour_codes(coloured)  # the cat is yellow when colour is on...
    assert SGR.sub("", coloured) == draw(board_for_view(state.view(0), ("Ann", "Bob")))


def test_frozen_hands_redraw_exactly_and_follow_changes(draw: Callable[..., str]) -> None:
    hand = keyed_hand(new_game(3).view(0).hand)
    first = draw(hand_row(hand))
    assert draw(hand_row(hand)) == first  # replayed from the cache
    direct = Table.grid(padding=0)
    for _ in hand:
        direct.add_column(width=10)
    direct.add_row(*(card_face(card, key) for key, card in hand))
    assert first == draw(direct)
    assert draw(hand_row(hand[1:])) != first


def test_cards_grow_into_extra_width_to_show_whole_phrases(draw: Callable[..., str]) -> None:
    rules = Rules()
    assert card_width(80, rules) == 10  # 80 columns: compact, long phrases end in "…"
    wide = card_width(160, rules)
    assert wide > 10
    longest = max(deck_cards(rules.card_values), key=lambda card: len(card.phrase))
    text = draw(hand_row([("a", longest)], room=160), width=160)
    assert longest.phrase.split()[-1] in text and "…" not in text


def test_a_card_keeps_its_width_whatever_the_cards_on_screen(draw: Callable[..., str]) -> None:
    # Chosen from the room and the rules: the same on consecutive screens.
    for room in (80, 100, 160):
        widths = set()
        for seed in range(6):
            hand = keyed_hand(new_game(seed).hand(0))
            first = draw(hand_row(hand, room=room), width=room).split("\n")[0]
            widths.add(first.index("╮") + 1)
        assert widths == {card_width(room, Rules())}, room
    huge = Rules(hand_sizes=(10, 10, 10, 10, 10, 10, 10), counts=(4,) * 12)
    assert card_width(80, huge) == 8  # ten cards in a row on 80 columns


@pytest.mark.parametrize("room", [80, 100, 120, 160])
def test_tall_cards_show_the_value_in_two_corners_and_every_palindrome_whole(
    draw: Draw, room: int
) -> None:
    rules = Rules()
    shape = face(room, rules, tall=True)
    assert shape.corners and shape.width == card_width(room, rules)  # taller, never wider
    for card in deck_cards(rules.card_values):
        lines = draw(hand_row([("a", card)], room=room, tall=True), width=room).rstrip().split("\n")
        assert len(lines) == shape.rows
        inside = [line[1 : shape.width - 1] for line in lines[1:-1]]
        value = str(card.value)
        for corner in (inside[0], inside[-1]):  # top-left and bottom-right, as a real card
            assert corner.startswith(value) and corner.endswith(value)
        words = " ".join(" ".join(inside[1:-1]).split())
        assert words == card.phrase and "…" not in words


def test_a_tall_card_keeps_the_new_mark_and_is_ascii_under_ascii(draw: Draw) -> None:
    card = Card(3, 11, "a nut for a jar of tuna")
    text = draw(hand_row([("a", card)], ASCII, room=80, new={3}, tall=True))
    assert text.isascii() and NEW_MARK in text.rstrip().split("\n")[-1]
    assert hand_height(1, 80, Rules(), tall=True) == face(80, Rules(), True).rows


def test_a_tall_card_keeps_its_height_whatever_the_cards_on_screen(draw: Draw) -> None:
    # Chosen from the room and the rules, like the width: steady on consecutive screens.
    for room in (80, 160):
        heights = {
            len(
                draw(hand_row(keyed_hand(new_game(seed).hand(0)), room=room, tall=True), room)
                .rstrip("\n")
                .split("\n")
            )
            for seed in range(6)
        }
        assert heights == {face(room, Rules(), True).rows}, room
    assert face(160, Rules()).rows == CARD_HEIGHT  # not tall: as it always was
