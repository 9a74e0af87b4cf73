"""RULES.md §3.3: attacks (single, set, sequence), answers, tricks.

Besides the named rule tests, the legal attacks and answers are compared
with brute-force oracles written straight from the rule text, over hands
drawn by hypothesis.
"""

from __future__ import annotations

from itertools import combinations, pairwise, permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.engine import WOW, YAY, Answer, Attack, Phase
from tacocat.engine.choices import answer_choices, attack_choices, is_defended
from tacocat.engine.events import Answered, Attacked, Showdown, pair_answer

from .scenarios import scenario


def attacks(yay: list[int]) -> set[tuple[int, ...]]:
    """The values of every legal attack for Yay holding ``yay``."""
    # Wow's hand only has to be as large and leave the tested values free.
    wow = [1, 12, 1, 12, 2, 11, 2, 11, 3][: len(yay)]
    state = scenario(yay, wow, phase=Phase.ATTACK, to_move=YAY)
    return {action.values for action in state.legal_actions()}


def test_s3_3_attack_with_one_card() -> None:
    state = scenario([3, 5, 9], [4, 6, 8], phase=Phase.ATTACK, to_move=YAY)
    assert {(3,), (5,), (9,)} <= {action.values for action in state.legal_actions()}
    events = state.apply_action(Attack((9,)))
    assert events == [Attacked(YAY, (9,))]
    assert [card.value for card in state.view(WOW).table] == [9]
    assert state.current_player() == WOW and state.phase is Phase.ANSWER


def test_s3_3_set_attack_is_two_or_more_cards_of_one_value() -> None:
    found = attacks([5, 5, 5, 9, 10])
    assert {(5, 5), (5, 5, 5)} <= found
    assert (9, 10) not in found  # two different values are neither set nor sequence


def test_s3_3_sequence_attack_is_three_or_more_consecutive_values_each_once() -> None:
    found = attacks([4, 5, 6, 7, 7, 10])
    assert {(4, 5, 6), (5, 6, 7), (4, 5, 6, 7)} <= found
    assert (4, 5) not in found  # two in a row are not a sequence
    assert (4, 5, 7) not in found  # a gap breaks it
    assert (5, 6, 7, 7) not in found  # each value once
    assert attacks([3, 5, 6, 8, 9]) == {(3,), (5,), (6,), (8,), (9,)}


def test_s3_3_attack_must_leave_the_attacker_a_card() -> None:
    # Three 8s, or a sequence of three, in a hand of three: no Jumbo with them all.
    assert attacks([8, 8, 8]) == {(8,), (8, 8)}
    assert attacks([4, 5, 6]) == {(4,), (5,), (6,)}
    # With a fourth card both become legal.
    assert (8, 8, 8) in attacks([2, 8, 8, 8])
    assert (4, 5, 6) in attacks([4, 5, 6, 11])


def test_s3_3_defender_answers_each_attack_card_with_one_card() -> None:
    state = scenario([2, 10], [3, 4, 10, 11], phase=Phase.ANSWER, table=[9, 9], to_move=WOW)
    assert all(len(action.values) == 2 for action in state.legal_actions())
    state.apply_action(Answer((10, 11)))
    assert len(state.hands[WOW]) == len(state.hands[YAY]) == 2


def test_s3_3_defence_is_an_equal_or_higher_card() -> None:
    state = scenario([2, 4, 5], [3, 6, 7, 8], phase=Phase.ANSWER, table=[7], to_move=WOW)
    answers = {action.values for action in state.legal_actions()}
    assert answers == {(3,), (7,), (8,)}  # an equal card defends too; 6 does not
    events = state.apply_action(Answer((7,)))
    assert events == [Answered(WOW, (7,), (7,), True)]


def test_s3_3_sacrifice_is_the_lowest_card() -> None:
    state = scenario([2, 4, 5], [3, 6, 8, 11], phase=Phase.ANSWER, table=[12], to_move=WOW)
    assert state.legal_actions() == (Answer((3,)),)
    assert state.why_illegal(Answer((6,))) is not None


