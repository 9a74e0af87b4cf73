"""A terminal closed under the game (its window, an ssh connection): a clean exit, the game kept.

Each command runs in a pseudo-terminal whose master end the test closes,
as closing a window does: the kernel sends SIGHUP and every later read or
mode change of the terminal fails (EIO).  Standard error goes to a file,
which must stay empty (no traceback); the exit status is SIGHUP's (129);
and the game is saved as ``q`` would leave it: ``--resume`` goes on at the
same decision.  ``play`` and ``join`` are closed once at a prompt and once
inside a key-drop window (the settle time is made long there, so the close
falls inside it); the host, which has no hand-over, at a prompt, while its
game waits for the other terminal, and inside its take-back question's window.
"""

from __future__ import annotations

import signal
import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from wirefuzz import Command, json_line

from tacocat.engine import WOW, YAY, Action, Answer, Rules, new_game
from tacocat.net import protocol, wire
from tacocat.ui.draw.advice import typed_keys
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.play.forced import forced_action
from tacocat.ui.play.table import may_take_back

pytestmark = pytest.mark.e2e

CODE = "kmnpqr"
NAMES = ("--p1", "Ann", "--p2", "Bob")
HUNG_UP = 128 + signal.SIGHUP
LONG = "5"  # seconds of key-drop window: far longer than the test needs to close it


def hung_up(command: Command, stderr: Path) -> None:
    assert command.hang_up() == HUNG_UP
    assert stderr.read_text() == ""


def test_play_closed_in_a_hand_over_s_window_and_at_a_prompt(app_home: Path) -> None:
    stderr = app_home.parent / "stderr"
    play = Command(app_home, "play", *NAMES, "--seed", "2", settle=LONG, stderr=stderr)
    play.wait_for("Pass the keyboard to Ann")  # its prompt comes once the window has passed
    hung_up(play, stderr)
    again = Command(app_home, "play", "--resume", stderr=stderr)
    again.wait_for("Ann, press Enter: ")
    again.type("\r")
    again.wait_for("Ann> ")
    again.type("-\r")
    again.wait_for("Bob, press Enter: ")
    again.type("\r")
    again.wait_for("Bob> ")
    hung_up(again, stderr)
    last = Command(app_home, "play", "--resume")
    last.wait_for("Bob, press Enter: ")  # Ann's move was kept
    last.kill()


def asked(bob: wire.Connection) -> dict[str, Any]:
    """Wait until the host asks Bob a decision (Enter at every result page before it)."""
    while True:
        message = bob.receive(timeout=20)
        assert message is not None, "the host hung up"
        if message["type"] != "read":
            continue
        if message["kind"] == "decision":
            return message
        typed(bob, message, "")


def typed(bob: wire.Connection, question: dict[str, Any], keys: str) -> None:
    bob.send({"type": "line", "id": question["id"], "text": keys, "size": [80, 24]})


def joined_as_bob(code: str) -> wire.Connection:
    bob = wire.connect(code)
    hello = {"type": "join", "version": protocol.VERSION, "watch": False}
    bob.send(hello | {"size": [80, 24], "ascii": False})
    return bob


def bob_keeps_his_hand(code: str) -> wire.Connection:
    """Bob, joined over the wire, keeps his hand at his first decision (after Ann's)."""
    bob = joined_as_bob(code)
    typed(bob, asked(bob), "-")
    return bob


def test_host_closed_at_a_prompt_and_while_it_waits_for_the_other_terminal(
    app_home: Path,
) -> None:
    """The host has no hand-over; its keyboard is idle while the other player decides."""
    stderr = app_home.parent / "stderr"
    host = Command(app_home, "host", "--seed", "2", "--code", CODE, *NAMES, stderr=stderr)
    host.wait_for("Press Enter to continue")
    host.type("\r")
    host.wait_for("Ann> ")
    host.type("-\r")
    bob = bob_keeps_his_hand(CODE)
    typed(bob, asked(bob), "g")  # who chose last picks the first duel card: his 10
    host.wait_for("Ann> ")  # the duel
    hung_up(host, stderr)
    bob.close()
    again = Command(app_home, "host", "--resume", "--code", CODE, stderr=stderr)
    again.wait_for("Press Enter to continue")  # the join code
    again.type("\r")
    again.wait_for("Ann> ")
    again.type("a\r")  # her 2: Bob won the duel and attacks, at the other terminal
    again.wait_for("Bob is not connected")
    hung_up(again, stderr)
    last = Command(app_home, "play", "--resume")  # at one keyboard, where it stopped
    last.wait_for("Bob, press Enter: ")
    last.kill()


