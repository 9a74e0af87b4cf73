"""The fields of a game state, declared once.

A :class:`~tacocat.engine.state.GameState` is its rules, its random
generator and the fields listed in :data:`FIELDS`.  Each :class:`Field`
says what kind of value it holds and who may see it; the kind says how the
value is copied and how it goes to and from JSON.  Everything that walks
over the state's fields follows from this one list:

- a new state's starting values (``GameState.__init__``),
- :meth:`~tacocat.engine.state.GameState.clone` and the in-place rewind of
  ``undo`` (:func:`tacocat.engine.copying.copy_state`, written out field by
  field so that it compiles; a test keeps it in step with this list),
- the saved JSON (:mod:`tacocat.engine.persist`) and the checks on loading
  (every card in exactly one pile, every per-player entry for two players,
  every player a player),
- which fields a possible world copies from a view
  (:mod:`tacocat.engine.worlds`) and which the public view shows.

A new rule field is one more line here (and its type in the class body of
``GameState``, which the tests keep in step with this list).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from types import SimpleNamespace
from typing import Any

from tacocat.engine.actions import action_from_data, action_to_data
from tacocat.engine.errors import StateFormatError, shown
from tacocat.engine.phases import Phase
from tacocat.engine.players import YAY
from tacocat.engine.rules import CENTRE


class Seen(Enum):
    """Who may see a field."""

    PUBLIC = "everyone"  # in every player's view and in the public view
    OWN = "each player their own entry"  # hands, a pending secret choice
    SIZE = "everyone its size, nobody its order"  # the draw pile
    NOBODY = "nobody, as it stands"  # the actions, hidden choices included


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_int(value: Any) -> int:
    """``value`` if it is a whole number; a StateFormatError otherwise."""
    if not _is_int(value):
        raise StateFormatError(f"the saved game is damaged (expected a number, got {shown(value)})")
    assert isinstance(value, int)  # for mypy: _is_int checked it
    return value


def _optional_int(value: Any) -> int | None:
    return None if value is None else load_int(value)


def _ints(raw: Any) -> list[int]:
    return [load_int(item) for item in raw]


def _int_tuple(raw: Any) -> tuple[int, ...]:
    return tuple(_ints(raw))


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
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
# Held as a tuple (read through a property), so a copy shares it.
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


@dataclass(frozen=True)
class Field:
    """One field of the game state."""

    name: str  # the attribute of GameState and the key in the saved JSON
    kind: Kind
    default: Any  # its value in a new state before the deal (a list is copied)
    seen: Seen
    # The attributes that hold it, when that is not ``name`` (a property then
    # reads it; the hands and the table keep their values beside them, so
    # that no rule recomputes them).
    stored: tuple[str, ...] = ()

    @property
    def attributes(self) -> tuple[str, ...]:
        return self.stored or (self.name,)

    def fresh(self) -> Any:
        """The starting value, a new list for a copied kind."""
        return list(self.default) if self.kind.copied else self.default


# In the order of the saved JSON.
FIELDS: tuple[Field, ...] = (
    Field("round_number", NUMBER, 0, Seen.PUBLIC),
    Field("position", NUMBER, CENTRE, Seen.PUBLIC),
    Field("tiles", SPACES, (), Seen.PUBLIC),
    Field("hands", HANDS, ((), ()), Seen.OWN, stored=("_hands", "_hand_values")),
    Field("draw_pile", PILE, (), Seen.SIZE),  # the top card is the last one
    Field("discard_pile", FIXED_PILE, (), Seen.PUBLIC, stored=("_discard",)),
    # The attack waiting for an answer.
    Field("table", FIXED_PILE, (), Seen.PUBLIC, stored=("_table", "_table_values")),
    Field("phase", PHASE, Phase.REPLACE, Seen.PUBLIC, stored=("_phase",)),
    Field("to_move", PLAYER, YAY, Seen.PUBLIC, stored=("_to_move",)),
    Field("attacker", PLAYER, None, Seen.PUBLIC),
    Field("simultaneous", FLAG, False, Seen.PUBLIC),  # this replacement is secret
    Field("replace_limits", NUMBERS, (0, 0), Seen.PUBLIC, stored=("_limits",)),
    Field("replaced", FLAGS, (False, False), Seen.PUBLIC),
    Field("hidden_replace", CHOICES, (None, None), Seen.OWN),
    Field("duel_picks", PICKS, (None, None), Seen.OWN),
    Field("tied_rounds", NUMBER, 0, Seen.PUBLIC),
    Field("winner", PLAYER, None, Seen.PUBLIC),
    Field("history", ACTIONS, (), Seen.NOBODY),
)

# The attributes a copy gets its own list of, and those whose (immutable)
# value it shares.
COPIED: tuple[str, ...] = tuple(a for f in FIELDS if f.kind.copied for a in f.attributes)
SHARED: tuple[str, ...] = tuple(a for f in FIELDS if not f.kind.copied for a in f.attributes)
PUBLIC: tuple[str, ...] = tuple(f.name for f in FIELDS if f.seen is Seen.PUBLIC)
# A new state's fields, to copy from.
START = SimpleNamespace(**{a: f.default for f in FIELDS for a in f.attributes})


def _copier() -> Callable[[Any, Any], None]:
    """``copy_fields(source, target)``, written out attribute by attribute.

    It gives a new state the starting values of :data:`START`.  A loop of
    ``getattr``/``setattr`` over the names costs twice as much as plain
    assignments, so the assignments are generated once from :data:`FIELDS`
    (as :mod:`dataclasses` writes ``__init__``).
    """
    lines = ["def copy_fields(source, target):"]
    lines += [f"    target.{name} = list(source.{name})" for name in COPIED]
    lines += [f"    target.{name} = source.{name}" for name in SHARED]
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)
    copier: Callable[[Any, Any], None] = namespace["copy_fields"]
    return copier


copy_fields = _copier()
copy_fields.__doc__ = "Give ``target`` the fields of ``source``: lists copied, the rest shared."
