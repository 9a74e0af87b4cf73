"""Networked games between computers: the wire carries a seat's view and public events only.

Each game is hosted on a real join socket and played to its end by a
computer at the host and a computer client that knows only what it
receives, with a spectator watching.  The game is then dealt again from
its seed and its actions: every view the client received must be exactly
its seat's view at the decision it names, every spectator's view a public
view of the game, every event a public event of it, and the hands come
only once the game is over.  ``benchmarks/net_privacy.py`` runs 200.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tacocat.engine import WOW, YAY, Player, Rules, new_game
from tacocat.engine.events import event_to_data
from tacocat.net import protocol
from tacocat.net.selfplay import Transcript, play_networked

GAMES = 20


def expected(transcript: Transcript) -> tuple[dict[int, Any], list[Any], list[Any], Any]:
    """The game dealt again: each step's view of the remote seat, the public views, the events."""
    state = new_game(transcript.seed, Rules())
    views: dict[int, Any] = {}
    publics = [protocol.public_data(state.public_view())]
    events = [event_to_data(event) for event in state.opening_events]
    for step, action in enumerate(transcript.actions):
        views[step] = protocol.view_data(state.view(transcript.remote))
        events += [event_to_data(event) for event in state.apply_action(action)]
        publics.append(protocol.public_data(state.public_view()))
    views[len(transcript.actions)] = protocol.view_data(state.view(transcript.remote))
    events = json.loads(json.dumps(events))  # as the wire has them: lists, not tuples
    return views, publics, events, [list(hand) for hand in state.hands]


def check(transcript: Transcript) -> None:
    views, publics, events, hands = expected(transcript)
    for received, watching in ((transcript.received, False), (transcript.watched, True)):
        kinds = [message["type"] for message in received]
        assert kinds[0] == "welcome" and kinds[-2:] == ["over", "bye"], kinds
        assert "seed" not in str(received)
        for message in received:
            kind = message["type"]
            if kind == "view":
                assert not watching
                assert message["view"] == views[message["step"]]
            elif kind == "public":
                assert watching and message["view"] in publics
            elif kind == "log":
                assert all(event in events for event in message["events"])
            elif kind == "over":
                assert message["hands"] == hands  # only at the end, as replay shows them
            else:
                assert kind in ("welcome", "bye"), kind


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_networked_game_sends_each_seat_only_its_view(seed: int) -> None:
    remote: Player = WOW if seed % 2 else YAY
    transcript = play_networked(seed, "easy", remote)
    assert transcript.actions, "the game was played"
    state = new_game(seed, Rules())
    for action in transcript.actions:
        state.apply_action(action)
    assert state.is_terminal()  # the same seed and actions finish the same game in hot seat
    check(transcript)
