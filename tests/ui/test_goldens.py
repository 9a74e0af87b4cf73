"""Golden renders: whole screens at 80x24, 100x30 and 160x48, compared as text.

The expected screens live in tests/ui/goldens/.  After an intended change
to a screen, regenerate them and read the diff before committing::

    TACOCAT_UPDATE_GOLDENS=1 python -m pytest tests/ui/test_goldens.py
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from tacocat.engine import Attack, GameState, Phase, Rules, new_game
from tacocat.engine.events import Event
from tacocat.ui.draw import screens
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.glyphs import UNICODE
from tacocat.ui.draw.prompts import hints, instruction
from tacocat.ui.draw.reveal import reveal_pages

GOLDENS = Path(__file__).parent / "goldens"
UPDATE = os.environ.get("TACOCAT_UPDATE_GOLDENS", "") not in ("", "0")
SIZES = [(80, 24), (100, 30), (160, 48)]
NAMES = ("Annabelle", "Bob")


def jumbo_answer(seed: int = 11) -> tuple[GameState, list[Event]]:
    """A tie-goes-to-arrow game, played at random until a Jumbo attack awaits its answer."""
    rules = Rules(tie_goes_to_arrow=True)
    for attempt in range(seed, seed + 500):
        state = new_game(attempt, rules)
        rng = random.Random(attempt)
        events = list(state.opening_events)
        while not state.is_terminal():
            if (
                state.phase is Phase.ANSWER
                and len(state.table) > 1
                and state.round_number > 2
                and state.tied_rounds > 0
            ):
                return state, events
            legal = state.legal_actions()
            jumbo = [a for a in legal if isinstance(a, Attack) and len(a.values) > 1]
            events += state.apply_action(rng.choice(jumbo or legal))
    raise AssertionError("no seed gives a Jumbo attack after a tie")


def screens_at(render: Callable[..., str], width: int, height: int) -> dict[str, str]:
    state, events = jumbo_answer()
    log = [event.text(NAMES) for event in events]
    mover = state.current_player()
    assert mover is not None
    view = state.view(mover)
    keyed = keyed_hand(view.hand)
    tips = [instruction(view.phase, len(view.table), view.replace_limit), *hints(view, keyed)]
    news = log[-3:]
    return {
        "decision": render(
            screens.decision_screen(
                view,
                NAMES,
                log,
                keyed,
                tips,
                "Not allowed: " + "a long reason " * 8,
                Frame(width, height, UNICODE),
            ),
            width,
        ),
        "handover": render(
            screens.handover_screen(view, NAMES, log, Frame(width, height, UNICODE), news), width
        ),
        "reveal": render(
            reveal_pages(view, NAMES, log, len(log) - len(news), Frame(width, height, UNICODE))[0],
            width,
        ),
    }


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_screens_match_their_goldens(draw: Callable[..., str], width: int, height: int) -> None:
    for name, text in screens_at(draw, width, height).items():
        lines = text.rstrip("\n").split("\n")
        assert len(lines) <= height - 1, (name, len(lines))  # a row for the prompt
        assert all(len(line.rstrip()) <= width for line in lines), name
        path = GOLDENS / f"{name}-{width}x{height}.txt"
        if UPDATE:
            GOLDENS.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"no golden {path.name}: run with TACOCAT_UPDATE_GOLDENS=1"
        assert text == path.read_text(encoding="utf-8"), f"{path.name} changed"


def test_wider_screens_give_the_log_more_room(draw: Callable[..., str]) -> None:
    small, large = screens_at(draw, 80, 24)["decision"], screens_at(draw, 160, 48)["decision"]
    assert small.count("• ") < large.count("• ")
    assert max(len(line) for line in large.split("\n")) > 100  # log lines use the width
