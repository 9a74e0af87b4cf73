"""A live host for the tests: a real game on its join socket, its host typed by a computer."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from selfplay import hosted_computer_game

from tacocat.engine import WOW
from tacocat.net import protocol, wire
from tacocat.net.lobby import Lobby
from tacocat.ui.play.dialogs import QuitGame
from tacocat.ui.play.game import Game
from tacocat.ui.term.io import Kind


@dataclass
class Hosted:
    code: str
    game: Game
    lobby: Lobby
    thread: threading.Thread
    errors: list[BaseException]


@contextmanager
def hosted(seed: int = 7, confirm: str = "", hints: bool = True) -> Iterator[Hosted]:
    """A game hosted in a thread (the remote seat is Bob's, Wow) until the block ends."""
    code = wire.new_code()
    lobby = Lobby(wire.listen(code), code, WOW, ("Yay", "Wow"))
    game = hosted_computer_game(seed, "easy", WOW, lobby, confirm)
    if not hints:
        from dataclasses import replace

        game.session = replace(game.session, hints=False)
    errors: list[BaseException] = []
    thread = threading.Thread(target=_serve, args=(game, errors), daemon=True)
    thread.start()
    try:
        yield Hosted(code, game, lobby, thread, errors)
    finally:
        lobby.close("The host has ended the game.")
        wire.socket_path(code).unlink(missing_ok=True)
        thread.join(timeout=20)
    assert not errors, errors  # the host never fails, whatever the peers sent


def _serve(game: Game, errors: list[BaseException]) -> None:
    try:
        with game.io:
            game.play_games()
    except QuitGame:
        pass  # the lobby closed under a seat still waiting: the test is over
    except BaseException as error:
        errors.append(error)


def join(code: str, watch: bool = False) -> wire.Connection:
    connection = wire.connect(code)
    hello = {"type": "join", "version": protocol.VERSION, "watch": watch}
    connection.send(hello | {"size": [80, 24], "ascii": True})
    return connection


def until(connection: wire.Connection, kind: str, decision: bool = False) -> dict[str, Any]:
    """The next message of ``kind`` (``decision``: a question for this player's move)."""
    while True:
        message = connection.receive(timeout=20)
        assert message is not None, f"closed before a {kind} message"
        if message["type"] == kind and (not decision or message["kind"] == Kind.DECISION.value):
            return message


def screen(message: dict[str, Any]) -> str:
    return str(protocol.screen_of(message["lines"]))


def asked(code: str) -> tuple[wire.Connection, dict[str, Any]]:
    """A joined player and the first question for its move."""
    connection = join(code)
    return connection, until(connection, "read", decision=True)


def reply(connection: wire.Connection, question: dict[str, Any], text: str) -> None:
    """Type ``text`` at ``question``."""
    connection.send({"type": "line", "id": question["id"], "text": text, "size": [80, 24]})


def next_screen(connection: wire.Connection) -> str:
    """The text of the next screen sent."""
    return screen(until(connection, "screen"))


def screen_saying(connection: wire.Connection, text: str) -> str:
    """The first screen that says ``text`` (a redraw may come before it)."""
    while text not in (shown := next_screen(connection)):
        pass
    return shown


def left(host: Hosted) -> None:
    """Wait until the host has seen its player go (the seat is free for a rejoin)."""
    deadline = time.monotonic() + 20
    while (player := host.lobby.player) is not None and not player.connection.closed:
        assert time.monotonic() < deadline, "the host never saw the player leave"
        time.sleep(0.01)
