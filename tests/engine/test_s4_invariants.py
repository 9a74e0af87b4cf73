"""RULES.md §4: invariants over many random legal games.

A plain loop plays a couple of thousand seeded games quickly; hypothesis
then drives the choices itself (so it can shrink a failing game to a short
one) for the properties that need more than a look at one state: views
that leak nothing, determinism and the JSON round trip.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.engine import (
    WOW,
    YAY,
    Duel,
    Event,
    GameState,
    Rules,
    new_game,
)
from tacocat.engine.events import Showdown, TacocatMoved

from .scenarios import (
    VARIANTS,
    candidate_actions,
    check_invariants,
    play_drawn,
    reshuffle_unseen,
)

# No game can need more decisions than this; reaching it means a loop.
# No game can need more decisions than this; reaching it means a loop.
MAX_ACTIONS = 5000

seeds = st.integers(min_value=0, max_value=2**32 - 1)
variants = st.sampled_from(VARIANTS)


def test_s4_a_round_ends_with_one_card_each_and_those_cards_meet() -> None:
    met = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = new_game(seed, VARIANTS[seed % len(VARIANTS)])
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            player = state.current_player()
            assert player is not None
            left = [list(state.hand_values[YAY]), list(state.hand_values[WOW])]
            played = (action.value,) if isinstance(action, Duel) else action.values
            for value in played:
                left[player].remove(value)
            if isinstance(action, Duel) and state.duel_picks[1 - player] is not None:
                # The reveal takes the first chooser's hidden card out of their hand too.
                pick = state.duel_picks[1 - player]
                assert pick is not None
                left[1 - player].remove(state.rules.card_values[pick])
            events = state.apply_action(action)
            showdowns = [event for event in events if isinstance(event, Showdown)]
            if showdowns:
                assert [len(hand) for hand in left] == [1, 1]
                assert showdowns[0].values == (left[YAY][0], left[WOW][0])
                met += 1
    assert met > 300  # every game has showdowns: the check above really ran


def test_s4_a_view_shows_own_hand_public_cards_and_the_board() -> None:
    state = new_game(seed=14)
    rng = random.Random(14)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
        for player in (YAY, WOW):
            view = state.view(player)
            assert tuple(card.id for card in view.hand) == state.hands[player]
            assert view.opponent_hand_size == len(state.hands[1 - player])
            assert tuple(card.id for card in view.discard_pile) == state.discard_ids
            assert tuple(card.id for card in view.table) == state.table_ids
            assert (view.position, view.tiles) == (state.position, tuple(state.tiles))
            assert view.draw_pile_size == len(state.draw_pile)
            assert view.legal_actions == tuple(state.legal_actions(player))


def check_events(events: Sequence[Event], state: GameState) -> None:
    assert all(event.text() for event in events)
    if state.is_terminal():
        assert len(state.tiles) <= 7


def test_s4_thousands_of_random_games_end_and_keep_every_invariant() -> None:
    for seed in range(2000):
        rng = random.Random(seed)
        state = new_game(seed, VARIANTS[seed % len(VARIANTS)])
        moves = 0
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            events = state.apply_action(rng.choice(state.legal_actions()))
            moves += sum(isinstance(event, TacocatMoved) for event in events)
            check_invariants(state)
            if seed % 100 == 0 and len(state.history) % 5 == 0:  # a sample of states must load
                assert GameState.from_json(state.to_json()).to_json() == state.to_json()
        assert state.is_terminal(), f"seed {seed} did not end"
        assert moves <= 7  # at most seven decisive rounds
        assert moves == len(state.tiles)


@settings(max_examples=40)
@given(seeds, variants, st.data())
def test_s4_any_sequence_of_legal_actions_ends_the_game(
    seed: int, rules: Rules, data: st.DataObject
) -> None:
    state = new_game(seed, rules)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        action = data.draw(st.sampled_from(state.legal_actions()))
        events = state.apply_action(action)
        check_invariants(state)
        check_events(events, state)
    assert state.is_terminal()
    assert state.returns() in {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}


@settings(max_examples=60)
@given(seeds, variants, st.integers(min_value=0, max_value=120), st.data())
def test_s4_a_view_never_shows_hidden_cards_choices_or_draw_order(
    seed: int, rules: Rules, steps: int, data: st.DataObject
) -> None:
    state = new_game(seed, rules)
    play_drawn(data, state, steps)
    rng = random.Random(seed)
    for player in (YAY, WOW):
        view = state.view(player)
        for _ in range(3):
            assert reshuffle_unseen(state, player, rng).view(player) == view


@settings(max_examples=30)
@given(seeds, variants, st.data())
def test_s4_same_seed_and_same_actions_give_the_same_game(
    seed: int, rules: Rules, data: st.DataObject
) -> None:
    first = new_game(seed, rules)
    actions = play_drawn(data, first, MAX_ACTIONS)
    second = new_game(seed, rules)
    for action in actions:
        second.apply_action(action)
    assert second.to_json() == first.to_json()
    assert second.history == actions


@settings(max_examples=30)
@given(seeds, variants, st.integers(min_value=0, max_value=150), st.data())
def test_s4_json_round_trip_mid_game_plays_on_identically(
    seed: int, rules: Rules, steps: int, data: st.DataObject
) -> None:
    original = new_game(seed, rules)
    play_drawn(data, original, steps)
    loaded = GameState.from_json(original.to_json())
    assert loaded.to_json() == original.to_json()
    for _ in range(MAX_ACTIONS):
        if original.is_terminal():
            break
        action = data.draw(st.sampled_from(original.legal_actions()))
        assert loaded.legal_actions() == original.legal_actions()
        assert loaded.apply_action(action) == original.apply_action(action)
    assert loaded.is_terminal()
    assert loaded.to_json() == original.to_json()


@settings(max_examples=30)
@given(seeds, variants, st.integers(min_value=0, max_value=100), st.data())
def test_s4_why_illegal_agrees_with_legal_actions(
    seed: int, rules: Rules, steps: int, data: st.DataObject
) -> None:
    state = new_game(seed, rules)
    play_drawn(data, state, steps)
    if state.is_terminal():
        return
    legal = set(state.legal_actions())
    assert len(legal) == len(state.legal_actions())  # no duplicates
    for action in candidate_actions(state):
        problem = state.why_illegal(action)
        assert (problem is None) == (action in legal), (action, problem)