def test_host_closed_in_a_take_back_question_s_window(app_home: Path) -> None:
    """Bob asks to take his move back; the host's question drops keys for a moment."""
    stderr = app_home.parent / "stderr"
    args = ("host", "--seed", "1", "--code", CODE, *NAMES)
    host = Command(app_home, *args, settle=LONG, stderr=stderr)
    host.wait_for("Press Enter to continue")
    host.type("\r")
    bob = joined_as_bob(CODE)
    referee, last = new_game(1, Rules()), None
    while True:
        player = referee.current_player()
        assert player is not None, "no move of Bob's could be taken back"
        view = referee.view(player)
        action = forced_action(view)
        mine_again = action is None and player == WOW and last is not None and last[0] == WOW
        if mine_again and last is not None and may_take_back(*last[1:], WOW, WOW, True):
            typed(bob, asked(bob), "u")
            host.wait_for("Bob asks to take back")  # the prompt comes after the window
            break
        if action is None:
            answers: list[Action] = [a for a in view.legal_actions if isinstance(a, Answer)]
            action = (answers or list(view.legal_actions))[0]
            if player == YAY:
                while host.wait_for("Ann> |Press Enter to continue") != "Ann> ":
                    host.type("\r")
                host.type(typed_keys(action, keyed_hand(view.hand)) + "\r")
            else:
                typed(bob, asked(bob), typed_keys(action, keyed_hand(view.hand)))
        last = (player, action, referee.apply_action(action))
    hung_up(host, stderr)
    bob.close()
    again = Command(app_home, "play", "--resume")  # at one keyboard: Bob's move stands
    again.wait_for("Bob, press Enter: ")
    again.kill()


def test_join_closed_at_a_prompt_and_the_seat_is_free_again(app_home: Path) -> None:
    stderr = app_home.parent / "stderr"
    host = Command(app_home, "host", "--seed", "2", "--code", CODE, *NAMES)
    host.wait_for("Press Enter to continue")
    joined = Command(app_home, "join", CODE, stderr=stderr)
    joined.wait_for("waiting for the host")
    host.type("\r")
    host.wait_for("Ann> ")
    host.type("-\r")
    joined.wait_for("Bob> ")
    hung_up(joined, stderr)
    host.wait_for("Bob is not connected")
    again = Command(app_home, "join", CODE)
    again.wait_for("Bob> ")  # the same decision
    for command in (again, host):
        command.kill()


def test_join_closed_in_a_question_s_window(app_home: Path) -> None:
    """A take-back question drops keys for a moment, as a hand-over does."""
    stderr = app_home.parent / "stderr"
    server = wire.listen(CODE)
    welcome = {"type": "welcome", "code": CODE, "seat": 1, "name": "Bob"}
    words = Text("Ann asks to take back their last move. Type y to agree, or n to refuse.")
    screen = {"type": "screen", "lines": protocol.screen_data((words,), 80)}
    question = {"type": "read", "id": 1, "kind": "confirm", "owner": None, "settle": 5000}  # LONG
    question["text"] = "Ann asks to take back their last move. Allow it? (y/n) "

    def fake_host() -> None:
        sock, _ = server.accept()
        with sock:
            sock.recv(4096)
            sock.sendall(json_line(welcome) + json_line(screen) + json_line(question))
            while sock.recv(4096):
                pass

    thread = threading.Thread(target=fake_host, daemon=True)
    thread.start()
    joined = Command(app_home, "join", CODE, settle=LONG, stderr=stderr)
    joined.wait_for("Type y to agree")
    hung_up(joined, stderr)
    thread.join(timeout=10)
    server.close()
    assert isinstance(server, socket.socket)
