"""The wire's messages: screens laid out and read back, sizes, junk lines."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.panel import Panel
from rich.text import Text

from tacocat.net import protocol
from tacocat.net.protocol import ProtocolError


def wire(data: Any) -> Any:
    """``data`` as it arrives: through JSON."""
    return json.loads(json.dumps(data))


def test_a_screen_comes_back_with_its_words_and_styles() -> None:
    panel = Panel(Text("Ann's hand", style="bold red"), title="a title")
    data = protocol.screen_data((panel, Text("below", style="dim")), 40)
    screen = protocol.screen_of(wire(data))
    assert "Ann's hand" in screen.plain and "a title" in screen.plain and "below" in screen.plain
    assert any(span.style and "red" in str(span.style) for span in screen.spans)
    assert all(len(line) <= 40 for line in screen.plain.split("\n"))


@pytest.mark.parametrize(
    "data",
    [
        "lines",
        [["not runs"]],
        [[["text"]]],
        [[["text", 3]]],
        [[["text", "not a style at all ((("]]],
        [[["text", "x" * 500]]],
        [[]] * (protocol.MAX_ROWS + 1),
    ],
)
def test_a_damaged_screen_is_refused(data: Any) -> None:
    with pytest.raises(ProtocolError):
        protocol.screen_of(data)


def test_a_screen_carries_no_control_character_and_no_link() -> None:
    data = [[["\x1b[2Jboom\x07", "bold link https://example.invalid"]]]
    screen = protocol.screen_of(data)
    assert "\x07" not in screen.plain and "\x1b" not in screen.plain
    assert all(span.style.link is None for span in screen.spans if span.style)  # type: ignore[union-attr]


@given(
    st.lists(
        st.lists(
            st.tuples(st.text(max_size=30), st.sampled_from(["", "bold", "red on blue"])),
            max_size=5,
        ),
        max_size=10,
    )
)
def test_any_screen_of_runs_reads_back_without_control_characters(runs: list[Any]) -> None:
    data = [[[text, style] for text, style in line] for line in runs]
    screen = protocol.screen_of(wire(data))
    assert not any(ord(char) < 32 and char != "\n" for char in screen.plain)


@pytest.mark.parametrize("size", [[80], [80, 24, 1], [0, 24], [80, 10**6], ["80", 24], [True, 24]])
def test_a_wrong_size_is_refused(size: Any) -> None:
    with pytest.raises(ProtocolError):
        protocol.size_of(size)


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b"{",
        b"null",
        b"[]",
        b'{"type": null}',
        b"\x80",
        b"{" * 60000,
        b'{"type": "line", "n": ' + b"9" * 5000 + b"}",  # past Python's own limit
        b'{"type": "line", "n": -' + b"9" * 13 + b"}",  # past what the protocol sends
        b'{"type": "line", "id": 1.0}',
        b'{"type": "line", "id": NaN}',
        b'{"type": "line", "id": -Infinity}',
    ],
)
def test_junk_lines_are_protocol_errors(line: bytes) -> None:
    with pytest.raises(ProtocolError):
        protocol.decode(line)


def test_a_message_too_long_is_not_sent() -> None:
    with pytest.raises(ValueError):
        protocol.encode({"type": "screen", "text": "x" * protocol.MAX_LINE})
