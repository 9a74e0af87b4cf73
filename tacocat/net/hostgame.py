"""The host's side of a game between two terminals: the table, with one seat far away.

The host is the authority.  :class:`NetGame` is the ordinary
:class:`~tacocat.ui.game.Game` (the same loop, the same one place where
the state changes, the same autosave and record) with two additions: after
every action it tells the lobby, which sends each peer what it may see,
and its take-back says that a move stands once the other terminal has
seen it.  :class:`RemoteSeat` is the seat of the player at the other
terminal: it sends them their view and waits for their action, which the
engine checks like a typed one; anything else they send is refused
without touching the game.  The host's own seat is an ordinary
:class:`~tacocat.ui.seats.HumanSeat`: the host's screen shows only the
host's hand, and no hand-over is needed, since nobody else looks at it.
"""

from __future__ import annotations

import queue
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tacocat.engine import Event, Player
from tacocat.net import protocol
from tacocat.net.lobby import JOINED, LEFT, Lobby, Peer
from tacocat.net.protocol import ProtocolError
from tacocat.sanitize import visible
from tacocat.storage.autosave import AutoSave
from tacocat.storage.game_info import TWO_TERMINALS
from tacocat.ui.dialogs import QuitGame
from tacocat.ui.game import Game, Session
from tacocat.ui.io import Kind, Prompt
from tacocat.ui.seats import HumanSeat, Seat, show_human

if TYPE_CHECKING:
    from tacocat.engine import Action, GameState
    from tacocat.ui.io import Io

POLL_SECONDS = 0.2  # how often the host's wait looks up (Ctrl-C is felt in between)


class TakenBack(Exception):
    """The remote player's last move was taken back (the host agreed)."""


class NetGame(Game):
    """A :class:`Game` whose seat ``lobby.seat`` is played from another terminal."""

    def __init__(
        self,
        session: Session,
        io: Io,
        lobby: Lobby,
        state: GameState | None = None,
        autosave: AutoSave | None = None,
        notes: Sequence[str] = (),
        local: Seat | None = None,
    ) -> None:
        self.lobby = lobby
        self.local = local if local is not None else HumanSeat()
        self.asking = False  # the remote seat waits for its player's decision
        self.troubles, self.trouble_at = 0, -1  # peers cut off in a row, and their log line
        super().__init__(session, io, state, autosave, notes)
        # A newcomer gets what the others have, the question included: the
        # same message twice is sent once (lobby.send_news), never asked twice.
        lobby.snapshot = lambda: self.send(self.waiting_line(), self.asking)
        lobby.on_trouble = self.trouble
        lobby.start(self.state, session.hints)

    # Each terminal shows its player's hand all the time: new cards are seen at once.
    draws_shown = True

    def trouble(self, line: str) -> None:
        """A peer was cut off (from a lobby thread): one line in the log, seen at the next redraw.

        Peers cut off one after another share that line, counted, so that a
        hostile loop neither buries the game's log nor makes the host page
        through news of it.
        """
        with self.lobby.lock:
            last = len(self.log) - 1
            if self.troubles and self.trouble_at == last:
                self.troubles += 1
                self.log[last] = f"{line} ({self.troubles} connections cut off in a row)"
            else:
                self.troubles, self.trouble_at = 1, len(self.log)
                self.log.append(line)

    def _seat(self, player: Player) -> Seat:
        return RemoteSeat() if player == self.lobby.seat else self.local

    def apply(self, action: Action, *args: Any, **kwargs: Any) -> list[Event]:
        """:meth:`Game.apply` (whatever it takes besides), then every peer is told."""
        with self.lobby.game_lock:
            events = super().apply(action, *args, **kwargs)
            self.asking = False
            self.send(self.waiting_line())
        return events

    def take_back(self) -> None:
        """The host's own ``u``: the move goes back only if the other player agrees.

        The other terminal has seen the move already, so, as on Board Game
        Arena, taking it back is asked of them; the table's rule
        (:func:`~tacocat.ui.table.may_take_back`) still decides which moves
        may be asked about at all.
        """
        remote = self.names[self.lobby.seat]
        mover = self.names[self.table.undo_mover]
        if self.ask_remote(f"{mover} asks to take back their last move. Allow it? (y/n) "):
            self.rewind()
        else:
            self.table.undoable = None
            self.log.append(f"{remote} did not agree to take the move back: it stands.")

    def rewind(self) -> None:
        """Take the last move back (agreed) and tell every peer."""
        with self.lobby.game_lock:
            super().take_back()
            self.asking = False
            self.send(self.waiting_line())
            self.lobby.note(self.log[-1])  # "Bob took back their move": no event says it
        self.curtain.open(self.human)  # one person at this keyboard: nothing to hide

    def why_no_take_back(self, player: Player) -> str:
        return (
            "nothing to take back: only your own last move, while no other move followed "
            "it and it revealed nothing, and the other player must agree"
        )

    def ask_host(self, question: str) -> bool:
        """Ask the person at the host's keyboard ``question``; True for yes."""
        show_human(self, self.human, question.split(" Allow")[0])
        # It comes unannounced: keys typed as it appears (a move typed ahead) answer nothing.
        answer = self.io.read(Prompt(Kind.CONFIRM, question), settle=self.curtain.seconds)
        return answer.strip().lower() in ("y", "yes")

    def ask_remote(self, question: str) -> bool:
        """Ask the player at the other terminal ``question``; False if they say no or are away."""
        lobby = self.lobby
        asked = lobby.player
        if asked is None or asked.connection.closed:
            return False
        lobby.tell(asked, "ask", question)
        show_human(self, self.human, f"Asking {self.names[lobby.seat]}{self.glyphs.ellipsis}")
        while True:
            peer, message = heard(lobby)
            kind = message.get("type")
            if peer is not asked or kind == JOINED:
                continue  # an earlier connection's news, or this one's own arrival
            if kind == LEFT:
                return False  # gone without answering: the move stands
            if kind == "answer":
                return message.get("yes") is True
            lobby.tell(peer, "refused", "Answer the question first.")

    def start_saving(self) -> None:
        """Recorded as a game over two terminals: `history` tells it from hot seat.

        Between two people all the same, so resumable at one keyboard
        (``play --resume``) or hosted again (``host --resume``).
        """
        if self.live_autosave is None:
            seed = self.session.seed
            assert seed is not None
            try:
                self.autosave = AutoSave.start(self.state, self.names, seed, TWO_TERMINALS)
            except ValueError:
                self.autosave = None

    def again(self) -> bool:
        with self.lobby.game_lock:
            self.lobby.finish(self.state, self.events)
        return super().again()

    def send(self, status: str, ask: bool = False) -> None:
        """Every peer's view of the game now, with ``status`` (``ask``: the remote decides)."""
        with self.lobby.game_lock:
            self.lobby.update(self.state, self.events, status, ask)

    def waiting_line(self) -> str:
        player = self.state.current_player()
        if player is None:
            return "The game is over."
        return f"Waiting for {self.names[player]}."


