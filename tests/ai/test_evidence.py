"""The discard pile tells the round back, and the clues weigh hands sensibly."""

from __future__ import annotations

import math
import random
from itertools import combinations_with_replacement

from tacocat.ai.evidence import Evidence, read_evidence, read_story, trick_floor
from tacocat.ai.heuristics import HeuristicAgent
from tacocat.ai.rules_of_thumb import replace_middle
from tacocat.engine import Answer, GameState, Phase, Replace, new_game, other
from tacocat.engine.choices import answer_choices
from tacocat.engine.events import Answered, DuelRevealed, Event, Replaced, RoundStarted


class _Truth:
    """The round's public events, kept by a test that watches the whole game."""

    def __init__(self) -> None:
        self.replaced: dict[int, tuple[int, ...]] = {}
        self.duels: list[tuple[int, int]] = []
        self.answers: list[Answered] = []

    def see(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, RoundStarted):
                self.__init__()  # type: ignore[misc]
            elif isinstance(event, Replaced):
                self.replaced[event.player] = event.values
            elif isinstance(event, DuelRevealed):
                self.duels.append(event.values)
            elif isinstance(event, Answered):
                self.answers.append(event)


def _games(count: int) -> list[tuple[GameState, _Truth]]:
    """Every decision of ``count`` games of the normal level, with the round's truth so far."""
    found = []
    for index in range(count):
        rng = random.Random(index)
        agents = [HeuristicAgent(rng), HeuristicAgent(rng)]
        state = new_game(seed=100 + index)
        truth = _Truth()
        truth.see(list(state.opening_events))
        while not state.is_terminal():
            mover = state.current_player()
            assert mover is not None
            found.append((state.clone(), _copy(truth)))
            truth.see(state.apply_action(agents[mover].choose(state.view(mover))))
    return found


def _copy(truth: _Truth) -> _Truth:
    twin = _Truth()
    twin.replaced = dict(truth.replaced)
    twin.duels = list(truth.duels)
    twin.answers = list(truth.answers)
    return twin


def test_the_story_read_from_the_pile_is_the_true_one() -> None:
    checked = with_answers = with_replacement = told = 0
    for state, truth in _games(12):
        me = state.current_player()
        assert me is not None
        opponent = other(me)
        mine = truth.replaced.get(me)
        story = read_story(state.view(me), None if mine is None else len(mine))
        assert story is not None
        assert story.duels == tuple(pair[opponent] for pair in truth.duels)
        expected = tuple(
            (answered.attack, answered.values)
            for answered in truth.answers
            if answered.player == opponent
        )
        assert expected in story.readings
        assert len(story.readings) <= 4
        if len(story.readings) == 1:
            # Their own decisions, latest first: the attacks they made and their answers.
            played = [
                (answered.attack, answered.values if answered.player == opponent else None)
                for answered in truth.answers
            ]
            assert story.decisions == tuple(reversed(played))
            told += bool(played)
        if opponent in truth.replaced:
            assert story.replaced == tuple(sorted(truth.replaced[opponent]))
            with_replacement += 1
        checked += 1
        with_answers += bool(expected)
    assert checked > 300 and with_answers > 50 and with_replacement > 200 and told > 100


def test_a_sacrifice_sets_a_floor_under_the_opponents_cards() -> None:
    floors = 0
    for state, _ in _games(6):
        me = state.current_player()
        assert me is not None
        evidence = read_evidence(state.view(me))
        if evidence.floor:
            floors += 1
            # The rule makes it certain: the real hand fits the clue.
            assert min(state.hand_values[other(me)]) >= evidence.floor
    assert floors > 10


