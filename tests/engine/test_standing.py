"""Where a game stands: the round wins each player still needs (board.wins_needed)."""

from __future__ import annotations

import random

from tacocat.engine import WOW, YAY, new_game
from tacocat.engine.board import WOW_GOAL, YAY_GOAL, is_goal, step_toward, wins_needed
from tacocat.engine.rules import SPACE_COUNT


def test_from_the_centre_each_player_needs_four_wins() -> None:
    assert wins_needed(3, YAY, ()) == 4
    assert wins_needed(3, WOW, ()) == 4


def test_covered_spaces_are_jumped_over() -> None:
    assert wins_needed(3, YAY, (1, 2)) == 2
    assert wins_needed(3, WOW, (4, 5, 6)) == 1


def test_a_goal_reached_needs_nothing() -> None:
    assert wins_needed(YAY_GOAL, YAY, ()) == 0
    assert wins_needed(WOW_GOAL, WOW, ()) == 0


def test_the_count_is_exact_whatever_the_other_player_wins_in_between() -> None:
    # A lost round leaves its tile where the Tacocat would jump anyway.
    rng = random.Random(5)
    for _ in range(300):
        position, tiles = SPACE_COUNT // 2, [rng.randrange(SPACE_COUNT) for _ in range(2)]
        tiles = [tile for tile in tiles if tile != position]
        needed = [wins_needed(position, player, tiles) for player in (YAY, WOW)]
        wins = [0, 0]
        while not is_goal(position):
            winner = rng.choice((YAY, WOW))
            wins[winner] += 1
            start, position = position, step_toward(position, winner, tiles)
            tiles.append(start)
        winner = YAY if position == YAY_GOAL else WOW
        assert wins[winner] == needed[winner]


def test_a_new_game_reads_from_its_view() -> None:
    view = new_game(1).view(YAY)
    assert wins_needed(view.position, YAY, view.tiles) == 4
