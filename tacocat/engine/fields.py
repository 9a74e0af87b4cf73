"""The fields of a game state, declared once: :class:`Fields`, the base of ``GameState``.

Each field is one line of the class body: its type, its :class:`Kind` (how
it is copied and saved) and who may see it (:class:`Seen`).  Everything that
walks over the fields (a new state, ``clone``, the saved JSON and its checks,
a possible world) follows from that one list, :data:`FIELDS`.
"""

from __future__ import annotations

import dataclasses
import random
from _random import Random as _CoreRandom
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from typing import Any, NamedTuple

from tacocat.engine.actions import Action, action_from_data, action_to_data
from tacocat.engine.cards import Card, cards_of
from tacocat.engine.errors import StateFormatError, shown, whole
from tacocat.engine.phases import Phase
from tacocat.engine.players import YAY, Player
from tacocat.engine.rules import CENTRE, Rules

Values = tuple[int, ...]


class Seen(Enum):
    PUBLIC = "everyone"  # in every player's view and in the public view
    OWN = "each player their own entry"  # hands, a pending secret choice
    SIZE = "everyone its size, nobody its order"  # the draw pile
    NOBODY = "nobody, as it stands"  # the actions, hidden choices included


def load_int(value: Any) -> int:
    """``value`` if it is a whole number; a StateFormatError otherwise."""
    if not whole(value):
        raise StateFormatError(f"the saved game is damaged (expected a number, got {shown(value)})")
    return value


def _optional_int(value: Any) -> int | None:
    return None if value is None else load_int(value)


def _ints(raw: Any) -> list[int]:
    return [load_int(item) for item in raw]


def _int_tuple(raw: Any) -> tuple[int, ...]:
    return tuple(_ints(raw))


def _same(value: Any) -> Any:
    return value


@dataclasses.dataclass(frozen=True)
class Kind:
    """What a field holds, how it is copied, and how it goes to and from JSON."""

    name: str
    dump: Callable[[Any], Any] = _same  # the value as JSON-ready data
    load: Callable[[Any], Any] = load_int  # JSON data back to the value; StateFormatError if bad
    copied: bool = False  # a list: a clone gets its own (else the value is immutable and shared)
    per_player: bool = False  # one entry per player, in player order
    pile: bool = False  # holds card ids, and every card of the deck is in exactly one pile
    player: bool = False  # a player (0 or 1) or nobody (None)


NUMBER = Kind("a whole number")
PLAYER = Kind("a player or nobody", load=_optional_int, player=True)
FLAG = Kind("yes or no", load=bool)
PHASE = Kind("the phase", dump=lambda phase: phase.value, load=Phase)
SPACES = Kind("spaces of the board", dump=list, load=_ints, copied=True)
PILE = Kind("a pile of card ids", dump=list, load=_ints, copied=True, pile=True)
# A tuple, which a view shares without a copy and nobody changes in place.
FIXED_PILE = Kind("a pile of card ids", dump=list, load=_int_tuple, pile=True)
HANDS = Kind(
    "the two hands, card ids lowest first",
    dump=lambda hands: [list(hand) for hand in hands],
    load=lambda raw: [_ints(hand) for hand in raw],
    copied=True,
    per_player=True,
    pile=True,
)
NUMBERS = Kind("a number per player", dump=list, load=_int_tuple, per_player=True)
FLAGS = Kind(
    "yes or no per player",
    dump=list,
    load=lambda raw: [bool(flag) for flag in raw],
    copied=True,
    per_player=True,
)
CHOICES = Kind(
    "a pending choice of values per player",
    dump=lambda choices: [None if c is None else list(c) for c in choices],
    load=lambda raw: [None if c is None else tuple(_ints(c)) for c in raw],
    copied=True,
    per_player=True,
)
PICKS = Kind(
    "a pending card id per player",
    dump=list,
    load=lambda raw: [_optional_int(pick) for pick in raw],
    copied=True,
    per_player=True,
)
ACTIONS = Kind(
    "actions, oldest first",
    dump=lambda actions: [action_to_data(action) for action in actions],
    load=lambda raw: [action_from_data(item) for item in raw],
    copied=True,
)


# A hand or the attack on the table: its card ids and their values, which
# every rule asks about.  A plain pair (a tuple subclass costs a tenth of a
# random game to make).
Cards = tuple[Values, Values]
EMPTY: Cards = ((), ())


def paired(card_ids: Iterable[int], card_values: Values) -> Cards:
    """The cards ``card_ids``, in that order, with their values."""
    ids = tuple(card_ids)
    return ids, tuple([card_values[card_id] for card_id in ids])


def _field(kind: Kind, seen: Seen, default: Any, name: str = "") -> Any:
    """One field of the state: its kind, who sees it, its starting value, its saved name."""
    # Made by a factory, so that the class keeps no attribute of the field's
    # name: one would stop Python 3.11 from specialising every read and write
    # of it on an instance (a quarter of a random game's time).
    fresh = (lambda: list(default)) if kind.copied else (lambda: default)
    meta = {"kind": kind, "seen": seen, "name": name}
    return dataclasses.field(default_factory=fresh, kw_only=True, metadata=meta)


