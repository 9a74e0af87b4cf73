"""A take-back between two terminals is asked of the other player, who agrees or refuses."""

from __future__ import annotations

import random
import threading

import pytest
from hosting import asked, hosted, join, next_screen, reply, until
from selfplay import hosted_computer_game, typed_move

from tacocat.ai import make_agent
from tacocat.engine import WOW, YAY
from tacocat.net import wire
from tacocat.net.lobby import Lobby
from tacocat.ui.play import takeback


@pytest.mark.parametrize("agree", [True, False])
def test_the_host_is_asked_and_the_move_goes_back_only_if_it_agrees(agree: bool) -> None:
    with hosted(seed=3, confirm="y" if agree else "") as host:
        connection, question = asked(host.code)
        agent = make_agent("easy", random.Random(3))
        while True:  # play until Wow's own last move may still be taken back
            reply(connection, question, typed_move(agent, host.game.state.view(WOW)))
            question = until(connection, "read", decision=True)
            if host.game.table.can_take_back(WOW):
                break
        moves = len(host.game.state.history)
        reply(connection, question, "u")
        shown = next_screen(connection)
        assert "Asking Yay" in shown  # the mover waits for the other terminal's answer
        while "took back" not in shown and "did not agree" not in shown:
            shown = next_screen(connection)
        if agree:
            assert "Wow took back their move" in shown  # in the joined terminal's log too
            assert len(host.game.state.history) == moves - 1
        else:
            assert "Yay did not agree: the move stands." in shown
            assert len(host.game.state.history) == moves
        connection.close()


@pytest.mark.parametrize(("answer", "agreed"), [("y", True), ("n", False), (None, False)])
def test_the_joined_player_is_asked_for_the_host_s_take_back(
    answer: str | None, agreed: bool
) -> None:
    """The game's own thread asks (as the host's ``u`` does); the joined player answers or goes."""
    code = wire.new_code()
    door = Lobby(wire.listen(code), code, WOW, ("Yay", "Wow"))
    game = hosted_computer_game(5, "easy", WOW, door)
    game.curtain.open(YAY)  # as the game's loop does: one person at this keyboard
    connection = join(code)
    until(connection, "welcome")

    def respond() -> None:
        question = until(connection, "read")
        assert question["kind"] == "confirm" and "Yay asks to take back" in question["text"]
        if answer is None:
            connection.close()  # gone before answering: the move stands
        else:
            reply(connection, question, answer)

    helper = threading.Thread(target=respond)
    helper.start()
    try:
        assert (
            takeback.ask(game, WOW, "Yay asks to take back their last move. Allow it? (y/n) ")
            is agreed
        )
    finally:
        helper.join(timeout=20)
        door.close("The host has ended the game.")
        wire.socket_path(code).unlink(missing_ok=True)