def test_weights_prefer_hands_that_fit_the_clues() -> None:
    # They duelled with a 9 and may have kept their lowest card, but no card nearer 5.
    evidence = Evidence(floor=4, duel=9)
    assert evidence.weight((4, 9, 11)) > evidence.weight((4, 6, 11)) > evidence.weight((2, 6, 11))
    assert Evidence().is_empty and Evidence().weight((1, 12)) == 1.0
    # They threw away 4 to 7: what they kept is their lowest and their high cards.
    kept = Evidence(thrown=(4, 7), kept_share=0.5, kept_norm=0.7)
    assert kept.weight((3, 11)) > kept.weight((3, 5)) and kept.weight((5, 9)) > kept.weight((3, 6))


def test_the_first_replacers_cards_are_the_opponents_while_replacing_second() -> None:
    state = new_game(seed=3)
    # From the centre both replace in secret; play a round's replacement on a one-arrow
    # space instead by moving the game along until one comes up.
    rng = random.Random(1)
    seen = 0
    while not state.is_terminal() and seen < 3:
        mover = state.current_player()
        assert mover is not None
        view = state.view(mover)
        if view.phase.value == "replace" and view.discard_pile:
            story = read_story(view)
            assert story is not None and story.replaced is not None
            assert sorted(story.replaced) == sorted(card.value for card in view.discard_pile)
            seen += 1
        action = rng.choice(state.legal_actions())
        if isinstance(action, Replace) and not action.values and state.replace_limits[mover]:
            action = state.legal_actions()[-1]  # replace something, so the pile is not empty
        state.apply_action(action)
    assert seen >= 1


def _attacks() -> list[tuple[int, ...]]:
    """Every single card, set of two or three, and sequence of three."""
    singles = [(value,) for value in range(1, 13)]
    sets = [(value,) * size for value in range(1, 13) for size in (2, 3)]
    runs = [(value, value + 1, value + 2) for value in range(1, 11)]
    return singles + sets + runs


def test_a_sacrifice_floor_holds_for_every_legal_answer_and_is_the_highest_that_does() -> None:
    # For each attack and each answer the rules allow from some hand, the floor must hold
    # for every such hand (sound) and be met by one of them (nothing certain is left out).
    # A one-card rest is enough: a rest is legal exactly when each of its cards is.
    checked = 0
    for attack in _attacks():
        for answer in combinations_with_replacement(range(1, 13), len(attack)):
            kept = [
                rest
                for rest in range(1, 13)
                if Answer(answer) in answer_choices(tuple(sorted((*answer, rest))), attack)
            ]
            if kept:
                assert max(trick_floor(attack, answer), 1) == min(kept), (attack, answer)
                checked += 1
    assert checked > 5000


def test_the_floor_reads_a_jumbo_answer_the_way_that_holds_for_every_hand() -> None:
    # 9 9 10 12 answering 8-11 with 9 and 10: the 10 defends and a 9 is the sacrifice.
    assert Answer((9, 10)) in answer_choices((9, 9, 10, 12), (8, 11))
    evidence_floor = trick_floor((8, 11), (9, 10))
    assert evidence_floor == 9 and min((9, 12)) >= evidence_floor


def test_the_true_hand_never_breaks_a_certain_clue_in_random_games() -> None:
    # Random players answer every way the rules allow, not only the way the heuristics do.
    checked = 0
    for index in range(40):
        rng = random.Random(index)
        state = new_game(seed=500 + index)
        replaced: dict[int, int] = {}
        while not state.is_terminal():
            mover = state.current_player()
            assert mover is not None
            evidence = read_evidence(state.view(mover), replaced.get(mover))
            if evidence.floor:
                assert min(state.hand_values[other(mover)]) >= evidence.floor
                checked += 1
            action = rng.choice(state.legal_actions())
            if isinstance(action, Replace):
                replaced[mover] = len(action.values)
            for event in state.apply_action(action):
                if isinstance(event, RoundStarted):
                    replaced = {}
    assert checked > 100


DECK = tuple(value for value in range(1, 13) for _ in range(3))


