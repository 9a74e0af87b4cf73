"""The joining terminal against a host that lies: it leaves with a sentence, never a traceback."""

from __future__ import annotations

import random
import socket
import threading
from typing import Any

import pytest

from tacocat.engine import WOW, YAY, Phase, Rules, new_game
from tacocat.net import protocol
from tacocat.net.client import Client
from tacocat.net.wire import Connection
from tacocat.ui.advice import typed_keys
from tacocat.ui.cards import keyed_hand
from tacocat.ui.io import Prompt
from tests.terminals import RecordingTerminal


class Typist(RecordingTerminal):
    """Answers every prompt with the next of ``lines``."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines
        self.asked_at: list[str] = []

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        self.asked_at.append(self.screens[-1] if self.screens else "")  # what was on screen
        return self.lines.pop(0) if self.lines else "q"


def welcome(seat: int | None = WOW, **change: Any) -> dict[str, Any]:
    return {
        "type": "welcome",
        "code": "bcdfgh",
        "names": ["Ann", "Bob"],
        "rules": Rules().to_dict(),
        "seat": seat,
        **change,
    }


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
        while (message := host.receive(timeout=20)) is not None:
            sent.append(message)
            if message["type"] == "act":
                break  # then the host goes away
        host.close()

    thread = threading.Thread(target=serve)
    thread.start()
    terminal = Typist(list(lines))
    line = Client(Connection(near), terminal).run(watch_only=False)
    near.close()
    thread.join(timeout=20)
    return line, terminal, sent


def view_message(player: int, step: int = 0, ask: bool = True) -> dict[str, Any]:
    view = protocol.view_data(new_game(3).view(player))
    return {"type": "view", "view": view, "step": step, "status": "Your turn.", "ask": ask}


@pytest.mark.parametrize(
    "messages",
    [
        [welcome(names=["Ann", "\x1b[2J"])],
        [welcome(names="Ann")],
        [welcome(seat=5)],
        [welcome(hints="no")],
        [welcome(rules={"deck": "no"})],
        [welcome(), view_message(YAY)],  # another seat's view
        [welcome(), {"type": "log", "start": 4, "events": []}],
        [welcome(), {"type": "log", "start": 0, "events": [{"kind": "nonsense"}]}],
        [welcome(), {"type": "over", "hands": [[999], []]}],
    ],
)
def test_a_lying_host_is_left_with_a_sentence(messages: list[dict[str, Any]]) -> None:
    line, terminal, _ = run_against(messages)
    assert line.startswith("The host sent something")
    assert "\x1b" not in "".join(terminal.screens)


def test_the_client_sends_the_action_it_means_and_only_that() -> None:
    """A hint is worked out here (the host hears nothing of it); "-" sends one replacement."""
    messages = [welcome(seat=YAY), view_message(YAY)]
    line, terminal, sent = run_against(messages, ["hint", "", "-"])
    assert "Ann's hand" in "".join(terminal.screens)
    acts = [message for message in sent if message and message["type"] == "act"]
    assert acts == [{"type": "act", "step": 0, "action": ["replace", []]}]
    assert "has gone" in line
    # The host never hears of the hint: its screen promises no count, end screen or record.
    hinted = [screen for screen in terminal.screens if "─ Hint ─" in screen]
    assert len(hinted) == 1 and "the host is not told of them" in hinted[0]
    assert "kept in the record" not in hinted[0] and "shown at the end" not in hinted[0]


def test_hints_off_at_the_host_are_off_here() -> None:
    """A game hosted with --no-hints: `hint` is refused in a sentence, and help offers none."""
    messages = [welcome(seat=YAY, hints=False), view_message(YAY)]
    _, terminal, sent = run_against(messages, ["hint", "?", "", "-"])
    screens = "".join(terminal.screens)
    assert "Hints are off in this game" in screens
    assert "─ Hint ─" not in screens
    helped = [screen for screen in terminal.screens if "Ctrl-A/E/W/U" in screen]
    assert helped and all("'hint'" not in screen for screen in helped)
    assert [message["type"] for message in sent if message] == ["join", "act"]


def test_a_chat_line_shows_at_once_and_its_echo_not_again() -> None:
    """The host echoes chat to everyone: this terminal saw its own line when it sent it."""
    echo = {"type": "chat", "name": "Ann", "text": "good luck"}
    other = {"type": "chat", "name": "Bob", "text": "thanks"}
    messages = [welcome(seat=YAY), view_message(YAY), echo, other]
    _, terminal, sent = run_against(messages, ["say good luck", "-"])
    assert {"type": "chat", "text": "good luck"} in sent
    # The screen that asked for the move after the chat line already showed it.
    assert "Ann says: good luck" in terminal.asked_at[1]
    last = terminal.screens[-1]
    assert last.count("Ann says: good luck") == 1 and "Bob says: thanks" in last


def test_a_card_back_in_hand_after_a_take_back_is_not_marked_drawn() -> None:
    """A rewound view (a lower step) holds the card the answer had played: not a draw."""
    state, rng = new_game(3), random.Random(3)
    while not (state.current_player() == WOW and state.view(WOW).phase is Phase.ANSWER):
        state.apply_action(rng.choice(state.legal_actions()))
    step, view = len(state.history), state.view(WOW)
    answer = view.legal_actions[0]
    before = protocol.view_data(view)
    state.apply_action(answer)
    after = protocol.view_data(state.view(WOW))

    def message(data: dict[str, Any], number: int, ask: bool) -> dict[str, Any]:
        return {"type": "view", "view": data, "step": number, "status": "", "ask": ask}

    rewound = [message(before, step, True), message(after, step + 1, False)]
    messages = [welcome(seat=WOW), *rewound, message(before, step, True)]
    keys = typed_keys(answer, keyed_hand(view.hand))
    _, terminal, _ = run_against(messages, [keys, keys])
    assert "Bob's hand" in terminal.asked_at[-1] and "You drew" not in terminal.asked_at[-1]


def test_a_refusal_that_ends_it_is_said() -> None:
    line, _, _ = run_against([{"type": "refused", "text": "Bob's seat is taken.", "final": True}])
    assert line == "Bob's seat is taken."
