"""Each player name's Glicko-2 rating, from the finished game records each time.

Which games count and how: docs/playing.md, "Saved games, history and replay".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tacocat.storage.game_info import VS_COMPUTER
from tacocat.storage.glicko2 import Rating, update
from tacocat.storage.records import GameRecord

# Each level's fixed rating and its standard error, from ``benchmarks/level_ratings.py``.
LEVEL_RATINGS: dict[str, Rating] = {
    "random": Rating(1004.0, 21.0, 0.0),
    "easy": Rating(1500.0, 1.0, 0.0),
    "normal": Rating(1711.0, 13.0, 0.0),
    "hard": Rating(2254.0, 54.0, 0.0),
    "expert": Rating(2469.0, 66.0, 0.0),
    # master: 800 full games against expert (duplicate.py --games), its error added in
    "master": Rating(2535.0, 67.0, 0.0),
}
PROVISIONAL = 110.0  # a deviation above this marks a rating as provisional (lichess's limit)
RECENT = 10  # how many of a name's last games the trend looks back over


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game in a name's rating history: the record, the score and the rating after it."""

    record: GameRecord
    seat: int  # the name's seat in the game
    opponent: str  # a name, or "computer (LEVEL)"
    score: float  # 1 won, 0.5 drawn, 0 lost
    after: Rating


@dataclass(frozen=True, slots=True)
class NameRating:
    """A name's rating now and the rated games behind it, oldest first."""

    name: str
    games: tuple[RatedGame, ...]

    @property
    def rating(self) -> Rating:
        return self.games[-1].after if self.games else Rating()

    @property
    def provisional(self) -> bool:
        return self.rating.deviation > PROVISIONAL

    def recent(self, count: int = RECENT) -> tuple[RatedGame, ...]:
        return self.games[-count:]

    def trend(self, count: int = RECENT) -> float:
        """How far the rating moved over the last ``count`` games (none: 0)."""
        first = len(self.games) - len(self.recent(count))
        before = self.games[first - 1].after if first > 0 else Rating()
        return self.rating.value - before.value


def rated(record: GameRecord) -> bool:
    if not record.finished:
        return False
    return record.info.mode != VS_COMPUTER or record.info.level in LEVEL_RATINGS


def rate(records: Iterable[GameRecord]) -> dict[str, NameRating]:
    """Every person's rating after the finished ``records``, taken in the order they started."""
    games: dict[str, list[RatedGame]] = {}
    ordered = sorted(
        (r for r in records if rated(r)),
        key=lambda r: (r.info.started, r.info.game_id, str(r.path)),
    )
    for record in ordered:
        for game in _rate_one(record, games):
            games.setdefault(record.info.names[game.seat], []).append(game)
    return {name: NameRating(name, tuple(played)) for name, played in games.items()}


def _current(games: dict[str, list[RatedGame]], name: str) -> Rating:
    played = games.get(name)
    return played[-1].after if played else Rating()


def _rate_one(record: GameRecord, games: dict[str, list[RatedGame]]) -> list[RatedGame]:
    info = record.info
    scores = (0.5, 0.5) if record.winner is None else (1.0 - record.winner, float(record.winner))
    if info.mode == VS_COMPUTER:
        seat = 1 - (info.computer or 0)
        level = str(info.level)
        before = _current(games, info.names[seat])
        after = update(before, [(LEVEL_RATINGS[level], scores[seat])])
        return [RatedGame(record, seat, f"computer ({level})", scores[seat], after)]
    ratings = [_current(games, name) for name in info.names]
    return [
        RatedGame(
            record,
            seat,
            info.names[1 - seat],
            scores[seat],
            update(ratings[seat], [(ratings[1 - seat], scores[seat])]),
        )
        for seat in (0, 1)
    ]