def test_s3_3_defender_may_sacrifice_even_when_able_to_defend() -> None:
    state = scenario([2, 4, 9], [3, 6, 8, 11], phase=Phase.ANSWER, table=[5], to_move=WOW)
    assert Answer((3,)) in state.legal_actions()
    events = state.apply_action(Answer((3,)))
    assert events == [Answered(WOW, (5,), (3,), False)]
    assert state.current_player() == YAY  # the attacker attacks again


def test_s3_3_jumbo_answer_sacrifices_are_lowest_unused_cards() -> None:
    state = scenario(
        [3, 10, 11], [1, 2, 5, 7, 12, 12], phase=Phase.ANSWER, table=[4, 5, 6], to_move=WOW
    )
    answers = {action.values for action in state.legal_actions()}
    # Defend 6 with 7 only: the two sacrifices are the lowest of the rest, 1 and 2.
    assert (1, 2, 7) in answers
    # Defend everything: 5 meets 4, 7 meets 5, 12 meets 6.
    assert (5, 7, 12) in answers
    # Defending with 5 and 7 leaves 1 as the sacrifice, never the 2.
    assert (1, 5, 7) in answers
    assert (2, 5, 7) not in answers
    assert answers == oracle_answers((1, 2, 5, 7, 12, 12), (4, 5, 6))


def test_s3_3_card_that_beats_its_attack_card_always_counts_as_defence() -> None:
    # Defending nothing against 3-4-5 sacrifices the three lowest cards, 4, 6
    # and 7; but they meet 3, 4 and 5 one for one, so the answer is a full
    # defence whatever the defender meant by it.
    state = scenario([8, 11], [4, 6, 7, 9, 10], phase=Phase.ANSWER, table=[3, 4, 5], to_move=WOW)
    assert Answer((4, 6, 7)) in state.legal_actions()
    events = state.apply_action(Answer((4, 6, 7)))
    assert events == [Answered(WOW, (3, 4, 5), (4, 6, 7), True)]
    assert state.current_player() == WOW and state.attacker == WOW


def test_s3_3_defended_trick_makes_the_defender_the_next_attacker() -> None:
    state = scenario([2, 6, 9], [3, 7, 10, 11], phase=Phase.ANSWER, table=[9], to_move=WOW)
    events = state.apply_action(Answer((10,)))
    assert isinstance(events[0], Answered) and events[0].trick_winner == WOW
    assert state.phase is Phase.ATTACK and state.current_player() == WOW


def test_s3_3_one_sacrifice_lets_the_attacker_attack_again() -> None:
    state = scenario([1, 10], [2, 3, 10, 11], phase=Phase.ANSWER, table=[9, 9], to_move=WOW)
    # 10 defends one 9; the other 9 takes the lowest unused card, the 2.
    events = state.apply_action(Answer((2, 10)))
    assert events == [Answered(WOW, (9, 9), (2, 10), False)]
    assert state.phase is Phase.ATTACK and state.current_player() == YAY


def test_s3_3_all_played_cards_go_to_the_discard_pile() -> None:
    state = scenario([1, 10], [2, 3, 10, 11], phase=Phase.ANSWER, table=[9, 9], to_move=WOW)
    state.apply_action(Answer((10, 11)))
    assert state.table_ids == ()
    assert sorted(state.rules.card_values[c] for c in state.discard_pile) == [9, 9, 10, 11]


def test_s3_3_tricks_continue_until_one_card_each() -> None:
    state = scenario([2, 3, 4, 9], [5, 6, 7, 8], phase=Phase.ATTACK, to_move=YAY)
    state.apply_action(Attack((9,)))
    assert state.legal_actions() == (Answer((5,)),)  # nothing beats a 9
    state.apply_action(Answer((5,)))  # a sacrifice: Yay attacks again
    assert state.phase is Phase.ATTACK and len(state.hands[YAY]) == 3
    state.apply_action(Attack((4,)))
    state.apply_action(Answer((6,)))  # a defence: Wow attacks
    assert state.phase is Phase.ATTACK and state.current_player() == WOW
    state.apply_action(Attack((8,)))
    events = state.apply_action(Answer((2,)))
    assert [type(event).__name__ for event in events][:2] == ["Answered", "Showdown"]
    assert events[1] == Showdown((3, 7), YAY, False)


