"""What one player may know: the only window a player (or a UI) gets.

A :class:`PlayerView` holds the player's own hand, the opponent's hand
*size*, the public cards and the board.  It never holds the opponent's
cards, the opponent's unrevealed replacement or duel choice, or the order of
the draw pile; the engine's tests check that two states differing only in
those secrets give equal views.

A computer player asks for a view at every decision, so a view is cheap:
like OpenSpiel's observers and rlcard's per-player dicts, it copies a few
numbers and card-id tuples and shares what is immutable anyway (the rules,
the legal actions the state already listed).  :class:`Card` objects are
made only when a caller reads :attr:`PlayerView.hand`,
:attr:`~PlayerView.discard_pile` or :attr:`~PlayerView.table`, and then
come from one shared deck per set of rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tacocat.engine.actions import Action
from tacocat.engine.cards import Card, cards_of, values_of
from tacocat.engine.ontable import OnTheTable
from tacocat.engine.phases import Phase
from tacocat.engine.players import Player, other
from tacocat.engine.rules import Rules


class _Facts(NamedTuple):
    # A named tuple: the cheapest immutable record Python builds (a frozen
    # dataclass sets each field through object.__setattr__, several times slower).
    player: Player
    rules: Rules
    phase: Phase
    to_move: Player | None
    round_number: int
    position: int
    tiles: tuple[int, ...]
    hand_ids: tuple[int, ...]  # own cards, lowest value first
    opponent_hand_size: int
    draw_pile_size: int
    discard_ids: tuple[int, ...]  # face up, oldest first
    table_ids: tuple[int, ...]  # the attack waiting for an answer
    attacker: Player | None
    replace_limit: int  # how many cards this player may replace now (0 if not replacing)
    my_choice: Action | None  # this player's own hidden choice, not yet revealed
    opponent_has_chosen: bool  # the opponent's hidden choice is in (its content is not)
    tied_rounds: int
    winner: Player | None
    legal_actions: Sequence[Action]  # empty unless it is this player's decision


class PlayerView(_Facts, OnTheTable):
    """One player's knowledge of the game at one moment (immutable).

    Views compare equal exactly when they hold the same knowledge.  The
    piles are kept as card ids; :attr:`hand`, :attr:`discard_pile` and
    :attr:`table` give them as :class:`Card` objects.
    """

    __slots__ = ()

    @property
    def hand(self) -> tuple[Card, ...]:
        """This player's cards, lowest value first."""
        return cards_of(self.rules.card_values, self.hand_ids)

    @property
    def hand_values(self) -> tuple[int, ...]:
        """The values in this player's hand, lowest first."""
        return values_of(self.rules.card_values, self.hand_ids)

    @property
    def opponent(self) -> Player:
        return other(self.player)

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.player

    def unseen_ids(self) -> list[int]:
        """Ids of the cards this player cannot see (the opponent's hand and the draw pile).

        Worked out from public knowledge only (the deck minus what this
        player holds or has seen face up), so it reveals nothing new.
        """
        seen = {*self.hand_ids, *self.discard_ids, *self.table_ids}
        return [card_id for card_id in range(self.rules.deck_size) if card_id not in seen]

    def unseen_values(self) -> tuple[int, ...]:
        """Values of the cards from :meth:`unseen_ids`, lowest first."""
        values = self.rules.card_values
        return tuple(sorted(values[card_id] for card_id in self.unseen_ids()))
