"""``tacocat host``'s table: the one :class:`~tacocat.ui.play.game.Game`, one seat remote.

Nothing is subclassed: the joined seat plays on a :class:`~tacocat.net.remote.RemoteIo`,
and a listener draws the spectators' screen after every change of the table.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from tacocat.engine import GameState, other
from tacocat.net.lobby import Lobby
from tacocat.net.remote import RemoteIo
from tacocat.net.watch import Watch
from tacocat.storage.autosave import AutoSave
from tacocat.ui.play.game import Game, Session
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
