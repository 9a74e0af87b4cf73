"""Hostile peers against a real ``tacocat host``: it keeps running, and its seat is never locked.

A host runs in a pseudo-terminal, Bob's decision pending; peers connect as
Bob, as spectators and as strangers and send what :mod:`wirefuzz` draws.
After each one hangs up, a player's join must be welcomed within a second;
after them all, a real ``tacocat join`` plays Bob's move, and the host's
screen never showed a traceback.  ``benchmarks/wire_fuzz.py`` runs many
more peers.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wirefuzz import Command, Sending, json_line, seat_free, send, sendings

from tacocat.net import protocol, wire

pytestmark = pytest.mark.e2e

CODE = "kmnpqr"


@pytest.fixture
def host(app_home: Path) -> Iterator[Command]:
    """Ann hosts and keeps her hand; Bob's decision waits for the other terminal."""
    names = ("--p1", "Ann", "--p2", "Bob")
    command = Command(app_home, "host", "--seed", "11", "--code", CODE, *names)
    command.wait_for("Press Enter to continue")
    command.type("\r")
    command.wait_for("Ann> ")
    command.type("-\r")
    command.wait_for("Bob is not connected")
    yield command
    command.kill()


def bob_plays_a_move(host: Command, home: Path) -> None:
    """A real joining terminal keeps Bob's hand and picks his duel card; Ann's turn comes."""
    joined = Command(home, "join", CODE)
    try:
        joined.wait_for("Bob> ")
        joined.type("-\r")
        joined.wait_for("pick your duel card")  # who chose last begins the duel
        joined.wait_for("Bob> ")  # drawn once keys count again
        joined.type("a\r")
        # Ann's duel card: the host took Bob's moves (after its news, if any).
        while host.wait_for("Ann> |Press Enter to continue") != "Ann> ":
            host.type("\r")
    finally:
        joined.kill()
    assert "Traceback" not in host.text + joined.text


def refusal(connection: wire.Connection) -> str:
    """The host's last word to ``connection`` (it has read all that was sent)."""
    while (message := connection.receive(timeout=20)) is not None:
        if message["type"] == "refused":
            return str(message["text"])
    raise AssertionError("closed without a word")


def test_the_issue_s_5000_digit_number_costs_only_its_sender(host: Command, app_home: Path) -> None:
    # 4,000 digits: past what the protocol sends, within a peer's 4 KB line (5,000 is a line
    # too long, refused the same way before any parsing).
    number = b'{"type":"line","text":"hi","n":' + b"9" * 4000 + b"}\n"
    bob = wire.connect(CODE)
    bob.send(
        {"type": "join", "version": protocol.VERSION, "watch": False, "size": [80, 24]}
        | {"ascii": False}
    )
    bob.sock.sendall(number)
    assert refusal(bob) == "Disconnected: a number too long."
    host.wait_for("Bob was disconnected: broke the protocol \\(a number too long\\)")
    assert seat_free(CODE) >= 0
    stranger = wire.connect(CODE)
    stranger.sock.sendall(number)  # the same number as the hello
    assert refusal(stranger) == "Not a tacocat join (a number too long)."
    bob_plays_a_move(host, app_home)  # a newcomer's line shows at the host's next redraw
    assert "A newcomer was disconnected: broke the protocol (a number too long)." in host.text


def test_hostile_peers_never_stop_the_host_nor_keep_the_seat(host: Command, app_home: Path) -> None:
    path = wire.socket_path(CODE)

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(["player", "watcher", "stranger"]).flatmap(sendings))
    def visit(sending: Sending) -> None:
        assert send(path, sending), "the host kept a connection its peer had left"
        assert seat_free(CODE) >= 0, "the seat was still taken a second after the peer left"

    visit()
    assert host.child.isalive()
    bob_plays_a_move(host, app_home)


def test_a_host_that_sends_a_huge_number_ends_the_join_with_a_sentence(app_home: Path) -> None:
    """``tacocat join`` against a fake host: one sentence, status 1, no traceback."""
    server = wire.listen(CODE)
    welcome = {"type": "welcome", "code": CODE, "names": ["Ann", "Bob"], "rules": {}, "seat": 1}
    number = b'{"type":"note","text":"hi","n":' + b"9" * 5000 + b"}\n"

    def fake_host() -> None:
        sock, _ = server.accept()
        with sock:
            sock.recv(4096)  # the join
            sock.sendall(json_line(welcome) + number)
            while sock.recv(4096):  # until the client hangs up
                pass

    thread = threading.Thread(target=fake_host, daemon=True)
    thread.start()
    joined = Command(app_home, "join", CODE)
    assert joined.end() == 1
    thread.join(timeout=10)
    server.close()
    said = " ".join(joined.text.split())
    assert "The host sent something this game does not understand (a number too long)." in said
    assert "Traceback" not in said and "set_int_max_str_digits" not in said
