"""REFERENCE ONLY - a minimal loop of Tacocat's rules, random against random.

This is *not* tacocat's engine and nothing in tacocat imports it.  It is the
yardstick ``benchmarks/simulate_speed.py`` measures ``tacocat simulate``
against: the standard rules (docs/rules.md) played with plain lists of card
values, no views, no events, no validation, no records.  Each decision picks
uniformly among the distinct legal choices, as tacocat's ``random`` level
does, so both play games of the same kind and length (the script prints
decisions per game for each).  Keep it small: it is a measuring stick.
"""

from __future__ import annotations

import itertools
import random
from functools import cache
from typing import Any

COUNTS = (2, 3, 3, 3, 4, 4, 4, 4, 3, 3, 3, 2)  # cards of value 1..12
DECK = tuple(value for value, count in enumerate(COUNTS, start=1) for _ in range(count))
HAND_SIZES = (4, 5, 6, 7, 6, 5, 4)
FIRST = (1, 1, 1, None, 0, 0, 0)  # who replaces first on each space; None: both at once
CENTRE, YAY_GOAL, WOW_GOAL, TIE_LIMIT = 3, -1, 7, 10

Hand = tuple[int, ...]


@cache
def replacements(hand: Hand, limit: int) -> tuple[Hand, ...]:
    """Distinct multisets of at most ``limit`` values to give away."""
    found = {c for k in range(limit + 1) for c in itertools.combinations(hand, k)}
    return tuple(sorted(found))


@cache
def attacks(hand: Hand) -> tuple[Hand, ...]:
    """Singles, sets and sequences (3+ consecutive values); one card always stays."""
    keep = len(hand) - 1
    found = set()
    for size in range(1, keep + 1):
        for combo in itertools.combinations(hand, size):
            if (
                size == 1
                or len(set(combo)) == 1
                or (size >= 3 and all(b == a + 1 for a, b in itertools.pairwise(combo)))
            ):
                found.add(combo)
    return tuple(sorted(found))


@cache
def answers(hand: Hand, attack: Hand) -> tuple[Hand, ...]:
    """Defenders (each >= a distinct attack card) plus the lowest other cards as sacrifices."""
    found = set()
    need = len(attack)
    for size in range(need + 1):
        for defenders in set(itertools.combinations(hand, size)):
            if all(d >= a for d, a in zip(defenders, attack, strict=False)):
                rest = list(hand)
                for value in defenders:
                    rest.remove(value)
                found.add(tuple(sorted(defenders + tuple(rest[: need - size]))))
    return tuple(sorted(found))


@cache
def distinct(hand: Hand) -> Hand:
    return tuple(sorted(set(hand)))


def take(hand: list[int], values: Hand) -> None:
    for value in values:
        hand.remove(value)


def play(rng: random.Random) -> tuple[int | None, int]:
    """One game; returns (winner or None for a draw, decisions taken)."""
    draw, position, tiles, tied, decisions = rng.random, CENTRE, [], 0, 0

    def choice(options: tuple[Hand, ...] | Hand) -> Any:
        return options[int(draw() * len(options))]

    while True:
        deck = list(DECK)
        for last in range(len(deck) - 1, 0, -1):  # Fisher-Yates
            swap = int(draw() * (last + 1))
            deck[last], deck[swap] = deck[swap], deck[last]
        size = HAND_SIZES[position]
        hands = [sorted(deck[:size]), sorted(deck[size : 2 * size])]
        pile = deck[2 * size :]
        first = FIRST[position]
        order = (0, 1) if first is None else (first, 1 - first)
        limit = size
        picks = []
        for player in order:
            pick = choice(replacements(tuple(hands[player]), limit))
            decisions += 1
            if first is not None:
                limit = len(pick)  # the second may replace as many as the first did
            picks.append((player, pick))
        for player, pick in picks:
            take(hands[player], pick)
            hands[player] += [pile.pop() for _ in pick]
            hands[player].sort()
        attacker = None
        while attacker is None and len(hands[0]) > 1:
            duel = [choice(distinct(tuple(hand))) for hand in hands]
            decisions += 2
            hands[0].remove(duel[0])
            hands[1].remove(duel[1])
            attacker = None if duel[0] == duel[1] else (0 if duel[0] > duel[1] else 1)
        while len(hands[0]) > 1 and len(hands[1]) > 1:
            assert attacker is not None
            defender = 1 - attacker
            attack = choice(attacks(tuple(hands[attacker])))
            answer = choice(answers(tuple(hands[defender]), attack))
            decisions += 2
            take(hands[attacker], attack)
            take(hands[defender], answer)
            if all(a >= h for h, a in zip(attack, answer, strict=True)):
                attacker = defender
        low = hands[0][0], hands[1][0]
        if low[0] == low[1]:
            tied += 1
            if tied >= TIE_LIMIT:
                return None, decisions
            continue
        tied, winner = 0, (0 if low[0] < low[1] else 1)
        start, step = position, (-1 if winner == 0 else 1)
        position += step
        while 0 <= position < 7 and position in tiles:
            position += step
        tiles.append(start)
        if position in (YAY_GOAL, WOW_GOAL):
            return winner, decisions


def play_games(count: int, seed: int) -> tuple[list[int], int]:
    """Play ``count`` games; returns wins per player (and draws) and all decisions."""
    results = [0, 0, 0]
    decisions = 0
    for index in range(count):
        winner, taken = play(random.Random(f"reference:{seed}:{index}"))
        results[2 if winner is None else winner] += 1
        decisions += taken
    return results, decisions


if __name__ == "__main__":
    import sys

    # python benchmarks/reference_loop.py GAMES [SEED]: what simulate_speed.py times.
    count = int(sys.argv[1])
    wins, taken = play_games(count, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print(f"{count} games, {taken / count:.1f} decisions per game, wins {wins}")
