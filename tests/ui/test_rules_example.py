"""The rules summary's worked round is played through the engine, and opens with the twist."""

from __future__ import annotations

from pathlib import Path

from tacocat.engine import WOW, YAY, Answer, Arrow, Attack, Duel, Phase, Rules
from tacocat.engine.events import Answered, DuelRevealed, Showdown
from tacocat.ui.draw.rules_example import EXAMPLE, example_steps, fits
from tacocat.ui.draw.rules_text import TWIST, rules_lines, rules_text
from tests.engine.scenarios import scenario

ROOT = Path(__file__).resolve().parents[2]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_example_round_plays_as_told() -> None:
    yay_hand, wow_hand = EXAMPLE.hands
    state = scenario(yay_hand, wow_hand, phase=Phase.DUEL)
    state.apply_action(Duel(EXAMPLE.duel[YAY]))
    shown = state.apply_action(Duel(EXAMPLE.duel[WOW]))
    (revealed,) = [e for e in shown if isinstance(e, DuelRevealed)]
    assert revealed.attacker == YAY  # the text: "so Yay attacks first"
    (defended, sacrificed) = EXAMPLE.tricks
    state.apply_action(Attack((defended[0],)))
    (first,) = [e for e in state.apply_action(Answer((defended[1],))) if isinstance(e, Answered)]
    assert first.trick_winner == WOW  # a defence wins the trick: Wow attacks next
    state.apply_action(Attack((sacrificed[0],)))
    # The sacrifice told is the only answer the rules allow.
    assert list(state.legal_actions()) == [Answer((sacrificed[1],))]
    events = state.apply_action(Answer((sacrificed[1],)))
    (showdown,) = [e for e in events if isinstance(e, Showdown)]
    assert showdown.winner == WOW
    assert showdown.values == EXAMPLE.last_cards()
    assert min(EXAMPLE.last_cards()) == EXAMPLE.last_cards()[WOW]  # the lower card won


def test_the_example_tells_the_numbers_it_is_played_with() -> None:
    text = flat(" ".join(example_steps(("Ann", "Bob"))))
    assert "Ann holds 2 5 9 12 and Bob holds 3 6 7 10" in text
    assert "Ann shows a 12 and Bob a 6" in text and "so Ann attacks first" in text
    assert "the 2, and Bob wins that trick" in text
    assert "Ann 5, Bob 3" in text and "Bob wins the round" in text


def test_the_summary_opens_with_the_goal_and_the_twist_in_three_lines() -> None:
    lines = [line for line, _ in rules_lines(Rules())]
    opening = lines[3:6]
    assert " ".join(opening) == TWIST and lines[6] == ""  # three lines at 80 columns
    assert "LOWEST last card wins the round" in TWIST
    assert len(lines) <= 100


def test_the_example_follows_the_rules_in_play() -> None:
    assert "A round played out" in rules_text(Rules())
    # A board that never deals four cards cannot hold the example's hands.
    small = Rules(hand_sizes=(2, 3, 3, 3, 3, 3, 2))
    assert not fits(small) and "A round played out" not in rules_text(small)
    no_twelves = Rules(counts=(3, 3, 3, 4, 4, 4, 4, 4, 4, 3, 3, 0))
    assert not fits(no_twelves)


def test_inside_a_game_the_rules_call_the_players_by_their_names() -> None:
    arrows = (Arrow.WOW, Arrow.WOW, Arrow.WOW, Arrow.BOTH, Arrow.YAY, Arrow.YAY, Arrow.YAY)
    text = flat(rules_text(Rules(arrows=arrows), names=("Ann", "Bob")))
    assert "Bob on T1, A2 and C3; Ann on C5, A6 and T7" in text
    assert "Ann first, then Bob" in text and "Ann holds 2 5 9 12" in text
    assert "Yay" not in text and "Wow" not in text


def test_docs_rules_tells_the_same_example_round() -> None:
    docs = flat((ROOT / "docs" / "rules.md").read_text(encoding="utf-8").replace("**", ""))
    for step in example_steps(("Yay", "Wow")):
        assert flat(step) in docs, step
