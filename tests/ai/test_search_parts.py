"""The exact endgame search and the matrix-game solver, checked against slow references."""

from __future__ import annotations

import random

import pytest

from tacocat.ai.duel import solve
from tacocat.ai.endgame import attacker_value, showdown
from tacocat.engine.choices import answer_choices, attack_choices, is_defended


def _slow_attacker(attacker: list[int], defender: list[int]) -> int:
    """Plain minimax straight from the rules, no caching: the reference."""
    if len(attacker) == 1:
        return showdown(attacker[0], defender[0], 0)
    best = -2
    for attack in attack_choices(tuple(sorted(attacker))):
        rest = list(attacker)
        for value in attack.values:
            rest.remove(value)
        worst = 2
        for answer in answer_choices(tuple(sorted(defender)), attack.values):
            left = list(defender)
            for value in answer.values:
                left.remove(value)
            if len(left) == 1:
                outcome = showdown(rest[0], left[0], 0)
            elif is_defended(attack.values, answer.values):
                outcome = -_slow_attacker(left, rest)
            else:
                outcome = _slow_attacker(rest, left)
            worst = min(worst, outcome)
        best = max(best, worst)
    return best


def test_the_endgame_search_agrees_with_plain_minimax() -> None:
    rng = random.Random(4)
    for _ in range(300):
        size = rng.randint(1, 4)
        cards = [rng.randint(1, 12) for _ in range(2 * size)]
        attacker, defender = sorted(cards[:size]), sorted(cards[size:])
        assert attacker_value(tuple(attacker), tuple(defender), 0) == _slow_attacker(
            attacker, defender
        )


def test_keeping_the_lowest_card_wins_the_last_trick() -> None:
    # (2, 9) against (5, 6): attack with the 9, keep the 2 for the showdown.
    assert attacker_value((2, 9), (5, 6), 0) == 1
    # Nothing helps (11, 12) against (1, 2).
    assert attacker_value((11, 12), (1, 2), 0) == -1


def test_rock_paper_scissors_is_played_a_third_each() -> None:
    rows, columns, value = solve(((0.5, 0.0, 1.0), (1.0, 0.5, 0.0), (0.0, 1.0, 0.5)))
    assert rows == pytest.approx([1 / 3] * 3, abs=0.02)
    assert columns == pytest.approx([1 / 3] * 3, abs=0.02)
    assert value == pytest.approx(0.5, abs=0.01)


def test_a_dominated_choice_is_dropped_and_a_saddle_point_found() -> None:
    rows, columns, value = solve(((0.2, 0.3), (0.6, 0.4), (0.1, 0.1)))
    assert rows[1] == pytest.approx(1.0, abs=0.01)
    assert columns[1] == pytest.approx(1.0, abs=0.01)
    assert value == pytest.approx(0.4, abs=0.01)
