"""One game at the table: its state, its log, and what is pending, made new for each game.

"Play again" starts from a fresh :class:`Table` instead of resetting fields one by
one (a field forgotten there once carried a hint from one game into the next).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.console import RenderableType

from tacocat.engine import YAY, Action, Event, GameState, Player, Replace
from tacocat.engine.events import (
    DuelRevealed,
    GameOver,
    Replaced,
    RoundStarted,
    Showdown,
    TacocatMoved,
)

if TYPE_CHECKING:
    from tacocat.coach.advice import Advice

# Events that reveal something hidden: the move that caused them stands.
REVEALING = (DuelRevealed, Showdown, RoundStarted, TacocatMoved, GameOver)


def may_take_back(
    action: Action,
    events: Sequence[Event],
    mover: Player,
    next_player: Player | None,
    draws_shown: bool = False,
) -> bool:
    """Whether ``mover``'s ``action``, which led to ``events``, may still be taken back.

    Until it reveals something hidden to anyone (docs/security.md): a duel or
    showdown, a new deal, the other player's secret replacement, or the mover's
    own drawn cards, seen on the mover's next screen (``next_player``'s) or at
    once where ``draws_shown`` (two terminals).
    """
    revealing = any(
        isinstance(event, REVEALING) or (isinstance(event, Replaced) and event.player != mover)
        for event in events
    )
    drew = isinstance(action, Replace) and bool(action.values)
    sees_draw = drew and (next_player == mover or draws_shown)
    return not (revealing or sees_draw)


@dataclass
class Table:
    """The state of one game and what the screens need to tell its story."""

    state: GameState
    events: list[Event]  # every public event so far (the log view)
    log: list[str]  # the same events as text, with notes between them
    news: list[Event] = field(default_factory=list)  # events no public screen has shown yet
    # How much of the log each player has had on a screen they answered:
    # the rest is their news, shown before their next decision.
    seen: list[int] = field(default_factory=lambda: [0, 0])
    # (len(events), len(log)) before each action, to take one back.
    marks: list[tuple[int, int]] = field(default_factory=list)
    # The move that may still be taken back: history length after it, and its mover.
    undoable: int | None = None
    undo_mover: Player = YAY
    # Cards each player drew and has not yet seen, marked on their next screen.
    drawn: dict[Player, frozenset[int]] = field(default_factory=dict)
    final_screen: RenderableType | None = None  # printed again on leaving
    hints_unsaved: list[int] = field(default_factory=lambda: [0, 0])  # without an autosave
    # The last hint given: (moves so far, player) and the advice, shown again
    # (and not counted again) if the player asks twice at the same decision.
    last_hint: tuple[tuple[int, Player], Advice] | None = None

    def record(
        self, events: list[Event], texts: list[str], before: Sequence[Sequence[int]]
    ) -> None:
        """Log the ``events`` of the action just applied, as ``texts``; ``before``: the hands."""
        hands = self.state.hands
        for event in events:
            if isinstance(event, Replaced) and event.values:
                # Drawn: in the hand now and not before (card ids are unique).
                player = event.player
                self.drawn[player] = frozenset(hands[player]) - set(before[player])
        self.marks.append((len(self.events), len(self.log)))
        self.events.extend(events)
        self.log.extend(texts)
        self.news.extend(events)

    def unseen(self, players: Sequence[Player]) -> int:
        """Where the log entries some of ``players`` have not seen yet begin."""
        return min((self.seen[player] for player in players), default=len(self.log))

    def saw(self, players: Sequence[Player]) -> None:
        """``players`` have answered a screen that showed them the whole log so far."""
        for player in players:
            self.seen[player] = len(self.log)

    def note_move(
        self, player: Player, action: Action, events: list[Event], draws_shown: bool = False
    ) -> None:
        """Remember whether ``player``'s move, just applied, may still be taken back."""
        self.undo_mover = player
        may = may_take_back(action, events, player, self.state.current_player(), draws_shown)
        self.undoable = len(self.state.history) if may else None

    def forget_move(self, line: str) -> None:
        """The last move was taken back (the state is rewound): drop its log, note ``line``."""
        moved = 0
        if self.marks:
            events, lines = self.marks.pop()
            moved = len(self.events) - events
            del self.events[events:]
            del self.log[lines:]
        self.seen = [min(seen, len(self.log)) for seen in self.seen]
        self.log.append(line)
        # The news before the move (a duel's result the other player has not read) stays.
        self.news = self.news[: max(0, len(self.news) - moved)]
        self.undoable = None
        self.drawn.pop(self.undo_mover, None)  # a replacement taken back drew nothing

    def can_take_back(self, player: Player) -> bool:
        return (
            self.undoable is not None
            and self.undoable == len(self.state.history)
            and self.undo_mover == player
        )

    def before_take_back(self) -> tuple[GameState, list[str]]:
        """The state and the log as they were before the move that may be taken back."""
        before = self.state.clone()
        before.undo()
        lines = self.marks[-1][1] if self.marks else len(self.log)
        return before, self.log[:lines]
