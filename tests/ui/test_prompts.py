"""Turning typed lines into actions, commands or clear problems."""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest

from tacocat.engine import Answer, Attack, Card, Duel, GameState, Phase, Replace, Rules, new_game
from tacocat.names import name_problem
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.helptext import help_text
from tacocat.ui.draw.prompts import (
    HELP,
    QUIT,
    RULES,
    Command,
    Problem,
    again_prompt,
    hints,
    instruction,
    keys_for,
    parse_line,
)

HAND = keyed_hand([Card(i, v, "") for i, v in enumerate((2, 4, 5, 6, 9, 9, 12))])
# keys: a=2 b=4 c=5 d=6 e=9 f=9 g=12


@pytest.mark.parametrize(
    ("typed", "phase", "expected"),
    [
        ("a", Phase.DUEL, Duel(2)),
        (" G ", Phase.DUEL, Duel(12)),
        ("12", Phase.DUEL, Duel(12)),
        ("e f", Phase.ATTACK, Attack((9, 9))),
        ("ef", Phase.ATTACK, Attack((9, 9))),
        ("Ef", Phase.ATTACK, Attack((9, 9))),
        ("b,c,d", Phase.ATTACK, Attack((4, 5, 6))),
        ("9 9", Phase.ATTACK, Attack((9, 9))),
        ("e+9", Phase.ATTACK, Attack((9, 9))),
        ("a g", Phase.REPLACE, Replace((2, 12))),
        ("-", Phase.REPLACE, Replace(())),
        ("d g", Phase.ANSWER, Answer((6, 12))),
    ],
)
def test_picks_become_actions(typed: str, phase: Phase, expected: object) -> None:
    assert parse_line(typed, HAND, phase, attack_size=2) == expected


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("", "Nothing typed"),
        ("   ", "Nothing typed"),
        ("z", "'z' is not a card key: use a-g"),
        ("hello", "'hello' is not a card key"),
        ("Hello", "'Hello' is not a card key"),  # quoted as typed
        ("Z", "'Z' is not a card key"),
        ("a a", "picked twice"),
        ("a A", "card a is picked twice"),
        ("a!", "not understood"),
        ("a9x", "not understood"),
    ],
)
def test_bad_lines_are_explained(typed: str, words: str) -> None:
    parsed = parse_line(typed, HAND, Phase.ATTACK)
    assert isinstance(parsed, Problem)
    assert words in parsed.message


def test_duel_takes_exactly_one_card() -> None:
    parsed = parse_line("a b", HAND, Phase.DUEL)
    assert isinstance(parsed, Problem) and "exactly one" in parsed.message


def test_commands() -> None:
    assert parse_line("?", HAND, Phase.DUEL) == Command(HELP)
    assert parse_line("help", HAND, Phase.DUEL) == Command(HELP)
    assert parse_line("q", HAND, Phase.DUEL) == Command(QUIT)
    assert parse_line("Quit", HAND, Phase.ATTACK) == Command(QUIT)
    assert parse_line("rules", HAND, Phase.ANSWER) == Command(RULES)


def test_sacrifice_and_keep_only_where_they_mean_something() -> None:
    values = [card.value for _, card in HAND]
    answers = [Answer(pair) for pair in combinations(values, 2)]
    assert parse_line("s", HAND, Phase.ANSWER, 2, legal=answers) == Answer((2, 4))
    assert parse_line("s", HAND, Phase.ANSWER, 2, legal=answers, attack=(3, 3)) == Answer((2, 4))
    # Even the lowest cards defend an attack of two 1s: 's' would not sacrifice.
    refused = parse_line("s", HAND, Phase.ANSWER, 2, legal=answers, attack=(1, 1))
    assert isinstance(refused, Problem) and "nothing to sacrifice" in refused.message
    assert "s to sacrifice" not in instruction(Phase.ANSWER, 1, can_sacrifice=False)
    assert isinstance(parse_line("s", HAND, Phase.ATTACK), Problem)
    assert isinstance(parse_line("-", HAND, Phase.DUEL), Problem)


