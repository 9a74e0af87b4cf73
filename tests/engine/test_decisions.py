"""Engine decisions that RULES.md leaves open (docs/rules.md, "Decisions").

(a) the tie limit, (b) the order of simultaneous choices, (c) Jumbo answers
as multisets, (d) a non-tied duel that leaves one card each, (e) the
rules-file format.
"""

from __future__ import annotations

import random
from pathlib import Path

from tacocat.engine import WOW, YAY, Answer, Duel, Phase, Replace, Rules, load_rules, new_game
from tacocat.engine.events import Answered, ChoiceMade, DuelRevealed, GameOver, Showdown

from .scenarios import last_trick, scenario


def test_decision_a_ten_tied_rounds_in_a_row_end_the_game_in_a_draw() -> None:
    assert Rules().tie_limit == 10
    state = last_trick(6, 6, tied_rounds=8)
    state.apply_action(Answer((1,)))
    assert not state.is_terminal() and state.tied_rounds == 9
    state = last_trick(6, 6, tied_rounds=9)
    events = state.apply_action(Answer((1,)))
    assert events[-1] == GameOver(None, 10)
    assert state.is_terminal() and state.winner is None
    assert state.returns() == (0.0, 0.0)


def test_decision_a_a_decisive_round_resets_the_tie_count() -> None:
    state = last_trick(2, 9, tied_rounds=9)
    state.apply_action(Answer((1,)))
    assert state.tied_rounds == 0 and not state.is_terminal()


def test_decision_a_tie_limit_is_rules_data() -> None:
    state = last_trick(6, 6, rules=Rules(tie_limit=1))
    events = state.apply_action(Answer((1,)))
    assert events[-1] == GameOver(None, 1)


def test_decision_a_players_who_always_tie_still_end_the_game() -> None:
    # A deck of 38 sixes: every duel and every showdown is tied.
    sixes = Rules(counts=(0, 0, 0, 0, 0, 38, 0, 0, 0, 0, 0, 0))
    state = new_game(seed=1, rules=sixes)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.winner is None and state.tied_rounds == 10
    assert state.round_number == 10


def test_s5_decision_b_simultaneous_choices_are_taken_one_after_the_other_and_hidden() -> None:
    state = new_game(seed=21)
    assert state.current_player() == YAY
    yay_hand = state.hands[YAY]
    chosen = tuple(state.hand_values[YAY][:4])
    assert state.apply_action(Replace(chosen)) == [ChoiceMade(YAY, "replacement")]
    # The chosen cards stay in hand until the reveal: hands keep the same size.
    assert state.hands[YAY] == yay_hand
    assert state.view(WOW).opponent_hand_size == 7
    assert state.current_player() == WOW
    state.apply_action(Replace(()))
    # Wow, who chose last and is still at the keyboard, begins the duel.
    assert state.phase is Phase.DUEL and state.current_player() == WOW
    first = state.hand_values[WOW][0]
    assert state.apply_action(Duel(first)) == [ChoiceMade(WOW, "duel card")]
    assert len(state.hands[YAY]) == len(state.hands[WOW]) == 7
    assert state.current_player() == YAY
    # Yay's view never holds Wow's choice; Wow's own view does.
    assert state.view(YAY).my_choice is None
    assert state.view(WOW).my_choice == Duel(first)


def test_decision_c_a_jumbo_answer_is_the_multiset_of_cards_played() -> None:
    assert Answer((12, 5, 7)) == Answer((5, 7, 12))
    state = scenario(
        [3, 10, 11], [1, 2, 5, 7, 12, 12], phase=Phase.ANSWER, table=[4, 5, 6], to_move=WOW
    )
    # Sorted, 5 >= 4, 7 >= 5 and 12 >= 6: every attack card met by a defence.
    events = state.apply_action(Answer((12, 7, 5)))
    assert isinstance(events[0], Answered) and events[0].defended
    assert state.current_player() == WOW


def test_decision_c_one_low_card_loses_the_jumbo_trick() -> None:
    state = scenario(
        [3, 10, 11], [1, 2, 5, 7, 12, 12], phase=Phase.ANSWER, table=[4, 5, 6], to_move=WOW
    )
    # Sorted 1, 7, 12 against 4, 5, 6: the 1 is a sacrifice.
    events = state.apply_action(Answer((1, 7, 12)))
    assert isinstance(events[0], Answered) and not events[0].defended
    assert state.current_player() == YAY


def test_decision_d_non_tied_duel_leaving_one_card_each_goes_to_showdown() -> None:
    state = scenario([4, 7], [6, 9], phase=Phase.DUEL)
    state.apply_action(Duel(7))
    events = state.apply_action(Duel(9))
    assert events[:2] == [DuelRevealed((7, 9), WOW), Showdown((4, 6), YAY, False)]
    assert state.position == 2


def test_decision_d_hand_size_two_boards_never_reach_the_play_phase() -> None:
    state = new_game(seed=5, rules=Rules(hand_sizes=(2,) * 7))
    rng = random.Random(5)
    while not state.is_terminal():
        assert state.phase in (Phase.REPLACE, Phase.DUEL)
        state.apply_action(rng.choice(state.legal_actions()))


def test_decision_e_rules_file_format(tmp_path: Path) -> None:
    path = tmp_path / "variant.toml"
    path.write_text(
        "tie_goes_to_arrow = true\n"
        "tie_limit = 3\n"
        "[deck]\n"
        "counts = [3, 3, 3, 3, 4, 4, 4, 4, 3, 3, 3, 3]\n"
        "[board]\n"
        "hand_sizes = [3, 4, 5, 8, 5, 4, 3]\n"
        'arrows = ["yay", "both", "wow", "both", "yay", "both", "WOW"]\n'
    )
    rules = load_rules(path)
    assert rules.tie_goes_to_arrow and rules.tie_limit == 3
    assert rules.deck_size == 40
    assert rules.hand_sizes == (3, 4, 5, 8, 5, 4, 3)
    assert [arrow.value for arrow in rules.arrows][-1] == "wow"
    assert Rules.from_dict(rules.to_dict()) == rules
    assert sorted(rules.to_dict()) == ["board", "deck", "tie_goes_to_arrow", "tie_limit"]


def test_decision_e_missing_keys_keep_their_defaults(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text("[board]\nhand_sizes = [4, 4, 4, 6, 4, 4, 4]\n")
    assert load_rules(path) == Rules(hand_sizes=(4, 4, 4, 6, 4, 4, 4))
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    assert load_rules(empty) == Rules()
