"""What ``tacocat play`` claims before its first screen: a fit terminal and the one-game lock.

Shared by the launcher (:mod:`tacocat.launch`), which claims them before
click is imported, and the ``play`` command, which claims them itself when
the launcher did not; written with the standard library only, for the
launcher's sake.
"""

from __future__ import annotations

# Read by mypy only: typing would slow the first screen (tacocat.ui.tty).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from tacocat.storage.lock import GameLock


class Started:
    """What the launcher did before click, handed to ``play`` as the click context's ``obj``.

    ``lock`` is the one-game lock, held.  ``asked`` is what the name screen
    gave: the two names, or (a goodbye message, an exit code) if the
    players left there; None if the names were not asked (a saved game).
    """

    def __init__(self, lock: GameLock, asked: tuple[str, str] | tuple[str, int] | None) -> None:
        self.lock = lock
        self.asked = asked


def claim_terminal() -> GameLock | str:
    """The one-game lock, once the terminal is fit to play on; else why ``play`` cannot start.

    The terminal first (both ends a terminal, at least 80x24), then the app
    directory (a game that could not be saved there is not started), then
    the lock: a game refused here must not keep another from starting.
    """
    from tacocat.ui.tty import size_problem, terminal_problem, terminal_size

    problem = terminal_problem() or size_problem(*terminal_size())
    if problem is not None:
        return problem
    from tacocat.storage.lock import GameRunning, acquire_game_lock
    from tacocat.storage.paths import AppDirError, checked_app_dir

    try:
        checked_app_dir()
    except AppDirError as error:
        return str(error)

    try:
        return acquire_game_lock()
    except GameRunning as error:  # or a lock file that cannot be opened
        return str(error)
