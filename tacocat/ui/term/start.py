"""The start of ``tacocat play``: the players' names, asked before the game loads.

The name screen is plain text, so it shows before rich and the game are
imported; they load in a background thread while the first name is typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tacocat.ui.draw.boxes import ASCII, ROUNDED, framed
from tacocat.ui.term.lineedit import NAME_PROMPTS
from tacocat.ui.term.signals import Stopped, goodbye

if TYPE_CHECKING:
    from tacocat.ui.term.io import Io


GOALS = ("YAY", "WOW")
TITLE = "New game"


def name_screen(seat: int, message: str, width: int, ascii_only: bool = False) -> str:
    lines = [f"Player {seat + 1} sits behind the {GOALS[seat]} goal.", message]
    return framed(TITLE, lines, width, ASCII if ascii_only else ROUNDED)


def ask_names(
    terminal: Io,
    names: tuple[str, str],
    seats: Sequence[int],
    ascii_only: bool = False,
    preload: Sequence[str] = (),
) -> tuple[str, str]:
    """Ask each seat in ``seats`` for a name (Enter keeps the one shown).

    ``preload``: modules imported in the background once the first question shows.
    """
    from tacocat.names import name_problem

    ascii_only = ascii_only or terminal.ascii_only
    chosen = list(names)
    for seat in seats:
        message = ""
        while True:
            terminal.show_text(name_screen(seat, message, terminal.size[0], ascii_only))
            if preload:
                _load_meanwhile(terminal, preload)
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
    terminal: Io,
    names: tuple[str, str],
    seats: Sequence[int],
    ascii_only: bool = False,
    preload: Sequence[str] = (),
) -> tuple[str, str] | tuple[str, int]:
    """The names asked before the game exists, or (goodbye, exit code) if the players left."""
    terminal.guard.install()
    try:
        try:
            with terminal:
                return ask_names(terminal, names, seats, ascii_only, preload)
        except (Stopped, KeyboardInterrupt, EOFError) as error:
            return goodbye(error)
    finally:
        terminal.restore()
        terminal.guard.release()


def _load_meanwhile(terminal: Io, modules: Sequence[str]) -> None:
    """Import ``modules`` in the background, once the Terminal's line editing has loaded."""
    from tacocat.ui.term.terminal import Terminal

    if isinstance(terminal, Terminal):
        terminal.when_editing = lambda: _import_in_background(modules)
    else:
        _import_in_background(modules)


def _import_in_background(modules: Sequence[str]) -> None:
    import threading
    from importlib import import_module

    def load() -> None:
        for module in modules:
            try:
                import_module(module)
            except Exception:  # the main thread imports it again and reports it
                return

    threading.Thread(target=load, name="tacocat-preload", daemon=True).start()
