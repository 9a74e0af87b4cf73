"""``tacocat host``'s table: the one :class:`~tacocat.ui.play.game.Game`, one seat remote.

Nothing is subclassed: the joined seat plays on a :class:`~tacocat.net.remote.RemoteIo`,
and a listener draws the spectators' screen after every change of the table.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from rich.console import RenderableType

from tacocat.engine import GameState, other
from tacocat.engine.actions import list_values
from tacocat.net.lobby import Lobby
from tacocat.net.remote import RemoteIo
from tacocat.net.watch import watch_screen
from tacocat.storage.autosave import AutoSave
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.glyphs import glyphs
from tacocat.ui.draw.showdown import moment_of
from tacocat.ui.play.game import Game, Session
from tacocat.ui.play.sitting import Sitting
from tacocat.ui.term.io import Io


def hosted_game(
    session: Session,
    io: Io,
    lobby: Lobby,
    state: GameState | None = None,
    autosave: AutoSave | None = None,
    notes: Sequence[str] = (),
) -> Game:
    """The table for a hosted game: ``lobby.seat`` is played at the other terminal."""
    remote = RemoteIo(lobby, lambda back: None)  # told once the game exists
    game = Game(session, io, state, autosave, notes, remote={lobby.seat: remote})
    remote.on_away = lambda back, why=None: _away(game, lobby, back, why)
    lobby.on_trouble = Troubles(game).note
    game.listeners.append(lambda table: lobby.draw_watchers(Watch(table)))
    lobby.start()
    return game


def _away(game: Game, lobby: Lobby, back: bool | None, why: str | None = None) -> None:
    """The joined player left (False; ``why``, if cut off), came back (True), or is not here."""
    name = game.names[lobby.seat]
    if back is not None:
        gone = f"{name} was disconnected: {why}." if why else f"{name} left the game."
        game.log.append(f"{name} is back." if back else gone)
        game.changed()
    if game.seats[other(lobby.seat)].human:
        note = (
            f"Waiting for {name}."
            if back
            else f"{name} is not connected: waiting for them to join "
            f"(tacocat join {lobby.code}). Ctrl-C saves and stops."
        )
        game.show_own(game.human, note)


class Troubles:
    """Peers cut off (from the lobby's threads): one line in the log, counted when in a row."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.count, self.at = 0, -1  # cut off in a row, and their line's place in the log
        self.lock = threading.Lock()  # peers are read by a thread each

    def note(self, line: str) -> None:
        log = self.game.log
        with self.lock:
            if self.count and self.at == len(log) - 1:
                self.count += 1
                log[self.at] = f"{line} ({self.count} connections cut off in a row)"
            else:
                self.count, self.at = 1, len(log)
                log.append(line)


class Watch:
    """The table now as a spectator sees it (the public view), drawn at any size."""

    def __init__(self, game: Sitting) -> None:
        state = game.state
        self.public = state.public_view()
        self.names = game.names
        self.log = list(game.log)
        self.ascii = game.ascii
        self.moment = moment_of(game.table.news)  # a round just ended: its showdown
        player = state.current_player()
        self.status = (
            "The game is over." if player is None else f"Waiting for {self.names[player]}."
        )
        values = state.rules.card_values
        self.hands = [  # at the end, as replay shows them
            f"{self.names[p]} held {list_values(tuple(sorted(values[i] for i in hand)))}."
            if hand
            else f"{self.names[p]} held no cards."
            for p, hand in enumerate(state.hands if state.is_terminal() else ())
        ]

    def __call__(self, columns: int, lines: int) -> RenderableType:
        frame = Frame(max(columns, 80), max(lines, 24), glyphs(self.ascii))
        return watch_screen(
            self.public, self.names, self.log, self.status, self.hands, frame, self.moment
        )
