"""Card counting from a seat: face-up cards and unseen cards by value, from a view alone."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.engine import Rules, new_game
from tacocat.engine.view import face_up_counts, unseen_counts, value_counts

from .scenarios import VARIANTS, play_drawn
from .test_public_view import reshuffle_hidden

seeds = st.integers(min_value=0, max_value=2**32 - 1)
variants = st.sampled_from(VARIANTS)


def test_at_the_deal_nothing_is_face_up_and_only_the_own_hand_is_seen() -> None:
    view = new_game(3).view(0)
    assert face_up_counts(view) == (0,) * 12
    held = Counter(view.hand_values)
    expected = tuple(count - held[value] for value, count in enumerate(view.rules.counts, 1))
    assert unseen_counts(view) == expected
    assert unseen_counts(view, hand_seen=False) == view.rules.counts


def test_value_counts_has_an_entry_for_every_value_of_the_rules() -> None:
    rules = Rules(counts=(4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0))
    assert value_counts(rules, ()) == (0,) * 12
    assert value_counts(rules, (0, 1, 4)) == (2, 1) + (0,) * 10  # ids 0-3 are 1s, id 4 a 2


@settings(max_examples=60)
@given(seeds, variants, st.integers(min_value=0, max_value=120), st.data())
def test_the_counts_add_up_and_tell_nothing_hidden(
    seed: int, rules: Rules, steps: int, data: st.DataObject
) -> None:
    state = new_game(seed, rules)
    play_drawn(data, state, steps)
    for player in (0, 1):
        view = state.view(player)
        up, unseen = face_up_counts(view), unseen_counts(view)
        assert all(count >= 0 for count in unseen)
        assert sum(up) == len(view.discard_ids) + len(view.table_ids)
        assert sum(unseen) == rules.deck_size - sum(up) - len(view.hand_ids)
        assert sum(unseen) == view.opponent_hand_size + view.draw_pile_size
        assert Counter(view.unseen_values()) == Counter(
            {value: n for value, n in enumerate(unseen, 1) if n}
        )
    public = state.public_view()
    # Dealt again out of sight, a spectator's counts stay: they come from the view alone.
    twin = reshuffle_hidden(state, random.Random(seed)).public_view()
    assert unseen_counts(twin) == unseen_counts(public)
    assert unseen_counts(public) == unseen_counts(state.view(0), hand_seen=False)
    assert face_up_counts(public) == face_up_counts(state.view(1))
