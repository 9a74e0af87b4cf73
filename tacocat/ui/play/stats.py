"""What the end screen tells: each player's statistics and the match score.

Statistics are counted from a game's public events (the same list the log
and the record hold), so a record gives the same figures as the game that wrote it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len

from tacocat.engine import Event, Player
from tacocat.engine.events import Answered, Attacked, DuelRevealed, Showdown
from tacocat.engine.words import plural


@dataclass
class PlayerStats:
    rounds_won: int = 0
    tricks_won: int = 0
    jumbo_attacks: int = 0
    duels_won: int = 0


@dataclass
class GameStats:
    """Both players' counts and what they share (tied rounds and duels)."""

    players: tuple[PlayerStats, PlayerStats] = field(
        default_factory=lambda: (PlayerStats(), PlayerStats())
    )
    tied_rounds: int = 0
    tied_duels: int = 0

    def __getitem__(self, player: Player) -> PlayerStats:
        return self.players[player]


def game_stats(events: Iterable[Event]) -> GameStats:
    stats = GameStats()
    for event in events:
        if isinstance(event, Showdown):
            if event.winner is None:
                stats.tied_rounds += 1
            else:
                stats[event.winner].rounds_won += 1
        elif isinstance(event, Answered):
            stats[event.trick_winner].tricks_won += 1
        elif isinstance(event, Attacked) and len(event.values) > 1:
            stats[event.player].jumbo_attacks += 1
        elif isinstance(event, DuelRevealed):
            if event.attacker is None:
                stats.tied_duels += 1
            else:
                stats[event.attacker].duels_won += 1
    return stats


def stats_lines(stats: GameStats, names: Sequence[str]) -> list[str]:
    """The statistics as lines of one width (columns stay aligned when centred).

    A row of names, then a row per count ("Rounds won   2   1"), then the ties.
    """
    yay, wow = stats.players
    rows = [
        ("Rounds won", yay.rounds_won, wow.rounds_won),
        ("Tricks won", yay.tricks_won, wow.tricks_won),
        ("Jumbo attacks", yay.jumbo_attacks, wow.jumbo_attacks),
        ("Duels won", yay.duels_won, wow.duels_won),
    ]
    # Columns are terminal cells: a CJK letter or an emoji in a name takes two.
    column = max(6, cell_len(names[0]), cell_len(names[1])) + 2
    lines = [f"{'':<14}{_right(names[0], column)}{_right(names[1], column)}"]
    lines += [f"{label:<14}{first:>{column}}{second:>{column}}" for label, first, second in rows]
    ties = f"{plural(stats.tied_rounds, 'tied round')}, {plural(stats.tied_duels, 'tied duel')}"
    lines.append(f"{'Ties':<14}{ties:>{2 * column}}")
    width = max(cell_len(line) for line in lines)
    return [line + " " * (width - cell_len(line)) for line in lines]


def _right(text: str, width: int) -> str:
    return " " * max(0, width - cell_len(text)) + text


@dataclass
class MatchScore:
    """Games won per player name across "Play again" (names follow seat swaps)."""

    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0

    def add(self, names: Sequence[str], winner: Player | None) -> None:
        for name in names:
            self.wins.setdefault(name, 0)
        if winner is None:
            self.draws += 1
        else:
            self.wins[names[winner]] += 1

    @property
    def games(self) -> int:
        return sum(self.wins.values()) + self.draws

    def text(self) -> str:
        """'Match: Ann 2, Bob 1' (with draws when there were any)."""
        score = ", ".join(f"{name} {count}" for name, count in self.wins.items())
        draws = f", {self.draws} drawn" if self.draws else ""
        return f"Match after {plural(self.games, 'game')}: {score}{draws}"
