"""The board's geography: spaces, goals and how the Tacocat walks."""

from __future__ import annotations

from collections.abc import Collection

from tacocat.engine.players import YAY, Player
from tacocat.engine.rules import LETTERS, SPACE_COUNT

YAY_GOAL = -1
WOW_GOAL = SPACE_COUNT


def goal_of(player: Player) -> int:
    return YAY_GOAL if player == YAY else WOW_GOAL


def is_goal(position: int) -> bool:
    return position in (YAY_GOAL, WOW_GOAL)


def space_name(position: int) -> str:
    """'O4' for the centre (T-A-C-O-C-A-T repeats letters), 'the YAY goal' past the ends."""
    if position == YAY_GOAL:
        return "the YAY goal"
    if position == WOW_GOAL:
        return "the WOW goal"
    return f"{LETTERS[position]}{position + 1}"


def step_toward(position: int, player: Player, tiles: Collection[int]) -> int:
    """Where the Tacocat lands moving toward ``player``'s goal, over covered spaces."""
    step = -1 if player == YAY else 1
    landing = position + step
    while 0 <= landing < SPACE_COUNT and landing in tiles:
        landing += step
    return landing


def wins_needed(position: int, player: Player, tiles: Collection[int]) -> int:
    """How many more rounds ``player`` must win to bring the Tacocat to their goal (0: won).

    A round lost in between does not change the count: the tile it leaves is
    on a space the Tacocat would then jump over.

        >>> wins_needed(3, YAY, ())  # O4: C3, A2, T1, then the goal
        4
        >>> wins_needed(3, YAY, (1, 2))  # A2 and C3 covered: T1, then the goal
        2
    """
    covered = set(tiles)
    wins = 0
    while not is_goal(position):
        covered.add(position)
        position = step_toward(position, player, covered)
        wins += 1
    return wins
