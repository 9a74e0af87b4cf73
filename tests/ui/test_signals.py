"""Signals end a game once, never between a move and its save."""

from __future__ import annotations

import io
import os
import signal
from collections.abc import Callable
from types import FrameType

import pytest
from rich.console import Console

from tacocat.engine import Rules
from tacocat.ui.play.game import Game, Session
from tacocat.ui.term.signals import SignalGuard, Stopped
from tacocat.ui.term.terminal import Terminal

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")


def send(signum: int) -> None:
    os.kill(os.getpid(), signum)  # the handler runs before kill() returns to Python code


@pytest.mark.parametrize(
    "inherited", [None, signal.SIG_IGN, signal.default_int_handler], ids=["found", "ign", "int"]
)
def test_the_first_signal_raises_and_later_ones_are_ignored(
    inherited: signal.Handlers | Callable[[int, FrameType | None], object] | None,
) -> None:
    # The suite may start with SIGINT ignored (a background job of a
    # non-interactive shell): the guard must put back whatever it found, and
    # each inherited handler is tried here whichever one the runner was given.
    found = signal.getsignal(signal.SIGINT)
    if inherited is not None:
        signal.signal(signal.SIGINT, inherited)
    before = signal.getsignal(signal.SIGINT)
    try:
        guard = SignalGuard()
        guard.install()
        try:
            with pytest.raises(KeyboardInterrupt):
                send(signal.SIGINT)
            assert guard.leaving
            send(signal.SIGHUP)  # while the terminal is restored: ignored
            send(signal.SIGTERM)
            send(signal.SIGINT)
        finally:
            guard.release()
        assert signal.getsignal(signal.SIGINT) is before
    finally:
        if found is not None:
            signal.signal(signal.SIGINT, found)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT])
def test_a_signal_during_a_move_waits_for_its_end(signum: int) -> None:
    guard = SignalGuard()
    guard.install()
    done = []
    try:
        with pytest.raises((KeyboardInterrupt, Stopped)) as raised, guard.held():
            send(signum)
            done.append("move")
            send(signal.SIGHUP)  # a second one: only the first counts
            done.append("save")
    finally:
        guard.release()
    assert done == ["move", "save"]
    if signum == signal.SIGINT:
        assert raised.type is KeyboardInterrupt
    else:
        assert isinstance(raised.value, Stopped) and raised.value.signum == signum


def test_apply_holds_ctrl_c_until_the_move_is_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=1)
    game = Game(session, Terminal(Console(file=io.StringIO())))
    game.start_saving()
    autosave = game.autosave
    assert autosave is not None
    saved: list[int] = []
    original = autosave.after_action

    def after_action(events: list[object]) -> None:
        send(signal.SIGINT)  # Ctrl-C in the middle of the move
        original(events)  # type: ignore[arg-type]
        saved.append(len(game.state.history))

    monkeypatch.setattr(autosave, "after_action", after_action)
    game.io.guard.install()
    try:
        with pytest.raises(KeyboardInterrupt):
            game.apply(game.state.legal_actions()[0])
    finally:
        game.io.guard.release()
    assert saved == [1]


def test_a_line_typed_across_a_suspend_is_dropped_and_the_hand_hidden_first() -> None:
    console = Console(file=io.StringIO(), width=80)
    terminal = Terminal(console)
    events: list[str] = []
    lines = iter(["typed before Ctrl-Z", "typed after fg"])

    def read_line() -> str:
        line = next(lines)
        if line.startswith("typed before"):
            terminal._woken = True  # what the Ctrl-Z handler sets on fg
        return line

    terminal._read_line = read_line  # type: ignore[method-assign]
    terminal.on_resume = lambda secret: events.append(f"resumed, secret={secret}")
    terminal.show("Ann's hand", secret=True)
    assert terminal.ask("Ann> ") == "typed after fg"
    assert events == ["resumed, secret=True"]
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert output.count("Ann's hand") == 2  # drawn again after the resume
