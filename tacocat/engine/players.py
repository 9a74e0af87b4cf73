"""Players and the arrows that point at them.

Players are plain ints so that hands and counters index lists directly:
``YAY`` (player 1, behind the YAY goal) is 0 and ``WOW`` (player 2) is 1.
"""

from __future__ import annotations

from enum import Enum

from tacocat.engine.errors import shown

Player = int
YAY: Player = 0
WOW: Player = 1
PLAYERS: tuple[Player, Player] = (YAY, WOW)
DEFAULT_NAMES: tuple[str, str] = ("Yay", "Wow")
# The "player" of a finished game in OpenSpiel's numbering (``pyspiel.PlayerId.TERMINAL``),
# for code that wants a number where ``GameState.current_player()`` says None.
TERMINAL = -4


def other(player: Player) -> Player:
    return 1 - player


class Arrow(Enum):
    """The arrow(s) printed on a space: whom it points at."""

    YAY = "yay"
    WOW = "wow"
    BOTH = "both"

    @property
    def player(self) -> Player | None:
        """The player who replaces first, or None on a two-arrow space."""
        if self is Arrow.YAY:
            return YAY
        if self is Arrow.WOW:
            return WOW
        return None


def parse_arrow(text: object) -> Arrow:
    """Read an arrow from a rules file ("yay", "wow" or "both")."""
    try:
        return Arrow(str(text).strip().lower() if isinstance(text, str) else text)
    except ValueError:
        # Cut short and escaped: a damaged file may hold anything here.
        raise ValueError(f"{shown(text)} is not an arrow; use 'yay', 'wow' or 'both'") from None
