"""Public events: what everybody at the table sees happen.

:meth:`GameState.apply_action` returns a list of events.  Each one is a small
immutable value that a game log can store (:func:`event_to_data`) and tell
(``event.text(names)``).  Events never carry a secret: a hidden choice shows
up only as :class:`ChoiceMade`.

Every decision makes an event or two, so they are named tuples (the
cheapest immutable record Python builds; a frozen dataclass sets each field
through ``object.__setattr__``, three times slower).  Each event's fields
are declared in a named tuple of its own (``_Attacked``), and the event
(``Attacked``) adds its words to them.  Equality is by kind and fields: an
event never equals a plain tuple, nor another kind with the same values.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tacocat.engine.actions import a_value, describe_attack, list_values
from tacocat.engine.board import space_name
from tacocat.engine.errors import StateFormatError, shown, whole
from tacocat.engine.players import DEFAULT_NAMES, YAY, Player, other
from tacocat.engine.words import counted, plural

Names = tuple[str, str]


def pair_answer(attack: tuple[int, ...], played: tuple[int, ...]) -> list[tuple[int, int, bool]]:
    """Pair each attack card with the card that answered it, for telling the story.

    Returns ``(attack value, answer value, defended)`` triples: the highest
    attack cards are met first by the smallest card that beats them; cards
    left over answer the rest as sacrifices.
    """
    spare = sorted(played)
    pairs: list[tuple[int, int, bool]] = []
    unanswered: list[int] = []
    for hit in sorted(attack, reverse=True):
        beater = next((answer for answer in spare if answer >= hit), None)
        if beater is None:
            unanswered.append(hit)
        else:
            spare.remove(beater)
            pairs.append((hit, beater, True))
    for hit, answer in zip(sorted(unanswered), spare, strict=True):
        pairs.append((hit, answer, answer >= hit))
    return sorted(pairs, reverse=True)


class Event:
    """Base class of the events (each a named tuple); ``kind`` names it in saved logs."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        """The event's name in saved logs: 'attacked'."""
        return KIND_OF[type(self)]

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        raise NotImplementedError

    # Ahead of tuple's in every event's bases: the kind is part of what an event is.
    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and _fields_of(self) == _fields_of(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self), _fields_of(self)))


def _fields_of(event: object) -> tuple[Any, ...]:
    """The fields an event is compared by (all of them, but for :class:`Replaced`)."""
    assert isinstance(event, tuple)
    return event[:2] if type(event) is Replaced else tuple(event)


class _RoundStarted(NamedTuple):
    round_number: int
    position: int
    hand_size: int
    replay: bool  # dealt again from the same space after a tied round


class RoundStarted(Event, _RoundStarted):
    __slots__ = ()

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        again = " (dealt again after a tie)" if self.replay else ""
        return (
            f"Round {self.round_number} on {space_name(self.position)}{again}: "
            f"{plural(self.hand_size, 'card')} each"
        )


class _ChoiceMade(NamedTuple):
    player: Player
    choice: str  # "replacement" or "duel card"


class ChoiceMade(Event, _ChoiceMade):
    """A secret choice was made; only the fact is public."""

    __slots__ = ()

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        return f"{names[self.player]} has chosen a {self.choice}"


class _Replaced(NamedTuple):
    player: Player
    values: tuple[int, ...]
    # The limit was 0 (the first player replaced none), so keeping was no
    # choice.  Left out of equality: records written before it still replay.
    no_choice: bool = False


class Replaced(Event, _Replaced):
    __slots__ = ()

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        if self.no_choice:
            who, first = names[self.player], names[other(self.player)]
            return f"{who} may replace no card ({first} replaced none)"
        # "replaced no cards", not "kept their hand": no pronoun for a computer to get wrong.
        done = f"{names[self.player]} replaced {counted(len(self.values), 'card')}"
        return f"{done}: {list_values(self.values)}" if self.values else done


class _DuelRevealed(NamedTuple):
    values: tuple[int, int]  # (YAY's card, WOW's card)
    attacker: Player | None  # None on a tie


class DuelRevealed(Event, _DuelRevealed):
    __slots__ = ()

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        shown = f"Duel: {names[0]} {self.values[0]}, {names[1]} {self.values[1]}"
        if self.attacker is None:
            return f"{shown} - tie, both discarded"
        return f"{shown} - {names[self.attacker]} attacks first"


class _Attacked(NamedTuple):
    player: Player
    values: tuple[int, ...]


class Attacked(Event, _Attacked):
    __slots__ = ()

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        return f"{names[self.player]} attacked with {describe_attack(self.values)}"


class _Answered(NamedTuple):
    player: Player  # the defender
    attack: tuple[int, ...]
    values: tuple[int, ...]
    defended: bool


class Answered(Event, _Answered):
    __slots__ = ()

    @property
    def trick_winner(self) -> Player:
        return self.player if self.defended else other(self.player)

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        parts = []
        for hit, answer, defence in pair_answer(self.attack, self.values):
            if defence:
                parts.append(f"defended {hit} with {answer}")
            else:
                parts.append(f"sacrificed {a_value(answer)}")
        who = names[self.player]
        return f"{who} {', '.join(parts)} - {names[self.trick_winner]} wins the trick"


class _Showdown(NamedTuple):
    values: tuple[int, int]  # (YAY's last card, WOW's last card)
    winner: Player | None  # None: a tied round
    by_arrow: bool  # a tie won through the "tie goes to the arrow" variant


