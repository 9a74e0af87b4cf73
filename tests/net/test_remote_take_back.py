"""A take-back between two terminals is asked of the other player, who agrees or refuses."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from hosting import asked, hosted, join, until

from tacocat.engine import WOW, Rules
from tacocat.net import wire
from tacocat.net.hostgame import NetGame
from tacocat.net.lobby import Lobby
from tacocat.net.selfplay import QuietIo
from tacocat.ui.game import Session


def answer_to(
    connection: wire.Connection, passed: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The host's answer: the next view that asks, a refusal, or the end of the game.

    ``passed``, if given, gets the messages that came before it.
    """
    while True:
        message = connection.receive(timeout=20)
        assert message is not None
        if message["type"] in ("refused", "over") or message.get("ask"):
            return message
        if passed is not None:
            passed.append(message)


def own_move_in_a_row(connection: wire.Connection, view: dict[str, Any]) -> tuple[int, Any]:
    """Play until this player decides twice in a row: (the step of its move, the view after)."""
    while True:
        mine = view["step"]
        legal = view["view"]["legal"]
        answers = [action for action in legal if action[0] == "answer"]
        action = (answers or legal)[0]
        connection.send({"type": "act", "step": mine, "action": action})
        view = answer_to(connection)
        assert view["type"] == "view", "the game ended before a move in a row"
        if view["step"] == mine + 1:
            return mine, view


@pytest.mark.parametrize("agree", [True, False])
def test_the_host_is_asked_and_the_move_goes_back_only_if_it_agrees(agree: bool) -> None:
    with hosted(seed=3, confirm="y" if agree else "") as host:
        connection, view = asked(host.code)
        while True:
            mine, view = own_move_in_a_row(connection, view)
            connection.send({"type": "take_back"})
            passed: list[dict[str, Any]] = []
            reply = answer_to(connection, passed)
            if reply["type"] == "refused" and reply["text"].startswith("Not allowed"):
                view = {**view, "ask": True}  # a move that revealed something: play on
                continue
            break
        if agree:
            assert reply["type"] == "view" and reply["step"] == mine
            assert len(host.game.state.history) == mine
            assert any("took back their move" in line for line in host.game.log)
            # No event tells it: the joined terminal's log gets the host's line.
            notes = [message["text"] for message in passed if message["type"] == "note"]
            assert any("took back their move" in text for text in notes), passed
        else:
            assert reply["type"] == "refused" and "did not agree" in reply["text"]
            assert len(host.game.state.history) == mine + 1
        connection.close()


@pytest.mark.parametrize(("reply", "agreed"), [(True, True), (False, False), (None, False)])
def test_the_joined_player_is_asked_for_the_host_s_take_back(
    reply: bool | None, agreed: bool
) -> None:
    """The game's own thread asks (as the host's ``u`` does); the joined player answers or goes."""
    code = wire.new_code()
    door = Lobby(wire.listen(code), code, WOW, ("Ann", "Bob"))
    game = NetGame(Session(("Ann", "Bob"), Rules(), 5, None, True), QuietIo(), door)
    game.curtain.open(game.human)  # as the game's loop does: one person at this keyboard
    connection = join(code)
    until(connection, "welcome")

    def answer() -> None:
        question = until(connection, "ask")
        assert "Ann asks to take back" in question["text"]
        if reply is None:
            connection.close()  # gone before answering: the move stands
        else:
            connection.send({"type": "answer", "yes": reply})

    helper = threading.Thread(target=answer)
    helper.start()
    try:
        assert game.ask_remote("Ann asks to take back their last move. Allow it? (y/n) ") is agreed
    finally:
        helper.join(timeout=20)
        door.close("The host has ended the game.")
        wire.socket_path(code).unlink(missing_ok=True)
