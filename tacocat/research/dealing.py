"""A round's deal as explicit chance: one card value at a time, each with its probability.

The engine shuffles and deals inside ``apply_action`` from its own generator.
For OpenSpiel's explicit chance (CFR walks every deal; a state is a function
of its history, so it serializes without the game's generator), a
:class:`Deal` takes over right after the engine has dealt: it draws, as
chance events, the values of Yay's hand, of Wow's hand, and of the ``2 h``
cards a round can ever draw (each player replaces at most a hand of ``h``),
each value with the probability that a shuffled deck gives it.  Then
:func:`place` puts exactly those cards in the game through the engine's
public API (``set_hand`` and :func:`~tacocat.engine.worlds.state_from_view`),
the cards drawn first on top of the draw pile.  The rest of the pile is
never drawn and never seen before the next shuffle, so its order is fixed.

Only values are chance outcomes: two cards of a value differ only in their
palindrome, so each value is dealt as its lowest free card id.
"""

from __future__ import annotations

from tacocat.engine.players import WOW, YAY
from tacocat.engine.rules import MIN_VALUE
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


def place(state: GameState, deal: Deal) -> GameState:
    """The state ``state`` (just dealt by the engine) with ``deal``'s cards instead."""
    values = state.rules.card_values
    free: dict[int, list[int]] = {}
    for card_id in reversed(range(len(values))):  # lowest id last, popped first
        free.setdefault(values[card_id], []).append(card_id)
    ids = [free[value].pop() for value in deal.chosen]
    size = deal.size
    hands = (ids[:size], ids[size : 2 * size])
    drawn_first = ids[2 * size :]
    rest = sorted(card for pile in free.values() for card in pile)
    state.set_hand(YAY, hands[YAY])
    state.set_hand(WOW, hands[WOW])
    mover = state.current_player()
    assert mover is not None  # a round was just dealt
    # The top of the draw pile is its last card: the first chance draw goes last.
    pile = rest + drawn_first[::-1]
    return state_from_view(state.view(mover), hands[1 - mover], pile, state.rng)
