"""The wire's forms: views and events go and come back equal, and junk is a ProtocolError."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hosting import asked, hosted, left
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacocat.engine import WOW, YAY, Rules, new_game
from tacocat.net import protocol
from tacocat.net.protocol import ProtocolError


def states(seed: int) -> list[Any]:
    """Every state of one game played at random."""
    state, rng, seen = new_game(seed), random.Random(seed), []
    while not state.is_terminal():
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return [*seen, state]


def wire(data: dict[str, Any]) -> Any:
    return protocol.decode(protocol.encode({"type": "x", "data": data}))["data"]


@pytest.mark.parametrize("seed", range(3))
def test_views_come_back_equal(seed: int) -> None:
    for state in states(seed):
        for player in (YAY, WOW):
            view = state.view(player)
            assert protocol.view_of(wire(protocol.view_data(view)), Rules()) == view
        public = state.public_view()
        assert protocol.public_of(wire(protocol.public_data(public)), Rules()) == public


def test_a_view_holds_no_card_of_the_other_hand() -> None:
    for state in states(4):
        data = protocol.view_data(state.view(YAY))
        ids = {*data["hand"], *data["discard"], *data["table"]}
        assert not ids & set(state.hands[WOW]) and not ids & set(state.draw_pile)


@pytest.mark.parametrize(
    "change",
    [
        {"player": 2},
        {"player": True},
        {"hand": [999]},
        {"hand": "abc"},
        {"phase": "nap"},
        {"legal": [["fly", [1]]]},
        {"round": -1},
        {"opponent_has_chosen": 1},
    ],
)
def test_a_damaged_view_is_refused(change: dict[str, Any]) -> None:
    data = {**protocol.view_data(new_game(1).view(YAY)), **change}
    with pytest.raises(ProtocolError):
        protocol.view_of(wire(data), Rules())


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b"{",
        b"null",
        b"[]",
        b'{"type": null}',
        b"\x80",
        b"{" * 3000,
        b'{"type": "chat", "n": ' + b"9" * 5000 + b"}",  # past Python's own limit
        b'{"type": "chat", "n": -' + b"9" * 13 + b"}",  # past what the protocol sends
        b'{"type": "act", "step": 1.0}',
        b'{"type": "act", "step": NaN}',
        b'{"type": "act", "step": -Infinity}',
    ],
)
def test_junk_lines_are_protocol_errors(line: bytes) -> None:
    with pytest.raises(ProtocolError):
        protocol.decode(line)


def test_a_message_too_long_is_not_sent() -> None:
    with pytest.raises(ValueError):
        protocol.encode({"type": "chat", "text": "x" * protocol.MAX_LINE})


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
messages = st.one_of(
    st.dictionaries(st.text(max_size=10), json_values, max_size=5),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "chat", "take_back", "join", "bye", "view"])},
        optional={"action": json_values, "step": st.integers() | json_values, "text": json_values},
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(junk=st.lists(messages, min_size=1, max_size=6))
def test_random_messages_never_change_the_game(junk: list[dict[str, Any]]) -> None:
    """A fuzzing client: the host stays up, answers, and the game stays at the same decision."""
    with hosted() as host:
        connection, view = asked(host.code)
        before = list(host.game.state.history)
        for message in junk:
            if message.get("type") == "act" and message.get("step") == view["step"]:
                message = {**message, "step": -1}  # a legal move by chance would be a move
            try:
                line = protocol.encode(message)
            except ValueError:
                continue
            try:
                connection.sock.sendall(line)
            except OSError:
                break  # cut off for an earlier message
        connection.send({"type": "ping"})  # refused: a sign the host read them all
        while (reply := connection.receive(timeout=20)) is not None:
            if reply.get("text") == "Not a message this game takes.":
                break  # else it was cut off (a broken message): the end of the stream
        assert host.game.state.history == before and host.thread.is_alive()
        connection.close()
        left(host)
        again, view_again = asked(host.code)  # the seat is free, at the same decision
        assert view_again["step"] == view["step"]
        again.close()
