"""Every level plays only legal actions, and the registry behaves."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.ai import level_names, make_agent
from tacocat.ai.match import play_game
from tacocat.engine import new_game
from tacocat.names import COMPUTER_LEVELS

from .helpers import random_states

# The hard level searches; a tiny budget keeps these tests fast.
TINY = {"hard": {"rollouts": 6}, "expert": {"budget": 12}}


def test_the_five_levels_are_registered_weakest_first() -> None:
    assert level_names() == ("random", "easy", "normal", "hard", "expert")
    assert level_names() == COMPUTER_LEVELS  # the list storage checks a save's level against


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_cheap_levels_choose_legal_actions_everywhere(level: str) -> None:
    agent = make_agent(level, random.Random(5))
    asked = 0
    for state in random_states(games=25, seed=1):
        player = state.current_player()
        assert player is not None
        action = agent.choose(state.view(player))
        assert action in state.legal_actions(), (state, action)
        asked += 1
    assert asked > 1000  # the games really covered many decisions


def test_hard_level_chooses_legal_actions_everywhere() -> None:
    agent = make_agent("hard", random.Random(5), **TINY["hard"])
    for number, state in enumerate(random_states(games=6, seed=2)):
        if number % 3:
            continue  # a third of the states is plenty for the slowest level
        player = state.current_player()
        assert player is not None
        action = agent.choose(state.view(player))
        assert action in state.legal_actions(), (state, action)


@pytest.mark.parametrize("level", level_names())
def test_each_level_finishes_games_against_normal(level: str) -> None:
    for index in range(2):
        record = play_game((level, "normal"), seed=3, index=index, options=TINY)
        assert record.rounds >= 4  # the Tacocat needs four steps to reach a goal
    # play_game would raise IllegalActionError had any action been illegal.


def test_same_seed_same_choices() -> None:
    for level in level_names():
        options = TINY.get(level, {})
        choices = []
        for _ in range(2):
            agent = make_agent(level, random.Random(11), **options)
            state = new_game(4)
            picked = []
            while not state.is_terminal() and len(picked) < 40:
                player = state.current_player()
                assert player is not None
                action = agent.choose(state.view(player))
                picked.append(action)
                state.apply_action(action)
            choices.append(picked)
        assert choices[0] == choices[1], level


def test_unknown_level_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown computer level 'grandmaster'.*normal"):
        make_agent("grandmaster", random.Random(1))


def test_hard_level_takes_a_rollout_budget() -> None:
    with pytest.raises(ValueError, match="at least one rollout"):
        make_agent("hard", random.Random(1), rollouts=0)


def test_expert_level_takes_a_rollout_budget() -> None:
    with pytest.raises(ValueError, match="at least one rollout"):
        make_agent("expert", random.Random(1), budget=0)


def test_expert_level_chooses_legal_actions_everywhere() -> None:
    agent = make_agent("expert", random.Random(5), **TINY["expert"])
    mixed = 0
    for number, state in enumerate(random_states(games=6, seed=2)):
        if number % 3:
            continue
        player = state.current_player()
        assert player is not None
        action = agent.choose(state.view(player))
        assert action in state.legal_actions(), (state, action)
        last = getattr(agent, "last", None)
        mixed += last is not None and bool(last.mix)
    assert mixed > 0  # some duels were drawn from a mixed strategy


def test_hard_level_budget_is_work_not_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that jumps a minute per reading: a wall-clock cap would cut every
    # search short and change the choices; a budget in rollouts does not notice.
    import time

    views = []
    for state in random_states(games=1, seed=3):
        player = state.current_player()
        assert player is not None
        views.append(state.view(player))
        if len(views) == 12:
            break

    def choices() -> list[object]:
        agent = make_agent("hard", random.Random(2), rollouts=60)
        return [agent.choose(view) for view in views]

    calm = choices()
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(ticks)))
    monkeypatch.setattr(time, "time", lambda: float(next(ticks)))
    assert choices() == calm


@settings(max_examples=25)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    levels=st.tuples(st.sampled_from(level_names()), st.sampled_from(level_names())),
)
def test_any_pairing_plays_whole_games_legally(seed: int, levels: tuple[str, str]) -> None:
    tiny: dict[str, dict[str, int]] = {"hard": {"rollouts": 3}, "expert": {"budget": 4}}
    for swap in (0, 1):  # both seatings
        seated = (levels[swap], levels[1 - swap])
        agents = [make_agent(level, random.Random(seed), **tiny.get(level, {})) for level in seated]
        state = new_game(seed)
        while not state.is_terminal():
            player = state.current_player()
            assert player is not None
            action = agents[player].choose(state.view(player))
            assert action in state.legal_actions()
            state.apply_action(action)
