"""The host's door: who is connected, what they said, and what each may be sent.

:class:`Lobby` accepts connections on the join socket in a thread of its
own.  A newcomer has :data:`HELLO_SECONDS` to say who it is (``join``: the
remote player's seat, or ``watch``); a second player for a seat that is
taken is refused.  Each peer then gets a reader thread that only queues
what it hears into :attr:`Lobby.inbox`; the game's own thread takes it
from there, so no peer can touch the game but through the seat that asks
(:class:`~tacocat.net.hostgame.RemoteSeat`).  A peer that floods the
queue, breaks the protocol or stalls mid-message is disconnected.

What goes out is built here from the engine's views, so this is the one
place to read to know what the wire carries: a player's
:class:`~tacocat.engine.PlayerView`, a spectator's
:class:`~tacocat.engine.PublicView`, public events, and at the end of a
game (as replay shows it) both hands.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tacocat.engine import Event, GameState, Player
from tacocat.net import protocol
from tacocat.net.protocol import ProtocolError
from tacocat.net.wire import Connection
from tacocat.sanitize import visible

HELLO_SECONDS = 10.0
MAX_WATCHERS = 16  # each costs a thread and a copy of every message
INBOX_LIMIT = 64  # messages a player may have waiting: more is a flood
JOINED, LEFT = "joined", "left"


@dataclass
class Peer:
    """One connected terminal: a player's or a spectator's."""

    connection: Connection
    watcher: bool
    name: str
    events_sent: int = 0  # how many of the game's events it has
    events_of: object = None  # the list they came from: a new game's log starts again
    last: dict[str, Any] = field(default_factory=dict)  # the last view sent, not sent twice


class Lobby:
    """Connections to one hosted game: one remote player's seat, any number of spectators."""

    def __init__(self, server: socket.socket, code: str, seat: Player, names: tuple[str, str]):
        self.server = server
        self.code = code
        self.seat = seat  # the remote player's
        self.names = names
        self.rules: dict[str, Any] = {}
        self.hints = True  # whether the hint command is on (off with --no-hints)
        self.player: Peer | None = None
        self.closed = False  # the door is shut: a seat still waiting gives up
        # Held while the game changes and while a newcomer is shown the table
        # (from this door's thread): a view is never read halfway through a move.
        self.game_lock = threading.RLock()
        self.snapshot: Callable[[], None] | None = None  # sends everyone the table now
        # One line for the host's log when a peer is cut off (set by the game).
        self.on_trouble: Callable[[str], None] = lambda line: None
        self.watchers: list[Peer] = []
        self.lock = threading.Lock()
        # (peer, message): what the remote player said, and JOINED/LEFT news.
        # None for a peer: the lobby closed (wakes a seat still waiting).
        self.inbox: queue.Queue[tuple[Peer | None, dict[str, Any]]] = queue.Queue()
        self.thread = threading.Thread(target=self._accept, daemon=True, name="tacocat-lobby")

    def start(self, state: GameState, hints: bool = True) -> None:
        self.rules = state.rules.to_dict()
        self.hints = hints
        self.thread.start()

    def close(self, message: str) -> None:
        """Say goodbye to everyone and stop accepting."""
        self.closed = True
        self.inbox.put((None, {"type": "closed"}))
        with self.lock:
            peers = [*self.watchers, *([self.player] if self.player else [])]
        for peer in peers:
            peer.connection.send({"type": "bye", "message": message})
            peer.connection.close()
        with contextlib.suppress(OSError):
            self.server.close()

    # -- coming in -------------------------------------------------------------

    def _accept(self) -> None:
        while True:
            try:
                sock, _ = self.server.accept()
            except OSError:
                return  # closed: the game is over
            threading.Thread(target=self._greet, args=(Connection(sock),), daemon=True).start()

    def _greet(self, connection: Connection) -> None:
        """Read the newcomer's hello, seat it or refuse it, then keep listening to it.

        Whatever one peer sends ends at most that peer: any error while
        reading or handling its messages closes its connection (which frees
        its seat at once) and leaves one line in the host's log, never a
        traceback on the host's screen.
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
            if trouble is not None:  # in the log before the game hears the seat is free
                who = "A newcomer" if peer is None else "A spectator" if peer.watcher else peer.name
                self.on_trouble(f"{who} was disconnected: {trouble}.")
            self._gone(connection, peer, trouble or LEFT)

    def _seat(self, connection: Connection, hello: dict[str, Any] | None) -> Peer | None:
        if hello is None:
            return None
        kind, version = hello.get("type"), hello.get("version")
        if kind != "join" or type(version) is not int or version != protocol.VERSION:
            refuse(connection, "This is not a join this host understands (another version?).")
            return None
        watcher = protocol.field(hello, "watch", bool)
        peer = Peer(connection, watcher, self.names[self.seat])
        with self.lock:
            if watcher and len(self.watchers) >= MAX_WATCHERS:
                refuse(connection, "Too many spectators already.")
                return None
            if watcher:
                self.watchers.append(peer)
            elif self.player is not None and not self.player.connection.closed:
                refuse(connection, f"{self.names[self.seat]}'s seat is taken.")
                return None
            else:
                self.player = peer
        welcome: dict[str, Any] = {"type": "welcome", "code": self.code, "names": list(self.names)}
        welcome |= {"rules": self.rules, "seat": None if watcher else self.seat}
        welcome["hints"] = self.hints  # --no-hints holds at every terminal
        connection.send(welcome)
        with self.game_lock:  # the table as it is, whoever's turn it is
            if self.snapshot is not None:
                self.snapshot()
        if not watcher:
            self.inbox.put((peer, {"type": JOINED}))
        return peer

    def _listen(self, peer: Peer) -> str | None:
        """Queue what ``peer`` says until it leaves (None) or floods the game (why)."""
        while (message := peer.connection.receive()) is not None:
            if peer.watcher:
                continue  # spectators have nothing to say to the game
            if self.inbox.qsize() >= INBOX_LIMIT:
                refuse(peer.connection, "Disconnected: too many messages.")
                return "flooded the game"
            self.inbox.put((peer, message))
        return None

    def _gone(self, connection: Connection, peer: Peer | None, reason: str) -> None:
        """``connection`` is closed: a spectator's place goes, the game hears of a player."""
        with self.lock:  # by connection: a spectator whose welcome failed is seated already
            self.watchers = [w for w in self.watchers if w.connection is not connection]
        if peer is not None and not peer.watcher:
            self.inbox.put((peer, {"type": LEFT, "why": reason}))

    # -- going out -------------------------------------------------------------

    def update(self, state: GameState, events: list[Event], status: str, ask: bool = False) -> None:
        """Send every peer what changed: new events, then its view (a player's, or the public).

        ``ask``: the remote seat asks its player for this decision now.  A
        view without it only shows the table: a decision that plays itself
        (a single legal action) is never asked, so never answered too late.
        """
        with self.lock:
            player, watchers = self.player, list(self.watchers)
        if player is not None and not player.connection.closed:
            view = protocol.view_data(state.view(self.seat))
            step = len(state.history)  # an action must name the decision it answers
            message = {"type": "view", "view": view, "step": step, "status": status, "ask": ask}
            send_news(player, events, message)
        for watcher in watchers:
            public = protocol.public_data(state.public_view())
            send_news(watcher, events, {"type": "public", "view": public, "status": status})

    def finish(self, state: GameState, events: list[Event]) -> None:
        """The game is over: its last events, and both hands, as replay shows them."""
        hands = [list(hand) for hand in state.hands]
        self.update(state, events, "The game is over.")
        with self.lock:
            peers = [*self.watchers, *([self.player] if self.player else [])]
        for peer in peers:
            peer.connection.send({"type": "over", "hands": hands})

    def tell(self, peer: Peer, kind: str, text: str) -> None:
        """A ``refused``, ``note`` or ``chat`` line to ``peer`` (texts pass the filter)."""
        peer.connection.send({"type": kind, "text": visible(text)[: protocol.MAX_TEXT]})

    def chat(self, name: str, text: str) -> None:
        """A chat line to everyone connected."""
        self._to_everyone(
            {"type": "chat", "name": name, "text": visible(text)[: protocol.MAX_TEXT]}
        )

    def note(self, text: str) -> None:
        """A line for everyone's log that no event tells (a move taken back)."""
        self._to_everyone({"type": "note", "text": visible(text)[: protocol.MAX_TEXT]})

    def _to_everyone(self, message: dict[str, Any]) -> None:
        with self.lock:
            peers = [*self.watchers, *([self.player] if self.player else [])]
        for peer in peers:
            peer.connection.send(message)


def send_news(peer: Peer, events: list[Event], view: dict[str, Any]) -> None:
    """The events ``peer`` lacks (all again after a rewind), then ``view`` if it changed."""
    same = peer.events_of is events and peer.events_sent <= len(events)
    start = peer.events_sent if same else 0
    peer.events_of = events
    fresh = events[start:]
    if fresh or start == 0:
        step = protocol.EVENTS_PER_MESSAGE
        for offset in range(0, max(len(fresh), 1), step):
            part = fresh[offset : offset + step]
            data = protocol.events_data(part)
            peer.connection.send({"type": "log", "start": start + offset, "events": data})
        peer.events_sent = len(events)
    if view != peer.last or fresh:
        peer.connection.send(view)
        peer.last = view


def refuse(connection: Connection, text: str) -> None:
    connection.send({"type": "refused", "text": text, "final": True})
    connection.close()
