"""The ``tacocat`` command's entry point: a new game's name screen before click and rich load.

``tacocat play`` is the command people wait for, and importing click and
rich takes about three times as long as Python's own start.  So for the
plain new-game command line (``tacocat play``, with ``--ascii`` and
``--vs-computer`` at most) this launcher, which needs only the standard
library, does what ``play`` does before its first screen, in the same
order: the terminal checks, the one-game lock, the look for a saved game.
Then it draws the name screen (:mod:`tacocat.ui.start`) at once, while
click, rich and the game load in a background thread, and hands over to
the click command with what it did (:class:`tacocat.ui.claim.Started`):
``play`` uses the lock it holds and the names it asked instead of locking
and asking again.

Every other command line, and any doubt, goes to click untouched: not a
terminal, a terminal too small or another game running (``play`` itself
then says so, with its own words and exit status), or a saved game (the
resume question comes first; the lock is handed over all the same).
"""

from __future__ import annotations

import sys

# Read by mypy only: typing would slow the first screen (tacocat.ui.tty).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from tacocat.ui.claim import Started

# The options a plain new game may have: flags whose meaning needs no parsing.
QUICK_OPTIONS = ("--ascii", "--vs-computer")
# tacocat.engine.players.DEFAULT_NAMES, without loading the engine for it.
NEW_GAME_NAMES = ("Yay", "Wow")
# What the game needs after the name screen: loaded while the first name is typed.
PRELOAD = (
    "tacocat.cli",
    "tacocat.cli.play",
    "tacocat.ui.terminal",
    "tacocat.storage.autosave",
    "tacocat.ui.game",
)


def main() -> None:
    """Run the ``tacocat`` command line (``python -m tacocat`` too)."""
    from tacocat.sanitize import show_unencodable

    # Before the name screen: a name typed there may hold what the output cannot encode.
    show_unencodable(sys.stdout)
    try:
        started = start_quickly(sys.argv[1:])
        from tacocat.cli import main as command_line
    except KeyboardInterrupt:
        # Ctrl-C before the name screen's handlers or while click loads (the
        # name screen itself turns it into a goodbye): click's own words.
        sys.stderr.write("Aborted!\n")
        sys.exit(1)
    command_line(obj=started)


def quick_options(args: Sequence[str]) -> tuple[bool, bool] | None:
    """(``--ascii``, ``--vs-computer``) if ``args`` start a plain new game, else None.

    >>> quick_options(["play", "--vs-computer"])
    (False, True)
    >>> quick_options(["play", "--vs-computer", "hard"]) is None  # a level: click reads it
    True
    """
    if not args or args[0] != "play":
        return None
    options = list(args[1:])
    if len(set(options)) != len(options) or not set(options) <= set(QUICK_OPTIONS):
        return None
    return "--ascii" in options, "--vs-computer" in options


def start_quickly(args: Sequence[str]) -> Started | None:
    """The start of ``tacocat play`` up to its names, if ``args`` allow; else None.

    None leaves everything to click: no lock is held then and nothing was drawn.
    """
    options = quick_options(args)
    if options is None:
        return None
    from tacocat.ui.claim import Started, claim_terminal

    ascii_only, computer = options
    lock = claim_terminal()
    if isinstance(lock, str):
        return None  # play tries again, and says why it cannot start
    from tacocat.storage.paths import save_path

    if save_path().exists():
        return Started(lock, None)  # play asks whether to resume it
    from tacocat.names import COMPUTER_NAME
    from tacocat.ui.start import names_first
    from tacocat.ui.tty import PlainTerminal

    names = (NEW_GAME_NAMES[0], COMPUTER_NAME if computer else NEW_GAME_NAMES[1])
    seats = [0] if computer else [0, 1]
    asked = names_first(PlainTerminal(), names, seats, ascii_only, preload=PRELOAD)
    return Started(lock, asked)
