"""RULES.md §3.4 the showdown and §3.5 moving the Tacocat, tiles and winning."""

from __future__ import annotations

from tacocat.engine import WOW, WOW_GOAL, YAY, YAY_GOAL, Answer, Phase
from tacocat.engine.events import GameOver, RoundStarted, Showdown, TacocatMoved

from .scenarios import card_count, last_trick

FINAL = Answer((1,))  # Yay's only answer in every last_trick() scenario


def test_s3_4_lower_last_card_wins_the_round() -> None:
    for yay_last, wow_last, winner in ((2, 9, YAY), (9, 2, WOW)):
        state = last_trick(yay_last, wow_last)
        events = state.apply_action(FINAL)
        assert events[1] == Showdown((yay_last, wow_last), winner, False)


def test_s3_4_tied_showdown_redeals_from_the_same_space_without_a_tile() -> None:
    state = last_trick(6, 6, position=4, tiles=[3])
    events = state.apply_action(FINAL)
    assert events[1] == Showdown((6, 6), None, False)
    assert not any(isinstance(event, TacocatMoved) for event in events)
    assert events[2] == RoundStarted(2, 4, 6, True)
    assert state.position == 4 and state.tiles == [3]
    assert state.tied_rounds == 1
    # The whole deck is shuffled again: nothing is left on the discard pile.
    assert state.discard_ids == () and state.table_ids == ()
    assert [len(hand) for hand in state.hands] == [6, 6]
    assert card_count(state) == list(range(38))
    assert state.phase is Phase.REPLACE


def test_s3_5_winner_moves_the_tacocat_one_space_toward_their_own_goal() -> None:
    for yay_last, wow_last, winner, landing in ((2, 9, YAY, 2), (9, 2, WOW, 4)):
        state = last_trick(yay_last, wow_last)
        events = state.apply_action(FINAL)
        assert events[2] == TacocatMoved(winner, 3, landing)
        assert state.position == landing


def test_s3_5_tacocat_skips_covered_spaces() -> None:
    state = last_trick(9, 2, position=1, tiles=[2, 3, 4])
    events = state.apply_action(FINAL)
    assert events[2] == TacocatMoved(WOW, 1, 5)
    assert state.position == 5
    # Skipping all the way into a goal.
    state = last_trick(2, 9, position=3, tiles=[0, 1, 2])
    state.apply_action(FINAL)
    assert state.position == YAY_GOAL and state.winner == YAY


def test_s3_5_space_left_is_covered_with_a_tile() -> None:
    state = last_trick(9, 2, position=1, tiles=[2, 3, 4])
    state.apply_action(FINAL)
    assert state.tiles == [2, 3, 4, 1]
    assert state.position not in state.tiles


def test_s3_5_entering_a_goal_wins_the_game_for_its_player() -> None:
    state = last_trick(9, 2, position=6, tiles=[3])
    events = state.apply_action(FINAL)
    assert events[-1] == GameOver(WOW, 0)
    assert state.is_terminal() and state.winner == WOW
    assert state.position == WOW_GOAL
    assert state.returns() == (-1.0, 1.0)
    assert state.current_player() is None and state.legal_actions() == ()


def test_s3_5_whole_deck_reshuffled_and_the_new_space_number_dealt() -> None:
    state = last_trick(2, 9, position=2, tiles=[3])
    events = state.apply_action(FINAL)
    assert events[-1] == RoundStarted(2, 1, 5, False)
    assert [len(hand) for hand in state.hands] == [5, 5]
    assert len(state.draw_pile) == 38 - 10 and state.discard_ids == ()
    assert card_count(state) == list(range(38))
