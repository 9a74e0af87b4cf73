"""A live host for the tests: a real game on its join socket, a computer at the host's seat."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tacocat.engine import WOW, Rules
from tacocat.net import protocol, wire
from tacocat.net.hostgame import NetGame
from tacocat.net.lobby import Lobby
from tacocat.net.selfplay import HostComputer, QuietIo
from tacocat.ui.dialogs import QuitGame
from tacocat.ui.game import Session


@dataclass
class Hosted:
    code: str
    game: NetGame
    thread: threading.Thread
    errors: list[BaseException]


@contextmanager
def hosted(seed: int = 7, confirm: str = "", hints: bool = True) -> Iterator[Hosted]:
    """A game hosted in a thread (the remote seat is Wow's) until the block ends."""
    code = wire.new_code()
    lobby = Lobby(wire.listen(code), code, WOW, ("Ann", "Bob"))
    game = NetGame(
        Session(("Ann", "Bob"), Rules(), seed, None, True, hints=hints),
        QuietIo(confirm),
        lobby,
        local=HostComputer("easy", seed),
    )
    errors: list[BaseException] = []
    thread = threading.Thread(target=_serve, args=(game, errors), daemon=True)
    thread.start()
    try:
        yield Hosted(code, game, thread, errors)
    finally:
        lobby.close("The host has ended the game.")
        wire.socket_path(code).unlink(missing_ok=True)
        thread.join(timeout=20)
    assert not errors, errors  # the host never fails, whatever the peers sent


def _serve(game: NetGame, errors: list[BaseException]) -> None:
    try:
        with game.io:
            game.play_games()
    except QuitGame:
        pass  # the lobby closed under a seat still waiting: the test is over
    except BaseException as error:
        errors.append(error)


def join(code: str, watch: bool = False) -> wire.Connection:
    connection = wire.connect(code)
    connection.send({"type": "join", "version": protocol.VERSION, "watch": watch})
    return connection


def until(connection: wire.Connection, kind: str, ask: bool = False) -> dict[str, Any]:
    """The next message of ``kind`` (``ask``: a view that asks for a decision)."""
    while True:
        message = connection.receive(timeout=20)
        assert message is not None, f"closed before a {kind} message"
        if message["type"] == kind and (not ask or message.get("ask")):
            return message


def asked(code: str) -> tuple[wire.Connection, dict[str, Any]]:
    """A joined player and the first view that asks it for a decision."""
    connection = join(code)
    return connection, until(connection, "view", ask=True)


def left(host: Hosted) -> None:
    """Wait until the host has seen its player go (the seat is free for a rejoin)."""
    deadline = time.monotonic() + 20
    while (player := host.game.lobby.player) is not None and not player.connection.closed:
        assert time.monotonic() < deadline, "the host never saw the player leave"
        time.sleep(0.01)
