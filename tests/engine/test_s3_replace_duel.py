"""RULES.md §3 (the order of a round), §3.1 replacing cards and §3.2 the duel."""

from __future__ import annotations

import random

from tacocat.engine import (
    WOW,
    YAY,
    Answer,
    Arrow,
    Attack,
    Duel,
    Phase,
    Replace,
    Rules,
    new_game,
)
from tacocat.engine.choices import ReplaceChoices
from tacocat.engine.events import ChoiceMade, DuelRevealed, Replaced, RoundStarted, Showdown

from .scenarios import last_trick, scenario

ALL_YAY = Rules(arrows=(Arrow.YAY,) * 7)  # a one-arrow centre, to start there


def test_s3_round_runs_replace_duel_play_showdown_then_move() -> None:
    state = new_game(seed=4)
    rng = random.Random(4)
    phases = [state.phase]
    while state.round_number == 1:
        events = state.apply_action(rng.choice(state.legal_actions()))
        if any(isinstance(event, Showdown) for event in events):
            phases.append(Phase.OVER)  # stands for the showdown and the move
            break
        if state.phase is not phases[-1]:
            phases.append(state.phase)
    order = [Phase.REPLACE, Phase.DUEL, Phase.ATTACK, Phase.ANSWER, Phase.OVER]
    # Phases appear in round order (a play alternates attack and answer).
    squeezed = [p for i, p in enumerate(phases) if p not in phases[:i]]
    assert squeezed == [p for p in order if p in squeezed]
    assert squeezed[:2] == [Phase.REPLACE, Phase.DUEL]


def test_s3_1_two_arrow_space_both_replace_up_to_the_whole_hand_secretly() -> None:
    state = new_game(seed=8)
    assert state.rules.arrows[state.position] is Arrow.BOTH
    whole = tuple(state.hand_values[YAY])
    assert Replace(whole) in state.legal_actions()
    events = state.apply_action(Replace(whole))
    # Only the fact of the choice is public, and Wow's limit does not shrink.
    assert events == [ChoiceMade(YAY, "replacement")]
    assert state.current_player() == WOW
    assert Replace(tuple(state.hand_values[WOW])) in state.legal_actions()
    assert state.view(WOW).my_choice is None
    assert state.view(YAY).my_choice == Replace(whole)
    assert state.view(WOW).opponent_has_chosen
    # Whatever Yay chose, Wow's view is the same.
    other_choice = new_game(seed=8)
    other_choice.apply_action(Replace(()))
    assert other_choice.view(WOW) == state.view(WOW)
    events = state.apply_action(Replace(()))
    assert events == [Replaced(YAY, whole), Replaced(WOW, ())]
    assert state.phase is Phase.DUEL


def test_s3_1_round_dealt_again_on_the_centre_after_a_tie_is_simultaneous_again() -> None:
    state = last_trick(6, 6)
    events = state.apply_action(Answer((1,)))
    assert isinstance(events[-1], RoundStarted) and events[-1].replay
    assert state.phase is Phase.REPLACE
    assert state.simultaneous
    assert state.replace_limits == (7, 7)


def test_s3_1_one_arrow_space_pointed_player_replaces_first_any_number() -> None:
    state = new_game(seed=8, rules=Rules(arrows=(Arrow.WOW,) * 7))
    assert state.current_player() == WOW
    counts = {len(action.values) for action in state.legal_actions()}
    assert counts == set(range(8))  # 0..7: any number up to the whole hand


def test_s3_1_second_player_replaces_at_most_as_many_as_the_first() -> None:
    for first_count in (0, 2, 7):
        state = new_game(seed=9, rules=ALL_YAY)
        chosen = tuple(state.hand_values[YAY][:first_count])
        events = state.apply_action(Replace(chosen))
        assert events == [Replaced(YAY, chosen)]  # public at once: no secret here
        assert state.current_player() == WOW
        counts = {len(action.values) for action in state.legal_actions()}
        assert counts == set(range(first_count + 1))
        assert state.view(WOW).replace_limit == first_count
        (second,) = state.apply_action(Replace(()))[:1]
        # Keeping the hand is a choice unless the limit was 0.
        assert isinstance(second, Replaced) and second.no_choice == (first_count == 0)


def test_s3_1_replaced_cards_go_face_up_to_discard_and_as_many_are_drawn() -> None:
    state = new_game(seed=12, rules=ALL_YAY)
    before = list(state.hands[YAY])
    top_three = state.draw_pile[-3:]
    values = tuple(state.hand_values[YAY][:3])
    state.apply_action(Replace(values))
    assert [state.rules.card_values[c] for c in state.discard_pile] == list(values)
    assert len(state.hands[YAY]) == 7
    assert sorted(state.hands[YAY]) == sorted(
        [c for c in before if c not in state.discard_pile] + top_three
    )
    assert [card.value for card in state.view(WOW).discard_pile] == list(values)


