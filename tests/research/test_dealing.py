"""The explicit deal (tacocat.research.dealing): plain Python, no extra needed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tacocat.engine import GameState, Rules
from tacocat.engine.rules import DEFAULT_RULES
from tacocat.research.dealing import Deal
from tacocat.research.memory import Match

SMALL = Rules(counts=(2, 2, 2, 2) + (0,) * 8, hand_sizes=(2,) * 7, tie_limit=1)


@pytest.mark.parametrize("rules", [DEFAULT_RULES, SMALL])
def test_a_deal_offers_each_value_left_with_its_share_of_the_deck(rules: Rules) -> None:
    deal = Deal(GameState(random.Random(1), rules))
    assert deal.steps == 4 * rules.hand_sizes[3]
    rng = random.Random(2)
    while not deal.is_done():
        outcomes = deal.outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        left = Counter(rules.card_values) - Counter(deal.chosen)
        assert {o + 1: p for o, p in outcomes} == pytest.approx(
            {value: count / left.total() for value, count in left.items()}
        )
        deal = deal.then(rng.choice([o for o, _ in outcomes]))
    with pytest.raises(ValueError, match="no card of value"):
        Deal(GameState(random.Random(1), SMALL)).then(7)  # SMALL has no 8


def test_a_placed_deal_is_a_whole_consistent_game_that_deals_what_chance_drew() -> None:
    rng = random.Random(3)
    for seed in range(20):
        match = Match(GameState(random.Random(seed)), explicit=True)
        assert match.deal is not None and match.legal_indices() == []
        chosen: list[int] = []
        while match.deal is not None:
            outcome = rng.choice([o for o, _ in match.deal.outcomes()])
            chosen.append(outcome + 1)
            match.deal_one(outcome)
        state = match.state
        assert GameState.from_json(state.to_json()).to_json() == state.to_json()  # checks pass
        size = state.rules.hand_sizes[state.position]
        values = state.rules.card_values
        assert state.hand_values[0] == tuple(sorted(chosen[:size]))
        assert state.hand_values[1] == tuple(sorted(chosen[size : 2 * size]))
        assert [values[c] for c in reversed(state.draw_pile)][: 2 * size] == chosen[2 * size :]
        assert match.legal_indices()  # a decision again


def test_place_puts_the_first_drawn_card_on_top() -> None:
    state = GameState(random.Random(5), SMALL)
    deal = Deal(state)
    for value in (1, 1, 2, 2, 3, 4, 3, 4):
        deal = deal.then(value - 1)
    placed = deal.place(state)
    values = placed.rules.card_values
    assert placed.hand_values[0] == (1, 1) and placed.hand_values[1] == (2, 2)
    assert [values[c] for c in reversed(placed.draw_pile)] == [3, 4, 3, 4]
