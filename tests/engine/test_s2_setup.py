"""RULES.md §2: setup, the deal, and secret hands."""

from __future__ import annotations

from tacocat.engine import WOW, YAY, Phase, new_game
from tacocat.engine.rules import CENTRE


def test_s2_setup_deals_seven_cards_each_from_the_centre() -> None:
    state = new_game(seed=11)
    assert state.position == CENTRE
    assert [len(hand) for hand in state.hands] == [7, 7]
    assert state.tiles == []
    assert state.phase is Phase.REPLACE


def test_s2_rest_of_the_deck_is_the_draw_pile_and_the_discard_pile_starts_empty() -> None:
    state = new_game(seed=11)
    assert len(state.draw_pile) == 38 - 14
    assert state.discard_ids == ()
    assert state.table_ids == ()
    everything = sorted([*state.hands[YAY], *state.hands[WOW], *state.draw_pile])
    assert everything == list(range(38))


def test_s2_whole_deck_is_shuffled_by_the_injected_seed() -> None:
    deals = {tuple(new_game(seed=seed).hands[YAY]) for seed in range(50)}
    assert len(deals) == 50  # different seeds shuffle differently
    again = new_game(seed=7)
    assert again.hands == new_game(seed=7).hands
    assert again.draw_pile == new_game(seed=7).draw_pile


def test_s2_hands_are_secret_a_view_shows_own_hand_and_opponent_hand_size() -> None:
    state = new_game(seed=3)
    for player in (YAY, WOW):
        view = state.view(player)
        assert tuple(card.id for card in view.hand) == state.hands[player]
        assert view.opponent_hand_size == 7
        assert view.draw_pile_size == len(state.draw_pile)
        shown = {card.id for card in (*view.hand, *view.discard_pile, *view.table)}
        assert not shown & set(state.hands[1 - player])
        assert not shown & set(state.draw_pile)
