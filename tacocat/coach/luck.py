"""Luck and skill apart: how much of a result the cards decided, as GNU Backgammon tells it.

GNU Backgammon measures the **luck** of a roll as the equity of the best
play after the roll minus the average equity before it (Douglas Zare, "A
Measure of Luck"), adds up each player's rolls separately, and reports a
**luck-adjusted result**: the result minus the luck that went for the
player and plus the luck that went against them.  Over many games it has
the same average as the result and, the dice taken out, a smaller spread.

Tacocat has two kinds of chance event, each owned by the player whose hand
it fills: the **deal** of a round and the **draw** after a replacement.
Each is measured from its owner's view, with the evaluator's chance of
winning the game (:func:`~tacocat.ai.evaluator.evaluate`), at the owner's
next decision:

- the deal: the chance after the best action there, minus the chance
  before the deal (:func:`~tacocat.ai.outlook.game_chance`: where the
  Tacocat stands, each round an even contest);
- a draw: the chance after the best action at the next decision, minus the
  chance the replacement was given before it (the evaluator averages it
  over every draw).  Keeping the whole hand draws nothing: no event.

A round that ends before its owner decides again closes the event with the
board's exact worth, and the last round with the result itself.  What the
owner learns between the event and that decision (the opponent's
replacement, shown face up, when the opponent replaced first) is counted
with it: the evaluator cannot tell the two apart, as it cannot tell the
opponent's hand from the draw pile.

**Skill** is what a player's decisions gave away: the sum, over every
decision, of the chance after the action played minus the chance after the
best one (zero or less; zero for a game of forced moves).  The opponent's
hand is hidden from a player's view, so its luck is the opponent's own, and

    luck_adjusted = result - (luck - opponent_luck)

as GNU Backgammon reports it, a draw counting as half a win.  The two
players' luck-adjusted results add up to one, as their results do.

The numbers come in: :func:`measure` takes a game's rules, seed and actions
and a judgement of each decision (anything with ``step``, ``win_before``
and ``win_after``, such as :class:`~tacocat.coach.analysis.Review`), and
does no evaluation itself.  :func:`needed_steps` names the decisions the
luck needs, so a caller that wants only the luck evaluates just those.

    reviews = analyse(rules, seed, actions).reviews
    yay, wow = measure(rules, seed, actions, reviews)
    print(yay.luck, yay.skill, yay.luck_adjusted)
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
        """Luck for this player: their own, less the opponent's (which went against them)."""
        return self.luck - self.opponent_luck

    @property
    def luck_adjusted(self) -> float:
        """The result with the luck taken out (GNU Backgammon's luck-adjusted result)."""
        return self.result - self.net_luck

    def to_data(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "luck": round(self.luck, 4),
            "opponent_luck": round(self.opponent_luck, 4),
            "skill": round(self.skill, 4),
            "luck_adjusted": round(self.luck_adjusted, 4),
        }


Lookup = Callable[[int], Judged]


@dataclass
class _Open:
    """A chance event still waiting for its owner's next decision."""

    step: int
    kind: str
    before: float


def needed_steps(rules: Rules, seed: int, actions: Sequence[Action]) -> frozenset[int]:
    """The decisions whose judgement :func:`measure` needs for the luck (skill needs all).

    Raises :class:`~tacocat.storage.replay.ReplayError` if an action is not legal.
    """
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

    ``judged`` holds the decisions' judgements; it must include every step of
    :func:`needed_steps`.  Skill sums the decisions given (a decision left out
    counts as no error).  Raises ``ValueError`` if the game is not over or a
    needed judgement is missing.
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
    lookup: Lookup,
    judged: dict[int, Judged],
) -> tuple[list[ChanceEvent], list[float], float]:
    """Re-play the game; return its chance events, each seat's skill and YAY's result."""
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
                    board = game_chance(rules, state.position, tuple(state.tiles), seat)
                    _close(events, waiting, seat, step.number, board)
                    waiting[seat] = _Open(step.number, DEAL, board)
    if state is None or not state.is_terminal():
        raise ValueError("luck is measured over a finished game")
    yay = 0.5 if state.winner is None else float(state.winner == 0)
    return events, skill, yay


def _close(
    events: list[ChanceEvent], waiting: list[_Open | None], seat: Player, at: int, after: float
) -> None:
    """Measure ``seat``'s waiting event, if any, at ``after`` (step ``at``)."""
    found = waiting[seat]
    if found is not None:
        events.append(ChanceEvent(found.step, seat, found.kind, found.before, after, at))
        waiting[seat] = None


@dataclass(frozen=True)
class _Placeholder:
    """A stand-in judgement, for :func:`needed_steps` to learn which steps are asked."""

    step: int
    win_before: float = 0.5
    win_after: float = 0.5


def summary_line(luck: PlayerLuck, name: str) -> str:
    """One line of a review, e.g.

    'Ann: luck +12 points (Bob's -3), decisions -4: luck-adjusted result 0.85 (won 1).'
    """
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
    """The review's luck section: a heading and a line per player."""
    return "\n".join(("", HEADING, *(summary_line(luck, names[luck.player]) for luck in lucks)))


def report_data(lucks: Sequence[PlayerLuck], names: tuple[str, str]) -> list[dict[str, Any]]:
    """The luck section as JSON-ready data, a dict per player."""
    return [{"player": names[luck.player], **luck.to_data()} for luck in lucks]


def _signed(chance: float) -> str:
    points = round(chance * 100)
    return f"+{points}" if points > 0 else str(points)


__all__ = [
    "DEAL",
    "DRAW",
    "ChanceEvent",
    "Judged",
    "PlayerLuck",
    "measure",
    "needed_steps",
    "report",
    "report_data",
    "summary_line",
]
