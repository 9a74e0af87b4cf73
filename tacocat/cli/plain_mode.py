"""``tacocat play --plain``: the game as lines of text, against the computer only.

The option, the one sentence that refuses hot seat in this mode, and the
one-game lock taken without asking for a terminal (a pipe will do).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from tacocat.storage.lock import GameLock

plain_option = click.option(
    "--plain",
    is_flag=True,
    help="Play against the computer as plain lines of text (no drawing, no colour): "
    "for TERM=dumb, an Emacs buffer, a screen reader or a pipe.",
)

HOT_SEAT_REFUSED = (
    "--plain plays against the computer only (add --vs-computer): a transcript cannot "
    "hide one player's hand from the other."
)


def refuse_hot_seat(asked: bool) -> None:
    """If hot seat is ``asked`` for in line mode: one sentence, exit status 2 (a usage error)."""
    if not asked:
        return
    from tacocat.cli.output import say

    say(f"Error: {HOT_SEAT_REFUSED}", err=True)
    sys.exit(2)


def plain_lock() -> GameLock:
    """The one-game lock for a game in lines: any input and output will do, not only a terminal.

    As ``tacocat play``'s start without the terminal's checks:
    the app directory first, then the lock (exit status 2 if either fails).
    """
    from tacocat.storage.lock import GameRunning, acquire_game_lock
    from tacocat.storage.paths import AppDirError, checked_app_dir

    try:
        checked_app_dir()
        return acquire_game_lock()
    except (AppDirError, GameRunning) as error:
        from tacocat.cli.output import say

        say(f"Error: {error}", err=True)
        sys.exit(2)
