"""The exact best response on the small rules: its walk is exact, and nothing beats it.

Solved from the board of a game's last round (the Tacocat on T7, every
other space covered: whoever wins the round reaches their goal), so that
one round's whole tree is walked and the tests stay fast.
"""

from __future__ import annotations

import functools
import math
import random

import pytest

from tacocat.ai import make_agent
from tacocat.engine import GameState, Rules, load_rules
from tacocat.engine.actions import Attack
from tacocat.engine.events import Showdown
from tacocat.engine.players import PLAYERS, WOW, Player
from tacocat.research.best_response import MEDIUM_RULES, SMALL_RULES, LevelPolicy, Solver

RULES = load_rules(SMALL_RULES)
LATE = (6, (0, 1, 2, 3, 4, 5))  # the Tacocat on T7, every other space covered


@functools.cache
def normal_against_random(seat: Player) -> float:
    """The exact score of ``normal`` at ``seat`` against ``random`` (two tests ask it)."""
    return Solver(RULES, LevelPolicy("random"), seat, player=LevelPolicy("normal", 1)).score(*LATE)


def played_score(seat: Player, level: str, opponent: str, games: int) -> float:
    """``level``'s score at ``seat`` against ``opponent`` over games played from the late board."""
    total = 0.0
    for number in range(games):
        state = GameState.blank(random.Random(number), RULES)
        state.position, state.tiles = LATE[0], list(LATE[1])
        state.start_round(replay=False)
        agents = {
            seat: make_agent(level, random.Random(2 * number)),
            1 - seat: make_agent(opponent, random.Random(2 * number + 1)),
        }
        while not state.is_terminal():
            mover = state.current_player()
            assert mover is not None
            state.apply_action(agents[mover].choose(state.view(mover)))
        total += 0.5 if state.winner is None else float(state.winner == seat)
    return total / games


@pytest.mark.parametrize("seat", PLAYERS)
def test_the_walk_gives_what_played_games_give(seat: Player) -> None:
    # normal against random: both policies exact (normal decides without chance).
    exact = normal_against_random(seat)
    games = 2000
    played = played_score(seat, "normal", "random", games)
    spread = math.sqrt(exact * (1 - exact) / games)
    assert abs(played - exact) < 4 * spread, (played, exact)


def test_nothing_beats_the_best_response() -> None:
    random_level = LevelPolicy("random")
    best = Solver(RULES, random_level, WOW).score(*LATE)
    normal = normal_against_random(WOW)
    itself = Solver(RULES, random_level, WOW, player=random_level).score(*LATE)
    assert best >= normal > itself
    assert best > normal + 0.01  # it finds more than the rules of thumb do


@pytest.mark.parametrize("level", ["easy", "expert"])
def test_a_sampled_policy_is_a_distribution_over_legal_actions(level: str) -> None:
    state = GameState(random.Random(3), RULES)
    policy = LevelPolicy(level, samples=3)
    while not state.is_terminal():
        mover = state.current_player()
        assert mover is not None
        view = state.view(mover)
        shares = policy(view, None)
        assert set(shares) <= set(view.legal_actions)
        assert math.isclose(sum(shares.values()), 1.0)
        assert policy(view, None) is shares  # asked once per view
        state.apply_action(max(shares, key=shares.__getitem__))


def test_the_medium_rules_load_validated_and_play_a_trick_each_round() -> None:
    medium = load_rules(MEDIUM_RULES)
    assert medium == Rules(counts=(4, 4, 4) + (0,) * 9, hand_sizes=(3,) * 7, tie_limit=1)
    state = GameState(random.Random(4), medium)
    agents = [make_agent("random", random.Random(seat)) for seat in PLAYERS]
    rounds, attacks = 0, 0
    while not state.is_terminal():
        mover = state.current_player()
        assert mover is not None
        action = agents[mover].choose(state.view(mover))
        attacks += isinstance(action, Attack)
        rounds += any(type(e) is Showdown for e in state.apply_action(action))
    assert rounds >= 2
    assert attacks >= 1  # the small rules' two-card hands never see one


def test_the_medium_rules_round_is_solved_exactly() -> None:
    # normal against random, one round: the walk (trick included) against played games.
    medium = load_rules(MEDIUM_RULES)
    exact = Solver(
        medium, LevelPolicy("random"), WOW, player=LevelPolicy("normal", 1), one_round=True
    )
    score, games, total = exact.score(), 1000, 0.0
    for number in range(games):
        state = GameState(random.Random(number), medium)
        agents = {
            WOW: make_agent("normal", random.Random(2 * number)),
            1 - WOW: make_agent("random", random.Random(2 * number + 1)),
        }
        while True:
            mover = state.current_player()
            assert mover is not None
            events = state.apply_action(agents[mover].choose(state.view(mover)))
            shown = [e for e in events if isinstance(e, Showdown)]
            if shown:
                total += 0.5 if shown[0].winner is None else float(shown[0].winner == WOW)
                break
    played = total / games
    assert abs(played - score) < 4 * math.sqrt(score * (1 - score) / games), (played, score)
