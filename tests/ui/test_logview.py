"""The in-game `log` view: every public event, and the discard pile by round."""

from __future__ import annotations

import random
from collections import Counter

from tacocat.engine import new_game
from tacocat.engine.events import RoundStarted
from tacocat.ui.draw.logview import discarded, log_view_lines, rounds

NAMES = ("Ann", "Bob")


def test_each_rounds_discard_pile_is_what_the_engine_has_face_up() -> None:
    for seed in range(30):
        state = new_game(seed)
        rng = random.Random(seed)
        events = list(state.opening_events)
        while not state.is_terminal():
            current = rounds(events)[-1]
            view = state.view(0)
            assert Counter(discarded(current)) == Counter(c.value for c in view.discard_pile)
            events += state.apply_action(rng.choice(state.legal_actions()))


def test_the_view_shows_every_event_whole_and_nothing_else() -> None:
    state = new_game(4)
    rng = random.Random(4)
    events = list(state.opening_events)
    while state.round_number < 3 and not state.is_terminal():
        events += state.apply_action(rng.choice(state.legal_actions()))
    for width in (80, 160):
        lines = [line.plain for line in log_view_lines(events, state.view(1), NAMES, width)]
        assert all(len(line) <= width for line in lines)
        flat = " ".join(" ".join(lines).split())
        for event in events:
            assert " ".join(event.text(NAMES).split()) in flat
        starts = sum(isinstance(event, RoundStarted) for event in events)
        assert flat.count("Face up on the discard pile") == starts
    # Built from public events and the public table only: both players see the same.
    assert log_view_lines(events, state.view(0), NAMES, 80) == log_view_lines(
        events, state.view(1), NAMES, 80
    )
