"""Views and legal actions pickle: worker processes receive them (both engine builds)."""

from __future__ import annotations

import pickle
import random

from tacocat.engine import new_game
from tacocat.engine.choices import ReplaceChoices


def test_views_and_legal_actions_survive_a_pickle_round_trip() -> None:
    state = new_game(seed=21)
    rng = random.Random(21)
    kinds: set[str] = set()
    while not state.is_terminal():
        player = state.current_player()
        assert player is not None
        view = state.view(player)
        copy = pickle.loads(pickle.dumps(view))
        assert copy == view
        assert list(copy.legal_actions) == list(view.legal_actions)
        kinds.add(type(view.legal_actions).__name__)
        state.apply_action(rng.choice(state.legal_actions()))
    assert "ReplaceChoices" in kinds


def test_replace_choices_pickle_keeps_the_limit() -> None:
    choices = ReplaceChoices((2, 5, 5, 9), 2)
    copy = pickle.loads(pickle.dumps(choices))
    assert copy == choices and len(copy) == len(choices) and copy.limit == 2
