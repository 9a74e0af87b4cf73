"""Networked games between computers: each terminal is sent only what its seat may know.

Each game is hosted on a real join socket and played to its end by the
host's keyboard and a joined player, both typed by computers, with a
spectator watching.  Every card of the deck carries its own palindrome,
so a palindrome on a screen names one card: every screen sent to the
joined player may name only the cards of its own view at that moment (its
hand, the table, the discards), every spectator's screen only the public
ones.  ``benchmarks/net_privacy.py`` runs 200.
"""

from __future__ import annotations

import pytest
from selfplay import leaks, play_networked

from tacocat.engine import WOW, YAY, Player, Rules, new_game

GAMES = 4  # each seat twice; the benchmark plays hundreds


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_networked_game_sends_each_terminal_only_what_its_seat_may_know(seed: int) -> None:
    remote: Player = WOW if seed % 2 else YAY
    transcript = play_networked(seed, "easy", remote)
    state = new_game(seed, Rules())
    for action in transcript.actions:
        state.apply_action(action)
    assert state.is_terminal()  # the same seed and actions finish the same game in hot seat
    assert transcript.screens and transcript.watched
    assert leaks(transcript.screens, Rules()) == []
    assert leaks(transcript.watched, Rules()) == []
    assert "seed" not in str(transcript.received)
    kinds = [message["type"] for message in transcript.received]
    assert kinds[0] == "welcome" and kinds[-1] == "bye"


def test_the_check_sees_a_leak() -> None:
    """Shown every card as unknown, the joined player's screens hold palindromes."""
    transcript = play_networked(3, "easy", WOW)
    blind = [(text, frozenset[int]()) for text, _ in transcript.screens]
    assert leaks(blind, Rules())