class RemoteSeat:
    """The seat of the player at the other terminal (as a person, never behind a curtain)."""

    human = False  # not at this keyboard: the host's screen needs no hand-over

    def play(self, game: Game, player: Player) -> None:
        assert isinstance(game, NetGame)
        if HumanSeat().play_forced(game, player):
            return  # a single legal action plays itself, as at the keyboard
        lobby = game.lobby
        with lobby.game_lock:
            game.asking = True
            game.send(game.waiting_line(), ask=True)
        self.show(game, player, connected=lobby.player is not None)
        while True:
            peer, message = heard(lobby)
            try:
                action = self.handle(game, player, peer, message)
            except TakenBack:
                return  # the game goes on from the decision before
            if action is not None:
                game.table.note_move(player, action, game.apply(action), game.draws_shown)
                return

    def handle(
        self, game: NetGame, player: Player, peer: Peer, message: dict[str, Any]
    ) -> Action | None:
        """The action ``message`` plays, if it is a legal one; anything else is answered here."""
        lobby, kind = game.lobby, message.get("type")
        if peer is not lobby.player and kind != LEFT:
            return None  # a connection already replaced by a rejoin
        if kind == JOINED:
            game.send(game.waiting_line(), ask=True)
            self.show(game, player, connected=True)
        elif kind == LEFT:
            if peer is lobby.player:
                self.show(game, player, connected=False)
        elif kind == "act":
            return self.action(game, player, peer, message)
        elif kind == "chat":
            self.chat(game, peer, message)
        elif kind == "take_back":
            self.take_back(game, player, peer)
        else:
            lobby.tell(peer, "refused", "Not a message this game takes.")
        return None

    def action(
        self, game: NetGame, player: Player, peer: Peer, message: dict[str, Any]
    ) -> Action | None:
        try:
            step = protocol.field(message, "step", int)  # never a bool or a float
            action = protocol.action_of(message.get("action"))
        except ProtocolError:
            game.lobby.tell(peer, "refused", "That is not an action.")
            return None
        if step != len(game.state.history):
            game.lobby.tell(peer, "refused", "That move answers a decision already past.")
            return None
        problem = game.state.why_illegal(action)
        if problem is not None:
            game.lobby.tell(peer, "refused", f"Not allowed: {problem}.")
            return None
        return action

    def take_back(self, game: NetGame, player: Player, peer: Peer) -> None:
        """The remote player's ``u``: asked of the host; raises TakenBack if it went back."""
        if not game.table.can_take_back(player):
            game.lobby.tell(peer, "refused", f"Not allowed: {game.why_no_take_back(player)}.")
            return
        name = game.names[player]
        if game.ask_host(f"{name} asks to take back their last move. Allow it? (y/n) "):
            game.rewind()
            raise TakenBack
        host = game.names[game.human]
        game.table.undoable = None
        game.log.append(f"{host} did not agree to take the move back: it stands.")
        game.lobby.tell(peer, "refused", f"{host} did not agree: the move stands.")
        self.show(game, player, connected=True)

    def chat(self, game: NetGame, peer: Peer, message: dict[str, Any]) -> None:
        try:
            text = protocol.text_field(message, "text")
        except ProtocolError:
            return
        name = game.names[game.lobby.seat]
        game.log.append(f"{name} says: {visible(text)}")
        game.lobby.chat(name, text)
        self.show(game, game.state.current_player(), connected=True)

    def show(self, game: NetGame, player: Player | None, connected: bool) -> None:
        """The host's own screen while the other terminal decides (or is away)."""
        if player is None:
            return
        name = game.names[player]
        if connected:
            note = f"Waiting for {name} to play at the other terminal."
        else:
            note = (
                f"{name} is not connected: waiting for them to join "
                f"(tacocat join {game.lobby.code}). Ctrl-C saves and stops."
            )
        show_human(game, game.human, note)


def heard(lobby: Lobby) -> tuple[Peer, dict[str, Any]]:
    """The next thing a peer said (or its arrival or leaving), waited for in short polls.

    The wait polls so that Ctrl-C on the host is felt in between; once the
    lobby has closed nobody can answer any more, and it raises QuitGame.
    """
    while True:
        try:
            peer, message = lobby.inbox.get(timeout=POLL_SECONDS)
        except queue.Empty:
            continue
        if peer is None:
            raise QuitGame
        return peer, message
