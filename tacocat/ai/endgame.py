"""The end of a round, searched exactly once both hands are small.

In an imagined deal both hands are known, so the rest of the round is a game
of perfect information.  With three cards each there are only a handful of
attacks and answers at every step, so the whole tree is searched (minimax),
positions cached by value: the same small hands come up deal after deal.
Averaged over deals, this is "perfect-information Monte Carlo" (as in bridge
programs): it overrates what a player can know, but only for the last two or
three tricks, where little is hidden anyway.

    >>> # I attack with (2, 9) against (5, 6): I must keep the 2 for the showdown.
    >>> attacker_value((2, 9), (5, 6), 0)
    1
"""

from __future__ import annotations

from functools import lru_cache

from tacocat.engine.choices import answer_choices, attack_choices, is_defended

Values = tuple[int, ...]
SMALL = 3  # search exactly once hands hold this many cards or fewer


def showdown(mine: int, theirs: int, tie: int) -> int:
    """+1 if my last card wins (the lower one), -1 if it loses, ``tie`` if equal."""
    if mine == theirs:
        return tie
    return 1 if mine < theirs else -1


@lru_cache(maxsize=65536)
def attacker_value(attacker: Values, defender: Values, tie: int) -> int:
    """The round's outcome for the attacker (+1, 0 or -1) under best play by both.

    ``tie`` is what an equal showdown is worth to the attacker (0, or +/-1
    under the "tie goes to the arrow" variant).
    """
    if len(attacker) == 1:  # a tied duel can leave one card each: straight to the showdown
        return showdown(attacker[0], defender[0], tie)
    best = -2
    for attack in attack_choices(attacker):
        rest = list(attacker)
        for value in attack.values:
            rest.remove(value)
        value = -defender_value(defender, tuple(rest), attack.values, -tie)
        if value > best:
            best = value
            if best == 1:
                break
    return best


@lru_cache(maxsize=65536)
def defender_value(defender: Values, attacker_rest: Values, attack: Values, tie: int) -> int:
    """The outcome for the defender facing ``attack`` under best play by both.

    ``attacker_rest`` is what the attacker holds besides the attack on the table.
    """
    best = -2
    for answer in answer_choices(defender, attack):
        left = list(defender)
        for value in answer.values:
            left.remove(value)
        mine = tuple(left)
        if len(mine) == 1:
            value = showdown(mine[0], attacker_rest[0], tie)
        elif is_defended(attack, answer.values):
            value = attacker_value(mine, attacker_rest, tie)
        else:
            value = -attacker_value(attacker_rest, mine, -tie)
        if value > best:
            best = value
            if best == 1:
                break
    return best
