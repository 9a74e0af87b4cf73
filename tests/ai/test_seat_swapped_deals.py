"""Full-game duplicate: one seed dealt by round, two levels, the seats swapped.

benchmarks/duplicate.py --games plays each seed twice, A at YAY then at
WOW; the luck of the cards cancels only if each seat is dealt the same
cards in both games wherever the Tacocat stands on the same space in the
same round, whoever sits there and however they played before.
"""

from __future__ import annotations

import random

from tacocat.ai import make_agent
from tacocat.engine import WOW, YAY, GameState, Rules
from tacocat.engine.events import RoundStarted
from tacocat.engine.rules import BY_ROUND

Dealt = dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]]


def game(seed: int, levels: tuple[str, str]) -> tuple[Dealt, int | None]:
    """``levels[0]`` at YAY and ``levels[1]`` at WOW: each round's (YAY, WOW) hands, the winner."""
    seats = [make_agent(level, random.Random(f"{seed}:{level}")) for level in levels]
    state = GameState(random.Random(seed), Rules(dealing=BY_ROUND))
    dealt: Dealt = {(state.round_number, state.position): state.hands}
    while not state.is_terminal():
        mover = state.current_player()
        assert mover is not None
        for event in state.apply_action(seats[mover].choose(state.view(mover))):
            if isinstance(event, RoundStarted):
                dealt[(event.round_number, event.position)] = state.hands
    return dealt, state.winner


def test_the_seats_swapped_each_seat_gets_the_same_cards() -> None:
    later = 0
    for seed in range(3):
        first, _ = game(seed, ("easy", "normal"))  # easy at YAY
        swapped, _ = game(seed, ("normal", "easy"))  # normal at YAY: easy holds WOW's cards
        both = set(first) & set(swapped)
        assert (1, 3) in both  # the first round, on the centre
        for key in both:
            assert first[key][YAY] == swapped[key][YAY] and first[key][WOW] == swapped[key][WOW]
        later += sum(1 for number, _ in both if number > 1)
    assert later >= 3  # later rounds, after different play, are checked too


def test_the_levels_choose_alike_whatever_the_dealing() -> None:
    # The dealing is no rule of play: a level's choice from a view does not
    # depend on it (its imagined worlds deal from its own generator).
    state = GameState(random.Random(3), Rules(dealing=BY_ROUND))
    mover_rng = random.Random(3)
    compared = 0
    while not state.is_terminal() and compared < 12:
        mover = state.current_player()
        assert mover is not None
        view = state.view(mover)
        streamed = view._replace(rules=Rules())
        by_round = make_agent("hard", random.Random(compared)).choose(view)
        assert by_round == make_agent("hard", random.Random(compared)).choose(streamed)
        compared += 1
        state.apply_action(mover_rng.choice(list(state.legal_actions())))
