"""A computer player cannot reach the opponent's hand.

Three arguments, each enough on its own:

1. in a real match, an agent's ``choose`` is only ever handed PlayerView objects;
2. nothing reachable from a PlayerView is the GameState or one of its
   mutable piles, so a view cannot be used to climb back to the state;
3. two states that differ only in the opponent's hand (and so in the draw
   pile) give the same view, and every level makes the same choice from
   them with the same random seed.
"""

from __future__ import annotations

import gc
import random
import types
from typing import ClassVar

import pytest

from tacocat.ai import level_names, make_agent
from tacocat.ai.match import play_full_game
from tacocat.ai.registry import LEVELS
from tacocat.engine import Action, GameState, PlayerView, other

from .helpers import random_states, with_other_opponent_hand

TINY = {"hard": {"rollouts": 8}, "expert": {"budget": 16}, "master": {"budget": 16}}


class SpyAgent:
    """Plays like the normal level and writes down what it was handed."""

    name = "spy"
    seen: ClassVar[list[type]] = []

    def __init__(self, rng: random.Random) -> None:
        self.inner = make_agent("normal", rng)

    def choose(self, view: PlayerView) -> Action:
        SpyAgent.seen.append(type(view))
        return self.inner.choose(view)


def test_agents_are_handed_views_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "spy", SpyAgent)
    SpyAgent.seen = []
    for index in range(4):
        play_full_game(("spy", "normal"), seed=9, index=index)
    assert len(SpyAgent.seen) > 50
    assert set(SpyAgent.seen) == {PlayerView}


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through data (not through classes or modules)."""
    found: list[object] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(
            item, type | types.ModuleType | types.FunctionType | types.BuiltinFunctionType
        ):
            continue
        seen.add(id(item))
        found.append(item)
        stack.extend(gc.get_referents(item))
    return found


def test_nothing_in_a_view_leads_back_to_the_state() -> None:
    for number, state in enumerate(random_states(games=3, seed=4)):
        if number % 7:
            continue
        player = state.current_player()
        assert player is not None
        # A view shares the immutable tuples it shows (its own hand, the public
        # piles), never the opponent's hand or the draw pile, nor any list of the state.
        opponent = 1 - player
        secret_piles = {id(state.hands[opponent]), id(state.draw_pile), id(state.tiles)}
        fields = vars(state)
        for item in _reachable(state.view(player)):
            assert not isinstance(item, GameState)
            assert id(item) not in secret_piles or item == ()
            assert item is not fields


@pytest.mark.parametrize("level", level_names())
def test_the_opponents_hand_does_not_change_the_choice(level: str) -> None:
    rng = random.Random(6)
    compared = differing = 0
    for number, state in enumerate(random_states(games=4, seed=5)):
        if number % 2:
            continue
        player = state.current_player()
        assert player is not None
        twin = with_other_opponent_hand(state, rng)
        if twin is None:
            continue
        differing += twin.hand_values[other(player)] != state.hand_values[other(player)]
        view, twin_view = state.view(player), twin.view(player)
        assert view == twin_view
        options = TINY.get(level, {})
        first = make_agent(level, random.Random(number), **options).choose(view)
        second = make_agent(level, random.Random(number), **options).choose(twin_view)
        assert first == second
        compared += 1
    assert compared > 20
    assert differing > compared // 2  # the opponent's hands really were different


def test_the_opponents_hand_does_not_change_the_evaluation() -> None:
    from tacocat.ai.evaluator import evaluate

    rng = random.Random(8)
    compared = 0
    for number, state in enumerate(random_states(games=3, seed=13)):
        if number % 3:
            continue
        player = state.current_player()
        assert player is not None
        twin = with_other_opponent_hand(state, rng)
        if twin is None:
            continue
        view, twin_view = state.view(player), twin.view(player)
        assert view == twin_view
        first = evaluate(view, random.Random(number), budget=30)
        second = evaluate(twin_view, random.Random(number), budget=30)
        assert first == second
        compared += 1
    assert compared > 10
