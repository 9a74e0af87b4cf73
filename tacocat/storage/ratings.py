"""Each player name's rating, worked out from the game records every time it is shown.

The records are the one copy of every game (:mod:`tacocat.storage.records`),
so a rating is never stored: :func:`rate` replays the finished games, oldest
first, through Glicko-2 (:mod:`tacocat.storage.glicko2`), and the same
records always give the same ratings.  Nothing can drift, and a record
deleted or damaged simply drops out of every rating.

Which games count:

- a finished game against a computer level rates the person against that
  level's fixed rating (:data:`LEVEL_RATINGS`); the level's rating does not
  move, so the levels are a ruler every name is measured with;
- a finished hot-seat game rates both names against each other's rating
  from before the game;
- a draw scores half; a game still in progress (or left unfinished) counts
  for nobody until it is finished, and then in the order it was started;
- moves taken back change nothing: the game counts as it was finally played
  (the table lets a move be taken back only before it showed anything new);
- a level this version does not know (a record from a newer one) is left out.

The levels' ratings come from a ladder of simulated matches between them
(``benchmarks/level_ratings.py``; the figures and the command are in
docs/performance.md), fitted by maximum likelihood to the Elo curve and
anchored with ``easy`` at 1500, a newcomer's rating.

    ratings = rate(records)            # records in any order
    ratings["Ann"].rating.value        # e.g. 1622.4
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tacocat.storage.game_info import VS_COMPUTER
from tacocat.storage.glicko2 import Rating, update
from tacocat.storage.records import GameRecord

# Each level's rating and its standard error from the ladder; see the module's docstring.
LEVEL_RATINGS: dict[str, Rating] = {
    "random": Rating(1004.0, 21.0, 0.0),
    "easy": Rating(1500.0, 1.0, 0.0),
    "normal": Rating(1711.0, 13.0, 0.0),
    "hard": Rating(2254.0, 54.0, 0.0),
    "expert": Rating(2469.0, 66.0, 0.0),
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

    @property
    def game_id(self) -> str:
        return self.record.info.game_id


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
        """Too few games to trust the number yet (the deviation is still wide)."""
        return self.rating.deviation > PROVISIONAL

    def recent(self, count: int = RECENT) -> tuple[RatedGame, ...]:
        """The name's last ``count`` rated games, oldest first."""
        return self.games[-count:]

    def trend(self, count: int = RECENT) -> float:
        """How far the rating moved over the last ``count`` games (up is positive)."""
        if not self.games:
            return 0.0
        first = len(self.games) - len(self.recent(count))
        before = self.games[first - 1].after if first > 0 else Rating()
        return self.rating.value - before.value


def rated(record: GameRecord) -> bool:
    """Whether ``record`` counts for ratings: finished, and against a level with a rating."""
    if not record.finished:
        return False
    return record.info.mode != VS_COMPUTER or record.info.level in LEVEL_RATINGS


def rate(records: Iterable[GameRecord]) -> dict[str, NameRating]:
    """Every person's rating after the finished games of ``records`` (given in any order).

    Games are taken in the order they started (ties broken by game id, as
    ``history`` lists them, then by file), so the result depends on the
    records alone, whatever order they come in.
    """
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
    """The rated games ``record`` adds: one per person in it, from ratings before it."""
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
