"""A disk that refuses the autosave is told on the next screen, once, not only at exit."""

from __future__ import annotations

import os

import pytest
from test_game import player, run  # the scripted terminal of the game-loop tests

from tacocat.engine import Rules
from tacocat.ui.play.game import Session


def failing_writes(monkeypatch: pytest.MonkeyPatch, error: int) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(error, os.strerror(error))

    monkeypatch.setattr("tacocat.storage.saves.atomic_write_text", refuse)
    monkeypatch.setattr("tacocat.storage.records.atomic_write_text", refuse)


def test_the_game_loop_shows_a_save_failure_on_the_next_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    failing_writes(monkeypatch, 28)  # the disk is full from the start
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=65)
    code, terminal, game = run(session, player(65))
    assert code == 0 and game.state.is_terminal()
    told = [n for n, screen in enumerate(terminal.screens) if "could not be saved" in screen]
    assert told, "no screen said that saving failed"
    assert sum("could not be saved" in line for line in game.log) == 1  # once, not per move


def test_the_end_screen_offers_the_replay_only_when_the_record_was_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=65)
    _, terminal, game = run(session, player(65))
    assert game.autosave is not None  # its id, which stays the game's as others are played
    watch = f"Watch this game again: tacocat replay {game.autosave.info.short_id}"
    assert watch in terminal.screens[-1]
    failing_writes(monkeypatch, 28)  # a full disk: no record of the next game
    _, terminal, game = run(session, player(65))
    assert game.state.is_terminal() and "game over" in terminal.screens[-1].lower()
    assert "Watch this game again" not in terminal.screens[-1]
