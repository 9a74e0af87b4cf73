"""Who starts: the player who makes the first of each simultaneous choice.

The rules have no first player: the first round's replacement and every
duel are simultaneous.  The engine takes them one after the other, the
first hidden until the second is in (docs/rules.md, decision 7); which
player goes first is ``Rules.first_to_choose`` (Yay unless a game says
otherwise, as ``tacocat play --first`` does).  It decides who types first
and nothing else: the same choices give the same game.
"""

from __future__ import annotations

import pytest

from tacocat.engine import WOW, YAY, GameState, Phase, Rules, RulesError, new_game
from tacocat.engine.events import ChoiceMade, Event


def play_out(state: GameState) -> list[Event]:
    """Play to the end with choices that depend on the mover's hand only, never on the order."""
    events: list[Event] = []
    while (player := state.current_player()) is not None:
        actions = state.legal_actions()
        pick = (sum(state.hand_values(player)) + 3 * player) % len(actions)
        events += state.apply_action(actions[pick])
    return events


@pytest.mark.parametrize("seed", range(6))
def test_the_first_to_choose_starts_each_simultaneous_choice_and_changes_nothing_else(
    seed: int,
) -> None:
    yay_first, wow_first = new_game(seed), new_game(seed, Rules(first_to_choose=WOW))
    assert yay_first.current_player() == YAY and wow_first.current_player() == WOW
    firsts: set[int] = set()
    events = {YAY: play_out(yay_first), WOW: []}
    state = wow_first
    while (player := state.current_player()) is not None:
        if state.phase is Phase.DUEL and state.view(player).opponent_has_chosen is False:
            firsts.add(player)
        actions = state.legal_actions()
        pick = (sum(state.hand_values(player)) + 3 * player) % len(actions)
        events[WOW] += state.apply_action(actions[pick])
    assert firsts == {WOW}  # every duel of the game began with Wow's choice
    public = [[e for e in events[first] if not isinstance(e, ChoiceMade)] for first in (YAY, WOW)]
    assert public[0] == public[1]
    assert (yay_first.winner, yay_first.round_number) == (wow_first.winner, wow_first.round_number)


def test_a_rules_file_may_name_who_chooses_first() -> None:
    rules = Rules.from_dict({"first_to_choose": "wow"})
    assert rules.first_to_choose == WOW and rules.to_dict()["first_to_choose"] == "wow"
    assert Rules.from_dict(rules.to_dict()) == rules
    assert "first_to_choose" not in Rules().to_dict()  # the default reads as before
    for bad in ("both", 1, None, True):
        with pytest.raises(RulesError, match="first_to_choose"):
            Rules.from_dict({"first_to_choose": bad})
