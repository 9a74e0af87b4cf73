"""Hostile peers against a live host: each is refused or cut off, and the game never changes.

The positive sign waited for is always the host's own answer (a refusal,
or the end of the connection), never a pause.
"""

from __future__ import annotations

import json
import socket
import threading

import pytest
from hosting import asked, hosted, join, left, until

from tacocat.net import lobby, protocol, wire
from tacocat.net.protocol import MAX_LINE


def refusal(connection: wire.Connection) -> str:
    return str(until(connection, "refused")["text"])


def cut_off(connection: wire.Connection) -> str:
    """The final refusal, then the end of the connection."""
    message = until(connection, "refused")
    assert message.get("final") is True
    while connection.receive(timeout=20) is not None:
        pass
    return str(message["text"])


@pytest.mark.parametrize(
    "line",
    [
        b"not json\n",
        b"[1, 2]\n",
        b'{"type": 7}\n',
        b"\xff\xfe\n",
        b"[" * 5000 + b"\n",
        b"x" * (MAX_LINE + 10) + b"\n",
    ],
)
def test_a_malformed_message_is_cut_off_and_the_game_waits(line: bytes) -> None:
    with hosted() as host:
        connection, view = asked(host.code)
        before = list(host.game.state.history)
        connection.sock.sendall(line)
        assert "Disconnected" in cut_off(connection)
        again, view_again = asked(host.code)  # the seat is free again: the same decision
        assert view_again["step"] == view["step"] and host.game.state.history == before
        again.close()


@pytest.mark.parametrize(
    "message",
    [
        {"type": "act", "step": 0, "action": ["attack", [99, 99, 99]]},
        {"type": "act", "step": 0, "action": "replace"},
        {"type": "act", "step": "0", "action": ["replace", []]},
        {"type": "act", "step": 12345, "action": ["replace", []]},
        {"type": "take_back"},
        {"type": "no such thing"},
        {"type": "welcome", "seat": 0},
    ],
)
def test_a_wrong_message_is_refused_and_changes_nothing(message: dict[str, object]) -> None:
    with hosted() as host:
        connection, view = asked(host.code)
        before = list(host.game.state.history)
        if message.get("step") == 0:
            message = {**message, "step": view["step"]}
        connection.send(message)
        assert refusal(connection)
        assert host.game.state.history == before
        connection.close()


def test_an_illegal_action_is_refused_in_the_engine_s_words() -> None:
    with hosted() as host:
        connection, view = asked(host.code)
        legal = view["view"]["legal"]
        kind = legal[0][0]
        bad = ["duel", 99] if kind != "duel" else ["attack", [1, 1, 1, 1, 1, 1]]
        connection.send({"type": "act", "step": view["step"], "action": bad})
        assert refusal(connection).startswith(("Not allowed", "That is not an action"))
        connection.close()


def test_a_second_player_for_the_seat_is_refused() -> None:
    with hosted() as host:
        first, _ = asked(host.code)
        second = join(host.code)
        assert "taken" in cut_off(second)
        first.close()


def test_a_spectator_is_welcome_beside_the_player() -> None:
    with hosted() as host:
        player, _ = asked(host.code)
        watcher = join(host.code, watch=True)
        welcome = until(watcher, "welcome")
        assert welcome["seat"] is None and welcome["hints"] is True
        table = until(watcher, "public")  # at once, though nobody has moved since
        assert "hand" not in table["view"] and "Waiting for Bob" in table["status"]
        player.close()
        watcher.close()


def test_no_hints_reaches_the_joined_terminal() -> None:
    with hosted(hints=False) as host:
        player = join(host.code)
        assert until(player, "welcome")["hints"] is False
        player.close()


def test_a_slow_message_is_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wire, "PARTIAL_SECONDS", 0.3)
    with hosted() as host:
        connection, _ = asked(host.code)
        connection.sock.sendall(b'{"type": "ch')  # and never the rest
        assert "in time" in cut_off(connection)


def test_a_silent_newcomer_is_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby, "HELLO_SECONDS", 0.3)
    with hosted() as host:
        connection = wire.connect(host.code)
        assert "Not a tacocat join" in cut_off(connection)


def test_a_flood_is_cut_off() -> None:
    """Nobody takes from the inbox here: the limit is reached, and the peer is dropped."""
    server, code = socket.socket(socket.AF_UNIX), wire.new_code()
    door = lobby.Lobby(server, code, 1, ("Ann", "Bob"))
    near, far = socket.socketpair()
    greeted = threading.Thread(target=door._greet, args=(wire.Connection(near),))
    greeted.start()
    connection = wire.Connection(far)
    connection.send({"type": "join", "version": protocol.VERSION, "watch": False})
    line = protocol.encode({"type": "chat", "text": "hi"})
    try:
        for _ in range(lobby.INBOX_LIMIT * 4):
            far.sendall(line)
    except OSError:
        pass  # already cut off
    assert "too many" in cut_off(connection)
    greeted.join(timeout=20)
    server.close()


def test_a_player_who_leaves_rejoins_at_the_same_decision() -> None:
    with hosted() as host:
        connection, view = asked(host.code)
        connection.sock.close()  # as a kill -9 leaves it
        left(host)
        again, view_again = asked(host.code)
        assert view_again["view"] == view["view"] and view_again["step"] == view["step"]
        again.send({"type": "act", "step": view["step"], "action": view["view"]["legal"][0]})
        after = until(again, "view")
        assert after["step"] > view["step"]
        again.close()


def test_chat_reaches_the_host_filtered() -> None:
    with hosted() as host:
        connection, _ = asked(host.code)
        connection.send({"type": "chat", "text": "hi\x1b[2J there"})
        line = until(connection, "chat")
        assert "\x1b" not in json.dumps(line) and "hi" in line["text"]
        assert any("says: hi" in entry and "\x1b" not in entry for entry in host.game.log)
        connection.close()


def test_spectators_are_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby, "MAX_WATCHERS", 2)
    with hosted() as host:
        watchers = [join(host.code, watch=True) for _ in range(2)]
        for watcher in watchers:
            until(watcher, "welcome")
        assert "Too many spectators" in cut_off(join(host.code, watch=True))
        for watcher in watchers:
            watcher.close()


def test_true_or_a_float_is_no_step_even_when_it_equals_the_decision_s() -> None:
    with hosted() as host:
        connection, view = asked(host.code)
        before = list(host.game.state.history)
        assert view["step"] == 1  # Ann replaced first: True == 1 in Python
        action = json.dumps(view["view"]["legal"][0]).encode()
        connection.send({"type": "act", "step": True, "action": view["view"]["legal"][0]})
        assert refusal(connection) == "That is not an action."
        connection.sock.sendall(b'{"type":"act","step":1.0,"action":' + action + b"}\n")
        assert "Disconnected" in cut_off(connection)
        assert host.game.state.history == before
