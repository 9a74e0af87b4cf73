"""The rules of thumb, one situation at a time."""

from __future__ import annotations

from tacocat.ai.rules_of_thumb import EASY, NORMAL, ROLLOUT, choose
from tacocat.ai.situation import FIRST, SECOND, SIMULTANEOUS, Situation
from tacocat.engine import Answer, Attack, Duel, Phase, Rules
from tacocat.engine.choices import ReplaceChoices, answer_choices, attack_choices, duel_choices

DECK = Rules().card_values


def situation(
    phase: Phase,
    hand: tuple[int, ...],
    table: tuple[int, ...] = (),
    limit: int = 0,
    role: str = SIMULTANEOUS,
) -> Situation:
    legal = {
        Phase.REPLACE: lambda: ReplaceChoices(hand, limit),
        Phase.DUEL: lambda: duel_choices(hand),
        Phase.ATTACK: lambda: attack_choices(hand),
        Phase.ANSWER: lambda: answer_choices(hand, table),
    }[phase]()
    return Situation(phase, hand, legal, table, limit, role, len(hand), DECK)


def test_replace_the_high_cards() -> None:
    action = choose(situation(Phase.REPLACE, (1, 4, 8, 11, 12), limit=5))
    assert action.values == (8, 11, 12)  # type: ignore[union-attr]


def test_replace_no_more_than_the_limit_highest_first() -> None:
    action = choose(situation(Phase.REPLACE, (1, 9, 10, 12), limit=2, role=SECOND))
    assert action.values == (10, 12)  # type: ignore[union-attr]


def test_a_good_hand_replacing_first_keeps_everything_to_cap_the_opponent() -> None:
    hand = (1, 3, 5, 9)
    assert choose(situation(Phase.REPLACE, hand, limit=4, role=FIRST)).values == ()  # type: ignore[union-attr]
    # The same hand replacing second has nobody to cap, so it sheds the 9.
    assert choose(situation(Phase.REPLACE, hand, limit=4, role=SECOND)).values == (9,)  # type: ignore[union-attr]


def test_duel_with_the_highest_card() -> None:
    assert choose(situation(Phase.DUEL, (2, 5, 5, 11))) == Duel(11)


def test_the_rollouts_replace_the_middle_and_keep_the_lowest_and_the_high_cards() -> None:
    hand = (3, 4, 6, 8, 11, 12)
    assert choose(situation(Phase.REPLACE, hand, limit=6), ROLLOUT).values == (4, 6)  # type: ignore[union-attr]
    # Capped, the cards nearest the middle go first (of two as near, the lower).
    assert choose(situation(Phase.REPLACE, hand, limit=1, role=SECOND), ROLLOUT).values == (4,)  # type: ignore[union-attr]
    # The lowest card stays whatever it is; nothing in the middle: nothing goes.
    assert choose(situation(Phase.REPLACE, (5, 9, 10), limit=3), ROLLOUT).values == ()  # type: ignore[union-attr]
    assert choose(situation(Phase.REPLACE, (1, 2, 9), limit=3), ROLLOUT).values == ()  # type: ignore[union-attr]


def test_the_rollouts_duel_with_a_card_they_can_spare() -> None:
    assert choose(situation(Phase.DUEL, (2, 5, 9, 11)), ROLLOUT) == Duel(5)
    assert choose(situation(Phase.DUEL, (1, 4, 6, 11)), ROLLOUT) == Duel(6)  # the higher of two
    assert choose(situation(Phase.DUEL, (2, 12)), ROLLOUT) == Duel(12)  # never the lowest
    assert choose(situation(Phase.DUEL, (3, 3)), ROLLOUT) == Duel(3)


def test_the_rollouts_attack_and_answer_as_normal_does() -> None:
    hand, attack = (2, 6, 9, 9, 12), (8,)
    assert choose(situation(Phase.ATTACK, hand), ROLLOUT) == choose(situation(Phase.ATTACK, hand))
    answer = situation(Phase.ANSWER, hand, table=attack)
    assert choose(answer, ROLLOUT) == choose(answer)


def test_attack_never_spends_the_showdown_card() -> None:
    for hand in ((1, 2, 3, 9), (2, 3, 4), (1, 12), (3, 3, 7, 7)):
        action = choose(situation(Phase.ATTACK, hand))
        assert isinstance(action, Attack)
        rest = list(hand)
        for value in action.values:
            rest.remove(value)
        assert min(rest) == hand[0], (hand, action)


def test_attack_prefers_a_set_of_high_cards() -> None:
    action = choose(situation(Phase.ATTACK, (1, 11, 11, 12)))
    assert action == Attack((11, 11))


def test_easy_plays_no_jumbo_where_normal_does() -> None:
    hand = (2, 5, 6, 7, 9)
    assert len(choose(situation(Phase.ATTACK, hand), NORMAL).values) > 1  # type: ignore[union-attr]
    assert choose(situation(Phase.ATTACK, hand), EASY) == Attack((9,))


def test_defend_with_the_smallest_card_that_does_it() -> None:
    action = choose(situation(Phase.ANSWER, (2, 6, 9, 12), table=(5,)))
    assert action == Answer((6,))


def test_last_trick_keeps_the_lowest_card() -> None:
    # Answering leaves one card: the showdown card. Keep the 2, shed the 10.
    assert choose(situation(Phase.ANSWER, (2, 10), table=(4,))) == Answer((10,))
    # If only a sacrifice is possible, the lowest card has to go.
    assert choose(situation(Phase.ANSWER, (2, 3), table=(4,))) == Answer((2,))
