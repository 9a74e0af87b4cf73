"""What a save and a record know about a game besides the engine state: :class:`GameInfo`."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any, TypeGuard

from tacocat.engine import StateFormatError
from tacocat.engine.errors import damaged, shown, whole
from tacocat.names import COMPUTER_LEVELS, name_problem

HOT_SEAT = "hot seat"
VS_COMPUTER = "computer"
TWO_TERMINALS = "two terminals"  # tacocat host and tacocat join: two people, a screen each
MODES = (HOT_SEAT, VS_COMPUTER, TWO_TERMINALS)
# What a game id may look like: it names the record's file.
GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
# A game's short id (:func:`short_id`): letters only, so it is never taken for a
# position in `tacocat history`, and no i, l or o, which read as 1 and 0.
SHORT_ID_LETTERS = "abcdefghjkmnpqrstuvwxyz"
SHORT_ID_LENGTH = 6
SHORT_ID = re.compile(f"[{SHORT_ID_LETTERS}]{{{SHORT_ID_LENGTH}}}", re.IGNORECASE)
LEVEL = re.compile(r"[a-z][a-z0-9_-]{0,19}")  # what a computer level's name looks like
SEED_LIMIT = 2**64  # seeds are 63-bit when drawn; a file may not hold a longer one
EARLIEST_YEAR, LATEST_YEAR = 1970, 9000  # a time outside these cannot be shown in any time zone


def level_problem(info: GameInfo) -> str | None:
    """Why a computer game cannot be resumed here (its level unknown here), or None."""
    if info.mode == VS_COMPUTER and info.level not in COMPUTER_LEVELS:
        return f"the computer level is unknown ({shown(info.level)})"
    return None


def short_id(game_id: str) -> str:
    """The six letters a player types to name a game, e.g. ``'kqzwbx'``: a hash of its id.

    Computed, never read from a file, so no record can claim another's; a
    clash among one history's games is refused as ambiguous by the commands.
    """
    digest = int.from_bytes(hashlib.blake2b(game_id.encode(), digest_size=8).digest(), "big")
    letters = []
    for _ in range(SHORT_ID_LENGTH):
        digest, index = divmod(digest, len(SHORT_ID_LETTERS))
        letters.append(SHORT_ID_LETTERS[index])
    return "".join(letters)


def is_time(text: object) -> TypeGuard[str]:
    """Whether ``text`` is a time a file may hold (ISO 8601 with a zone, year 1970-9000)."""
    try:
        moment = datetime.fromisoformat(text)  # type: ignore[arg-type]  # TypeError if not text
        if moment.tzinfo is None or moment.utcoffset() is None:
            return False
        return EARLIEST_YEAR <= moment.astimezone(UTC).year <= LATEST_YEAR
    except (TypeError, ValueError, OverflowError):
        return False


def now_text() -> str:
    """The current UTC time as ISO 8601, to the microsecond (texts sort as times)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_seed() -> int:
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
        return {**asdict(self), "names": list(self.names)}  # the fields in their order

    @classmethod
    def from_data(cls, data: Any) -> GameInfo:
        """Read :meth:`to_data` output back, checking every field as typed input is checked."""
        if not isinstance(data, dict):
            raise StateFormatError("the game details are missing")
        names = data.get("names")
        if not (
            isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)
        ):
            raise damaged("the player names", names)
        for name, other in ((names[0], None), (names[1], names[0])):
            problem = name_problem(name, other)
            if problem is not None:
                raise StateFormatError(f"a player name is refused ({shown(name)}: {problem})")
        game_id, seed, started = data.get("game_id"), data.get("seed"), data.get("started")
        mode, level, computer = data.get("mode"), data.get("level"), data.get("computer")
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            raise damaged("the game id", game_id)
        if not whole(seed, 1 - SEED_LIMIT, SEED_LIMIT):
            raise damaged("the seed", seed)
        if not is_time(started):
            raise damaged("the start time", started)
        if mode not in MODES:
            raise StateFormatError(f"the game mode is unknown ({shown(mode)})")
        if mode == VS_COMPUTER:
            if not isinstance(level, str) or not LEVEL.fullmatch(level):
                raise damaged("the computer level", level)
            if computer not in (0, 1) or isinstance(computer, bool):
                raise damaged("the computer's seat", computer)
        elif level is not None or computer is not None:
            raise StateFormatError("a game between two people names a computer player")
        return cls(game_id, (names[0], names[1]), seed, started, mode, level, computer)

    @property
    def short_id(self) -> str:
        return short_id(self.game_id)

    def resume_command(self, by_id: bool = True) -> str:
        """The command that resumes this game, quoted: a hosted game is hosted again."""
        command = "host" if self.mode == TWO_TERMINALS else "play"
        return f"`tacocat {command} --resume{' ' + self.short_id if by_id else ''}`"

    @property
    def players(self) -> str:
        """'Ann vs Bob' (with the computer's level when there is one)."""
        shown = list(self.names)
        if self.mode == VS_COMPUTER and self.computer is not None and self.level:
            seat = self.computer
            named = shown[seat].lower() == "computer"
            shown[seat] += f" ({self.level})" if named else f" (computer, {self.level})"
        return f"{shown[0]} vs {shown[1]}"
