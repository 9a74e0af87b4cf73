"""The hand-over cannot be skipped, and going back from a question returns where it was."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from tacocat.engine import Rules
from tacocat.ui.play import handover
from tacocat.ui.play.game import Game, Session
from tests.terminals import RecordingTerminal

HANDOVER = "Pass the keyboard to"


class Typist(RecordingTerminal):
    """Answers prompts from a list and records (screen, prompt) pairs as text."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines: Iterator[str] = iter(lines)
        self.seen: list[tuple[str, str, bool]] = []  # (screen, prompt, secret)

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        self.seen.append((self.screen, prompt, self.secret))
        return next(self.lines)


def play(lines: list[str], **options: object) -> tuple[Typist, Game]:
    """A hot-seat game of Ann and Bob answered by ``lines``, ended with q, y."""
    typist = Typist([*lines, "q", "y"])
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2, **options)  # type: ignore[arg-type]
    game = Game(session, typist)
    assert game.run() == 0
    return typist, game


def test_only_enter_ends_a_hand_over() -> None:
    typist, _ = play(["x", "hello", "-", "a", ""])
    prompts = [prompt for _, prompt, _ in typist.seen]
    assert prompts[:5] == ["Ann, press Enter: "] * 5
    assert prompts[5] == "Ann> "
    # Every refused line left the hand-over on screen, with a note, and no hand.
    for screen, _, secret in typist.seen[1:5]:
        assert HANDOVER in screen and "does nothing at a hand-over" in screen
        assert not secret and "Ann's hand" not in screen
    assert "Ann's hand" in typist.seen[5][0]


def test_going_back_from_the_quit_question_returns_to_the_hand_over() -> None:
    # The previous player's reflex: q, Enter (quit?), Enter (go back)...
    typist, _ = play(["q", "", ""])
    screens = [(screen, prompt) for screen, prompt, _ in typist.seen]
    assert screens[0][1] == "Ann, press Enter: "
    assert screens[1][1] == "Quit? (y/N) "
    # ... is back at the hand-over, not at Ann's hand.
    assert screens[2][1] == "Ann, press Enter: " and HANDOVER in screens[2][0]
    assert "Ann's hand" not in screens[2][0]
    assert screens[3][1] == "Ann> "


def test_question_mark_explains_the_hand_over_and_returns_to_it() -> None:
    typist, _ = play(["?", "", ""])
    (help_screen, prompt, secret) = typist.seen[1]
    assert "accepts only Enter" in help_screen and not secret
    assert prompt == "Press Enter to go back to the hand-over: "
    assert typist.seen[2][1] == "Ann, press Enter: "
    assert typist.seen[3][1] == "Ann> "


def test_going_back_from_quit_on_a_help_screen_shows_the_help_again() -> None:
    typist, _ = play(["", "?", "q", "", ""])
    prompts = [prompt for _, prompt, _ in typist.seen]
    assert prompts[2:5] == [
        "Press Enter to go back to the game: ",
        "Quit? (y/N) ",
        "Press Enter to go back to the game: ",
    ]
    assert "Help" in typist.seen[4][0]


def test_screens_with_a_hand_are_marked_secret_and_hand_overs_are_not() -> None:
    typist, _ = play(["", "?", ""])
    for screen, _, secret in typist.seen:
        assert secret == ("╭─ a" in screen), screen
    marks = [secret for _, _, secret in typist.seen]
    assert True in marks and False in marks  # both kinds of screen were shown


def test_notes_from_before_the_game_are_shown_on_its_first_screen() -> None:
    typist = Typist(["", "q", "y"])
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2)
    game = Game(session, typist, notes=["The saved game was damaged; it was moved aside."])
    assert game.run() == 0
    screen, prompt, _ = typist.seen[0]
    assert "moved aside" in screen and prompt == "Press Enter to continue: "
    assert typist.seen[1][1] == "Ann, press Enter: "


def test_after_a_suspend_a_hand_shows_again_only_behind_a_hand_over() -> None:
    typist = Typist(["", "", "q", "y"])
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2)
    game = Game(session, typist)
    typist.on_resume = partial(handover.resumed, game)
    game.curtain.open(0)
    handover.resumed(game, True)  # Ann's hand was on screen when the game was suspended
    assert typist.seen[-1][1] == "Ann, press Enter: " and HANDOVER in typist.seen[-1][0]
    count = len(typist.seen)
    game.curtain.close()  # a hand-over on screen: nobody's hand is one key away
    handover.resumed(game, False)  # so it is simply drawn again
    assert len(typist.seen) == count


def test_after_a_suspend_against_the_computer_the_human_presses_enter_first() -> None:
    typist = Typist([""])
    session = Session(names=("Ann", "Computer"), rules=Rules(), seed=2, computer="random")
    game = Game(session, typist)
    handover.resumed(game, True)  # the human's hand was on screen
    screen, prompt, secret = typist.seen[-1]
    assert "Back to Ann against Computer" in screen and prompt == "Ann, press Enter: "
    assert not secret
