"""Every level plays only legal actions, and the registry behaves."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from collections.abc import Sequence

import pytest

from tacocat.ai import Agent, level_names, make_agent
from tacocat.ai.match import play_full_game
from tacocat.engine import Action, GameState, Phase, new_game
from tacocat.names import COMPUTER_LEVELS

from .helpers import random_states

# The hard level searches; a tiny budget keeps these tests fast.
TINY = {"hard": {"rollouts": 6}, "expert": {"budget": 12}, "master": {"budget": 12}}


def test_the_six_levels_are_registered_weakest_first() -> None:
    assert level_names() == ("random", "easy", "normal", "hard", "expert", "master")
    assert level_names() == COMPUTER_LEVELS  # the list storage checks a save's level against


def test_a_level_is_loaded_when_first_asked_for() -> None:
    # A fresh interpreter: this one has long imported every level.
    code = (
        "import random, sys\n"
        "from tacocat.ai.match import play_full_game\n"
        "play_full_game(('random', 'random'), 1, 0)\n"
        "searching = ('tacocat.ai.heuristics', 'tacocat.ai.montecarlo', 'tacocat.ai.expert')\n"
        "print(sorted(name for name in searching if name in sys.modules))\n"
        "from tacocat.ai import make_agent\n"
        "make_agent('hard', random.Random(1))\n"
        "print('tacocat.ai.montecarlo' in sys.modules, 'tacocat.ai.expert' in sys.modules)\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert shown[:2] == ["[]", "True False"]


# Where each level is asked: (games of random states, their seed, every n-th
# state, the decisions that must be covered).  The searching levels are slow:
# every third state of fewer games is plenty for them.
EVERYWHERE = {
    "random": (25, 1, 1, 1000),
    "easy": (25, 1, 1, 1000),
    "normal": (25, 1, 1, 1000),
    "hard": (6, 2, 3, 100),
    "expert": (6, 2, 3, 100),
    "master": (6, 2, 3, 100),
}


@pytest.mark.parametrize("level", level_names())
def test_each_level_chooses_legal_actions_everywhere(level: str) -> None:
    games, seed, stride, least = EVERYWHERE[level]
    agent = make_agent(level, random.Random(5), **TINY.get(level, {}))
    asked = mixed = 0
    for number, state in enumerate(random_states(games=games, seed=seed)):
        if number % stride:
            continue
        player = state.current_player()
        assert player is not None
        action = agent.choose(state.view(player))
        assert action in state.legal_actions(), (state, action)
        asked += 1
        last = getattr(agent, "last", None)  # the expert's evaluation behind its choice
        mixed += last is not None and bool(last.mix)
    assert asked > least  # the games really covered many decisions
    # The expert and master draw some duels from a mixed strategy; no other level keeps one.
    assert (mixed > 0) == (level in ("expert", "master")), mixed


@pytest.mark.parametrize("level", level_names())
def test_each_level_finishes_games_against_normal(level: str) -> None:
    for index in range(2):
        record = play_full_game((level, "normal"), seed=3, index=index, options=TINY)[0]
        assert record.rounds >= 4  # the Tacocat needs four steps to reach a goal
    # play_full_game would raise IllegalActionError had any action been illegal.


@pytest.mark.parametrize("level", level_names())
def test_same_seed_same_choices(level: str) -> None:
    choices = []
    for _ in range(2):
        agent = make_agent(level, random.Random(11), **TINY.get(level, {}))
        choices.append(play_legally((agent, agent), new_game(4), limit=40))
    assert len(choices[0]) == 40 and choices[0] == choices[1]


def test_unknown_level_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown computer level 'grandmaster'.*normal"):
        make_agent("grandmaster", random.Random(1))


def test_hard_level_takes_a_rollout_budget() -> None:
    with pytest.raises(ValueError, match="at least one rollout"):
        make_agent("hard", random.Random(1), rollouts=0)


def test_expert_level_takes_a_rollout_budget() -> None:
    with pytest.raises(ValueError, match="at least one rollout"):
        make_agent("expert", random.Random(1), budget=0)


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


# Every pairing of two levels (21), in both seatings, each with a seed of its own:
# all of them, where a handful of random draws left some pairings out.
PAIRINGS = list(itertools.combinations_with_replacement(level_names(), 2))


@pytest.mark.parametrize("levels", PAIRINGS, ids="-".join)
def test_any_pairing_plays_whole_games_legally(levels: tuple[str, str]) -> None:
    seed = 1000 + PAIRINGS.index(levels)
    tiny: dict[str, dict[str, int]] = {
        "hard": {"rollouts": 3},
        "expert": {"budget": 4},
        "master": {"budget": 4},
    }
    for swap in (0, 1):  # both seatings
        seated = (levels[swap], levels[1 - swap])
        agents = [make_agent(level, random.Random(seed), **tiny.get(level, {})) for level in seated]
        state = new_game(seed)
        play_legally(agents, state)
        assert state.is_terminal()


def play_legally(
    agents: Sequence[Agent], state: GameState, limit: int | None = None
) -> list[Action]:
    """Let ``agents[player]`` choose until the game ends (or ``limit`` choices); all legal."""
    picked: list[Action] = []
    while not state.is_terminal() and (limit is None or len(picked) < limit):
        player = state.current_player()
        assert player is not None
        action = agents[player].choose(state.view(player))
        assert action in state.legal_actions(), (state, action)
        state.apply_action(action)
        picked.append(action)
    return picked


def test_the_expert_may_spend_another_budget_on_replacements() -> None:
    from tacocat.ai.expert import ExpertAgent

    with pytest.raises(ValueError, match="at least one rollout"):
        ExpertAgent(random.Random(1), budget=8, replace_budget=0)
    agent = ExpertAgent(random.Random(1), budget=8, replace_budget=200)
    opponent = make_agent("random", random.Random(2))
    state = new_game(4)
    spent: dict[bool, list[int]] = {True: [], False: []}
    while not state.is_terminal():
        mover = state.current_player()
        view = state.view(mover)
        if mover == 0:
            agent.last = None
            state.apply_action(agent.choose(view))
            if agent.last is not None and view.phase is not Phase.DUEL:
                spent[view.phase is Phase.REPLACE].append(agent.last.rollouts)
        else:
            state.apply_action(opponent.choose(view))
    # About the budget each (the search's halving rounds it), far apart.
    assert spent[True] and min(spent[True]) > 150
    assert spent[False] and max(spent[False]) < 50