# -- oracles from the rule text -------------------------------------------------


def oracle_attacks(hand: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every sub-multiset that is one card, a set or a sequence, leaving a card."""
    found = set()
    for size in range(1, len(hand)):
        for combo in combinations(sorted(hand), size):
            is_set = len(set(combo)) == 1
            is_run = size >= 3 and all(b == a + 1 for a, b in pairwise(combo))
            if size == 1 or is_set or is_run:
                found.add(combo)
    return found


def oracle_answers(hand: tuple[int, ...], attack: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Choose which attack cards to defend and with which cards; sacrifice the
    lowest unused cards for the rest (RULES.md §3.3 [decision])."""
    found = set()
    cards = sorted(hand)
    indices = range(len(cards))
    for defended in range(len(attack) + 1):
        for targets in combinations(range(len(attack)), defended):
            for chosen in permutations(indices, defended):
                if all(cards[c] >= attack[t] for c, t in zip(chosen, targets, strict=True)):
                    rest = [cards[i] for i in indices if i not in chosen]
                    sacrifices = rest[: len(attack) - defended]
                    found.add(tuple(sorted([cards[c] for c in chosen] + sacrifices)))
    return found


def oracle_defended(attack: tuple[int, ...], played: tuple[int, ...]) -> bool:
    """Some one-to-one pairing meets every attack card with an equal or higher card."""
    return any(
        all(p >= a for p, a in zip(order, attack, strict=True)) for order in permutations(played)
    )


values = st.integers(min_value=1, max_value=12)


@settings(max_examples=60)
@given(st.lists(values, min_size=2, max_size=9))
def test_s3_3_legal_attacks_match_the_rule_text(hand: list[int]) -> None:
    hand_t = tuple(sorted(hand))
    assert {action.values for action in attack_choices(hand_t)} == oracle_attacks(hand_t)


@settings(max_examples=60)
@given(st.data())
def test_s3_3_legal_answers_match_the_rule_text(data: st.DataObject) -> None:
    hand = tuple(sorted(data.draw(st.lists(values, min_size=2, max_size=7))))
    attack = tuple(sorted(data.draw(st.lists(values, min_size=1, max_size=min(3, len(hand) - 1)))))
    answers = {action.values for action in answer_choices(hand, attack)}
    assert answers == oracle_answers(hand, attack)
    for played in answers:
        assert is_defended(attack, played) == oracle_defended(attack, played)


@settings(max_examples=60)
@given(st.data())
def test_s3_3_sorted_pairing_decides_the_trick_and_the_story_agrees(data: st.DataObject) -> None:
    attack = tuple(data.draw(st.lists(values, min_size=1, max_size=4)))
    played = tuple(data.draw(st.lists(values, min_size=len(attack), max_size=len(attack))))
    defended = oracle_defended(attack, played)
    assert is_defended(attack, played) == defended
    pairs = pair_answer(attack, played)
    assert sorted(hit for hit, _, _ in pairs) == sorted(attack)
    assert sorted(answer for _, answer, _ in pairs) == sorted(played)
    assert all(answer >= hit for hit, answer, ok in pairs if ok)
    assert all(ok for _, _, ok in pairs) == defended


def test_s3_3_which_copy_of_a_value_is_played_tells_nothing_fixed() -> None:
    # Actions name values; the engine picks which copy leaves the hand. A fixed
    # pick (say the lowest id) would tell the opponent, from the played card's
    # palindrome, which other copies the hand does not hold.
    played = set()
    for seed in range(40):
        state = scenario([2, 9, 9, 11], [3, 4, 6, 10], phase=Phase.ATTACK, to_move=YAY, seed=seed)
        nines = sorted(c for c in state.hands[YAY] if state.rules.card_values[c] == 9)
        state.rng.seed(seed)
        state.apply_action(Attack((9,)))
        played.add(state.table[0])
        assert state.table[0] in nines
    assert len(played) == 2  # either 9 may be the one played
