"""What a player, and what a spectator, may know: the only windows onto a game.

What each holds and never holds is in docs/architecture.md ("Hidden
information is a property of the API").  A computer player asks for a view
at every decision, so a view is cheap: a named tuple of numbers and shared
card-id tuples; :class:`Card` objects are made only when a caller reads
:attr:`PlayerView.hand`, :attr:`~PlayerView.discard_pile` or
:attr:`~PlayerView.table`.  Card counting from one seat
(:func:`unseen_counts`) works from a view alone: the deck's make-up is public.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from tacocat.engine.actions import Action
from tacocat.engine.board import space_name
from tacocat.engine.cards import Card, cards_of, values_of
from tacocat.engine.phases import Phase
from tacocat.engine.players import Arrow, Player, other
from tacocat.engine.rules import MAX_VALUE, MIN_VALUE, Rules


class OnTheTable:
    """Properties over ``rules``, ``discard_ids``, ``table_ids`` and ``position`` (no field)."""

    __slots__ = ()

    rules: Rules
    position: int
    discard_ids: tuple[int, ...]
    table_ids: tuple[int, ...]

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The face-up discard pile, oldest first."""
        return cards_of(self.rules.card_values, self.discard_ids)

    @property
    def table(self) -> tuple[Card, ...]:
        """The attack waiting for an answer (empty in other phases)."""
        return cards_of(self.rules.card_values, self.table_ids)

    @property
    def table_values(self) -> tuple[int, ...]:
        """The values of the attack on the table, in the order played."""
        return values_of(self.rules.card_values, self.table_ids)

    @property
    def arrow(self) -> Arrow | None:
        """The arrow(s) of the Tacocat's space (None once it reached a goal)."""
        if 0 <= self.position < len(self.rules.arrows):
            return self.rules.arrows[self.position]
        return None

    @property
    def space(self) -> str:
        """The Tacocat's space by name, e.g. 'O4'."""
        return space_name(self.position)


class _Facts(NamedTuple):
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
    """One player's knowledge of the game at one moment (equal when the knowledge is)."""

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
        """Ids of the cards this player cannot see (the opponent's hand and the draw pile)."""
        seen = {*self.hand_ids, *self.discard_ids, *self.table_ids}
        return [card_id for card_id in range(self.rules.deck_size) if card_id not in seen]

    def unseen_values(self) -> tuple[int, ...]:
        """Values of the cards from :meth:`unseen_ids`, lowest first."""
        values = self.rules.card_values
        return tuple(sorted(values[card_id] for card_id in self.unseen_ids()))


class _PublicFacts(NamedTuple):
    rules: Rules
    phase: Phase
    to_move: Player | None
    round_number: int
    position: int
    tiles: tuple[int, ...]
    hand_sizes: tuple[int, int]
    draw_pile_size: int
    discard_ids: tuple[int, ...]  # face up, oldest first
    table_ids: tuple[int, ...]  # the attack waiting for an answer
    attacker: Player | None
    simultaneous: bool  # this round's replacement is secret and simultaneous
    replace_limits: tuple[int, int]  # how many cards each may replace this round
    replaced: tuple[bool, bool]  # who has replaced (or chosen in secret) this round
    chosen: tuple[bool, bool]  # who has a secret choice in that is not revealed yet
    tied_rounds: int
    winner: Player | None


class PublicView(_PublicFacts, OnTheTable):
    """Everything public about one moment of a game (equal when the facts are)."""

    __slots__ = ()


Seat = PlayerView | PublicView


def by_value(values: Iterable[int]) -> list[int]:
    """How many of ``values`` are 1, 2, ... 12."""
    counts = [0] * (MAX_VALUE - MIN_VALUE + 1)
    for value in values:
        counts[value - MIN_VALUE] += 1
    return counts


def value_counts(rules: Rules, ids: Iterable[int]) -> tuple[int, ...]:
    """How many of the cards ``ids`` have each value: entry ``i`` is value ``i + 1``."""
    return tuple(by_value(rules.card_values[card_id] for card_id in ids))


def face_up_counts(view: Seat) -> tuple[int, ...]:
    """This round's face-up cards (discards and the attack on the table), by value."""
    return value_counts(view.rules, (*view.discard_ids, *view.table_ids))


def unseen_counts(view: Seat, hand_seen: bool = True) -> tuple[int, ...]:
    """How many cards of each value the view's seat has not seen this round.

    The deck minus the face-up cards and, for a player's view, minus their
    own hand.  ``hand_seen=False`` leaves the hand in (a screen both players
    may be looking at must not tell one player's hand through the counts);
    a spectator's :class:`PublicView` has no hand to take out.
    """
    rules = view.rules
    up = face_up_counts(view)
    held = (0,) * len(up)
    if hand_seen and isinstance(view, PlayerView):
        held = value_counts(rules, view.hand_ids)
    together = zip(rules.counts, up, held, strict=True)  # one entry per value, each
    return tuple(total - seen - mine for total, seen, mine in together)
