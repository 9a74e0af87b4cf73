"""The start of ``tacocat play``: the players' names, asked before the game loads.

The name screen is one framed notice and a prompt, written as plain text
(:func:`~tacocat.ui.draw.boxes.framed`) on the game's
:class:`~tacocat.ui.term.terminal.Terminal`, which loads rich only for its first
renderable.  So ``tacocat play`` shows it before rich and the game are
imported: :func:`names_first` draws it, and the engine, the saves and the
screens load in a background thread while the first name is typed.  A game
that asks later (after "Resume it? n", or behind a note about a damaged
save) asks through :func:`ask_names` too: one name dialog, one look.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from tacocat.ui.draw.boxes import ASCII, ROUNDED, framed
from tacocat.ui.term.lineedit import NAME_PROMPTS
from tacocat.ui.term.signals import Stopped, goodbye

if TYPE_CHECKING:
    from tacocat.ui.term.io import Io


class NameScreen(Protocol):
    """What the name dialog needs of a terminal (the game's Terminal, or a line Io)."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def ascii_only(self) -> bool: ...

    def show_text(self, text: str, secret: bool = False) -> None: ...

    def ask_as(self, owner: object, prompt: str) -> str: ...


GOALS = ("YAY", "WOW")
TITLE = "New game"


def name_screen(seat: int, message: str, width: int, ascii_only: bool = False) -> str:
    """The name screen of player ``seat + 1``, ``width`` columns wide, as plain text.

    ``message`` (a refused name's reason, or "") shows under the seat's goal.
    """
    lines = [f"Player {seat + 1} sits behind the {GOALS[seat]} goal.", message]
    return framed(TITLE, lines, width, ASCII if ascii_only else ROUNDED)


def ask_names(
    terminal: NameScreen,
    names: tuple[str, str],
    seats: Sequence[int],
    ascii_only: bool = False,
    preload: Sequence[str] = (),
) -> tuple[str, str]:
    """Ask each seat in ``seats`` for a name (Enter keeps the one shown).

    ``ascii_only`` draws the frame in ASCII (``--ascii``; also where the
    terminal's encoding has no box characters).  ``preload`` names modules
    to import in the background once the first question is on screen (the
    answer is read meanwhile).
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
    """Ask the names on the game's terminal before the game exists.

    Returns the names, or (a goodbye message, an exit code) if the players
    left (Ctrl-C, Ctrl-D, a signal, the terminal closed) - the same endings
    the game itself gives.  Either way the terminal is restored; the game
    then takes it again.
    """
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


def _load_meanwhile(terminal: NameScreen, modules: Sequence[str]) -> None:
    """Import ``modules`` in the background while the first name is typed.

    On the game's terminal, once its line editing has loaded: the two imports
    together would each take as long as both.
    """
    from tacocat.ui.term.terminal import Terminal

    if isinstance(terminal, Terminal):
        terminal.when_editing = lambda: _import_in_background(modules)
    else:
        _import_in_background(modules)


def _import_in_background(modules: Sequence[str]) -> None:
    """Import ``modules`` in a daemon thread (a failure shows when the game imports them)."""
    import threading
    from importlib import import_module

    def load() -> None:
        for module in modules:
            try:
                import_module(module)
            except Exception:  # the main thread imports it again and reports it
                return

    threading.Thread(target=load, name="tacocat-preload", daemon=True).start()
