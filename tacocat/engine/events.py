"""Public events: what everybody at the table sees happen (docs/architecture.md, "The engine").

:meth:`GameState.apply_action` returns a list of events, each a named tuple
(the cheapest immutable record Python builds) that a game log can store
(:func:`event_to_data`) and tell (``event.text(names)``).  Equality is by
kind and fields: an event never equals a plain tuple, nor another kind with
the same values.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from tacocat.engine.actions import a_value, describe_attack, list_values
from tacocat.engine.board import space_name
from tacocat.engine.errors import StateFormatError, shown, whole
from tacocat.engine.players import DEFAULT_NAMES, YAY, Player, other
from tacocat.engine.words import counted, plural

Names = tuple[str, str]


def pair_answer(attack: tuple[int, ...], played: tuple[int, ...]) -> list[tuple[int, int, bool]]:
    """``(attack value, answer value, defended)`` for each attack card, to tell the story.

    The highest attack cards are met first by the smallest card that beats
    them; cards left over answer the rest as sacrifices.
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


class Event(Protocol):
    """What every event below is: a named tuple of its fields that tells itself."""

    def text(self, names: Names = DEFAULT_NAMES) -> str: ...


class RoundStarted(NamedTuple):
    round_number: int
    position: int
    hand_size: int
    replay: bool  # dealt again from the same space after a tied round

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        again = " (dealt again after a tie)" if self.replay else ""
        return (
            f"Round {self.round_number} on {space_name(self.position)}{again}: "
            f"{plural(self.hand_size, 'card')} each"
        )


class ChoiceMade(NamedTuple):
    """A secret choice was made; only the fact is public."""

    player: Player
    choice: str  # "replacement" or "duel card"

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        return f"{names[self.player]} has chosen a {self.choice}"


class Replaced(NamedTuple):
    player: Player
    values: tuple[int, ...]
    # The limit was 0 (the first player replaced none), so keeping was no
    # choice.  Left out of equality: records written before it still replay.
    no_choice: bool = False

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        if self.no_choice:
            who, first = names[self.player], names[other(self.player)]
            return f"{who} may replace no card ({first} replaced none)"
        # "replaced no cards", not "kept their hand": no pronoun for a computer to get wrong.
        done = f"{names[self.player]} replaced {counted(len(self.values), 'card')}"
        return f"{done}: {list_values(self.values)}" if self.values else done


class DuelRevealed(NamedTuple):
    values: tuple[int, int]  # (YAY's card, WOW's card)
    attacker: Player | None  # None on a tie

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        shown = f"Duel: {names[0]} {self.values[0]}, {names[1]} {self.values[1]}"
        if self.attacker is None:
            return f"{shown} - tie, both discarded"
        return f"{shown} - {names[self.attacker]} attacks first"


class Attacked(NamedTuple):
    player: Player
    values: tuple[int, ...]

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        return f"{names[self.player]} attacked with {describe_attack(self.values)}"


class Answered(NamedTuple):
    player: Player  # the defender
    attack: tuple[int, ...]
    values: tuple[int, ...]
    defended: bool

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


class Showdown(NamedTuple):
    values: tuple[int, int]  # (YAY's last card, WOW's last card)
    winner: Player | None  # None: a tied round
    by_arrow: bool  # a tie won through the "tie goes to the arrow" variant

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


class TacocatMoved(NamedTuple):
    player: Player
    start: int
    end: int

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        return f"Tacocat moves to {space_name(self.end)}; tile on {space_name(self.start)}"


class GameOver(NamedTuple):
    winner: Player | None  # None: drawn by the tie limit
    tied_rounds: int

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
KIND_OF: dict[type, str] = {cls: kind for kind, cls in EVENT_TYPES.items()}


def _compared(event: object) -> tuple[Any, ...]:
    """The fields an event is compared by (all of them, but for :class:`Replaced`)."""
    assert isinstance(event, tuple)
    return event[:2] if type(event) is Replaced else tuple(event)


# The kind is part of what an event is: each event's own equality, ahead of tuple's.
_cls: Any
for _cls in EVENT_TYPES.values():
    _cls.__eq__ = lambda event, other: (
        type(event) is type(other) and _compared(event) == _compared(other)
    )
    _cls.__ne__ = lambda event, other: not event.__eq__(other)
    _cls.__hash__ = lambda event: hash((type(event), _compared(event)))
del _cls

# Each event's fields and their annotations, as its class declares them:
# loading checks a value by the word ("Player": 0 or 1).
# With postponed annotations, NamedTuple keeps each as a ForwardRef of the text.
FIELD_TYPES: dict[str, dict[str, str]] = {
    kind: {
        name: str(getattr(annotation, "__forward_arg__", annotation))
        for name, annotation in cls.__annotations__.items()
    }
    for kind, cls in EVENT_TYPES.items()
}


def event_to_data(event: Event) -> dict[str, Any]:
    """A JSON-ready dict with the event's ``kind``."""
    kind = KIND_OF[type(event)]
    assert isinstance(event, tuple)  # every event is a named tuple of FIELD_TYPES[kind]
    return {"kind": kind, **dict(zip(FIELD_TYPES[kind], event, strict=True))}


def event_from_data(data: dict[str, Any]) -> Event:
    """The inverse of :func:`event_to_data`; raises StateFormatError on junk.

    Every field is checked against its annotation, and the event must tell itself.
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
    if not all(_fits(expected[name], value) for name, value in fields.items()):
        raise StateFormatError(f"a {kind} event has a damaged field: {shown(data)}")
    event = cls(**{name: _tupled(value) for name, value in fields.items()})
    try:
        event.text()
    except (IndexError, KeyError, TypeError, ValueError):
        raise StateFormatError(f"a {kind} event makes no sense: {shown(data)}") from None
    return event


_LARGEST = 10**6  # no count or card value in a game comes near this
CHOICES = ("replacement", "duel card")  # what a ChoiceMade event may say was chosen


def _fits(annotation: str, value: Any) -> bool:
    """Whether ``value`` is of the annotated type (a tuple read as a list)."""
    if annotation == "bool":
        return isinstance(value, bool)
    if annotation == "str":
        return value in CHOICES
    if annotation.startswith("Player"):
        return whole(value, 0, 2) or (value is None and annotation == "Player | None")
    if annotation == "int":
        return whole(value, 1 - _LARGEST, _LARGEST)
    assert annotation.startswith("tuple[int"), annotation  # every event field is listed here
    return (
        isinstance(value, list | tuple)
        and all(whole(item, 0, _LARGEST) for item in value)
        and (annotation != "tuple[int, int]" or len(value) == 2)
    )


def _tupled(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