def test_empty_line_message_names_the_replace_limit() -> None:
    parsed = parse_line("", HAND, Phase.REPLACE, limit=3)
    assert isinstance(parsed, Problem) and "up to 3 cards" in parsed.message
    assert "no" not in instruction(Phase.REPLACE, limit=3)


def test_values_the_hand_lacks_are_left_to_the_engine() -> None:
    # The parser does not know the rules; the engine explains what is wrong.
    state = new_game(1)
    action = parse_line("13", keyed_hand(state.view(0).hand), Phase.REPLACE)
    assert action == Replace((13,))
    assert state.why_illegal(action) == "there is no 13 in the hand"


def test_keys_for_values_uses_distinct_cards() -> None:
    assert keys_for((9, 9), HAND) == "e+f"
    assert keys_for((4, 5, 6), HAND) == "b+c+d"


def until_phase(phase: Phase, seed: int = 3) -> GameState:
    state = new_game(seed)
    while state.phase is not phase:
        state.apply_action(state.legal_actions()[0])
    return state


def test_attack_hints_list_the_jumbo_attacks_the_engine_allows() -> None:
    # Random games reach attacks with Jumbo sets and attacks without: both are checked.
    checked = {True: 0, False: 0}  # has a Jumbo attack -> attacks seen
    for seed in range(4):
        state, rng = new_game(seed), random.Random(seed)
        while not state.is_terminal():
            if state.phase is Phase.ATTACK:
                view = state.view(state.current_player())  # type: ignore[arg-type]
                keyed = keyed_hand(view.hand)
                jumbo = [a for a in view.legal_actions if len(a.values) > 1]  # type: ignore[union-attr]
                line = hints(view, keyed, limit=99)[0]
                if jumbo:
                    for action in jumbo:
                        assert keys_for(action.values, keyed) in line  # type: ignore[union-attr]
                else:
                    assert "No Jumbo attack" in line
                checked[bool(jumbo)] += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked[True] > 5 and checked[False] > 5, checked


def test_answer_hints_come_from_legal_answers() -> None:
    state = until_phase(Phase.ANSWER)
    view = state.view(state.current_player())  # type: ignore[arg-type]
    keyed = keyed_hand(view.hand)
    line = hints(view, keyed, limit=99)[0]
    attack = tuple(card.value for card in view.table)
    defending = [a for a in view.legal_actions if min(a.values) >= max(attack)]  # type: ignore[union-attr]
    assert len(attack) == 1 and defending, "seed 3 reaches one attack card the hand can beat"
    assert f"defend the {attack[0]}" in line
    for action in defending:
        assert keys_for(action.values, keyed) in line  # type: ignore[union-attr]


def test_help_text_exists_for_every_decision() -> None:
    for phase in (Phase.REPLACE, Phase.DUEL, Phase.ATTACK, Phase.ANSWER):
        view = until_phase(phase).view(0)
        text = "\n".join(help_text(view, NAMES))
        assert phase.value.upper() in text
        assert all(len(line) <= 76 for line in help_text(view, NAMES))  # fits the help panel


@pytest.mark.parametrize(
    ("hint", "offered"),
    [("(counted)", "'hint' the coach (counted);"), ("", "'hint' the coach; q"), (None, "")],
)
def test_help_offers_the_hint_as_the_game_has_it(hint: str | None, offered: str) -> None:
    text = "\n".join(help_text(until_phase(Phase.REPLACE).view(0), NAMES, hint=hint))
    assert offered in text and ("'hint'" in text) == (hint is not None)


NAMES = ("Ann", "Bob")
SEAT_NAMES = re.compile(r"\b(yay|wow)\b", re.I)
GOALS = re.compile(r"\b(YAY|WOW) goal\b")  # places on the board, labelled so on screen
# A count of one before a plural noun: "up to 1 cards", "one tied rounds".
ONE_AND_MANY = re.compile(r"\b(1|one) (\w+ )?(cards|rounds|games|moves|events|hints|spaces)\b")


