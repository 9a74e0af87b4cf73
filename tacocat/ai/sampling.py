"""Imagined games: a full game state that agrees with everything a player knows.

The look-ahead cannot read the opponent's hand, so it deals the cards it
cannot see (their hand and the draw pile) at random, consistently with the
view, and searches that imagined game: "determinized" Monte Carlo.  An
opponent's choice made but not yet revealed is made by rules of thumb
(``normal``'s for ``hard``, :data:`~tacocat.ai.rules_of_thumb.ROLLOUT` for
the evaluator); :func:`~tacocat.engine.worlds.state_from_view` copies the
rest, so the imagined state's view for the same player is the real view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from tacocat.ai.evidence import Evidence
from tacocat.ai.rules_of_thumb import NORMAL, ROLLOUT, Style, choose
from tacocat.ai.situation import SIMULTANEOUS, Situation
from tacocat.engine import Duel, GameState, PlayerView, Replace
from tacocat.engine.rounds import shuffle
from tacocat.engine.worlds import state_from_view

Item = TypeVar("Item")
CANDIDATES = 32  # uniform deals drawn for each one kept when weighing by evidence


def imagine(view: PlayerView, rng: random.Random) -> GameState:
    """A random full state consistent with ``view``, for its player to search."""
    unseen = view.unseen_ids()
    rng.shuffle(unseen)
    size = view.opponent_hand_size
    return world_from_deal(view, unseen[:size], unseen[size:], rng)


def world_from_deal(
    view: PlayerView,
    opponent_hand: list[int],
    draw_pile: list[int],
    rng: random.Random,
    style: Style = NORMAL,
) -> GameState:
    """The full state with the unseen cards dealt as given, for ``view``'s player to search.

    An opponent's choice made but not yet revealed is guessed by ``style``.
    """
    guess = _hidden_choice(view, opponent_hand, style) if view.opponent_has_chosen else None
    later_rounds = random.Random(rng.getrandbits(64))  # deals later rounds of the rollout
    return state_from_view(view, opponent_hand, draw_pile, later_rounds, guess)


def _hidden_choice(view: PlayerView, hand: list[int], style: Style) -> Replace | Duel:
    """The simultaneous choice (a replacement or a duel card) the imagined opponent made."""
    values = view.rules.card_values
    situation = Situation(
        phase=view.phase,
        hand=tuple(sorted(values[card_id] for card_id in hand)),
        legal=(),
        table=(),
        replace_limit=view.rules.hand_sizes[view.position],
        replace_role=SIMULTANEOUS,
        opponent_hand_size=len(view.hand_ids),
        pool=values,
    )
    choice = choose(situation, style)
    assert isinstance(choice, Replace | Duel)
    return choice


def pick(mix: Sequence[tuple[Item, float]], rng: random.Random) -> Item:
    """One item of ``mix`` drawn with a chance proportional to its weight."""
    point = rng.random() * sum(weight for _, weight in mix)
    for item, weight in mix:
        point -= weight
        if point < 0:
            return item
    return mix[-1][0]


class Dealer:
    """Deals the cards one view cannot see, weighted by what the opponent's actions say.

    Sampling-importance-resampling: of several uniform deals of the
    opponent's hand, one is kept with probability proportional to
    :meth:`Evidence.weight`; the rest of the unseen cards, shuffled, are the
    draw pile.
    """

    def __init__(self, view: PlayerView, evidence: Evidence) -> None:
        self.view = view
        self.evidence = evidence
        self.unseen = view.unseen_ids()
        self.size = view.opponent_hand_size
        self.values = view.rules.card_values
        # A hand's weight depends only on its values, and the same few hundred hands
        # come up again and again among an evaluation's candidates.
        self.weights: dict[tuple[int, ...], float] = {}

    def weigh(self, hand: list[int]) -> float:
        """The evidence's weight of a hand of card ids, remembered by its values."""
        key = tuple(sorted([self.values[card_id] for card_id in hand]))
        weight = self.weights.get(key)
        if weight is None:
            weight = self.weights[key] = self.evidence.weight(key)
        return weight

    def deal(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """(the opponent's hand, the draw pile, top card last)."""
        cards = list(self.unseen)
        size = self.size
        if self.evidence.is_empty:
            shuffle(cards, rng)
            return cards[:size], cards[size:]
        weigh, draw = self.weigh, rng.random
        hands: list[tuple[list[int], float]] = []
        count = len(cards)
        for _ in range(CANDIDATES):
            # A partial Fisher-Yates: only the first ``size`` places need to be random.
            for place in range(size):
                swap = place + int(draw() * (count - place))
                cards[place], cards[swap] = cards[swap], cards[place]
            hand = cards[:size]
            hands.append((hand, weigh(hand)))
        chosen = pick(hands, rng)
        held = set(chosen)
        rest = [card_id for card_id in self.unseen if card_id not in held]
        shuffle(rest, rng)
        return chosen, rest

    def imagine(self, rng: random.Random) -> GameState:
        """A full state for the view's player to search, dealt by :meth:`deal`."""
        hand, pile = self.deal(rng)
        return world_from_deal(self.view, hand, pile, rng, ROLLOUT)
