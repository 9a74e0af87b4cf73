"""Fewer bare Enters: results drawn on the screen that follows them, where the rules allow.

A round's end is drawn on the hand-over after it (one Enter acknowledges it and
passes the curtain); the game's last showdown is drawn on the game-over screen
when the terminal has room for both, else on a result screen of its own.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from tacocat.engine import Rules
from tacocat.ui.play.game import Game, Session
from tacocat.ui.term.io import Kind, Prompt
from tests.ui.test_game import ScriptedTerminal, owner, player

SHOWDOWN = "Showdown: the lower"
FINAL = "the final result next"


def play(seed: int, height: int) -> tuple[ScriptedTerminal, list[tuple[Prompt, str]]]:
    """A hot-seat game at 80 columns and ``height`` rows; each prompt with its screen."""
    answer = player(seed)
    asked: list[tuple[Prompt, str]] = []

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        asked.append((prompt, terminal.screens[-1] if terminal.screens else ""))
        return answer(terminal, prompt)

    terminal = ScriptedTerminal(respond, 80, height)
    game = Game(Session(names=("Ann", "Bob"), rules=Rules(), seed=seed), terminal)
    terminal.game = game
    assert game.run() == 0
    return terminal, asked


@pytest.mark.parametrize("seed", [3, 8])
def test_a_round_s_end_is_read_on_the_hand_over_that_follows_it(seed: int) -> None:
    _, asked = play(seed, 24)
    handed = [screen for prompt, screen in asked if prompt.kind is Kind.HANDOVER]
    with_result = [screen for screen in handed if SHOWDOWN in screen]
    assert with_result, "no round's end was drawn on a hand-over"
    for screen in with_result:
        assert owner(screen) is None and "Pass the keyboard to" in screen
    # No Enter stands alone between a round's end and the hand-over after it.
    for (before, _), (after, _) in pairwise(asked):
        if before.kind is Kind.RESULT and after.kind is Kind.HANDOVER:
            assert "more news next" in before.text, before.text


@pytest.mark.parametrize("seed", [3, 8])
def test_the_last_showdown_is_on_the_game_over_screen_when_it_has_room(seed: int) -> None:
    _, tall = play(seed, 48)
    assert not any(FINAL in prompt.text for prompt, _ in tall)
    prompt, screen = tall[-1]
    assert prompt.kind is Kind.AGAIN and SHOWDOWN in screen and "Game over" in screen
    # At 80x24 the game's figures leave no room: the result keeps its own screen.
    _, small = play(seed, 24)
    assert sum(FINAL in prompt.text for prompt, _ in small) == 1
    assert SHOWDOWN not in small[-1][1]
