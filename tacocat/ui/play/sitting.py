"""What outlives one game at the table: the players, their seats and desks, the match.

:meth:`Sitting.apply` is the one place the state changes (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from tacocat.engine import WOW, YAY, Action, Card, Event, GameState, Player, PlayerView, new_game
from tacocat.engine.actions import list_values
from tacocat.engine.events import DuelRevealed, GameOver, Showdown
from tacocat.engine.rules import Rules
from tacocat.sanitize import visible
from tacocat.storage.autosave import AutoSave
from tacocat.storage.game_info import new_seed
from tacocat.ui.draw import screens
from tacocat.ui.draw.cards import NEW_MARK, keyed_hand
from tacocat.ui.draw.glyphs import glyphs
from tacocat.ui.play.curtain import Curtain
from tacocat.ui.play.dialogs import Dialogs
from tacocat.ui.play.stats import MatchScore
from tacocat.ui.play.table import Table
from tacocat.ui.term.io import Io

# Public results worth stopping for, so both players can read them.
HEADLINES = (DuelRevealed, Showdown, GameOver)


@dataclass(frozen=True)
class Session:
    """Everything that defines a sitting: who plays, with which rules and seed."""

    names: tuple[str, str]
    rules: Rules
    seed: int | None = None
    computer: str | None = None  # the computer's level; None: hot seat
    ascii: bool = False
    ask_names: bool = False  # ask at the keyboard for names not given as options
    hints: bool = True  # whether a player may type `hint` (off with --no-hints)
    confirm: bool = False  # --confirm-moves: Enter before the computer replies, so u can come first
    computer_seat: Player = WOW  # where the computer sits (`--seat` chooses the person's)
    # A lesson's table: nothing recorded, one round, and its own words for why no move
    # goes back and what becomes of a hint's count (None: the game's).
    record: bool = True
    one_round: bool = False
    no_take_back: str | None = None
    hint_note: str | None = None


class Seat(Protocol):
    """Whoever plays one side of the table."""

    human: bool  # a person at the keyboard (two of them: hot seat, behind the curtain)

    def play(self, game: Sitting, player: Player) -> None:
        """Play ``player``'s decision (or, for a person, take a move back instead)."""


