"""The small dialogs every screen shares: wait for Enter, confirm a quit, page through lines."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from tacocat.engine import Player
from tacocat.ui.draw import screens
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.glyphs import Glyphs
from tacocat.ui.draw.notice import notice_screen
from tacocat.ui.play.curtain import Curtain
from tacocat.ui.term.claim import MIN_HEIGHT, MIN_WIDTH, size_problem
from tacocat.ui.term.io import Io, Kind, Prompt

QUIT_WORDS = ("q", "quit", "exit")


class QuitGame(Exception):
    """A player confirmed ``q``."""


class Dialogs:
    def __init__(self, io: Io, curtain: Curtain, glyphs: Glyphs) -> None:
        self.io = io
        self.curtain = curtain
        self.glyphs = glyphs

    def wait(
        self,
        screen: RenderableType,
        prompt: Prompt,
        owner: Player | None = None,
        between: bool = False,
    ) -> None:
        """Show ``screen`` until Enter; 'q' offers to quit, and going back shows it again.

        ``owner``: the screen shows that player's hand.  ``between``: it stands between
        the players (a result, a notice before a hand): read through the curtain.
        """
        while True:
            if owner is None:
                self.io.show(screen)
            else:
                self.show_hand(owner, screen)
            answer = self.curtain.ask(prompt) if between else self.io.read(prompt)
            if answer.strip().lower() not in QUIT_WORDS:
                return
            self.confirm_quit()

    def show_hand(self, player: Player, *renderables: RenderableType) -> None:
        """Show a screen holding ``player``'s hand: only once they passed their hand-over."""
        self.curtain.require(player)
        self.io.show(*renderables, secret=True)

    def yes(self, title: str, lines: list[str], question: str, settle: float = 0.0) -> bool:
        """Ask ``question`` under a notice of ``lines``; True for y or yes."""
        self.io.show(notice_screen(title, lines, self.glyphs))
        answer = self.io.read(Prompt(Kind.CONFIRM, question), settle=settle)
        return answer.strip().lower() in ("y", "yes")

    def confirm_quit(self) -> None:
        lines = ["Really quit this game?", "Type y to quit, or just Enter to go back."]
        if self.yes("Quit?", lines, "Quit? (y/N) "):
            leave = getattr(self.io, "leave", None)  # another terminal: only its player leaves
            if leave is not None:
                leave()
                return
            raise QuitGame

    def scroll(self, title: str, lines: list[Text], at_end: bool = False) -> None:
        """Show ``lines`` a screenful at a time, redrawn in the alternate screen (no pager).

        Enter pages down, b up; t and e jump to the top and the end; q goes back to the game.
        """
        top: int | None = None
        while True:
            width, height = self.fit()
            rows = max(1, height - 2)  # a title row and the prompt
            last = max(0, len(lines) - rows)
            if top is None:
                top = last if at_end else 0
            top = min(max(0, top), last)
            frame = Frame(width, height, self.glyphs)
            self.io.show(screens.scroll_screen(title, lines, top, rows, frame))
            text = screens.scroll_prompt(title, top, rows, len(lines))
            answer = self.io.read(Prompt(Kind.PAGER, text)).strip().lower()
            if answer in ("q", "quit", "back", "x"):
                return
            if answer in ("b", "u", "up", "k"):
                top -= rows
            elif answer in ("t", "top"):
                top = 0
            elif answer in ("e", "end"):
                top = last
            elif answer in ("", "n", "d", "down", "j"):
                if top >= last:
                    return  # Enter at the end goes back to the game
                top += rows

    def frame(self) -> Frame:
        """The terminal's frame, once it is at least 80x24 (:meth:`fit`)."""
        width, height = self.fit()
        return Frame(width, height, self.glyphs)

    def fit(self) -> tuple[int, int]:
        """The terminal size, waiting (with a message) while it is below 80x24."""
        while True:
            width, height = self.io.size
            problem = size_problem(width, height)
            if problem is None or not self.io.is_terminal:
                return max(width, MIN_WIDTH), max(height, MIN_HEIGHT)
            self.wait(
                notice_screen("Terminal too small", [problem], self.glyphs),
                Prompt(Kind.NOTICE, "Press Enter after resizing: "),
            )
