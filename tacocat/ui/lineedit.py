"""Line editing at every prompt, with a separate history for each player.

On a terminal, prompts are read with Python's :mod:`readline` (GNU
readline or libedit): the arrow keys move and recall, Home/End and
Ctrl-A/E jump, Ctrl-W deletes a word and Ctrl-U the line.  readline is
part of the standard library and imports in about a millisecond, which
keeps the first screen of ``tacocat play`` quick; prompt_toolkit would
give the same keys on every platform but costs a dependency and a tenth
of a second or more at start-up.

readline keeps one history for the whole process, so :class:`LineEditor`
swaps it per prompt: before Ann's prompt the history holds only what Ann
typed, before Bob's only Bob's, and before a prompt that belongs to
nobody in particular (a hand-over, "play again") it is empty.  What one
player typed can never be recalled by the other.

Where readline is missing (Windows without an add-on) lines are read
without it; the terminal then edits the line itself.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

HISTORY_SIZE = 50  # lines kept per player


def load_readline() -> ModuleType | None:
    """The readline module, set up for game prompts; None where it is missing."""
    try:
        import readline
    except ImportError:
        return None
    # A line typed is added to its player's history by LineEditor, not by readline.
    readline.set_auto_history(False)
    # Tab would complete file names by default: nothing in the game is a file.
    readline.set_completer(_no_completion)
    return readline


def _no_completion(text: str, state: int) -> str | None:
    return None


class LineEditor:
    """Reads lines with editing keys and one history per owner (a player, or None)."""

    def __init__(self, readline: ModuleType | None, read: Callable[[str], str] = input) -> None:
        self.readline = readline
        self.read = read
        self.histories: dict[object, list[str]] = {}

    def ask(self, prompt: str, owner: object = None) -> str:
        """One line after ``prompt``, recalling only ``owner``'s earlier lines.

        ``owner`` None (a prompt that belongs to no player) has no history.
        """
        if self.readline is None:
            return self.read(prompt)
        mine = self.histories.setdefault(owner, []) if owner is not None else []
        self.readline.clear_history()
        for line in mine:
            self.readline.add_history(line)
        try:
            line = self.read(prompt)
        finally:
            # Nobody's lines stay in readline between prompts.
            self.readline.clear_history()
        if owner is not None and line.strip() and (not mine or mine[-1] != line):
            mine.append(line)
            del mine[:-HISTORY_SIZE]
        return line

    def forget(self) -> None:
        """Drop every player's history (a new game at the table)."""
        self.histories.clear()
