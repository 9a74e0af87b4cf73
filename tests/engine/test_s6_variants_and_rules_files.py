"""RULES.md §6 variants, and rules files: valid ones change play, invalid
ones are refused with a message that names the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from tacocat.engine import WOW, YAY, Answer, Rules, RulesError, load_rules, new_game
from tacocat.engine.events import Showdown, TacocatMoved

from .scenarios import last_trick

ARROW = Rules(tie_goes_to_arrow=True)


def test_s6_variants_are_off_by_default() -> None:
    assert Rules().tie_goes_to_arrow is False
    state = last_trick(6, 6, position=1)
    events = state.apply_action(Answer((1,)))
    assert events[1] == Showdown((6, 6), None, False)


def test_s6_tie_goes_to_arrow() -> None:
    # Space 2 (A) points at Wow, space 6 (A) at Yay.
    for position, winner, landing in ((1, WOW, 2), (5, YAY, 4)):
        state = last_trick(6, 6, position=position, rules=ARROW)
        events = state.apply_action(Answer((1,)))
        assert events[1] == Showdown((6, 6), winner, True)
        assert events[2] == TacocatMoved(winner, position, landing)
        assert state.tied_rounds == 0


def test_s6_tie_goes_to_arrow_stays_a_tie_on_a_two_arrow_space() -> None:
    state = last_trick(6, 6, position=3, rules=ARROW)
    events = state.apply_action(Answer((1,)))
    assert events[1] == Showdown((6, 6), None, False)
    assert state.position == 3 and state.tied_rounds == 1


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rules.toml"
    path.write_text(text)
    return path


def test_s6_a_different_board_from_a_rules_file_deals_differently(tmp_path: Path) -> None:
    rules = load_rules(write(tmp_path, "[board]\nhand_sizes = [3, 3, 3, 5, 3, 3, 3]\n"))
    state = new_game(seed=1, rules=rules)
    assert [len(hand) for hand in state.hands] == [5, 5]
    assert len(state.draw_pile) == 38 - 10


def test_s6_a_different_deck_from_a_rules_file_changes_the_cards(tmp_path: Path) -> None:
    counts = "[4, 4, 4, 4, 4, 4, 4, 2, 0, 0, 0, 0]"
    rules = load_rules(write(tmp_path, f"[deck]\ncounts = {counts}\n"))
    state = new_game(seed=1, rules=rules)
    assert rules.deck_size == 30
    assert max(state.hand_values[YAY] + state.hand_values[WOW]) <= 8
    assert len(state.draw_pile) == 30 - 14


def test_s6_tie_goes_to_arrow_from_a_rules_file(tmp_path: Path) -> None:
    rules = load_rules(write(tmp_path, "tie_goes_to_arrow = true\n"))
    assert rules == ARROW


INVALID = [
    ("tie_limit = [", r"rules\.toml is not valid TOML"),
    (
        "colour = 'red'",
        r"unknown key colour \(allowed: board, dealing, deck, first_to_choose, keyboard_duel, "
        r"tie_goes_to_arrow, tie_limit\)",
    ),
    (
        "[board]\nsizes = [1]",
        r"unknown key board\.sizes \(allowed: board\.arrows, board\.hand_sizes\)",
    ),
    ("[deck]\ncount = []", r"unknown key deck\.count"),
    ("[board]\nhand_sizes = [4, 5, 6, 6, 5, 4]", r"board\.hand_sizes must list 7 spaces, got 6"),
    ('[board]\narrows = ["yay", "wow"]', r"board\.arrows must list 7 spaces, got 2"),
    (
        "[board]\nhand_sizes = [4, 1, 6, 7, 6, 5, 4]",
        r"space 2 \(A\) deals 1 card; every hand size must be at least 2",
    ),
    (
        "[board]\nhand_sizes = [4, 5, 6, 10, 6, 5, 4]",
        r"the deck has 38 cards but a hand of 10 needs 4 x 10 = 40",
    ),
    (
        "[deck]\ncounts = [2, 2, 2, 2, 2, 2, 2, 2, 2]",
        r"deck\.counts must list 12 counts \(values 1-12\), got 9",
    ),
    (
        "[deck]\ncounts = [2, 3, -1, 3, 4, 4, 4, 4, 3, 3, 3, 2]",
        r"deck\.counts: the count of value 3 is negative \(-1\)",
    ),
    (
        '[board]\narrows = ["wow", "wow", "up", "both", "yay", "yay", "yay"]',
        r"board\.arrows: 'up' is not an arrow; use 'yay', 'wow' or 'both'",
    ),
    ("tie_goes_to_arrow = 'yes'", r"tie_goes_to_arrow must be true or false, got 'yes'"),
    ("tie_limit = 2.5", r"tie_limit must be a whole number, got 2\.5"),
    ("tie_limit = 0", r"tie_limit must be at least 1, got 0"),
    ("dealing = 'shuffled'", r'dealing must be "stream" or "round", got \'shuffled\''),
    ("deck = 5", r"\[deck\] must be a table"),
    ("[deck]\ncounts = 'many'", r"deck\.counts must be a list, got 'many'"),
    (
        "[board]\nhand_sizes = [4, 5, 6, 7.5, 6, 5, 4]",
        r"board\.hand_sizes must be a whole number, got 7\.5",
    ),
    (
        "[board]\narrows = [1, 2, 3, 4, 5, 6, 7]",
        r"board\.arrows: 1 is not an arrow; use 'yay', 'wow' or 'both'",
    ),
]


@pytest.mark.parametrize(("text", "message"), INVALID)
def test_s6_invalid_rules_file_is_refused_with_its_reason(
    tmp_path: Path, text: str, message: str
) -> None:
    path = write(tmp_path, text + "\n")
    with pytest.raises(RulesError, match=message) as caught:
        load_rules(path)
    assert str(path) in str(caught.value)  # the message names the file


def test_s6_missing_rules_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match=r"cannot read rules file .*nowhere\.toml"):
        load_rules(tmp_path / "nowhere.toml")


def test_s6_rules_built_in_code_are_validated_too() -> None:
    with pytest.raises(RulesError, match="must list 7 spaces"):
        Rules(hand_sizes=(4, 5, 6))
    with pytest.raises(RulesError, match="at least 2"):
        ARROW.replace(hand_sizes=(0, 5, 6, 7, 6, 5, 4))
