"""The start of ``tacocat play``: the players' names, asked before the game loads.

The name screen needs only the terminal and one panel.  So that it shows
about as soon as rich itself is imported (docs/performance.md), ``tacocat
play`` asks the names through :func:`names_first` before it imports the
game: the engine, the saves and the screens load in a background thread
while the first name is typed.  :meth:`tacocat.ui.game.Game.ask_names` asks
through :func:`ask_names` too, so there is one name dialog.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Sequence
from importlib import import_module

from tacocat.ui.glyphs import Glyphs
from tacocat.ui.lineedit import NAME_PROMPTS
from tacocat.ui.notice import notice_screen
from tacocat.ui.signals import Stopped
from tacocat.ui.terminal import Terminal

GOALS = ("YAY", "WOW")


def ask_names(
    terminal: Terminal,
    names: tuple[str, str],
    seats: Sequence[int],
    glyphs: Glyphs,
    preload: Sequence[str] = (),
) -> tuple[str, str]:
    """Ask each seat in ``seats`` for a name (Enter keeps the one shown).

    ``preload`` names modules to import in the background once the first
    question is on screen (the answer is read meanwhile).
    """
    from tacocat.names import name_problem

    chosen = list(names)
    for seat in seats:
        message = ""
        while True:
            lines = [f"Player {seat + 1} sits behind the {GOALS[seat]} goal.", message]
            terminal.show(notice_screen("New game", lines, glyphs))
            if preload:
                _import_in_background(preload)
                preload = ()
            prompt = f"Player {seat + 1} name [{chosen[seat]}]: "
            typed = terminal.ask_as(NAME_PROMPTS, prompt).strip()  # with line editing
            name = typed or chosen[seat]
            # The other seat's name is taken: a person's, or the computer's
            # (a seat not asked about is the computer's).
            other = 1 - seat
            problem = name_problem(name, chosen[other] if seat == 1 or other not in seats else None)
            if problem is None:
                chosen[seat] = name
                break
            message = f"! {problem}"
    return chosen[0], chosen[1]


def names_first(
    terminal: Terminal,
    names: tuple[str, str],
    seats: Sequence[int],
    glyphs: Glyphs,
    preload: Sequence[str] = (),
) -> tuple[str, str] | tuple[str, int]:
    """Ask the names on the game's terminal before the game exists.

    Returns the names, or (a goodbye message, an exit code) if the players
    left (Ctrl-C, Ctrl-D, a signal) - the same endings the game itself
    gives.  Either way the terminal is restored; the game then takes it
    with a :class:`Terminal` of its own.
    """
    terminal.guard.install()
    try:
        try:
            with terminal:
                return ask_names(terminal, names, seats, glyphs, preload)
        except Stopped as stop:
            return f"Game stopped ({signal.Signals(stop.signum).name}).", 128 + stop.signum
        except KeyboardInterrupt:
            return "Game interrupted (Ctrl-C). Goodbye!", 130
        except EOFError:
            return "Input closed (Ctrl-D): game ended. Goodbye!", 0
    finally:
        terminal.restore()
        terminal.guard.release()


def _import_in_background(modules: Sequence[str]) -> None:
    """Import ``modules`` in a daemon thread (a failure shows when the game imports them)."""

    def load() -> None:
        for module in modules:
            try:
                import_module(module)
            except Exception:  # the main thread imports it again and reports it
                return

    threading.Thread(target=load, name="tacocat-preload", daemon=True).start()
