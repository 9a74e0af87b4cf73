"""A fuzzing client against a live host: whatever it sends, the host stays up and the game waits."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from hosting import asked, hosted, left, reply, screen
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacocat.net import protocol

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
        {"type": st.sampled_from(["line", "join", "bye", "screen", "read", "size"])},
        optional={"id": json_values, "text": json_values, "size": json_values},
    ),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(junk=st.lists(messages, min_size=1, max_size=6))
def test_random_messages_never_change_the_game(junk: list[dict[str, Any]]) -> None:
    with hosted() as host:
        connection, question = asked(host.code)
        before = list(host.game.state.history)
        for message in junk:
            if message.get("type") == "bye" or message.get("id") == question["id"]:
                continue  # a clean leave, or a line that may be a move: tested elsewhere
            try:
                line = protocol.encode(message)
            except ValueError:
                continue
            try:
                connection.sock.sendall(line)
            except OSError:
                break  # cut off for an earlier message
        with suppress(OSError):
            reply(connection, question, "zz")  # a line the table answers: it read them all
        while (message := connection.receive(timeout=20)) is not None:
            if message["type"] == "screen" and "'zz'" in screen(message):
                break  # else it was cut off (a broken message): the end of the stream
        assert host.game.state.history == before and host.thread.is_alive()
        connection.close()
        left(host)
        again, question_again = asked(host.code)  # the seat is free, at the same decision
        assert question_again["id"] >= question["id"]
        again.close()
