"""A round's deal as explicit chance, for OpenSpiel's ``deal`` parameter (docs/research.md).

The engine deals inside ``apply_action`` from its own generator; right after
it has dealt, a :class:`Deal` (a card value a step) or :class:`Hands` (a whole
hand a step) draws the cards again as chance events, each with the probability
that a shuffled deck gives it, and puts them in the game through the engine's
public API (``set_hand`` and :func:`~tacocat.engine.worlds.state_from_view`),
the cards drawn first on top of the draw pile.  Only values are chance
outcomes: two cards of a value differ only in their palindrome, so each value
is dealt as its lowest free card id.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from tacocat.engine.actions import Replace
from tacocat.engine.encoding import ActionSpace, action_space
from tacocat.engine.players import WOW, YAY, Player
from tacocat.engine.rules import MAX_VALUE, MIN_VALUE
from tacocat.engine.state import GameState
from tacocat.engine.worlds import state_from_view


class Deal:
    """The values dealt so far in a round's explicit deal (immutable: each step is a new one)."""

    __slots__ = ("chosen", "left", "size")

    def __init__(self, state: GameState) -> None:
        self.size = state.rules.hand_sizes[state.position]
        self.left = tuple(state.rules.counts)  # the whole deck is shuffled for each round
        self.chosen: tuple[int, ...] = ()

    @property
    def steps(self) -> int:
        """How many values the deal draws: two hands and the most a round draws."""
        return 4 * self.size

    def is_done(self) -> bool:
        return len(self.chosen) == self.steps

    def outcomes(self) -> list[tuple[int, float]]:
        """OpenSpiel's chance outcomes: (value - 1, probability) for each value left."""
        total = sum(self.left)
        return [(index, count / total) for index, count in enumerate(self.left) if count]

    def then(self, outcome: int) -> Deal:
        """The deal with one more card of value ``outcome + 1``; ValueError if none is left."""
        if not (0 <= outcome < len(self.left) and self.left[outcome]):
            raise ValueError(f"no card of value {outcome + MIN_VALUE} is left to deal")
        twin = Deal.__new__(Deal)
        twin.size, twin.chosen = self.size, (*self.chosen, outcome + MIN_VALUE)
        twin.left = (*self.left[:outcome], self.left[outcome] - 1, *self.left[outcome + 1 :])
        return twin

    def place(self, state: GameState) -> GameState:
        """The state ``state`` (just dealt by the engine) with this deal's cards instead."""
        free = _free(state, range(state.rules.deck_size))
        ids = [free[value].pop() for value in self.chosen]
        size = self.size
        # The rest of the pile is never drawn before the next shuffle: its order is fixed.
        rest = sorted(card for pile in free.values() for card in pile)
        # The top of the draw pile is its last card: the first chance draw goes last.
        pile = rest + ids[2 * size :][::-1]
        return _placed(state, [ids[:size], ids[size : 2 * size]], pile)


def _free(state: GameState, cards: Sequence[int]) -> dict[int, list[int]]:
    """``cards`` by value, each list with its lowest id last (popped first)."""
    values = state.rules.card_values
    free: dict[int, list[int]] = {}
    for card in reversed(cards):
        free.setdefault(values[card], []).append(card)
    return free


def _placed(state: GameState, hands: list[list[int]], pile: list[int]) -> GameState:
    """``state`` with these two hands and draw pile (its top the last card)."""
    state.set_hand(YAY, hands[YAY])
    state.set_hand(WOW, hands[WOW])
    mover = state.current_player()
    assert mover is not None  # a deal or a replacement is followed by a decision
    return state_from_view(state.view(mover), hands[1 - mover], pile, state.rng)


# A player dealt or drawing whole hands: who, the cards it keeps, how many it receives.
Receiver = tuple[Player, tuple[int, ...], int]


