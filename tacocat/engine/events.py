"""Public events: what everybody at the table sees happen.

:meth:`GameState.apply_action` returns a list of events.  Each one is a small
frozen value that a game log can store (:func:`event_to_data`) and tell
(``event.text(names)``).  Events never carry a secret: a hidden choice shows
up only as :class:`ChoiceMade`.
"""

from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, field
from dataclasses import fields as dataclass_fields
from typing import Any, ClassVar

from tacocat.engine.actions import a_value, describe_attack, list_values
from tacocat.engine.board import space_name
from tacocat.engine.choices import pair_answer
from tacocat.engine.errors import StateFormatError, shown
from tacocat.engine.players import DEFAULT_NAMES, YAY, Player, other
from tacocat.engine.words import count_word

Names = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Event:
    """Base class; ``kind`` names the event in saved logs."""

    kind: ClassVar[str] = "event"

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round_number: int
    position: int
    hand_size: int
    replay: bool  # dealt again from the same space after a tied round

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        again = " (dealt again after a tie)" if self.replay else ""
        return (
            f"Round {self.round_number} on {space_name(self.position)}{again}: "
            f"{self.hand_size} cards each"
        )


@dataclass(frozen=True, slots=True)
class ChoiceMade(Event):
    """A secret choice was made; only the fact is public."""

    kind: ClassVar[str] = "choice_made"
    player: Player
    choice: str  # "replacement" or "duel card"

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        return f"{names[self.player]} has chosen a {self.choice}"


@dataclass(frozen=True, slots=True)
class Replaced(Event):
    kind: ClassVar[str] = "replaced"
    player: Player
    values: tuple[int, ...]
    # The limit was 0 (the first player replaced none), so keeping was no
    # choice.  Left out of equality: records written before it still replay.
    no_choice: bool = field(default=False, compare=False)

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        if self.no_choice:
            who, first = names[self.player], names[other(self.player)]
            return f"{who} may replace no card ({first} replaced none)"
        if not self.values:
            return f"{names[self.player]} kept their hand"
        n = len(self.values)
        noun = "card" if n == 1 else "cards"
        return f"{names[self.player]} replaced {count_word(n)} {noun}: {list_values(self.values)}"


@dataclass(frozen=True, slots=True)
class DuelRevealed(Event):
    kind: ClassVar[str] = "duel_revealed"
    values: tuple[int, int]  # (YAY's card, WOW's card)
    attacker: Player | None  # None on a tie

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        shown = f"Duel: {names[0]} {self.values[0]}, {names[1]} {self.values[1]}"
        if self.attacker is None:
            return f"{shown} - tie, both discarded"
        return f"{shown} - {names[self.attacker]} attacks first"


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    kind: ClassVar[str] = "attacked"
    player: Player
    values: tuple[int, ...]

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        return f"{names[self.player]} attacked with {describe_attack(self.values)}"


@dataclass(frozen=True, slots=True)
class Answered(Event):
    kind: ClassVar[str] = "answered"
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


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    kind: ClassVar[str] = "showdown"
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


@dataclass(frozen=True, slots=True)
class TacocatMoved(Event):
    kind: ClassVar[str] = "tacocat_moved"
    player: Player
    start: int
    end: int

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        return f"Tacocat moves to {space_name(self.end)}; tile on {space_name(self.start)}"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winner: Player | None  # None: drawn by the tie limit
    tied_rounds: int

    def text(self, names: Names = DEFAULT_NAMES) -> str:
        if self.winner is None:
            return f"The game is drawn after {count_word(self.tied_rounds)} tied rounds in a row"
        goal = "YAY" if self.winner == YAY else "WOW"
        return f"The Tacocat reaches the {goal} goal - {names[self.winner]} wins the game!"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        RoundStarted,
        ChoiceMade,
        Replaced,
        DuelRevealed,
        Attacked,
        Answered,
        Showdown,
        TacocatMoved,
        GameOver,
    )
}


def event_to_data(event: Event) -> dict[str, Any]:
    """A JSON-ready dict with the event's ``kind``."""
    return {"kind": event.kind, **asdict(event)}


def event_from_data(data: dict[str, Any]) -> Event:
    """The inverse of :func:`event_to_data`; raises StateFormatError on junk.

    A record may have been written by anything, so every field is checked
    against its annotation (an ``int`` is an ``int``, a player is 0 or 1,
    a choice is one the engine makes), and the event must be able to tell
    itself: whatever loads here can later be printed without an exception.
    """
    try:
        fields = dict(data)
        cls = EVENT_TYPES[fields.pop("kind")]
    except (KeyError, TypeError, ValueError):
        raise StateFormatError(f"not an event: {shown(data)}") from None
    known = dataclass_fields(cls)
    expected = {item.name: str(item.type) for item in known}
    # Fields with a default came later: records written before them lack them.
    optional = {item.name for item in known if item.default is not MISSING}
    if not set(expected) - optional <= set(fields) <= set(expected):
        raise StateFormatError(f"not a {cls.kind} event: {shown(data)}")
    checked = {name: _field(expected[name], value) for name, value in fields.items()}
    if any(value is _BAD for value in checked.values()):
        raise StateFormatError(f"a {cls.kind} event has a damaged field: {shown(data)}")
    event = cls(**checked)
    try:
        event.text()
    except (IndexError, KeyError, TypeError, ValueError):
        raise StateFormatError(f"a {cls.kind} event makes no sense: {shown(data)}") from None
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
        return value if _is_int(value) and value in (0, 1) else _BAD
    if annotation == "Player | None":
        return value if value is None or (_is_int(value) and value in (0, 1)) else _BAD
    if annotation == "int":
        return value if _is_int(value) and abs(value) < _LARGEST else _BAD
    if annotation.startswith("tuple[int"):
        if not isinstance(value, list | tuple) or not all(
            _is_int(item) and 0 <= item < _LARGEST for item in value
        ):
            return _BAD
        if annotation == "tuple[int, int]" and len(value) != 2:
            return _BAD
        return tuple(value)
    return _BAD  # pragma: no cover - an event field of a type not listed above


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
