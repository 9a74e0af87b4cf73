"""Networked games between computer players, to check what the wire carries.

:func:`play_networked` hosts a real game (:class:`~tacocat.net.hostgame.NetGame`
on its join socket, a computer at the host's seat) and joins it from a
thread as a computer client that knows only what it receives, with a
spectator beside it.  It returns every message each of them received, so
a test or ``benchmarks/net_privacy.py`` can check that no card outside a
seat's view ever crossed the wire.
"""

from __future__ import annotations

import random
import threading
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tacocat.ai import make_agent
from tacocat.engine import WOW, Player, Rules
from tacocat.net import protocol, wire
from tacocat.net.hostgame import NetGame
from tacocat.net.lobby import Lobby
from tacocat.ui.game import Game, Session
from tacocat.ui.io import Kind, Prompt
from tacocat.ui.restoring import RestoredOnExit
from tacocat.ui.signals import SignalGuard

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import RenderableType


class QuietIo(RestoredOnExit):
    """An :class:`~tacocat.ui.io.Io` nobody looks at: the host's screen of a headless game."""

    on_resume: Callable[[bool], None] | None = None

    def __init__(self, confirm: str = "") -> None:
        self.guard = SignalGuard()
        self.shown = 0
        self.confirm = confirm  # the answer to every yes-or-no question (a take-back)

    size = (80, 24)
    is_terminal = False
    ascii_only = True

    def show(self, *renderables: RenderableType, secret: bool = False) -> None:
        self.shown += 1

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        if prompt.kind is Kind.CONFIRM:
            return self.confirm
        return "n" if prompt.kind is Kind.AGAIN else ""  # one game, then stop

    def flush_input(self) -> None:
        pass

    def busy(self, text: str, ascii_only: bool) -> AbstractContextManager[object]:
        return nullcontext()

    def show_text(self, text: str, secret: bool = False) -> None:
        pass

    def ask_as(self, owner: object, prompt: str) -> str:
        return ""

    def farewell(self, *renderables: RenderableType) -> None:
        pass


class HostComputer:
    """The computer at the host's seat: it plays from its own view and draws nothing.

    It sits where the host's person would (``human``): the game draws the
    host's screen for this seat, as for a person at the host's keyboard.
    """

    human = True

    def __init__(self, level: str, seed: int) -> None:
        self.agent = make_agent(level, random.Random(seed))

    def play(self, game: Game, player: Player) -> None:
        game.apply(self.agent.choose(game.state.view(player)))


@dataclass
class Transcript:
    """What crossed the wire in one networked game."""

    seed: int
    remote: Player  # the joined player's seat
    received: list[dict[str, Any]] = field(default_factory=list)  # by the joined player
    watched: list[dict[str, Any]] = field(default_factory=list)  # by the spectator
    actions: list[Any] = field(default_factory=list)  # the game as played, from the host


def play_networked(seed: int, level: str = "easy", remote: Player = WOW) -> Transcript:
    """Host and play one game between two computers over the join socket."""
    code = wire.new_code()
    server = wire.listen(code)
    names = ("Yay", "Wow")
    lobby = Lobby(server, code, remote, names)
    local = HostComputer(level, seed)
    session = Session(names, Rules(), seed, None, True)
    game = NetGame(session, QuietIo(), lobby, local=local)
    transcript = Transcript(seed, remote)
    watcher = _joined(code, True)
    player = _joined(code, False)
    threads = [
        threading.Thread(target=_watch, args=(watcher, transcript.watched), daemon=True),
        threading.Thread(target=_play, args=(player, level, seed, transcript.received)),
    ]
    for thread in threads:
        thread.start()
    try:
        game.run()
    finally:
        lobby.close("The host has ended the game.")
        wire.socket_path(code).unlink(missing_ok=True)
    for thread in threads:
        thread.join(timeout=30)
    transcript.actions = list(game.state.history)
    return transcript


def play_remote(code: str, level: str = "easy", seed: int = 0) -> None:
    """Join game ``code`` as a computer player and play until it ends (benchmarks/net_rejoin.py)."""
    received: list[Any] = []
    _play(_joined(code, False), level, seed, received)


def _joined(code: str, watch: bool) -> wire.Connection:
    connection = wire.connect(code)
    connection.send({"type": "join", "version": protocol.VERSION, "watch": watch})
    return connection


def _watch(connection: wire.Connection, received: list[dict[str, Any]]) -> None:
    while (message := connection.receive(timeout=60)) is not None:
        received.append(message)


def _play(connection: wire.Connection, level: str, seed: int, received: list[Any]) -> None:
    """A computer at the other terminal: it plays from the views it receives, nothing else."""
    rng = random.Random(seed)
    agent = make_agent(level, rng)
    rules = Rules()
    while (message := connection.receive(timeout=60)) is not None:
        received.append(message)
        if message["type"] == "welcome":
            rules = protocol.rules_of(message["rules"])
        elif message["type"] == "view":
            view = protocol.view_of(message["view"], rules)
            if view.legal_actions and message["ask"]:
                action = protocol.action_data(agent.choose(view))
                connection.send({"type": "act", "step": message["step"], "action": action})
    connection.close()
