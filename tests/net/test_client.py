"""The joining terminal against a host that lies: it leaves with a sentence, never a traceback."""

from __future__ import annotations

import socket
import threading
from typing import Any

import pytest
from rich.text import Text

from tacocat.net import protocol
from tacocat.net.client import Client
from tacocat.net.wire import Connection
from tacocat.ui.term.io import Kind, Prompt
from tests.terminals import RecordingTerminal


class Typist(RecordingTerminal):
    """Answers every prompt with the next of ``lines``."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines
        self.prompts: list[tuple[Prompt, float]] = []

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        self.prompts.append((prompt, settle))
        return self.lines.pop(0) if self.lines else "q"


def screen(text: str) -> dict[str, Any]:
    return {"type": "screen", "lines": protocol.screen_data((Text(text),), 80)}


def question(number: int = 1, **change: Any) -> dict[str, Any]:
    asked = {"type": "read", "id": number, "kind": "decision", "text": "Bob> "}
    return asked | {"owner": "Bob", "settle": 0} | change


def run_against(
    messages: list[dict[str, Any]], lines: list[str] = ()
) -> tuple[str, Typist, list[Any]]:
    """Run a client against a host that sends ``messages``, then closes; what the client sent."""
    near, far = socket.socketpair()
    host, sent = Connection(far), []

    def serve() -> None:
        sent.append(host.receive(timeout=20))  # the join
        for message in messages:
            host.send(message)
            if message["type"] == "read":
                sent.append(host.receive(timeout=20))
        host.close()

    thread = threading.Thread(target=serve)
    thread.start()
    terminal = Typist(list(lines))
    line = Client(Connection(near), terminal).run(watch_only=False)
    near.close()
    thread.join(timeout=20)
    return line, terminal, sent


@pytest.mark.parametrize(
    "messages",
    [
        [{"type": "screen", "lines": "no"}],
        [{"type": "screen", "lines": [[["x", "no such style ((("]]]}],
        [question(kind="nonsense")],
        [question(number="1")],
        [question(settle=99_000)],  # milliseconds: past the longest settle
        [question(settle=True)],
        [question(text=5)],
        [{"type": "busy", "text": "x" * 5000}],
        [{"type": "who knows"}],
    ],
)
def test_a_lying_host_is_left_with_a_sentence(messages: list[dict[str, Any]]) -> None:
    line, terminal, _ = run_against([screen("\x1b[2J hello"), *messages])
    assert line.startswith("The host sent something")
    assert "\x1b" not in "".join(terminal.screens)


def test_the_client_shows_what_it_is_sent_and_answers_what_it_is_asked() -> None:
    line, terminal, sent = run_against(
        [
            {"type": "welcome", "code": "bcdfgh", "seat": 1, "name": "Bob"},
            screen("Bob's hand"),
            question(3, settle=500),
        ],
        ["a c"],
    )
    assert "Bob's hand" in "".join(terminal.screens)
    assert sent[0]["type"] == "join" and sent[0]["size"] == [80, 24]
    assert sent[1] == {"type": "line", "id": 3, "text": "a c", "size": [80, 24]}
    prompt, settle = terminal.prompts[0]
    assert prompt == Prompt(Kind.DECISION, "Bob> ", "Bob") and settle == 0.5  # as at the host
    assert "has gone" in line


def test_a_refusal_that_ends_it_is_said() -> None:
    line, _, _ = run_against([{"type": "refused", "text": "Bob's seat is taken.", "final": True}])
    assert line == "Bob's seat is taken."


def test_the_host_s_goodbye_is_said_without_control_characters() -> None:
    line, _, _ = run_against([{"type": "bye", "message": "The host has ended\x1b[2J the game."}])
    assert "\x1b" not in line and "ended" in line
