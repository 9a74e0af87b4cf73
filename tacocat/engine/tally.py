"""Card counting from one seat: what is face up this round, and what is still unseen.

The deck's make-up is public (``Rules.counts``: how many cards of each
value), so a player can always work out how many cards of each value they
have not seen yet: the deck, minus their own hand, minus this round's face-up
cards (the discard pile and an attack waiting on the table).  These
functions do that arithmetic from a view alone, never from the state, so
they can tell nothing a player could not count on paper::

    >>> from tacocat.engine import new_game
    >>> view = new_game(seed=3).view(0)
    >>> sum(unseen_counts(view)) == view.rules.deck_size - len(view.hand_ids)
    True
"""

from __future__ import annotations

from collections.abc import Iterable

from tacocat.engine.public import PublicView
from tacocat.engine.rules import MIN_VALUE, Rules
from tacocat.engine.view import PlayerView

Seat = PlayerView | PublicView


def value_counts(rules: Rules, ids: Iterable[int]) -> tuple[int, ...]:
    """How many of the cards ``ids`` have each value: entry ``i`` is value ``i + 1``."""
    counts = [0] * len(rules.counts)
    for card_id in ids:
        counts[rules.card_values[card_id] - MIN_VALUE] += 1
    return tuple(counts)


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