class Hands:
    """Whole hands as chance (``deal="hands"``): a round's two hands, or what replacements draw.

    An outcome is a multiset of values, named by the index of the replacement
    with those values (:mod:`tacocat.engine.encoding`), drawn from ``pool``.
    """

    __slots__ = ("chosen", "pool", "receivers", "rules")

    def __init__(self, state: GameState, pool: Sequence[int], receivers: Sequence[Receiver]):
        self.rules = state.rules  # not the action space: a state's pickle stays small
        values = state.rules.card_values
        self.pool = tuple(sorted(pool, key=lambda card: (values[card], card)))
        self.receivers = tuple(receivers)
        self.chosen: tuple[tuple[int, ...], ...] = ()

    @classmethod
    def round_deal(cls, state: GameState) -> Hands:
        """A round's deal: the whole deck is shuffled, each player receives a hand."""
        size = state.rules.hand_sizes[state.position]
        deck = range(state.rules.deck_size)
        return cls(state, deck, ((YAY, (), size), (WOW, (), size)))

    @property
    def space(self) -> ActionSpace:
        return action_space(self.rules)

    def is_done(self) -> bool:
        return len(self.chosen) == len(self.receivers)

    def _left(self) -> tuple[int, ...]:
        counts = [0] * MAX_VALUE
        for card in self.pool:
            counts[self.rules.card_values[card] - MIN_VALUE] += 1
        for values in self.chosen:
            for value in values:
                counts[value - MIN_VALUE] -= 1
        return tuple(counts)

    def outcomes(self) -> list[tuple[int, float]]:
        """OpenSpiel's chance outcomes: (index of the values received, probability)."""
        return list(_outcomes(self.space, self._left(), self.receivers[len(self.chosen)][2]))

    def then(self, outcome: int) -> Hands:
        """These hands with the next receiver's values; ValueError if the pool cannot give them."""
        size = self.receivers[len(self.chosen)][2]
        action = self.space.action(outcome) if 0 <= outcome < self.space.duel_start else None
        left = self._left()
        if (
            not isinstance(action, Replace)
            or len(action.values) != size
            or any(action.values.count(value) > left[value - MIN_VALUE] for value in action.values)
        ):
            raise ValueError(f"chance outcome {outcome} is not {size} cards the pool holds")
        twin = Hands.__new__(Hands)
        twin.rules, twin.pool, twin.receivers = self.rules, self.pool, self.receivers
        twin.chosen = (*self.chosen, action.values)
        return twin

    def place(self, state: GameState) -> GameState:
        """The state ``state`` with the chosen cards in hand and the rest of the pool as pile."""
        free = _free(state, self.pool)
        hands = [list(state.view(player).hand_ids) for player in (YAY, WOW)]
        for (player, kept, _), chosen in zip(self.receivers, self.chosen, strict=True):
            hands[player] = [*kept, *(free[value].pop() for value in chosen)]
        pile = sorted(card for cards in free.values() for card in cards)
        return _placed(state, hands, pile)


def draws(state: GameState, drew: Sequence[Player], held: Sequence[tuple[int, ...]]) -> Hands:
    """What ``drew``'s replacements just drew, as chance: the drawn cards go back to the pool.

    ``held`` is both hands' card ids before the replacement.
    """
    pool = list(state.draw_pile)
    receivers: list[Receiver] = []
    for player in drew:
        now = state.view(player).hand_ids
        kept = tuple(card for card in now if card in held[player])
        pool += [card for card in now if card not in held[player]]
        receivers.append((player, kept, len(now) - len(kept)))
    return Hands(state, pool, receivers)


def every_outcome(hands: Hands) -> list[tuple[Hands, float]]:
    """Every way ``hands`` can be completed, with its chance (a tree walk's chance node)."""
    found: list[tuple[Hands, float]] = []

    def extend(partial: Hands, chance: float) -> None:
        if partial.is_done():
            found.append((partial, chance))
            return
        for outcome, share in partial.outcomes():
            extend(partial.then(outcome), chance * share)

    extend(hands, 1.0)
    return found


@lru_cache(maxsize=4096)
def _outcomes(
    space: ActionSpace, left: tuple[int, ...], size: int
) -> tuple[tuple[int, float], ...]:
    """The chance outcomes of receiving ``size`` cards from ``left``, by index (a deal of the
    standard game offers 26,622 hands of seven: listed once per pool)."""
    index = space.index
    return tuple(sorted((index(Replace.of_sorted(v)), p) for v, p in _multisets(left, size)))


def _multisets(left: tuple[int, ...], size: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every multiset of ``size`` values from a shuffled pool holding ``left[i]`` of value
    i + 1, with its probability (multivariate hypergeometric), lowest values first."""
    total = comb(sum(left), size)
    found: list[tuple[tuple[int, ...], float]] = []

    def extend(position: int, picked: tuple[int, ...], room: int, ways: int) -> None:
        if room == 0:
            found.append((picked, ways / total))
            return
        for value in range(position, len(left)):
            for taken in range(1, min(left[value], room) + 1):
                more = (value + MIN_VALUE,) * taken
                extend(value + 1, picked + more, room - taken, ways * comb(left[value], taken))

    extend(0, (), size, 1)
    return tuple(found)
