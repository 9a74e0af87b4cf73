"""Who starts: the player who makes the first of each simultaneous choice.

The rules have no first player: the first round's replacement and every
duel are simultaneous.  The engine takes them one after the other, the
first hidden until the second is in (docs/rules.md, decision 7); which
player goes first is ``Rules.first_to_choose`` (Yay unless a game says
otherwise, as ``tacocat play --first`` does), and each duel is begun by
whoever made the round's last choice (``Rules.keyboard_duel``).  It decides
who types first and nothing else: the same choices give the same game.
"""

from __future__ import annotations

import pytest

from tacocat.engine import WOW, YAY, GameState, Phase, Replace, Rules, RulesError, new_game
from tacocat.engine.events import ChoiceMade, Event


def play_out(state: GameState) -> list[Event]:
    """Play to the end with choices that depend on the mover's hand only, never on the order."""
    events: list[Event] = []
    while (player := state.current_player()) is not None:
        actions = state.legal_actions()
        pick = (sum(state.hand_values[player]) + 3 * player) % len(actions)
        events += state.apply_action(actions[pick])
    return events


def duel_starters(state: GameState) -> tuple[list[Event], set[bool]]:
    """:func:`play_out`, noting for each duel whether its starter made the last choice."""
    events: list[Event] = []
    starters: set[bool] = set()
    last = None  # who last had a choice (a forced move is no choice)
    while (player := state.current_player()) is not None:
        if state.phase is Phase.DUEL and state.view(player).opponent_has_chosen is False:
            starters.add(player == last)
        actions = state.legal_actions()
        pick = (sum(state.hand_values[player]) + 3 * player) % len(actions)
        last = player if len(actions) > 1 else last
        events += state.apply_action(actions[pick])
    return events, starters


@pytest.mark.parametrize("seed", range(6))
def test_the_order_of_simultaneous_choices_changes_nothing_else(seed: int) -> None:
    orders = (
        Rules(),
        Rules(first_to_choose=WOW),
        Rules(keyboard_duel=False),
        Rules(first_to_choose=WOW, keyboard_duel=False),
    )
    games = [new_game(seed, rules) for rules in orders]
    assert [game.current_player() for game in games] == [YAY, WOW, YAY, WOW]
    played = [duel_starters(game) for game in games]
    assert played[0][1] == played[1][1] == {True}  # each duel begun by who chose last
    public = [[e for e in events if not isinstance(e, ChoiceMade)] for events, _ in played]
    assert all(events == public[0] for events in public)
    assert len({(game.winner, game.round_number) for game in games}) == 1


@pytest.mark.parametrize(("first", "seed"), [(YAY, 0), (WOW, 0), (YAY, 3), (WOW, 3)])
def test_without_the_keyboard_duel_the_first_to_choose_begins_every_duel(
    first: int, seed: int
) -> None:
    state = new_game(seed, Rules(first_to_choose=first, keyboard_duel=False))
    firsts: set[int] = set()
    while (player := state.current_player()) is not None:
        if state.phase is Phase.DUEL and state.view(player).opponent_has_chosen is False:
            firsts.add(player)
        actions = state.legal_actions()
        state.apply_action(actions[(sum(state.hand_values[player]) + player) % len(actions)])
    assert firsts == {first}


def test_a_forced_replacement_leaves_the_duel_to_the_one_who_chose() -> None:
    state = new_game(0)  # the centre: both replace, Yay first
    state.apply_action(Replace(()))
    state.apply_action(Replace(()))
    assert state.phase is Phase.DUEL and state.current_player() == WOW  # Wow chose last
    for seed in range(40):  # a one-arrow round where the second may replace nothing
        state = new_game(seed)
        while state.phase is not Phase.REPLACE or state.simultaneous:
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply_action(actions[len(actions) // 2])
        if state.is_terminal():
            continue
        first = state.current_player()
        state.apply_action(Replace(()))  # nothing: the other has no choice left
        assert state.legal_actions() == [Replace(())]
        state.apply_action(Replace(()))
        assert state.phase is Phase.DUEL and state.current_player() == first
        return
    pytest.fail("no one-arrow round in 40 seeds")


def test_a_rules_file_may_name_who_chooses_first() -> None:
    rules = Rules.from_dict({"first_to_choose": "wow"})
    assert rules.first_to_choose == WOW and rules.to_dict()["first_to_choose"] == "wow"
    assert Rules.from_dict(rules.to_dict()) == rules
    assert "first_to_choose" not in Rules().to_dict()  # the default reads as before
    assert "keyboard_duel" not in Rules().to_dict()
    assert Rules.from_dict({"keyboard_duel": False}).to_dict()["keyboard_duel"] is False
    with pytest.raises(RulesError, match="keyboard_duel"):
        Rules.from_dict({"keyboard_duel": "yes"})
    for bad in ("both", 1, None, True):
        with pytest.raises(RulesError, match="first_to_choose"):
            Rules.from_dict({"first_to_choose": bad})
