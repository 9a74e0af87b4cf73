"""The table's loop: games in a row, hot seat, against the computer or at two terminals.

:meth:`Game.run` is the one way in and out (docs/architecture.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import replace
from functools import partial

from rich.text import Text

from tacocat.engine import WOW, YAY, GameState, Player, new_game
from tacocat.sanitize import visible
from tacocat.storage.autosave import AutoSave
from tacocat.storage.game_info import HOT_SEAT, TWO_TERMINALS, VS_COMPUTER, new_seed
from tacocat.ui.draw.notice import notice_screen
from tacocat.ui.play import ending, handover
from tacocat.ui.play.dialogs import QuitGame
from tacocat.ui.play.seats import ComputerSeat, HumanSeat
from tacocat.ui.play.sitting import Seat, Session, Sitting
from tacocat.ui.term.io import Io, Kind, Prompt
from tacocat.ui.term.signals import Stopped, goodbye

__all__ = ["Game", "QuitGame", "Session", "Stopped"]


class Game(Sitting):
    """Plays games of one :class:`Session` on one :class:`~tacocat.ui.term.io.Io` (or two)."""

    def __init__(
        self,
        session: Session,
        io: Io,
        state: GameState | None = None,
        autosave: AutoSave | None = None,
        notes: Sequence[str] = (),
        remote: Mapping[Player, Io] | None = None,
        seats: tuple[Seat, Seat] | None = None,
    ) -> None:
        """``remote``: a seat played at another terminal, and that terminal (tacocat host);
        ``seats``: who plays each side, if not the session's people and computer."""
        seats = seats or (self._seat(session, YAY), self._seat(session, WOW))
        super().__init__(session, io, seats, state, autosave, notes, remote)

    @staticmethod
    def _seat(session: Session, player: Player) -> Seat:
        """The computer's seat when the session names a level and it sits there, else a person's."""
        level = session.computer
        if level is None or player != session.computer_seat:
            return HumanSeat()
        from tacocat.ai import make_agent

        rng = random.Random()  # reseeded before each computer decision
        return ComputerSeat(make_agent(level, rng), rng)

    def run(self, sitting: Callable[[], None] | None = None, goodbye_line: str = "") -> int:
        """Play ``sitting`` (games in a row by default) until the players stop; the exit code.

        ``goodbye_line`` is its last word when it ends well or a player quits.  The
        terminal is restored again here, in case a signal cut the ``with`` block's short.
        """
        io = self.io
        io.on_resume = partial(handover.resumed, self)  # back from Ctrl-Z
        io.guard.install()
        try:
            message, code = self._sitting(sitting or self.play_games)
            if code == 0 and goodbye_line:
                message = goodbye_line
            io.restore()
            final = self.table.final_screen
            if final is not None and self.state.is_terminal():
                with suppress(OSError):  # the final board stays on the shell's screen
                    io.farewell(final)
            note = self.autosave.exit_note() if self.autosave is not None else None
            if note is not None:
                message = f"{message}\n{note}"
            with suppress(OSError):  # after SIGHUP the terminal may be gone
                # A note may quote a file path: plain text, control characters shown.
                io.farewell(Text(visible(message, keep="\n")))
        finally:
            io.guard.release()
        return code

    def _sitting(self, sitting: Callable[[], None]) -> tuple[str, int]:
        """Play the sitting inside the terminal; the goodbye line and the exit code."""
        try:
            with self.io:
                self.show_notes()
                if self.session.ask_names:
                    self.ask_names()
                sitting()
            return "Thanks for playing tacocat!", 0
        except QuitGame:
            return "Game ended: a player quit.", 0
        except (Stopped, KeyboardInterrupt, EOFError) as error:
            return goodbye(error)

    def play_games(self) -> None:
        while True:
            self.start_saving()
            self.play_one(end_screen=True)
            if not ending.again(self):
                return
            # A fresh secret seed: the finished game's seed is public (replay),
            # and a seed derived from it would give away the new deal.
            seed = new_seed()
            self.session = replace(self.session, seed=seed)
            self.new_table(new_game(seed, self.session.rules))

    def start_saving(self) -> None:
        """Autosave a new game; a resumed one first waits for the right player instead."""
        if not self.session.record:
            return  # a lesson is not a game of the history
        if self.live_autosave is None:
            seed = self.session.seed
            assert seed is not None  # __init__ gives every game a seed
            computer = next((p for p in (YAY, WOW) if not self.seats[p].human), None)
            mode = VS_COMPUTER if computer is not None else HOT_SEAT
            mode = TWO_TERMINALS if self.two_terminals else mode
            try:
                self.autosave = AutoSave.start(
                    self.state, self.names, seed, mode, self.session.computer, computer
                )
            except ValueError:
                self.autosave = None  # a state not dealt from the session's seed: not saved
            return
        player = self.state.current_player()
        if player is not None and not self.two_terminals:
            handover.ready(self, player if self.hot_seat else self.human, "Saved game", "Resuming")

    def play_one(self, end_screen: bool = False) -> None:
        """One game (or a lesson's round); ``end_screen``: the game-over screen follows."""
        if not self.hot_seat:
            self.curtain.open(self.human)  # one person at the keyboard: nobody to hide from
        self.changed()
        while (player := self.state.current_player()) is not None and not self.round_done():
            self.seats[player].play(self, player)
        # The last round's end: on the game-over screen when it has room, else first on its own.
        if not end_screen or ending.final_result(self) is None:
            handover.reveal(self, None)
            self.table.news = []  # shown: the game-over screen does not carry it again

    def show_notes(self) -> None:
        """What happened before the game took the screen (a damaged save, no save)."""
        if self.notes:
            self.dialogs.wait(
                notice_screen("Before the game", list(self.notes), self.glyphs),
                Prompt(Kind.NOTICE, "Press Enter to continue: "),
            )

    def ask_names(self) -> None:
        """Ask for the names not given on the command line (Enter keeps the default)."""
        from tacocat.ui.term.start import ask_names

        seats = [player for player in (YAY, WOW) if self.seats[player].human]
        names = ask_names(self.io, self.names, seats, self.session.ascii)
        self.session = replace(self.session, names=names, ask_names=False)