def test_an_answer_read_backwards_weighs_the_hand_it_came_from() -> None:
    # They gave up a 2 to a 9: from 2 3 8 that is the rule's answer; from 2 3 9 the rule
    # defends with the 9, so that hand is far less likely.
    sacrificed = Evidence(decisions=(((9,), (2,)),), pool=DECK)
    assert sacrificed.weight((3, 8)) > 5 * sacrificed.weight((3, 9))
    # They beat a 6 with a 10: with a 7 in hand the rule would have spent the 7.
    defended = Evidence(decisions=(((6,), (10,)),), pool=DECK)
    assert defended.weight((3, 11)) > defended.weight((3, 7))
    assert not sacrificed.is_empty and not defended.is_empty


def test_an_attack_read_backwards_weighs_the_hand_it_came_from() -> None:
    # They attacked with a 10 and now hold two cards: the rule attacks with the highest
    # card it can spare, so an 11 left in hand makes the attack unlikely.
    attacked = Evidence(decisions=(((10,), None),), pool=DECK)
    assert attacked.weight((2, 5)) > attacked.weight((2, 11))


def test_a_duel_card_read_backwards_weighs_the_hand_it_came_from() -> None:
    # They duelled with a 6: nearest the middle from 1 6 9, not from 1 5 6.
    duelled = Evidence(duels=(6,), pool=DECK)
    assert duelled.weight((1, 9)) > duelled.weight((1, 5))
    # Tricks come after the duel: their cards go back into the hand before it is read.
    # Holding 1 and 9 after answering a 4 with that 9 (rule: the 9 defends), the duel
    # hand was 1 6 9 9 and the 6 still the card nearest the middle.
    later = Evidence(decisions=(((4,), (9,)),), duels=(6,), pool=DECK)
    assert later.weight((1, 9)) > later.weight((1, 5))


def test_the_play_read_backwards_makes_the_true_hand_likelier() -> None:
    # Against the normal level's games, whose attacks and answers are the rule's, the
    # true hand weighs far more than a random hand of the same cards.
    rng = random.Random(5)
    gains = []
    on_table = 0
    for state, _ in _games(12):
        me = state.current_player()
        assert me is not None
        view = state.view(me)
        evidence = read_evidence(view)
        if not evidence.decisions:
            continue
        if view.phase is Phase.ANSWER and view.attacker == view.opponent:
            # The attack on the table is their latest decision: its cards left their hand.
            assert evidence.decisions[0] == (tuple(sorted(view.table_values)), None)
            on_table += 1
        true = evidence.weight(state.hand_values[other(me)])
        unseen = view.unseen_values()
        guesses = [rng.sample(unseen, view.opponent_hand_size) for _ in range(200)]
        average = sum(evidence.weight(guess) for guess in guesses) / len(guesses)
        gains.append(math.log(true / average))
    assert len(gains) > 100 and on_table > 20
    assert sum(gains) / len(gains) > 0.5


def test_a_replacement_short_of_the_limit_says_the_middle_went() -> None:
    # They replaced fewer cards than allowed, and what they threw lay between 3 and 7.
    evidence = Evidence(thrown=(3, 7), kept_share=0.6, kept_norm=0.7)
    assert evidence.weight((2, 9, 11)) > evidence.weight((2, 5, 11)) > evidence.weight((4, 5, 6))
    # Their lowest card was kept whatever it is: a 5 as the lowest is no clue against them.
    assert evidence.weight((5, 9, 11)) == evidence.weight((2, 9, 11))


def test_a_hand_kept_by_the_rollouts_rule_fits_the_replacement_clue() -> None:
    # What ROLLOUT's replacement keeps never lies in the middle band, but the lowest card.
    evidence = Evidence(thrown=(3, 7), kept_share=1.0, kept_norm=1.0)
    for hand in [(1, 4, 5, 9, 12), (3, 3, 6, 8, 10), (2, 5, 6, 7, 7, 11)]:
        thrown = replace_middle(hand, len(hand), 2, 8)
        kept = list(hand)
        for value in thrown:
            kept.remove(value)
        assert evidence.weight(tuple(kept)) == 1.0