class Showdown(Event, _Showdown):
    __slots__ = ()

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        if self.winner is None:
            shown = f"{names[0]} {self.values[0]}, {names[1]} {self.values[1]}"
            return f"Showdown: {shown} - tied round"
        mine, theirs = self.values[self.winner], self.values[other(self.winner)]
        if self.by_arrow:
            return (
                f"Showdown tied at {mine} - {names[self.winner]} wins the round "
                "(tie goes to the arrow)"
            )
        return f"{names[self.winner]} won the round with {a_value(mine)} against {a_value(theirs)}"

    def score(self, player: Player) -> int:
        """The round for ``player``: +1 won, -1 lost, 0 tied (what look-ahead players add up)."""
        if self.winner is None:
            return 0
        return 1 if self.winner == player else -1


class _TacocatMoved(NamedTuple):
    player: Player
    start: int
    end: int


class TacocatMoved(Event, _TacocatMoved):
    __slots__ = ()

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        return f"Tacocat moves to {space_name(self.end)}; tile on {space_name(self.start)}"


class _GameOver(NamedTuple):
    winner: Player | None  # None: drawn by the tie limit
    tied_rounds: int


class GameOver(Event, _GameOver):
    __slots__ = ()

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        if self.winner is None:
            return f"The game is drawn after {counted(self.tied_rounds, 'tied round')} in a row"
        goal = "YAY" if self.winner == YAY else "WOW"
        return f"The Tacocat reaches the {goal} goal - {names[self.winner]} wins the game!"


EVENT_TYPES: dict[str, type[Event]] = {
    "round_started": RoundStarted,
    "choice_made": ChoiceMade,
    "replaced": Replaced,
    "duel_revealed": DuelRevealed,
    "attacked": Attacked,
    "answered": Answered,
    "showdown": Showdown,
    "tacocat_moved": TacocatMoved,
    "game_over": GameOver,
}
KIND_OF: dict[type[Event], str] = {cls: kind for kind, cls in EVENT_TYPES.items()}

# Each event's fields and their annotations, as its named tuple declares them
# (``_Attacked`` for ``Attacked``): loading checks a value by the word ("Player": 0 or 1).
# With postponed annotations, NamedTuple keeps each as a ForwardRef of the text.
FIELD_TYPES: dict[str, dict[str, str]] = {
    kind: {
        name: str(getattr(annotation, "__forward_arg__", annotation))
        for name, annotation in cls.__bases__[1].__annotations__.items()
    }
    for kind, cls in EVENT_TYPES.items()
}


def event_to_data(event: Event) -> dict[str, Any]:
    """A JSON-ready dict with the event's ``kind``."""
    kind = event.kind
    assert isinstance(event, tuple)  # every event is a named tuple of FIELD_TYPES[kind]
    return {"kind": kind, **dict(zip(FIELD_TYPES[kind], event, strict=True))}


def event_from_data(data: dict[str, Any]) -> Event:
    """The inverse of :func:`event_to_data`; raises StateFormatError on junk.

    A record may have been written by anything, so every field is checked
    against its annotation (an ``int`` is an ``int``, a player is 0 or 1,
    a choice is one the engine makes), and the event must be able to tell
    itself: whatever loads here can later be printed without an exception.
    """
    try:
        fields = dict(data)
        kind = fields.pop("kind")
        cls = EVENT_TYPES[kind]
    except (KeyError, TypeError, ValueError):
        raise StateFormatError(f"not an event: {shown(data)}") from None
    expected = FIELD_TYPES[kind]
    # Fields with a default came later: records written before them lack them.
    optional = set(cls._field_defaults)  # type: ignore[attr-defined]
    if not set(expected) - optional <= set(fields) <= set(expected):
        raise StateFormatError(f"not a {kind} event: {shown(data)}")
    checked = {name: _field(expected[name], value) for name, value in fields.items()}
    if any(value is _BAD for value in checked.values()):
        raise StateFormatError(f"a {kind} event has a damaged field: {shown(data)}")
    event = cls(**checked)
    try:
        event.text()
    except (IndexError, KeyError, TypeError, ValueError):
        raise StateFormatError(f"a {kind} event makes no sense: {shown(data)}") from None
    return event


_BAD = object()  # a field value that does not fit its annotation
_LARGEST = 10**6  # no count or card value in a game comes near this
CHOICES = ("replacement", "duel card")  # what a ChoiceMade event may say was chosen


def _field(annotation: str, value: Any) -> Any:
    """``value`` converted to the annotated type (lists to tuples), or ``_BAD``."""
    if annotation == "bool":
        return value if isinstance(value, bool) else _BAD
    if annotation == "str":
        return value if value in CHOICES else _BAD
    if annotation == "Player":
        return value if whole(value, 0, 2) else _BAD
    if annotation == "Player | None":
        return value if value is None or whole(value, 0, 2) else _BAD
    if annotation == "int":
        return value if whole(value, 1 - _LARGEST, _LARGEST) else _BAD
    if annotation.startswith("tuple[int"):
        if not isinstance(value, list | tuple) or not all(
            whole(item, 0, _LARGEST) for item in value
        ):
            return _BAD
        if annotation == "tuple[int, int]" and len(value) != 2:
            return _BAD
        return tuple(value)
    return _BAD  # pragma: no cover - an event field of a type not listed above
