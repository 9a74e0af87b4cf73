"""Computer-against-computer games and the statistics `tacocat simulate` prints.

Every figure is counted from the engine's public events, so nothing here
knows the rules.  Game ``i`` of a match gets its own seeds, from the match
seed and ``i`` alone (:mod:`tacocat.ai.parallel` relies on it).  Seats
alternate: the first level sits at YAY in even games and at WOW in odd ones.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tacocat.ai.collector import paused
from tacocat.ai.registry import make_agent
from tacocat.engine import WOW, YAY, GameState, Rules
from tacocat.engine.events import Answered, Event, GameOver, Showdown


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``).

    Unlike "p plus or minus 1.96 standard errors" it stays inside [0, 1]::

        >>> low, high = wilson(8, 10)
        >>> round(low, 4), round(high, 4)
        (0.4902, 0.9433)
    """
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (share + z2 / (2 * trials)) / denominator
    margin = z * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / denominator
    # Clamp rounding noise: with 0 or all successes one bound is exactly 0 or 1.
    return (max(0.0, centre - margin), min(1.0, centre + margin))


@dataclass(frozen=True, slots=True)
class GameResult:
    """What one finished game tells the statistics."""

    winner_side: int | None  # 0: the first level won, 1: the second level, None: drawn
    winner_seat: int | None  # YAY, WOW or None
    rounds: int  # showdowns, tied ones included
    tied_rounds: int
    tricks: int
    first_winner_side: int | None  # who won the first decisive round, if any round was


@dataclass
class MatchStats:
    """Running totals over the games of one match."""

    levels: tuple[str, str]
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])  # by level side
    seat_wins: list[int] = field(default_factory=lambda: [0, 0])  # YAY, WOW
    draws: int = 0
    rounds: int = 0
    tied_rounds: int = 0
    tricks: int = 0
    first_decided: int = 0  # games with a decisive round and a winner
    first_winner_won: int = 0
    seconds: float = 0.0

    def add(self, record: GameResult) -> None:
        self.games += 1
        if record.winner_side is None or record.winner_seat is None:
            self.draws += 1
        else:
            self.wins[record.winner_side] += 1
            self.seat_wins[record.winner_seat] += 1
        self.rounds += record.rounds
        self.tied_rounds += record.tied_rounds
        self.tricks += record.tricks
        if record.first_winner_side is not None and record.winner_side is not None:
            self.first_decided += 1
            self.first_winner_won += record.first_winner_side == record.winner_side

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data (what ``simulate --json`` prints)."""
        games = self.games or 1  # averages of an empty match are 0, not an error
        return {
            "games": self.games,
            "players": [
                {
                    "player": index + 1,
                    "level": self.levels[index],
                    "wins": self.wins[index],
                    "win_rate": self.wins[index] / games,
                    "win_rate_ci95": list(wilson(self.wins[index], self.games)),
                }
                for index in (0, 1)
            ],
            "draws": self.draws,
            "draw_rate": self.draws / games,
            "draw_rate_ci95": list(wilson(self.draws, self.games)),
            "seat_wins": {"yay": self.seat_wins[YAY], "wow": self.seat_wins[WOW]},
            "rounds": self.rounds,
            "tied_rounds": self.tied_rounds,
            "ties_per_round": self.tied_rounds / self.rounds if self.rounds else 0.0,
            "average_rounds": self.rounds / games,
            "average_tricks": self.tricks / games,
            "first_round_winner_wins": (
                self.first_winner_won / self.first_decided if self.first_decided else 0.0
            ),
            "seconds": self.seconds,
            "games_per_second": self.games / self.seconds if self.seconds else 0.0,
        }


def game_seed(seed: int, index: int, role: str) -> int:
    """A reproducible seed for one part (the deal, or one agent) of game ``index``.

    A 63-bit integer, so that a game's record can name its deal's seed and
    ``tacocat replay`` re-deals it; hashed, so neighbouring games and
    matches share nothing.
    """
    text = f"tacocat-match:{seed}:{index}:{role}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


Options = Mapping[str, Mapping[str, Any]]


def play_full_game(
    levels: tuple[str, str],
    seed: int,
    index: int,
    rules: Rules | None = None,
    options: Options | None = None,
) -> tuple[GameResult, GameState, list[Event]]:
    """Play game ``index`` of the match between ``levels``: its figures, final state and events.

    ``options`` maps a level to keyword options for its agents, e.g.
    ``{"hard": {"rollouts": 40}}``.  The state's history and :func:`game_seed`
    ``(seed, index, "deal")`` re-create the game (the state cannot undo).
    """
    options = options or {}
    # Side 0 (the first level) sits at YAY in even games, at WOW in odd ones.
    side_at_seat = (0, 1) if index % 2 == 0 else (1, 0)
    agents = [
        make_agent(
            levels[side_at_seat[seat]],
            random.Random(game_seed(seed, index, f"seat{seat}")),
            **options.get(levels[side_at_seat[seat]], {}),
        )
        for seat in (YAY, WOW)
    ]
    state = GameState(random.Random(game_seed(seed, index, "deal")), rules, undoable=False)
    events: list[Event] = list(state.opening_events)
    # The hot loop of every simulation: the agents' methods looked up once.
    choose = (agents[0].choose, agents[1].choose)
    with paused():  # a game makes no reference cycles (tacocat.ai.collector)
        mover = state.current_player()
        while mover is not None:
            # The agent sees its own view and nothing else.
            events += state.apply_action(choose[mover](state.view(mover)))
            mover = state.current_player()
    return record_game(events, side_at_seat), state, events


def record_game(events: list[Event], side_at_seat: tuple[int, int]) -> GameResult:
    """Count one game's figures from its public events."""
    rounds = tied = tricks = 0
    first_seat: int | None = None
    winner_seat: int | None = None
    for event in events:
        kind = type(event)  # the engine's own classes: no subclass to look for
        if kind is Answered:
            tricks += 1
        elif kind is Showdown:
            assert isinstance(event, Showdown)
            rounds += 1
            if event.winner is None:
                tied += 1
            elif first_seat is None:
                first_seat = event.winner
        elif kind is GameOver:
            assert isinstance(event, GameOver)
            winner_seat = event.winner
    return GameResult(
        winner_side=None if winner_seat is None else side_at_seat[winner_seat],
        winner_seat=winner_seat,
        rounds=rounds,
        tied_rounds=tied,
        tricks=tricks,
        first_winner_side=None if first_seat is None else side_at_seat[first_seat],
    )
