"""Re-playing a game from rules + seed + actions, and checking it against its record."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tacocat.engine import (
    DEFAULT_NAMES,
    Action,
    Event,
    GameState,
    Player,
    Rules,
    new_game,
)


class ReplayError(Exception):
    """A recorded action the engine refuses: the record does not describe a real game."""

    def __init__(self, number: int, error: ValueError) -> None:
        super().__init__(f"step {number}: {error}")
        self.number = number  # the action's place in the game, 1 the first
        self.error = error


@dataclass(frozen=True)
class Step:
    """One step of a replay: the opening deal (number 0) or one action and what followed."""

    number: int
    mover: Player | None  # who took the action; None for the opening deal
    action: Action | None
    events: tuple[Event, ...]
    state: GameState  # a snapshot of the whole game after the step (both hands known)


def replay_steps(rules: Rules, seed: int, actions: Sequence[Action]) -> Iterator[Step]:
    """The opening deal, then one :class:`Step` per action; ReplayError on a bad action."""
    state = new_game(seed, rules)
    yield Step(0, None, None, tuple(state.opening_events), state.clone())
    for number, mover, action, events in _applied(state, actions):
        yield Step(number, mover, action, tuple(events), state.clone())


def replayed(
    rules: Rules, seed: int, actions: Sequence[Action]
) -> tuple[GameState, tuple[Event, ...]]:
    """The game after ``actions`` and all its events (no snapshots); ReplayError on a bad action."""
    state = new_game(seed, rules)
    events = list(state.opening_events)
    for *_, more in _applied(state, actions):
        events += more
    return state, tuple(events)


def _applied(
    state: GameState, actions: Sequence[Action]
) -> Iterator[tuple[int, Player | None, Action, list[Event]]]:
    """Each action applied to ``state`` in turn: its number, mover and events."""
    for number, action in enumerate(actions, start=1):
        mover = state.current_player()
        try:
            # Any ValueError: an action the rules cannot hold (a wrong size, say) is refused too.
            events = state.apply_action(action)
        except ValueError as error:
            raise ReplayError(number, error) from None
        yield number, mover, action, events


@dataclass(frozen=True)
class Mismatch:
    """Where a replay first differs from the record."""

    index: int  # position in the game's event list (0 = the first event)
    recorded: Event | None  # None: the record ends here
    replayed: Event | None  # None: the replay ends here

    def message(self, names: tuple[str, str] = DEFAULT_NAMES) -> str:
        def told(event: Event | None) -> str:
            return "(nothing)" if event is None else event.text(names)

        return (
            f"The replay differs from the record at event {self.index + 1}: "
            f"recorded {told(self.recorded)!r}, re-played {told(self.replayed)!r}."
        )


class ReplayCheck:
    """Compares a replay with its record step by step, as the steps are shown."""

    def __init__(self, recorded: Sequence[Event]) -> None:
        self.recorded = recorded
        self.position = 0  # where the next step's events should start in the record
        self.mismatch: Mismatch | None = None  # the first difference found so far

    def step(self, events: Sequence[Event]) -> Mismatch | None:
        """The first difference if it lies in this step's ``events``, else None."""
        found = None
        for index, event in enumerate(events, start=self.position):
            expected = self.recorded[index] if index < len(self.recorded) else None
            if self.mismatch is None and expected != event:
                found = self.mismatch = Mismatch(index, expected, event)
        self.position += len(events)
        return found

    def finish(self) -> Mismatch | None:
        """The first difference, counting recorded events the replay never reached."""
        if self.mismatch is None and len(self.recorded) > self.position:
            self.mismatch = Mismatch(self.position, self.recorded[self.position], None)
        return self.mismatch
