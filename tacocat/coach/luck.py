"""Luck and skill apart, as GNU Backgammon tells them (Zare, "A Measure of Luck"; docs/playing.md).

:func:`measure` evaluates nothing itself: it takes each decision's judgement
(a :class:`~tacocat.coach.verdict.Review`); :func:`needed_steps` names those the luck needs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tacocat.ai.outlook import game_chance
from tacocat.engine import Action, GameState, Player, Replace, Rules
from tacocat.engine.events import GameOver, RoundStarted
from tacocat.storage.replay import replay_steps

DEAL = "deal"
DRAW = "draw"


class Judged(Protocol):
    """One decision's two numbers, from its player's view (a ``Review`` is one)."""

    @property
    def step(self) -> int: ...  # the action's number, as ``replay`` counts steps

    @property
    def win_before(self) -> float: ...  # game chance after the best action

    @property
    def win_after(self) -> float: ...  # game chance after the action played


@dataclass(frozen=True)
class ChanceEvent:
    """One deal or draw and how far it moved its owner's chance to win the game."""

    step: int  # the step that dealt or drew (0: the opening deal)
    player: Player
    kind: str  # DEAL or DRAW
    before: float  # the owner's chance before the event (averaged over its outcomes)
    after: float  # the owner's chance once it was seen, at the owner's next decision
    measured_at: int  # the step whose decision measured it (the last step: the result)

    @property
    def luck(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class PlayerLuck:
    """One player's result split into the cards' part and the decisions' part."""

    player: Player
    result: float  # 1 won, 0 lost, 0.5 drawn
    luck: float  # the summed swing of this player's own deals and draws
    opponent_luck: float
    skill: float  # win chance given away by this player's decisions (<= 0)
    events: tuple[ChanceEvent, ...]

    @property
    def net_luck(self) -> float:
        return self.luck - self.opponent_luck

    @property
    def luck_adjusted(self) -> float:
        return self.result - self.net_luck

    def to_data(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "luck": round(self.luck, 4),
            "opponent_luck": round(self.opponent_luck, 4),
            "skill": round(self.skill, 4),
            "luck_adjusted": round(self.luck_adjusted, 4),
        }


@dataclass
class _Open:
    """A chance event still waiting for its owner's next decision."""

    step: int
    kind: str
    before: float


def needed_steps(rules: Rules, seed: int, actions: Sequence[Action]) -> frozenset[int]:
    """The decisions whose judgement :func:`measure` needs for the luck (skill needs all)."""
    asked: set[int] = set()

    def record(step: int) -> Judged:
        asked.add(step)
        return _Placeholder(step)

    _walk(rules, seed, actions, record, {})
    return frozenset(asked)


def measure(
    rules: Rules, seed: int, actions: Sequence[Action], judged: Iterable[Judged]
) -> tuple[PlayerLuck, PlayerLuck]:
    """(YAY's, WOW's) luck, skill and luck-adjusted result in a finished game.

    ValueError if the game is not over or a judgement of :func:`needed_steps` is missing.
    """
    by_step = {item.step: item for item in judged}

    def lookup(step: int) -> Judged:
        if step not in by_step:
            raise ValueError(f"the luck needs the judgement of step {step}")
        return by_step[step]

    events, skill, result = _walk(rules, seed, actions, lookup, by_step)
    luck = [sum(item.luck for item in events if item.player == seat) for seat in (0, 1)]
    return (
        PlayerLuck(0, result, luck[0], luck[1], skill[0], _own(events, 0)),
        PlayerLuck(1, 1.0 - result, luck[1], luck[0], skill[1], _own(events, 1)),
    )


def _own(events: list[ChanceEvent], player: Player) -> tuple[ChanceEvent, ...]:
    return tuple(item for item in events if item.player == player)


def _walk(
    rules: Rules,
    seed: int,
    actions: Sequence[Action],
    lookup: Callable[[int], Judged],
    judged: dict[int, Judged],
) -> tuple[list[ChanceEvent], list[float], float]:
    events: list[ChanceEvent] = []
    skill = [0.0, 0.0]
    waiting: list[_Open | None] = [None, None]
    state: GameState | None = None
    for step in replay_steps(rules, seed, actions):
        state = step.state
        mover, action = step.mover, step.action
        if mover is not None and action is not None:
            if waiting[mover] is not None:
                _close(events, waiting, mover, step.number, lookup(step.number).win_before)
            if step.number in judged:
                skill[mover] += judged[step.number].win_after - judged[step.number].win_before
            if isinstance(action, Replace) and action.values:
                waiting[mover] = _Open(step.number, DRAW, lookup(step.number).win_after)
        for event in step.events:
            if isinstance(event, GameOver):
                worth = 0.5 if event.winner is None else float(event.winner == 0)
                for seat, value in ((0, worth), (1, 1.0 - worth)):
                    _close(events, waiting, seat, step.number, value)
            elif isinstance(event, RoundStarted):
                for seat in (0, 1):
                    board = game_chance(state.position, tuple(state.tiles), seat)
                    _close(events, waiting, seat, step.number, board)
                    waiting[seat] = _Open(step.number, DEAL, board)
    if state is None or not state.is_terminal():
        raise ValueError("luck is measured over a finished game")
    yay = 0.5 if state.winner is None else float(state.winner == 0)
    return events, skill, yay


def _close(
    events: list[ChanceEvent], waiting: list[_Open | None], seat: Player, at: int, after: float
) -> None:
    found = waiting[seat]
    if found is not None:
        events.append(ChanceEvent(found.step, seat, found.kind, found.before, after, at))
        waiting[seat] = None


@dataclass(frozen=True)
class _Placeholder:
    step: int
    win_before: float = 0.5
    win_after: float = 0.5


def summary_line(luck: PlayerLuck, name: str) -> str:
    """'Ann: luck +12, decisions -4 points; luck-adjusted result 0.85 (won: 1)'."""
    verdict = {1.0: "won", 0.0: "lost"}.get(luck.result, "drawn")
    return (
        f"{name}: luck {_signed(luck.luck)}, decisions {_signed(luck.skill)} points; "
        f"luck-adjusted result {luck.luck_adjusted:.2f} ({verdict}: {luck.result:g})"
    )


# One paragraph: the console wraps it to its own width.
HEADING = (
    "Luck and skill, in points of win chance (as GNU Backgammon counts them): "
    "luck is what a player's own deals and draws brought, decisions what their "
    "moves gave away; the luck-adjusted result takes both players' luck out."
)


def report(lucks: Sequence[PlayerLuck], names: tuple[str, str]) -> str:
    return "\n".join(("", HEADING, *(summary_line(luck, names[luck.player]) for luck in lucks)))


def report_data(lucks: Sequence[PlayerLuck], names: tuple[str, str]) -> list[dict[str, Any]]:
    return [{"player": names[luck.player], **luck.to_data()} for luck in lucks]


def _signed(chance: float) -> str:
    points = round(chance * 100)
    return f"+{points}" if points > 0 else str(points)
