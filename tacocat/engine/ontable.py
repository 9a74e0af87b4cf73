"""What both kinds of view say of the table: the face-up cards and the Tacocat's space.

A :class:`~tacocat.engine.view.PlayerView` and a
:class:`~tacocat.engine.public.PublicView` keep the piles as card ids and
the Tacocat's position as a number; :class:`OnTheTable` turns them into
:class:`Card` objects, values, the space's arrow and its name, once for both.
"""

from __future__ import annotations

from tacocat.engine.board import space_name
from tacocat.engine.cards import Card, cards_of, values_of
from tacocat.engine.players import Arrow
from tacocat.engine.rules import Rules


class OnTheTable:
    """Properties over ``rules``, ``discard_ids``, ``table_ids`` and ``position``.

    A mixin for the views' named tuples: it adds no field (``__slots__`` is
    empty), so a view stays a tuple of its facts.
    """

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