@dataclasses.dataclass(eq=False, repr=False)
class Fields:
    """A game's rules, its random generator, and its fields, in the order of the saved JSON."""

    rules: Rules
    rng: random.Random
    # Chance, like ``rng``, not a field: dealt by round, the key each round's
    # generator is derived from; None deals every round from ``rng``.
    deal_key: int | None = dataclasses.field(default_factory=lambda: None, kw_only=True)
    round_number: int = _field(NUMBER, Seen.PUBLIC, 0)
    position: int = _field(NUMBER, Seen.PUBLIC, CENTRE)
    tiles: list[int] = _field(SPACES, Seen.PUBLIC, ())
    # Read as ``hands`` (each hand's ids, lowest first), changed through set_hand.
    _hands: list[Cards] = _field(HANDS, Seen.OWN, (EMPTY, EMPTY), name="hands")
    draw_pile: list[int] = _field(PILE, Seen.SIZE, ())  # the top card is the last one
    discard_pile: tuple[int, ...] = _field(FIXED_PILE, Seen.PUBLIC, ())  # oldest first
    _table: Cards = _field(FIXED_PILE, Seen.PUBLIC, EMPTY, name="table")  # the attack, as played
    phase: Phase = _field(PHASE, Seen.PUBLIC, Phase.REPLACE)
    to_move: Player | None = _field(PLAYER, Seen.PUBLIC, YAY)  # None once the game is over
    attacker: Player | None = _field(PLAYER, Seen.PUBLIC, None)
    simultaneous: bool = _field(FLAG, Seen.PUBLIC, False)  # this replacement is secret
    replace_limits: tuple[int, ...] = _field(NUMBERS, Seen.PUBLIC, (0, 0))
    replaced: list[bool] = _field(FLAGS, Seen.PUBLIC, (False, False))
    hidden_replace: list[Values | None] = _field(CHOICES, Seen.OWN, (None, None))
    duel_picks: list[int | None] = _field(PICKS, Seen.OWN, (None, None))
    tied_rounds: int = _field(NUMBER, Seen.PUBLIC, 0)
    winner: Player | None = _field(PLAYER, Seen.PUBLIC, None)
    history: list[Action] = _field(ACTIONS, Seen.NOBODY, ())

    def set_hand(self, player: Player, card_ids: Iterable[int]) -> None:
        """Give ``player`` exactly these cards (loading, look-ahead, tests; play uses actions)."""
        self._hands[player] = paired(sorted(card_ids), self.rules.card_values)

    @property
    def hands(self) -> tuple[Values, Values]:
        """YAY's and WOW's card ids, each lowest first."""
        return (self._hands[0][0], self._hands[1][0])

    @hands.setter
    def hands(self, hands: Sequence[Iterable[int]]) -> None:
        for player, card_ids in enumerate(hands):
            self.set_hand(player, card_ids)

    @property
    def hand_values(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each hand's values, lowest first: ``hand_values[YAY]`` as on a view."""
        return (self._hands[0][1], self._hands[1][1])

    def hand(self, player: Player) -> tuple[Card, ...]:
        """``player``'s cards (the full state knows every hand)."""
        return cards_of(self.rules.card_values, self._hands[player][0])

    @property
    def table(self) -> Values:
        """The attack waiting for an answer, as card ids in the order played."""
        return self._table[0]

    @table.setter
    def table(self, card_ids: Iterable[int]) -> None:
        self._table = paired(card_ids, self.rules.card_values)

    @property
    def table_values(self) -> Values:
        """The values of the attack waiting for an answer, in the order played."""
        return self._table[1]

    # A view's ``table`` and ``discard_pile`` are Cards: ``*_ids`` name the ids on both.
    @property
    def table_ids(self) -> tuple[int, ...]:
        return self._table[0]

    @property
    def discard_ids(self) -> tuple[int, ...]:
        return self.discard_pile


class Field(NamedTuple):
    """One field of the state, as the class body declares it."""

    name: str  # the key in the saved JSON, and the attribute that reads it
    kind: Kind
    seen: Seen
    attribute: str  # where it is kept: the hands and the table keep their values too


FIELDS: tuple[Field, ...] = tuple(
    Field(f.metadata["name"] or f.name, f.metadata["kind"], f.metadata["seen"], f.name)
    for f in dataclasses.fields(Fields)
    if "kind" in f.metadata
)
# The attributes a copy gets its own list of (it shares the others, immutable).
COPIED: tuple[str, ...] = tuple(f.attribute for f in FIELDS if f.kind.copied)
PUBLIC: tuple[str, ...] = tuple(f.name for f in FIELDS if f.seen is Seen.PUBLIC)


_getstate, _setstate = _CoreRandom.getstate, _CoreRandom.setstate


def copy_generator(rng: random.Random) -> random.Random:
    """A new generator in the state ``rng`` is in, through the C methods (a third faster)."""
    twin = random.Random.__new__(random.Random)
    _setstate(twin, _getstate(rng))
    twin.gauss_next = rng.gauss_next  # type: ignore[attr-defined]  # set by Random.__init__
    return twin
