"""A sitting at one terminal: games in a row, hot seat or against the computer.

:class:`Game` holds what outlives one game (the players, their seats, the
match score, the terminal and its curtain); each game is a fresh
:class:`~tacocat.ui.table.Table`.  The loop asks the engine whose decision
it is and lets that player's :class:`~tacocat.ui.seats.Seat` play it; every
action goes through :meth:`Game.apply`, the one place where the state
changes and the log grows.  Leaving the game, by ``q``, Ctrl-C or Ctrl-D,
always goes through :meth:`Game.run`, which restores the terminal and says
goodbye.

The parts: :mod:`~tacocat.ui.io` (what is shown and asked),
:mod:`~tacocat.ui.curtain` (who may see a hand), :mod:`~tacocat.ui.dialogs`
(wait, confirm, page), :mod:`~tacocat.ui.handover` (the screens between
the players), :mod:`~tacocat.ui.seats` (a person or the computer) and
:mod:`~tacocat.ui.table` (one game).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import replace

from rich.text import Text

from tacocat.engine import (
    WOW,
    YAY,
    Action,
    Event,
    GameState,
    Player,
    PlayerView,
    new_game,
)
from tacocat.engine.events import DuelRevealed, GameOver, Showdown
from tacocat.sanitize import visible
from tacocat.storage.autosave import AutoSave
from tacocat.storage.game_info import HOT_SEAT, TWO_TERMINALS, VS_COMPUTER, new_seed
from tacocat.ui import ending, handover, screens, takeback
from tacocat.ui.curtain import Curtain
from tacocat.ui.dialogs import Dialogs, QuitGame
from tacocat.ui.glyphs import glyphs
from tacocat.ui.io import Io, Kind, Prompt
from tacocat.ui.seats import ComputerSeat, HumanSeat, Seat, show_human
from tacocat.ui.session import Session
from tacocat.ui.signals import Stopped, goodbye
from tacocat.ui.stats import MatchScore
from tacocat.ui.table import Table

__all__ = ["Game", "QuitGame", "Session", "Stopped"]

# Public results worth stopping for, so both players can read them.
HEADLINES = (DuelRevealed, Showdown, GameOver)


class Game:
    """Plays games of one :class:`Session` on one :class:`~tacocat.ui.io.Io` (or two)."""

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
        seed_given = session.seed is not None
        if not seed_given:
            # Games are saved and replayed by their seed, so every game gets one.
            session = replace(session, seed=new_seed())
        self.session = session
        self.autosave = autosave  # given for a resumed game; started by play_games otherwise
        self.io = io
        self.curtain = Curtain(io)  # whose hand may show (tacocat.ui.curtain)
        self.glyphs = glyphs(session.ascii)
        self.dialogs = Dialogs(io, self.curtain, self.glyphs)
        # Each player's terminal: this one, unless the seat is played at another.
        self.desks = {YAY: self.dialogs, WOW: self.dialogs}
        for player, far in (remote or {}).items():
            desk = Dialogs(far, Curtain(far), glyphs(session.ascii or far.ascii_only))
            desk.curtain.open(player)  # one person at that terminal: nobody to hide from
            self.desks[player] = desk
        # Told after every change of the table (a spectator's screen is drawn from it).
        self.listeners: list[Callable[[Game], None]] = []
        self.notes = tuple(notes)  # said on the first screen (e.g. a damaged save moved aside)
        self.seats: tuple[Seat, Seat] = seats or (self._seat(YAY), self._seat(WOW))
        state = state if state is not None else new_game(session.seed, session.rules)
        # A resumed game's log is every event so far; a new game's is the deal.
        events = autosave.events if autosave is not None else state.opening_events
        self.table = Table.deal(state, events, self.texts(events))
        if seed_given and self.hot_seat and autosave is None:
            self.table.log.append(
                f"This game is dealt from --seed {session.seed}: whoever knows the seed "
                "knows both hands and every deal."
            )
        self.match = MatchScore()  # games won across "Play again"

    def _seat(self, player: Player) -> Seat:
        """The computer's seat when the session names a level and it sits there, else a person's."""
        level = self.session.computer
        if level is None or player != self.session.computer_seat:
            return HumanSeat()
        from tacocat.ai import make_agent

        rng = random.Random()  # reseeded before each computer decision
        return ComputerSeat(make_agent(level, rng), rng)

    @property
    def names(self) -> tuple[str, str]:
        return self.session.names

    def desk(self, player: Player) -> Dialogs:
        """``player``'s terminal: its screen and keyboard, curtain and dialogs."""
        return self.desks[player]

    @property
    def human(self) -> Player:
        """The person at this terminal (YAY in hot seat, where both are people)."""
        local = (p for p in (YAY, WOW) if self.seats[p].human and self.desks[p] is self.dialogs)
        return next(local, YAY)

    @property
    def two_terminals(self) -> bool:
        """Each player at a terminal of their own (tacocat host and join)."""
        return self.desks[YAY] is not self.desks[WOW]

    @property
    def hot_seat(self) -> bool:
        """Two people share the keyboard: hands go behind the curtain between them."""
        return all(seat.human for seat in self.seats) and not self.two_terminals

    @property
    def draws_shown(self) -> bool:
        """Whether a mover sees the cards they drew at once, whoever plays next.

        At two terminals, yes; not at one keyboard, where the curtain hides
        them until the mover's next screen.
        """
        return self.two_terminals

    @property
    def humans(self) -> tuple[Player, ...]:
        """The players at the keyboard: who must see every public event."""
        return tuple(player for player in (YAY, WOW) if self.seats[player].human)

    @property
    def ascii(self) -> bool:
        return self.session.ascii

    # The game now: one Table per game (tacocat.ui.table).
    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def events(self) -> list[Event]:
        return self.table.events

    @property
    def log(self) -> list[str]:
        return self.table.log

    # -- the single way in and out -------------------------------------------

    def run(self, sitting: Callable[[], None] | None = None, goodbye_line: str = "") -> int:
        """Play until the players stop; return the process exit code.

        ``sitting`` is what is played (games in a row, unless a lesson's
        run says otherwise), and ``goodbye_line`` its last word when it ends
        well or a player quits.

        The first Ctrl-C, SIGTERM or SIGHUP ends the game here; later ones
        are ignored until the terminal is restored (see tacocat.ui.signals),
        and :meth:`Io.restore` runs again in case the first one cut the
        ``with`` block's own restoration short.
        """
        io = self.io
        io.on_resume = self.resumed
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

    def apply(self, action: Action, note: str | None = None) -> list[Event]:
        """Apply one action: the only place the game state changes.

        ``note`` (why a move played itself) ends its first event's log line,
        so the log tells the move once.
        """
        before = self.state.hands
        with self.io.guard.held():
            events = self.state.apply_action(action)
            if self.autosave is not None:
                self.autosave.after_action(events)  # saved before anything else can happen
        texts = self.texts(events)
        if note is not None and texts:
            texts[0] += f" ({note})"
        self.table.record(events, texts, before)
        warning = self.autosave.new_warning() if self.autosave is not None else None
        if warning is not None:
            self.log.append(warning)  # on the very next screen, not only at exit
        self.changed()
        return events

    def changed(self) -> None:
        """The table changed (a move, a take-back, a line said): tell whoever listens."""
        for listener in self.listeners:
            listener(self)

    def say(self, player: Player, text: str) -> None:
        """``player``'s chat line, in everyone's log (two terminals)."""
        self.log.append(f"{self.names[player]} says: {visible(text)}")
        self.table.saw((player,))
        self.show_waiting(player)
        self.changed()

    def take_back(self) -> bool:
        """Take the last move back, if the other terminal agrees (:mod:`tacocat.ui.takeback`)."""
        return takeback.take_back(self)

    def ask(self, player: Player, question: str) -> bool:
        """Ask ``player``, at their own terminal, a yes-or-no ``question``; True for yes."""
        return takeback.ask(self, player, question)

    def show_waiting(self, player: Player) -> None:
        """Every other terminal shows its player's own table while ``player`` decides."""
        for waiting in (YAY, WOW):
            desk = self.desk(waiting)
            if desk is not self.desk(player) and self.seats[waiting].human:
                show_human(self, waiting, f"Waiting for {self.names[player]}.")

    def why_no_take_back(self, player: Player) -> str:
        """Why ``u`` takes nothing back now, in words (:mod:`tacocat.ui.takeback`)."""
        return self.session.no_take_back or takeback.why_not(self, player)

    def resumed(self, secret: bool) -> None:
        """Back from Ctrl-Z (the terminal calls this): see :func:`handover.resumed`."""
        handover.resumed(self, secret)

    # -- the loop -------------------------------------------------------------

    def play_games(self) -> None:
        while True:
            self.start_saving()
            self.play_one()
            if not self.again():
                return
            # A fresh secret seed: the finished game's seed is public (replay),
            # and a seed derived from it would give away the new deal.
            seed = new_seed()
            self.session = replace(self.session, seed=seed)
            self.new_table(new_game(seed, self.session.rules))

    def new_table(self, state: GameState) -> None:
        """A fresh table for the next game (or lesson), dealt as ``state``, behind the curtain."""
        self.table = Table.deal(state, state.opening_events, self.texts(state.opening_events))
        self.curtain.close()

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

    def play_one(self) -> None:
        if not self.hot_seat:
            self.curtain.open(self.human)  # one person at the keyboard: nobody to hide from
        self.changed()
        while (player := self.state.current_player()) is not None and not self.round_done():
            self.seats[player].play(self, player)
        # The round that ended the game, its showdown and the Tacocat's last
        # jump, before the final board (at 80x24 its log has little room).
        handover.reveal(self, None)

    def round_done(self) -> bool:
        """Whether a one-round sitting (a lesson) has reached its showdown."""
        return self.session.one_round and any(isinstance(e, Showdown) for e in self.events)

    def show_notes(self) -> None:
        """What happened before the game took the screen (a damaged save, no save)."""
        if self.notes:
            self.dialogs.wait(
                screens.notice_screen("Before the game", list(self.notes), self.glyphs),
                Prompt(Kind.NOTICE, "Press Enter to continue: "),
            )

    def ask_names(self) -> None:
        """Ask for the names not given on the command line (Enter keeps the default)."""
        from tacocat.ui.start import ask_names

        seats = [player for player in (YAY, WOW) if self.seats[player].human]
        names = ask_names(self.io, self.names, seats, self.session.ascii)
        self.session = replace(self.session, names=names, ask_names=False)

    # -- the end of a game -------------------------------------------------------

    def again(self) -> bool:
        """The game-over screen; True if the players want another game (ui/ending.py)."""
        return ending.again(self)

    def show_log(self, view: PlayerView) -> None:
        """The whole public log and the discard pile by round, scrollable, newest last."""
        from tacocat.ui.logview import log_view_lines

        width, _ = self.dialogs.fit()
        lines = log_view_lines(self.events, view, self.names, width, self.glyphs)
        self.dialogs.scroll("Game log", lines, at_end=True)

    @property
    def live_autosave(self) -> AutoSave | None:
        """This game's autosave; None before it starts, or if it is an earlier game's."""
        autosave = self.autosave
        return autosave if autosave is not None and autosave.state is self.state else None

    # -- hints -------------------------------------------------------------------

    def count_hint(self, player: Player) -> None:
        """One more hint for ``player``, written to the game's record at once."""
        autosave = self.live_autosave
        if autosave is not None:
            autosave.hint_used(player)
        else:
            self.table.hints_unsaved[player] += 1

    @property
    def hints_used(self) -> tuple[int, int]:
        """Hints each player has asked for in this game."""
        autosave = self.live_autosave
        if autosave is not None:
            return (autosave.hints[0], autosave.hints[1])
        unsaved = self.table.hints_unsaved
        return (unsaved[0], unsaved[1])

    def hint_count(self, player: Player) -> str:
        """The hint screen's last line: ``player``'s count, the end screen and the record.

        The record only if this game has one (its autosave started): the
        hint screen must not promise what the game will not keep.
        """
        from tacocat.ui.advice import count_line

        if self.session.hint_note is not None:
            return self.session.hint_note
        recorded = self.live_autosave is not None
        return count_line(self.hints_used[player], shown_at_end=True, recorded=recorded)

    # -- helpers ---------------------------------------------------------------

    def headline_news(self) -> bool:
        """Whether the news holds a result worth stopping for.

        Hot seat stops for every duel and showdown (the player not at the
        keyboard must see them too); against the computer only a round's
        end stops play, since the log shows the rest as it happens.
        """
        stops = HEADLINES if self.hot_seat else (Showdown, GameOver)
        return any(isinstance(event, stops) for event in self.table.news)

    def showdown_news(self) -> bool:
        """Whether a round ended since the news was last shown (its own moment)."""
        return any(isinstance(event, Showdown) for event in self.table.news)

    def texts(self, events: Sequence[Event]) -> list[str]:
        """Events as log lines: the one place they become text with the players' names."""
        return [event.text(self.names) for event in events]
