"""RULES.md §1: board, Tacocat token, tiles, cards and the default data."""

from __future__ import annotations

from collections import Counter

import pytest

from tacocat.engine import (
    WOW,
    WOW_GOAL,
    YAY,
    YAY_GOAL,
    Answer,
    Arrow,
    Phase,
    Rules,
    RulesError,
    new_game,
    space_name,
)
from tacocat.engine.board import goal_of, step_toward
from tacocat.engine.cards import PALINDROMES, deck_cards
from tacocat.engine.rules import CENTRE, LETTERS

from .scenarios import last_trick


def test_s1_board_has_seven_spaces_spelling_tacocat_between_two_goals() -> None:
    assert LETTERS == "TACOCAT"
    assert [space_name(p) for p in range(7)] == ["T1", "A2", "C3", "O4", "C5", "A6", "T7"]
    assert (YAY_GOAL, WOW_GOAL) == (-1, 7)
    assert space_name(YAY_GOAL) == "the YAY goal"
    assert space_name(WOW_GOAL) == "the WOW goal"


def test_s1_yay_sits_behind_the_yay_goal_and_wow_behind_the_wow_goal() -> None:
    assert goal_of(YAY) == YAY_GOAL
    assert goal_of(WOW) == WOW_GOAL
    # A winner pulls the Tacocat toward their own end of the board.
    assert step_toward(0, YAY, ()) == YAY_GOAL
    assert step_toward(6, WOW, ()) == WOW_GOAL


def test_s1_default_deck_has_38_cards_with_palindrome_counts() -> None:
    rules = Rules()
    assert rules.deck_size == 38
    assert rules.counts == (2, 3, 3, 3, 4, 4, 4, 4, 3, 3, 3, 2)
    assert rules.counts == rules.counts[::-1]
    assert Counter(rules.card_values) == {v: rules.counts[v - 1] for v in range(1, 13)}
    assert min(rules.card_values) == 1
    assert max(rules.card_values) == 12


def test_s1_default_board_hand_sizes_and_arrows() -> None:
    rules = Rules()
    assert rules.hand_sizes == (4, 5, 6, 7, 6, 5, 4)
    assert rules.arrows == (
        Arrow.WOW,
        Arrow.WOW,
        Arrow.WOW,
        Arrow.BOTH,
        Arrow.YAY,
        Arrow.YAY,
        Arrow.YAY,
    )


def _round_on(position: int) -> tuple[int, int | None, list[int]]:
    """Win a round that moves the Tacocat onto ``position``; return the new deal.

    Returns (hand size dealt, first player to replace, the replace limits).
    """
    # Start one space further from the centre side so that one step lands there.
    start = position + 1 if position < CENTRE else position - 1
    yay_last, wow_last = (2, 9) if position < CENTRE else (9, 2)
    state = last_trick(yay_last, wow_last, position=start)
    state.apply_action(Answer((1,)))
    assert state.position == position
    assert state.phase is Phase.REPLACE
    return len(state.hands[YAY]), state.current_player(), list(state.replace_limits)


@pytest.mark.parametrize("position", [0, 1, 2, 4, 5, 6])
def test_s1_space_number_is_the_hand_size_dealt_there(position: int) -> None:
    size, _, _ = _round_on(position)
    assert size == Rules().hand_sizes[position]


@pytest.mark.parametrize("position", [0, 1, 2, 4, 5, 6])
def test_s1_arrow_points_at_the_player_who_replaces_first(position: int) -> None:
    _, first, limits = _round_on(position)
    arrow = Rules().arrows[position]
    assert first == arrow.player
    # Only the pointed-at player may replace yet; the other waits for their count.
    assert limits[arrow.player] == Rules().hand_sizes[position]
    assert limits[1 - arrow.player] == 0


def test_s1_tacocat_starts_on_the_centre_space_marked_7() -> None:
    state = new_game(seed=5)
    assert state.position == CENTRE == 3
    assert Rules().hand_sizes[state.position] == 7
    assert state.rules.arrows[state.position] is Arrow.BOTH


def test_s1_tile_covers_the_space_the_tacocat_left() -> None:
    state = last_trick(2, 9, position=3)
    state.apply_action(Answer((1,)))
    assert state.tiles == [3]
    assert state.position == 2


def test_s1_seven_tiles_always_suffice() -> None:
    # Every decisive round covers the space the Tacocat leaves, so even a game
    # that swings back and forth ends after at most seven decisive rounds.
    state = last_trick(2, 9, position=3, tiles=[0, 1, 2, 4, 5, 6])
    state.apply_action(Answer((1,)))
    assert state.is_terminal()
    assert state.position == YAY_GOAL
    assert sorted(state.tiles) == list(range(7))


def test_s1_deck_holds_four_times_the_largest_hand() -> None:
    assert 4 * max(Rules().hand_sizes) <= Rules().deck_size
    Rules(hand_sizes=(9, 5, 6, 7, 6, 5, 4))  # 36 <= 38: valid
    with pytest.raises(RulesError, match=r"4 x 10 = 40"):
        Rules(hand_sizes=(10, 5, 6, 7, 6, 5, 4))


def test_s1_every_card_shows_a_palindrome_phrase_that_never_affects_play() -> None:
    rules = Rules()
    phrases = [deck_cards(rules.card_values)[card_id].phrase for card_id in range(rules.deck_size)]
    assert len(set(phrases)) == rules.deck_size  # each card of the default deck its own
    assert all(phrase in PALINDROMES for phrase in phrases)
    # Actions name values only, so the phrase cannot enter a decision.
    state = new_game(seed=2)
    assert all(not hasattr(action, "phrase") for action in state.legal_actions())
