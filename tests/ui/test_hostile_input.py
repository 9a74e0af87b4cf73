"""Anything typed, any name: no crash, and no control character reaches the terminal."""

from __future__ import annotations

import io
import os
import re
import sys
import types

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from tacocat.engine import Card, Phase, new_game
from tacocat.names import name_problem
from tacocat.sanitize import visible
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.prompts import (
    Command,
    Problem,
    parse_handover,
    parse_line,
    quoted,
)
from tacocat.ui.term import claim
from tacocat.ui.term.claim import terminal_size
from tacocat.ui.term.keys import drop_typeahead
from tacocat.ui.term.terminal import Terminal

HAND = keyed_hand([Card(i, v, "") for i, v in enumerate((2, 4, 5, 6, 9, 9, 12))])
LEGAL = new_game(1).legal_actions()
CONTROLS = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))]
# Lines people (and their keyboards) really produce, mixed with anything at all.
typed_text = st.one_of(
    st.text(),
    st.lists(st.sampled_from([*CONTROLS, "a", "9", " ", "²", "①", "\x1b[", "q"])).map("".join),
    st.sampled_from(["\x1b[D", "\x1b[C", "\x1bc", "\x1b]0;pwned\x07", "9²", "①", "²", "\x9b6n"]),
)


def safe(text: str, keep: str = "") -> bool:
    return all(char.isprintable() or char in keep for char in text)


def test_visible_shows_control_characters_instead_of_sending_them() -> None:
    assert visible("\x1b[D") == "^[[D"
    assert visible("\x00\x7f\x9b") == "^@^?<9b>"
    assert visible("a\nb", keep="\n") == "a\nb" and visible("a\nb") == "a^Jb"
    assert visible("Zoë ①") == "Zoë ①"
    assert visible("\u202eevil") == "<202e>evil"  # a bidirectional override
    assert quoted("x" * 50) == "'" + "x" * 19 + "…'"


@given(typed_text)
def test_visible_is_always_safe(text: str) -> None:
    assert safe(visible(text))


@given(typed_text, st.sampled_from([p for p in Phase if p is not Phase.OVER]))
def test_every_move_prompt_takes_anything(text: str, phase: Phase) -> None:
    parsed = parse_line(text, HAND, phase, 2, 3, LEGAL)
    if isinstance(parsed, Problem):
        assert safe(parsed.message), parsed.message


@given(typed_text)
def test_the_hand_over_takes_anything(text: str) -> None:
    parsed = parse_handover(text, {"u": "take back"})
    if isinstance(parsed, Problem):
        assert safe(parsed.message)
    else:
        assert parsed in ("", "help", "quit", "take back")


@given(typed_text, st.one_of(st.none(), typed_text))
def test_every_name_check_takes_anything(name: str, other: str | None) -> None:
    problem = name_problem(name, other)
    if problem is None:
        assert safe(name)
    elif other is None or safe(other):
        assert safe(problem)


@pytest.mark.parametrize(
    "typed", ["²", "①", "9²", "²9", "٣", "\uff11\uff12"]
)  # Arabic-Indic and fullwidth digits
def test_unicode_digits_are_refused_with_a_message(typed: str) -> None:
    for phase in (Phase.DUEL, Phase.ATTACK, Phase.ANSWER, Phase.REPLACE):
        parsed = parse_line(typed, HAND, phase)
        assert isinstance(parsed, Problem), parsed
        assert "not understood" in parsed.message or "not a card key" in parsed.message


def test_a_huge_number_is_no_card() -> None:
    parsed = parse_line("9" * 5000, HAND, Phase.DUEL)
    assert isinstance(parsed, Problem) and "no card is that high" in parsed.message
    assert len(parsed.message) < 100


def test_typed_escape_sequences_are_quoted_visibly() -> None:
    parsed = parse_line("\x1b[D", HAND, Phase.ATTACK)
    assert isinstance(parsed, Problem)
    assert parsed.message.startswith("'^[[D' is not understood")  # quoted as typed
    assert parse_line(" ? ", HAND, Phase.ATTACK) == Command("help")


@given(typed_text)
@example("[/]")  # a closing tag with nothing open: rich's markup would refuse it
def test_nothing_drawn_or_asked_sends_a_control_character(text: str) -> None:
    console = Console(file=io.StringIO(), force_terminal=True, width=80, height=24)
    terminal = Terminal(console)
    terminal.show(Text(f"Name: {text}"), f"log {text}")
    monkey_stdin = io.StringIO("line\n")
    real_stdin, sys.stdin = sys.stdin, monkey_stdin
    try:
        terminal.ask(f"{text}> ")
    finally:
        sys.stdin = real_stdin
    output = console.file.getvalue()  # type: ignore[attr-defined]
    # What is left once the game's own codes (clear, scrollback, colours, and
    # the cursor moves that skip blank cells) are taken out.
    rest = re.sub(r"\x1b\[(2J|H|3J|[0-9;]*m|[0-9]+C)", "", output)
    assert safe(rest, keep="\n"), repr(rest)


def test_the_real_size_wins_over_columns_and_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

        def fileno(self) -> int:
            return 99

    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("LINES", "60")
    monkeypatch.setattr(claim.os, "get_terminal_size", lambda fd: os.terminal_size((70, 20)))
    assert terminal_size(Tty()) == (70, 20)
    # Not a terminal: the environment (or the default) is all there is.
    assert terminal_size(io.StringIO()) == (200, 60)


def test_type_ahead_is_dropped_on_windows_too(monkeypatch: pytest.MonkeyPatch) -> None:
    pending = list("q\r\r")
    fake = types.SimpleNamespace(kbhit=lambda: bool(pending), getwch=lambda: pending.pop(0))
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    monkeypatch.setattr(sys, "platform", "win32")

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    drop_typeahead(Tty())
    assert pending == []
    pending.append("x")
    drop_typeahead(io.StringIO())  # not a terminal: nothing is read
    assert pending == ["x"]


def test_type_ahead_is_flushed_with_termios_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    termios = pytest.importorskip("termios")
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(termios, "tcflush", lambda fd, queue: calls.append((fd, queue)))
    monkeypatch.setattr(sys, "platform", "linux")

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

        def fileno(self) -> int:
            return 7

    drop_typeahead(Tty())
    assert calls == [(7, termios.TCIFLUSH)]


def test_a_hand_over_quotes_a_typed_escape_as_the_terminal_sent_it() -> None:
    parsed = parse_handover("\x1b[D")
    assert isinstance(parsed, Problem)
    assert parsed.message.startswith("'^[[D' does nothing at a hand-over")
