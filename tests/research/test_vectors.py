"""The observation vector, written in place, against its parts as documented."""

from __future__ import annotations

import random

import pytest

from tacocat.engine import Rules
from tacocat.engine.actions import Duel, Replace
from tacocat.engine.board import YAY_GOAL
from tacocat.engine.observation import (
    OBSERVATION_PARTS,
    OBSERVATION_SIZE,
    VALUES,
    Recall,
    information_state,
    observation,
)
from tacocat.engine.phases import Phase
from tacocat.engine.rules import DEFAULT_RULES, MIN_VALUE, SPACE_COUNT
from tacocat.engine.state import GameState
from tacocat.engine.view import PlayerView

SMALL = Rules(counts=(2, 2, 2, 2) + (0,) * 8, hand_sizes=(2,) * 7, tie_limit=1)


def one_hot(size: int, hot: int | None) -> list[int]:
    return [int(i == hot) for i in range(size)]


def by_value(values: object) -> list[int]:
    listed = list(values)  # type: ignore[call-overload]
    return [listed.count(value) for value in range(MIN_VALUE, MIN_VALUE + VALUES)]


def parts(view: PlayerView) -> dict[str, list[int]]:
    """Each part of OBSERVATION_PARTS by its comment, from the view's own properties."""
    choice, arrow = view.my_choice, view.arrow
    return {
        "player": one_hot(2, view.player),
        "phase": one_hot(len(Phase), list(Phase).index(view.phase)),
        "to_move": one_hot(2, view.to_move),
        "attacker": one_hot(2, view.attacker),
        "position": one_hot(SPACE_COUNT + 2, view.position - YAY_GOAL),
        "tiles": [int(space in view.tiles) for space in range(SPACE_COUNT)],
        "arrow": [0, 0] if arrow is None else [int(arrow.player != 1), int(arrow.player != 0)],
        "hand": by_value(view.hand_values),
        "hand_sizes": [len(view.hand_ids), view.opponent_hand_size],
        "draw_pile": [view.draw_pile_size],
        "discard": by_value(card.value for card in view.discard_pile),
        "table": by_value(view.table_values),
        "replace_limit": [view.replace_limit],
        "my_replace": by_value(choice.values if isinstance(choice, Replace) else ()),
        "my_duel": by_value((choice.value,) if isinstance(choice, Duel) else ()),
        "opponent_has_chosen": [int(view.opponent_has_chosen)],
        "round": [view.round_number],
        "tied_rounds": [view.tied_rounds],
        "winner": one_hot(2, view.winner),
    }


@pytest.mark.parametrize("rules", [DEFAULT_RULES, SMALL])
def test_the_observation_is_its_parts_in_the_documented_order(rules: Rules) -> None:
    rng = random.Random(8)
    for seed in range(15):
        state = GameState(random.Random(seed), rules)
        while True:
            for player in (0, 1):
                view = state.view(player)
                expected = parts(view)
                assert [name for name, _ in OBSERVATION_PARTS] == list(expected)
                assert [len(part) for part in expected.values()] == [
                    size for _, size in OBSERVATION_PARTS
                ]
                assert observation(view) == [n for part in expected.values() for n in part]
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


def test_the_recall_vector_is_its_parts_and_the_draw_is_what_the_hand_gained() -> None:
    rng = random.Random(9)
    for seed in range(15):
        state = GameState(random.Random(seed))
        recalls = [Recall(state.view(player)) for player in (0, 1)]
        while not state.is_terminal():
            events = state.apply_action(rng.choice(state.legal_actions()))
            for player, recall in enumerate(recalls):
                view = state.view(player)
                recall.update(events, view)
                mine, theirs = player, 1 - player
                held = by_value(view.hand_values)
                out, played = recall.replaced[mine], recall.played[mine]
                drawn = [
                    h - d + o + p
                    for h, d, o, p in zip(held, recall.dealt, out, played, strict=True)
                ]
                wanted = [*recall.dealt, *out, *drawn, *played]
                wanted += [*recall.replaced[theirs], *recall.played[theirs]]
                assert information_state(view, recall)[OBSERVATION_SIZE:] == wanted


def test_the_arrays_hold_the_vectors_numbers_even_those_a_byte_cannot() -> None:
    np = pytest.importorskip("numpy", reason="the adapters' extras are not installed")
    from tacocat.engine.observation import information_state
    from tacocat.research.arrays import information_state_array, observation_array

    rng = random.Random(10)
    state = GameState(random.Random(3))
    recall = Recall(state.view(0))
    while not state.is_terminal():
        view = state.view(0)
        for seen in (view, view._replace(round_number=300)):  # past a byte: the slow way
            wanted = information_state(seen, recall)
            assert information_state_array(seen, recall).tolist() == wanted
            assert observation_array(seen).dtype == np.float32
            assert observation_array(seen).tolist() == observation(seen)
        recall.update(state.apply_action(rng.choice(state.legal_actions())), state.view(0))
