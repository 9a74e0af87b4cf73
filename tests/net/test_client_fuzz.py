"""A hostile host against the joining terminal: it leaves with one sentence, never a traceback.

The fake host speaks over a real socket: it welcomes the client (or not)
and then sends what ``tests/e2e/wirefuzz.py`` draws, or a host's real
messages (a welcome, a screen, a question) with one field replaced by any
JSON value.  The player at the
client closes the input at the first question (Ctrl-D), so every draw
ends.  ``tests/e2e/test_wire_fuzz_pty.py`` runs ``tacocat join`` itself
against such a host.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.panel import Panel
from rich.text import Text

from tacocat.engine import WOW
from tacocat.net import protocol
from tacocat.net.client import Client
from tacocat.net.wire import Connection
from tacocat.ui.term.io import Prompt
from tests.terminals import RecordingTerminal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from wirefuzz import json_line, lines, values


class ClosedInput(RecordingTerminal):
    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        raise EOFError


def real_messages(watch: bool) -> list[dict[str, Any]]:
    """What a host sends a player (or a spectator): a welcome, a screen, a question."""
    welcome = {"type": "welcome", "code": "bcdfgh", "seat": None if watch else WOW, "name": "Bob"}
    lines = protocol.screen_data((Panel(Text("Bob's hand", style="bold red")),), 80)
    screen = {"type": "screen", "lines": lines}
    busy = {"type": "busy", "text": "Ann is thinking..."}
    question = {"type": "read", "id": 3, "kind": "decision", "text": "Bob> "}
    question |= {"owner": "Bob", "settle": 50}
    return [welcome, screen, busy, *([] if watch else [question])]


@st.composite
def mutated(draw: st.DrawFn, watch: bool) -> list[bytes]:
    """A real game's messages, one field (or a field of its view) replaced by any value."""
    messages = json.loads(json.dumps(real_messages(watch)))
    target = draw(st.sampled_from(messages))
    target[draw(st.sampled_from(sorted(target)))] = draw(values)
    return [json_line(message) for message in messages]


def served(sent: list[bytes]) -> tuple[str, Client]:
    near, far = socket.socketpair()

    def host() -> None:
        with far:
            far.settimeout(10)
            far.recv(4096)  # the join
            try:
                far.sendall(b"".join(sent))
                far.shutdown(socket.SHUT_WR)
                while far.recv(4096):
                    pass
            except OSError:
                pass  # the client hung up first: fine

    thread = threading.Thread(target=host)
    thread.start()
    terminal = ClosedInput()
    client = Client(Connection(near), terminal)
    try:
        line = client.run(watch_only=False)
    except EOFError:
        line = "Input closed."  # the player's own Ctrl-D at a question: a sentence at the CLI
    finally:
        near.close()
        thread.join(timeout=20)
    assert "\n" not in line and line.endswith("."), line
    assert not any(ch in "".join(terminal.screens) for ch in "\x1b\x07\x9b"), "a control character"
    return line, client


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.booleans(), st.booleans().flatmap(mutated), st.lists(lines, min_size=1, max_size=3))
def test_whatever_the_host_sends_the_client_leaves_with_a_sentence(
    welcomed: bool, game: list[bytes], junk: list[bytes]
) -> None:
    served((game if welcomed else []) + junk)


def test_the_issue_s_5000_digit_number_is_a_sentence_and_a_failure() -> None:
    number = b'{"type":"note","text":"hi","n":' + b"9" * 5000 + b"}\n"
    line, client = served([json_line(real_messages(False)[0]), number])
    assert line == "The host sent something this game does not understand (a number too long)."
    assert client.exit_code == 1
