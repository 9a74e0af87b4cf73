"""Event texts for the game log, action strings, and the engine's purity:
no rich, no click, and palindromes that really are palindromes."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tacocat.engine import WOW, YAY, Answer, Attack, Duel, Replace, Rules
from tacocat.engine.cards import PALINDROMES
from tacocat.engine.events import (
    EVENT_TYPES,
    Answered,
    Attacked,
    ChoiceMade,
    DuelRevealed,
    Event,
    GameOver,
    Replaced,
    RoundStarted,
    Showdown,
    TacocatMoved,
    event_from_data,
    event_to_data,
)

TEXTS: list[tuple[Event, str]] = [
    (RoundStarted(1, 3, 7, False), "Round 1 on O4: 7 cards each"),
    (RoundStarted(4, 1, 5, True), "Round 4 on A2 (dealt again after a tie): 5 cards each"),
    (ChoiceMade(YAY, "replacement"), "Yay has chosen a replacement"),
    (ChoiceMade(WOW, "duel card"), "Wow has chosen a duel card"),
    (Replaced(WOW, ()), "Wow replaced no cards"),
    (Replaced(YAY, (5,)), "Yay replaced one card: 5"),
    (Replaced(WOW, (2, 9, 12)), "Wow replaced three cards: 2, 9 and 12"),
    (DuelRevealed((8, 3), YAY), "Duel: Yay 8, Wow 3 - Yay attacks first"),
    (DuelRevealed((5, 5), None), "Duel: Yay 5, Wow 5 - tie, both discarded"),
    (Attacked(WOW, (9, 9)), "Wow attacked with a set of two 9s"),
    (Attacked(YAY, (4, 5, 6)), "Yay attacked with a sequence 4-5-6"),
    (Attacked(YAY, (8,)), "Yay attacked with an 8"),
    (Answered(YAY, (9,), (2,), False), "Yay sacrificed a 2 - Wow wins the trick"),
    (Answered(WOW, (7,), (7,), True), "Wow defended 7 with 7 - Wow wins the trick"),
    (
        Answered(YAY, (4, 5, 6), (1, 6, 7), False),
        "Yay defended 6 with 6, defended 5 with 7, sacrificed a 1 - Wow wins the trick",
    ),
    (Showdown((1, 3), YAY, False), "Yay won the round with a 1 against a 3"),
    (Showdown((11, 4), WOW, False), "Wow won the round with a 4 against an 11"),
    (Showdown((6, 6), None, False), "Showdown: Yay 6, Wow 6 - tied round"),
    (
        Showdown((6, 6), WOW, True),
        "Showdown tied at 6 - Wow wins the round (tie goes to the arrow)",
    ),
    (TacocatMoved(YAY, 3, 2), "Tacocat moves to C3; tile on O4"),
    (TacocatMoved(WOW, 5, 7), "Tacocat moves to the WOW goal; tile on A6"),
    (GameOver(YAY, 0), "The Tacocat reaches the YAY goal - Yay wins the game!"),
    (GameOver(None, 10), "The game is drawn after 10 tied rounds in a row"),
]


@pytest.mark.parametrize(("event", "text"), TEXTS)
def test_event_text_reads_well(event: Event, text: str) -> None:
    assert event.text() == text


def test_every_event_kind_has_a_text_test() -> None:
    assert {type(event) for event, _ in TEXTS} == set(EVENT_TYPES.values())


def test_event_text_uses_the_players_names() -> None:
    event = Answered(YAY, (9,), (2,), False)
    assert event.text(("Ana", "Bo")) == "Ana sacrificed a 2 - Bo wins the trick"


@pytest.mark.parametrize(("event", "text"), TEXTS)
def test_event_data_round_trips(event: Event, text: str) -> None:
    assert event_from_data(event_to_data(event)) == event


def test_action_strings_read_as_sentences() -> None:
    assert str(Replace(())) == "replace nothing"
    assert str(Replace((9, 2))) == "replace 2 and 9"
    assert str(Duel(11)) == "duel with an 11"
    assert str(Attack((9, 9))) == "attack with a set of two 9s"
    assert str(Attack((6, 4, 5))) == "attack with a sequence 4-5-6"
    assert str(Answer((12, 1, 7))) == "answer with 1, 7 and 12"


def test_the_engine_imports_neither_rich_nor_click() -> None:
    code = (
        "import sys, tacocat.engine\n"
        "print(sorted(m for m in ('rich', 'click') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_every_palindrome_reads_the_same_backwards() -> None:
    for phrase in PALINDROMES:
        letters = [char.lower() for char in phrase if char.isalpha()]
        assert letters == letters[::-1], phrase
    assert len(set(PALINDROMES)) == len(PALINDROMES)
    assert len(PALINDROMES) >= Rules().deck_size


def test_a_limit_of_zero_is_told_as_no_choice() -> None:
    event = Replaced(WOW, (), no_choice=True)
    assert event.text(("Ann", "Bob")) == "Bob may replace no card (Ann replaced none)"
    # Records written before the flag existed still compare equal on replay.
    assert event == Replaced(WOW, ())
    assert event_from_data({"kind": "replaced", "player": 1, "values": []}) == event


def test_a_showdown_scores_the_round_for_each_player() -> None:
    from tacocat.engine.events import Showdown

    won = Showdown(values=(3, 9), winner=0, by_arrow=False)
    tied = Showdown(values=(5, 5), winner=None, by_arrow=False)
    assert (won.score(0), won.score(1)) == (1, -1)
    assert (tied.score(0), tied.score(1)) == (0, 0)


def test_events_are_immutable_and_equal_only_to_their_own_kind() -> None:
    import pickle

    attacked = Attacked(0, (9,))
    with pytest.raises(AttributeError):
        attacked.player = 1  # type: ignore[misc]
    assert attacked == Attacked(0, (9,)) and hash(attacked) == hash(Attacked(0, (9,)))
    plain = (0, (9,))
    assert attacked != plain and plain != attacked
    assert attacked != ChoiceMade(0, (9,))  # type: ignore[arg-type]
    assert TacocatMoved(0, 3, 2) != (0, 3, 2)
    # no_choice is left out of equality (records written before it still replay)
    assert Replaced(0, ()) == Replaced(0, (), no_choice=True)
    assert hash(Replaced(0, ())) == hash(Replaced(0, (), no_choice=True))
    assert pickle.loads(pickle.dumps(attacked)) == attacked
