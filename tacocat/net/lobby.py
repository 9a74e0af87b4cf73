"""The host's door: who is connected, what they said, and what each is sent.

Peers are read by threads that only queue what they hear (:attr:`Lobby.inbox`);
the game's own thread takes it from there (docs/security.md, "Two terminals").
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType

from tacocat.engine import Player
from tacocat.net import protocol
from tacocat.net.protocol import ProtocolError
from tacocat.net.wire import Connection
from tacocat.sanitize import visible

HELLO_SECONDS = 10.0
MAX_WATCHERS = 16  # each costs a thread and a copy of every screen
INBOX_LIMIT = 64  # messages a player may have waiting: more is a flood
JOINED, LEFT = "joined", "left"
DEFAULT_SIZE = (80, 24)

# A spectator's screen, drawn for a terminal of (columns, lines).
WatchScreen = Callable[[int, int], RenderableType]


@dataclass
class Peer:
    """One connected terminal: a player's or a spectator's."""

    connection: Connection
    watcher: bool
    size: tuple[int, int] = DEFAULT_SIZE
    ascii_only: bool = False


class Lobby:
    """Connections to one hosted game: one remote player's seat, any number of spectators."""

    def __init__(self, server: socket.socket, code: str, seat: Player, names: tuple[str, str]):
        self.server = server
        self.code = code
        self.seat = seat  # the remote player's
        self.names = names
        self.player: Peer | None = None
        self.size = DEFAULT_SIZE  # the joined player's terminal, as it last said
        self.ascii_only = False
        self.screen: dict[str, Any] | None = None  # the joined player's screen now
        self.question: dict[str, Any] | None = None  # and the question asked there
        self.watch: WatchScreen | None = None  # the spectators' screen now
        # One line for the host's log when a peer other than the player is cut off.
        self.on_trouble: Callable[[str], None] = lambda line: None
        self.watchers: list[Peer] = []
        self.lock = threading.Lock()
        # (peer, message): what the remote player said, and JOINED/LEFT news.
        # None for a peer: the lobby closed (wakes a seat still waiting).
        self.inbox: queue.Queue[tuple[Peer | None, dict[str, Any]]] = queue.Queue()
        self.thread = threading.Thread(target=self._accept, daemon=True, name="tacocat-lobby")

    def start(self) -> None:
        self.thread.start()

    def close(self, message: str) -> None:
        self.inbox.put((None, {"type": "closed"}))
        with self.lock:
            everyone = [*self.watchers, *([self.player] if self.player else [])]
        for peer in everyone:
            peer.connection.send({"type": "bye", "message": message})
            peer.connection.close()
        with contextlib.suppress(OSError):
            self.server.close()

    def _accept(self) -> None:
        while True:
            try:
                sock, _ = self.server.accept()
            except OSError:
                return  # closed: the game is over
            connection = Connection(sock, limit=protocol.MAX_PEER_LINE)  # a typed line, a size
            threading.Thread(target=self._greet, args=(connection,), daemon=True).start()

    def _greet(self, connection: Connection) -> None:
        """Read the newcomer's hello, seat it or refuse it, then keep listening to it.

        Whatever one peer sends ends at most that peer, never the host.
        """
        peer: Peer | None = None
        trouble = None
        try:
            try:
                hello = connection.receive(timeout=HELLO_SECONDS)
            except TimeoutError:
                raise ProtocolError("too slow") from None
            peer = self._seat(connection, hello)
            if peer is not None:
                trouble = self._listen(peer)
        except ProtocolError as error:
            said = f"Disconnected: {error}." if peer else f"Not a tacocat join ({error})."
            refuse(connection, said)
            trouble = f"broke the protocol ({error})"
        except Exception as error:  # a case no check foresaw: it ends this peer only
            refuse(connection, "Disconnected: a message this host cannot take.")
            trouble = f"sent a message this host cannot take ({type(error).__name__})"
        finally:
            connection.close()
            self._gone(connection, peer, trouble)

    def _seat(self, connection: Connection, hello: dict[str, Any] | None) -> Peer | None:
        if hello is None:
            return None
        kind, version = hello.get("type"), hello.get("version")
        if kind != "join" or type(version) is not int or version != protocol.VERSION:
            refuse(connection, "This is not a join this host understands (another version?).")
            return None
        watcher = protocol.field(hello, "watch", bool)
        peer = Peer(connection, watcher, protocol.size_of(hello.get("size")))
        peer.ascii_only = protocol.field(hello, "ascii", bool)
        name = self.names[self.seat]
        with self.lock:
            if watcher and len(self.watchers) >= MAX_WATCHERS:
                refuse(connection, "Too many spectators already.")
                return None
            if watcher:
                self.watchers.append(peer)
            elif self.player is not None and not self.player.connection.closed:
                refuse(connection, f"{name}'s seat is taken.")
                return None
            else:
                self.player = peer
                self.size, self.ascii_only = peer.size, peer.ascii_only
        seat = None if watcher else self.seat
        connection.send({"type": "welcome", "code": self.code, "seat": seat, "name": name})
        if watcher:
            self._draw_watcher(peer)
        else:
            self.ask_player(None)  # the screen as it is, whoever's turn it is
            self.inbox.put((peer, {"type": JOINED}))
            self.draw_watchers(self.watch, f"{name} joined.")
        return peer

    def _listen(self, peer: Peer) -> str | None:
        """Queue what ``peer`` says until it leaves (None) or floods the game (why)."""
        while (message := peer.connection.receive()) is not None:
            if message.get("type") == "bye":
                return None
            if peer.watcher:
                with contextlib.suppress(ProtocolError):
                    peer.size = protocol.size_of(message.get("size"))
                continue  # spectators have nothing else to say to the game
            if self.inbox.qsize() >= INBOX_LIMIT:
                refuse(peer.connection, "Disconnected: too many messages.")
                return "flooded the game"
            self.inbox.put((peer, message))
        return None

    def _gone(self, connection: Connection, peer: Peer | None, trouble: str | None) -> None:
        """``connection`` is closed: a spectator's place goes, the game hears of a player.

        A peer cut off for ``trouble`` is one line in the host's log: the
        player's when the game hears of it, anyone else's at once.
        """
        with self.lock:  # by connection: a spectator whose welcome failed is seated already
            self.watchers = [w for w in self.watchers if w.connection is not connection]
        if peer is not None and not peer.watcher:
            self.inbox.put((peer, {"type": LEFT, "why": trouble}))
            self.draw_watchers(self.watch, f"{self.names[self.seat]} left the game.")
        elif trouble is not None:
            who = "A newcomer" if peer is None else "A spectator"
            self.on_trouble(f"{who} was disconnected: {trouble}.")

    def to_player(self, message: dict[str, Any]) -> None:
        """Send the joined player ``message`` (a screen is kept, to send again on a rejoin)."""
        if message["type"] == "screen":
            self.screen, self.question = message, None
        player = self.player
        if player is not None:
            player.connection.send(message)

    def ask_player(self, question: dict[str, Any] | None) -> None:
        """Ask the joined player ``question``; None: the screen and question now, again."""
        player = self.player
        if question is not None:
            self.question = question
        elif player is not None and self.screen is not None:
            player.connection.send(self.screen)
        if player is not None and self.question is not None:
            player.connection.send(self.question)

    def drop_player(self, message: str) -> None:
        """Say ``message`` to the joined player and close their connection (they left)."""
        player = self.player
        if player is not None:
            player.connection.send({"type": "bye", "message": visible(message)})
            player.connection.close()

    def draw_watchers(self, watch: WatchScreen | None, note: str | None = None) -> None:
        """Draw ``watch`` at every spectator's terminal (``note``: a line below it)."""
        self.watch = watch
        with self.lock:
            watchers = list(self.watchers)
        for watcher in watchers:
            self._draw_watcher(watcher, note)

    def _draw_watcher(self, watcher: Peer, note: str | None = None) -> None:
        watch = self.watch
        if watch is None:
            return
        columns, lines = watcher.size
        parts = (watch(columns, lines), *(() if note is None else (note,)))
        watcher.connection.send({"type": "screen", "lines": protocol.screen_data(parts, columns)})


def refuse(connection: Connection, text: str) -> None:
    connection.send({"type": "refused", "text": text, "final": True})
    connection.close()
