"""What a save and a record know about a game besides the engine state.

The engine state (``GameState.to_json``) already holds the rules, the random
generator and the action history.  It does not know who is playing, how the
game was set up, or the seed it was shuffled from: that is :class:`GameInfo`.
The seed matters most: rules + seed + actions re-create a game exactly, which
is what replay relies on, so every recorded game must have an integer seed.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tacocat.engine import StateFormatError

HOT_SEAT = "hot seat"
VS_COMPUTER = "computer"
MODES = (HOT_SEAT, VS_COMPUTER)


def now_text() -> str:
    """The current UTC time as ISO 8601, e.g. '2026-11-29T15:36:19.250000+00:00'.

    Always to the microsecond, so that texts sort as times do: two games
    started in the same second still list in the order they began.
    """
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_seed() -> int:
    """A fresh seed for a game started without ``--seed`` (kept so it can be replayed)."""
    return secrets.randbits(63)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Who plays, how the game was set up, and when it started."""

    game_id: str
    names: tuple[str, str]
    seed: int
    started: str  # ISO 8601, UTC
    mode: str = HOT_SEAT
    level: str | None = None  # the computer's level in VS_COMPUTER mode
    computer: int | None = None  # the computer's seat (YAY=0 or WOW=1) in VS_COMPUTER mode

    @classmethod
    def create(
        cls,
        names: tuple[str, str],
        seed: int,
        mode: str = HOT_SEAT,
        level: str | None = None,
        computer: int | None = None,
    ) -> GameInfo:
        """Info for a game starting now, with a new id that sorts by start time."""
        started = now_text()
        stamp = started[:19].replace("-", "").replace(":", "").replace("T", "-")
        return cls(f"{stamp}-{secrets.token_hex(3)}", names, seed, started, mode, level, computer)

    def to_data(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "names": list(self.names),
            "seed": self.seed,
            "started": self.started,
            "mode": self.mode,
            "level": self.level,
            "computer": self.computer,
        }

    @classmethod
    def from_data(cls, data: Any) -> GameInfo:
        """Read :meth:`to_data` output back, checking every field's type."""
        if not isinstance(data, dict):
            raise StateFormatError("the game details are missing")
        names = data.get("names")
        if not (
            isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)
        ):
            raise StateFormatError(f"the player names are damaged ({names!r})")
        game_id, seed, started = data.get("game_id"), data.get("seed"), data.get("started")
        mode, level, computer = data.get("mode"), data.get("level"), data.get("computer")
        if not isinstance(game_id, str) or not game_id or "/" in game_id or "\\" in game_id:
            raise StateFormatError(f"the game id is damaged ({game_id!r})")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise StateFormatError(f"the seed is damaged ({seed!r})")
        if not isinstance(started, str):
            raise StateFormatError(f"the start time is damaged ({started!r})")
        if mode not in MODES:
            raise StateFormatError(f"the game mode is unknown ({mode!r})")
        if level is not None and not isinstance(level, str):
            raise StateFormatError(f"the computer level is damaged ({level!r})")
        if computer not in (None, 0, 1) or isinstance(computer, bool):
            raise StateFormatError(f"the computer's seat is damaged ({computer!r})")
        return cls(game_id, (names[0], names[1]), seed, started, mode, level, computer)

    @property
    def players(self) -> str:
        """'Ann vs Bob' (with the computer's level when there is one)."""
        shown = list(self.names)
        if self.mode == VS_COMPUTER and self.computer is not None and self.level:
            seat = self.computer
            named = shown[seat].lower() == "computer"
            shown[seat] += f" ({self.level})" if named else f" (computer, {self.level})"
        return f"{shown[0]} vs {shown[1]}"