def test_s3_1_each_player_replaces_once_per_round() -> None:
    state = new_game(seed=13, rules=ALL_YAY)
    state.apply_action(Replace(()))
    state.apply_action(Replace(()))
    assert state.phase is Phase.DUEL
    assert state.why_illegal(Replace(())) is not None
    assert all(isinstance(action, Duel) for action in state.legal_actions())


def test_s3_2_duel_choices_are_secret_until_both_are_in() -> None:
    state = scenario([3, 8, 9], [2, 5, 11], phase=Phase.DUEL)
    events = state.apply_action(Duel(9))
    assert events == [ChoiceMade(YAY, "duel card")]
    view = state.view(WOW)
    assert view.opponent_has_chosen and view.my_choice is None
    assert view.discard_pile == () and view.table == ()
    assert view.opponent_hand_size == 3  # the pick stays in hand until the reveal
    other_pick = scenario([3, 8, 9], [2, 5, 11], phase=Phase.DUEL)
    other_pick.apply_action(Duel(3))
    assert other_pick.view(WOW) == view  # the pick itself leaves no trace
    events = state.apply_action(Duel(5))
    assert events == [DuelRevealed((9, 5), YAY)]


def test_s3_2_higher_duel_card_attacks_first() -> None:
    for yay_card, wow_card, attacker in ((9, 5, YAY), (3, 11, WOW)):
        state = scenario([3, 9, 10], [5, 11, 12], phase=Phase.DUEL)
        state.apply_action(Duel(yay_card))
        state.apply_action(Duel(wow_card))
        assert state.phase is Phase.ATTACK
        assert state.attacker == attacker
        assert state.current_player() == attacker
        assert all(isinstance(action, Attack) for action in state.legal_actions())


def test_s3_2_both_duel_cards_are_discarded() -> None:
    state = scenario([3, 9, 10], [5, 11, 12], phase=Phase.DUEL, discard=[1])
    state.apply_action(Duel(9))
    state.apply_action(Duel(5))
    assert sorted(state.rules.card_values[c] for c in state.discard_pile) == [1, 5, 9]
    assert state.hand_values[YAY] == (3, 10)
    assert state.hand_values[WOW] == (11, 12)
    assert state.duel_picks == [None, None]  # revealed picks leave nothing pending behind


def test_s3_2_tied_duel_discards_both_and_duels_again() -> None:
    state = scenario([3, 7, 10], [5, 7, 12], phase=Phase.DUEL)
    state.apply_action(Duel(7))
    events = state.apply_action(Duel(7))
    assert events == [DuelRevealed((7, 7), None)]
    assert state.phase is Phase.DUEL
    assert state.current_player() == WOW  # who chose last begins the duel again
    assert state.hand_values[YAY] == (3, 10)
    assert state.hand_values[WOW] == (5, 12)
    assert sorted(state.rules.card_values[c] for c in state.discard_pile) == [7, 7]


def test_s3_2_tied_duel_leaving_one_card_each_goes_to_showdown() -> None:
    state = scenario([4, 7], [6, 7], phase=Phase.DUEL)
    state.apply_action(Duel(7))
    events = state.apply_action(Duel(7))
    assert events[0] == DuelRevealed((7, 7), None)
    assert events[1] == Showdown((4, 6), YAY, False)  # no Play phase at all
    assert state.position == 2  # Yay won with the lower card


def test_replacements_are_listed_by_how_many_of_each_value_go_lowest_value_first() -> None:
    # The order is part of the engine's API (the random level indexes into it):
    # every multiset of at most `limit` cards, ordered by the count of the lowest
    # value given away, then of the next value, and so on.
    import itertools

    rng = random.Random(5)
    for _ in range(300):
        hand = tuple(sorted(rng.randint(1, 12) for _ in range(rng.randint(1, 8))))
        distinct = sorted(set(hand))
        for limit in range(len(hand) + 2):
            counts = [
                vector
                for vector in itertools.product(*(range(hand.count(v) + 1) for v in distinct))
                if sum(vector) <= limit
            ]
            expected = [
                tuple(v for v, n in zip(distinct, vector, strict=True) for _ in range(n))
                for vector in sorted(counts)
            ]
            choices = ReplaceChoices(hand, limit)
            assert [action.values for action in choices] == expected
            assert all(action in choices for action in choices)
            assert choices[-1] == choices[len(choices) - 1]