class Sitting:
    """Who plays, where, and the game now; :class:`~tacocat.ui.play.game.Game` plays it."""

    def __init__(
        self,
        session: Session,
        io: Io,
        seats: tuple[Seat, Seat],
        state: GameState | None = None,
        autosave: AutoSave | None = None,
        notes: Sequence[str] = (),
        remote: Mapping[Player, Io] | None = None,
    ) -> None:
        """``remote``: a seat played at another terminal, and that terminal (tacocat host)."""
        seed_given = session.seed is not None
        if not seed_given:
            # Games are saved and replayed by their seed, so every game gets one.
            session = replace(session, seed=new_seed())
        self.session = session
        self.autosave = autosave  # given for a resumed game; started by play_games otherwise
        self.io = io
        self.curtain = Curtain(io)  # whose hand may show (tacocat.ui.play.curtain)
        self.glyphs = glyphs(session.ascii)
        self.dialogs = Dialogs(io, self.curtain, self.glyphs)
        # Each player's terminal (its screen and keyboard, curtain and dialogs):
        # this one, unless the seat is played at another.
        self.desks = {YAY: self.dialogs, WOW: self.dialogs}
        for player, far in (remote or {}).items():
            desk = Dialogs(far, Curtain(far), glyphs(session.ascii or far.ascii_only))
            desk.curtain.open(player)  # one person at that terminal: nobody to hide from
            self.desks[player] = desk
        # Told after every change of the table (a spectator's screen is drawn from it).
        self.listeners: list[Callable[[Sitting], None]] = []
        self.notes = tuple(notes)  # said on the first screen (e.g. a damaged save moved aside)
        self.seats = seats
        state = state if state is not None else new_game(session.seed, session.rules)
        # A resumed game's log is every event so far; a new game's is the deal.
        events = autosave.events if autosave is not None else state.opening_events
        self.table = Table(state, list(events), self.texts(events))
        if seed_given and self.hot_seat and autosave is None:
            self.table.log.append(
                f"This game is dealt from --seed {session.seed}: whoever knows the seed "
                "knows both hands and every deal."
            )
        self.match = MatchScore()  # games won across "Play again"

    @property
    def names(self) -> tuple[str, str]:
        return self.session.names

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
    def humans(self) -> tuple[Player, ...]:
        """The players at the keyboard: who must see every public event."""
        return tuple(player for player in (YAY, WOW) if self.seats[player].human)

    @property
    def ascii(self) -> bool:
        return self.session.ascii

    # The game now: one Table per game (tacocat.ui.play.table).

    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def events(self) -> list[Event]:
        return self.table.events

    @property
    def log(self) -> list[str]:
        return self.table.log

    def apply(self, action: Action, note: str | None = None) -> list[Event]:
        """Apply one action: the only place the game state changes.

        ``note`` (why a move played itself) ends its first event's log line.
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

    def show_waiting(self, player: Player) -> None:
        """Every other terminal shows its player's own table while ``player`` decides."""
        for waiting in (YAY, WOW):
            desk = self.desks[waiting]
            if desk is not self.desks[player] and self.seats[waiting].human:
                self.show_own(waiting, f"Waiting for {self.names[player]}.")

    def new_table(self, state: GameState) -> None:
        """A fresh table for the next game (or lesson), dealt as ``state``, behind the curtain."""
        self.table = Table(state, list(state.opening_events), self.texts(state.opening_events))
        self.curtain.close()

    def round_done(self) -> bool:
        """Whether a one-round sitting (a lesson) has reached its showdown."""
        return self.session.one_round and any(isinstance(e, Showdown) for e in self.events)

    def show_log(self, view: PlayerView) -> None:
        """The whole public log and the discard pile by round, scrollable, newest last."""
        from tacocat.ui.draw.logview import log_view_lines

        width, _ = self.dialogs.fit()
        lines = log_view_lines(self.events, view, self.names, width, self.glyphs)
        self.dialogs.scroll("Game log", lines, at_end=True)

    @property
    def live_autosave(self) -> AutoSave | None:
        """This game's autosave; None before it starts, or if it is an earlier game's."""
        autosave = self.autosave
        return autosave if autosave is not None and autosave.state is self.state else None

    def count_hint(self, player: Player) -> None:
        """One more hint for ``player``, written to the game's record at once."""
        autosave = self.live_autosave
        if autosave is not None:
            autosave.hint_used(player)
        else:
            self.table.hints_unsaved[player] += 1

    @property
    def hints_used(self) -> tuple[int, int]:
        autosave = self.live_autosave
        hints = autosave.hints if autosave is not None else self.table.hints_unsaved
        return (hints[0], hints[1])

    def hint_count(self, player: Player) -> str:
        """The hint screen's last line: ``player``'s count, the end screen and the record.

        The record only if this game has one: the screen must not promise what is not kept.
        """
        from tacocat.ui.draw.advice import count_line

        if self.session.hint_note is not None:
            return self.session.hint_note
        recorded = self.live_autosave is not None
        return count_line(self.hints_used[player], shown_at_end=True, recorded=recorded)

    def headline_news(self) -> bool:
        """Whether the news holds a result worth stopping for: in hot seat every duel and
        showdown (both must see them), else only a round's end (the log shows the rest)."""
        stops = HEADLINES if self.hot_seat else (Showdown, GameOver)
        return any(isinstance(event, stops) for event in self.table.news)

    def showdown_news(self) -> bool:
        """Whether a round ended since the news was last shown (its own moment)."""
        return any(isinstance(event, Showdown) for event in self.table.news)

    def texts(self, events: Sequence[Event]) -> list[str]:
        """Events as log lines: the one place they become text with the players' names."""
        return [event.text(self.names) for event in events]

    def show_own(self, player: Player, note: str) -> None:
        """``player``'s own table at their terminal, with ``note`` instead of a request."""
        desk = self.desks[player]
        view = self.state.view(player)
        keyed = keyed_hand(view.hand)
        new = self.table.drawn.get(player, frozenset())  # still marked on the next decision
        tips = [note, *drew_line(view.hand, new)]
        frame = desk.frame()
        screen = screens.decision_screen(view, self.names, self.log, keyed, tips, None, frame, new)
        desk.show_hand(player, screen)


def drew_line(hand: Sequence[Card], new: Collection[int]) -> list[str]:
    """["You drew 3, 9 and 12 (marked new)."] for the cards of ``hand`` in ``new``; else []."""
    values = tuple(sorted(card.value for card in hand if card.id in new))
    if not values:
        return []
    return [f"You drew {list_values(values)} (marked {NEW_MARK})."]