def game_texts(seed: int, rules: Rules) -> list[str]:
    """Every text a decision shows in one random game: instruction, hints, help, events."""
    state, rng = new_game(seed, rules), random.Random(seed)
    texts: list[str] = []
    while not state.is_terminal():
        player = state.current_player()
        assert player is not None
        view = state.view(player)
        keyed = keyed_hand(view.hand)
        attack = tuple(card.value for card in view.table)
        texts.append(instruction(view.phase, len(attack), view.replace_limit, True, len(keyed)))
        texts += hints(view, keyed) + help_text(view, NAMES)
        texts += [event.text(NAMES) for event in state.apply_action(rng.choice(view.legal_actions))]
    return texts


@pytest.mark.parametrize("seed", range(6))
def test_no_text_of_a_game_names_a_seat_or_counts_one_of_many(seed: int) -> None:
    # Seeds 0-5 of the standard game and of a variant with one card to replace at most
    # and a tie limit of one: the texts meet every count from 0 up.
    rules = Rules() if seed % 2 else Rules(hand_sizes=(2, 3, 4, 5, 4, 3, 2), tie_limit=1)
    texts = game_texts(seed, rules)
    assert texts
    for text in texts:
        assert not SEAT_NAMES.search(GOALS.sub("", text)), text
        assert not ONE_AND_MANY.search(text), text


def test_the_replace_instruction_says_the_limit_once_and_in_agreement() -> None:
    assert instruction(Phase.REPLACE, limit=1, held=4) == (
        "type the letter of one card to replace, or - to keep your hand"
    )
    assert "up to 3 cards" in instruction(Phase.REPLACE, limit=3, held=5)
    assert "any cards" in instruction(Phase.REPLACE, limit=7, held=7)
    assert "may not replace" in instruction(Phase.REPLACE, limit=0, held=7)
    state = until_phase(Phase.REPLACE)
    view = state.view(0)
    assert hints(view, keyed_hand(view.hand)) == []  # the limit is not said a second time


def test_play_again_lists_what_it_accepts() -> None:
    assert again_prompt(hot_seat=True) == "Play again? (y/s/n) "
    assert again_prompt(hot_seat=False) == "Play again? (y/n) "


@pytest.mark.parametrize(
    ("name", "other", "words"),
    [
        ("Ann", None, None),
        ("Zoë 2", "Ann", None),
        ("A" * 12, None, None),
        ("", None, "at least one"),
        ("   ", None, "at least one"),
        ("A" * 13, None, "at most 12"),
        ("Ann\tB", None, "printable"),
        ("[/b]", None, "[ and ]"),
        ("[bold]Ann", None, "[ and ]"),
        ("Ann]", None, "[ and ]"),
        ("aNN", "Ann", "Ann is taken"),
    ],
)
def test_name_problem_says_why_a_name_is_refused(
    name: str, other: str | None, words: str | None
) -> None:
    problem = name_problem(name, other)
    if words is None:
        assert problem is None
    else:
        assert problem is not None and words in problem


def test_sacrifice_is_the_engines_answer_with_the_lowest_cards() -> None:
    sizes: set[int] = set()
    for seed in range(8):
        state, rng = new_game(seed), random.Random(seed)
        while not state.is_terminal():
            if state.phase is Phase.ANSWER:
                view = state.view(state.current_player())  # type: ignore[arg-type]
                parsed = parse_line(
                    "s", keyed_hand(view.hand), Phase.ANSWER, legal=view.legal_actions
                )
                lowest = sorted(card.value for card in view.hand)[: len(view.table)]
                assert parsed == Answer(tuple(lowest))
                assert state.why_illegal(parsed) is None
                sizes.add(len(view.table))
            state.apply_action(rng.choice(state.legal_actions()))
    assert {1, 2} <= sizes  # single attacks and Jumbo ones
