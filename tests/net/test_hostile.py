"""Hostile peers against a live host: each is ignored or cut off, and the game never changes.

The positive sign waited for is always the host's own answer (a screen, a
question, a refusal, or the end of the connection), never a pause.
"""

from __future__ import annotations

import socket
import threading

import pytest
from hosting import asked, hosted, join, left, next_screen, reply, screen, screen_saying, until

from tacocat.net import lobby, protocol, wire
from tacocat.net.protocol import MAX_PEER_LINE


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
        b"x" * (MAX_PEER_LINE + 10) + b"\n",
    ],
)
def test_a_malformed_message_is_cut_off_and_the_game_waits(line: bytes) -> None:
    with hosted() as host:
        connection, question = asked(host.code)
        before = list(host.game.state.history)
        connection.sock.sendall(line)
        assert "Disconnected" in cut_off(connection)
        again, question_again = asked(host.code)  # the seat is free again: the same decision
        assert question_again["id"] == question["id"] and host.game.state.history == before
        again.close()


@pytest.mark.parametrize(
    "message",
    [
        {"type": "line", "id": 0, "text": "a"},  # no size
        {"type": "line", "id": "1", "text": "a", "size": [80, 24]},
        {"type": "line", "id": True, "text": "a", "size": [80, 24]},
        {"type": "line", "id": 12345, "text": "-", "size": [80, 24]},  # a question not asked
        {"type": "line", "id": 1, "text": ["-"], "size": [80, 24]},
        {"type": "line", "id": 1, "text": "-", "size": [0, 10**9]},
        {"type": "no such thing"},
        {"type": "welcome", "seat": 0},
    ],
)
def test_a_wrong_message_changes_nothing(message: dict[str, object]) -> None:
    with hosted() as host:
        connection, question = asked(host.code)
        before = list(host.game.state.history)
        connection.send(message)
        reply(connection, question, "zz")  # then a line the table answers: a positive sign
        screen_saying(connection, "'zz'")
        assert host.game.state.history == before
        connection.close()


def test_an_illegal_move_is_refused_in_the_engine_s_words() -> None:
    with hosted() as host:
        connection, question = asked(host.code)
        reply(connection, question, "99")
        assert "not" in next_screen(connection).lower()
        connection.close()


def test_a_second_player_for_the_seat_is_refused() -> None:
    with hosted() as host:
        first, _ = asked(host.code)
        second = join(host.code)
        assert "taken" in cut_off(second)
        first.close()


def test_a_spectator_is_shown_the_table_at_once_without_a_hand() -> None:
    with hosted() as host:
        player, _ = asked(host.code)
        watcher = join(host.code, watch=True)
        welcome = until(watcher, "welcome")
        assert welcome["seat"] is None
        table = screen(until(watcher, "screen"))  # at once, though nobody has moved since
        assert "Watching" in table and "Waiting for Wow" in table and "hand -" not in table
        player.close()
        # Screens drawn before the leave (a join's note) may come first: wait for the sign.
        while "Wow left the game." not in screen(until(watcher, "screen")):
            pass
        watcher.close()


def test_no_hints_holds_at_the_joined_terminal() -> None:
    with hosted(hints=False) as host:
        player, question = asked(host.code)
        reply(player, question, "hint")
        assert "Hints are off in this game" in next_screen(player)
        player.close()


def test_a_slow_message_is_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wire, "PARTIAL_SECONDS", 0.3)
    with hosted() as host:
        connection, _ = asked(host.code)
        connection.sock.sendall(b'{"type": "li')  # and never the rest
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
    hello = {"type": "join", "version": protocol.VERSION, "watch": False}
    connection.send(hello | {"size": [80, 24], "ascii": False})
    line = protocol.encode({"type": "line", "id": 1, "text": "hi", "size": [80, 24]})
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
        connection, question = asked(host.code)
        connection.sock.close()  # as a kill -9 leaves it
        left(host)
        again, question_again = asked(host.code)
        assert question_again == question
        step = len(host.game.state.history)
        reply(again, question_again, "-")  # keep the hand (every first decision is a replace)
        until(again, "read")
        assert len(host.game.state.history) > step
        assert any(line == "Wow left the game." for line in host.game.log)
        assert any(line == "Wow is back." for line in host.game.log)
        again.close()


def test_chat_reaches_everyone_filtered() -> None:
    with hosted() as host:
        connection, question = asked(host.code)
        reply(connection, question, "say hi\x1b[2J there")
        shown = next_screen(connection)
        assert "Wow says: hi" in shown and "\x1b" not in shown
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


def test_true_is_no_question_number_even_when_it_equals_the_question_s() -> None:
    with hosted() as host:
        connection, question = asked(host.code)
        before = list(host.game.state.history)
        assert question["id"] == 1  # True == 1 in Python
        connection.send({"type": "line", "id": True, "text": "-", "size": [80, 24]})
        reply(connection, question, "zz")  # a line the table answers: it read the other
        screen_saying(connection, "'zz'")
        assert host.game.state.history == before
        connection.sock.sendall(b'{"type":"line","id":1.0,"text":"-","size":[80,24]}\n')
        assert "Disconnected" in cut_off(connection)
        assert host.game.state.history == before
