"""Taking a move back: when it is allowed, what the game and its record keep."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.engine import WOW, YAY, Duel, Replace, Rules
from tacocat.storage.records import list_records, read_record
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.prompts import keys_for
from tacocat.ui.play.game import Game, Session
from tests.terminals import RecordingTerminal


class Keyboard(RecordingTerminal):
    """Answers prompts from a list of lines; records the screens as text."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines: Iterator[str] = iter(lines)
        self.prompts: list[str] = []
        self.asked_on: list[str] = []  # the screen each prompt was asked on

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        self.prompts.append(prompt)
        self.asked_on.append(self.screens[-1] if self.screens else "")
        try:
            return next(self.lines)
        except StopIteration:
            raise EOFError from None  # the script ran out: leave the game


def game_with(lines: list[str], seed: int = 21) -> tuple[Game, Keyboard]:
    keyboard = Keyboard(lines)
    game = Game(Session(names=("Ann", "Bob"), rules=Rules(), seed=seed), keyboard)
    return game, keyboard


def test_a_move_is_taken_back_at_the_hand_over_and_recorded() -> None:
    # Ann's hand-over, Ann keeps her hand, then at Bob's hand-over she takes it back,
    # passes a hand-over of her own and replaces her lowest card instead; Bob then
    # takes the keyboard.
    game, keyboard = game_with(["", "-", "u", "", "a", "", "-"])
    game.run()
    assert keyboard.prompts[:6] == [
        "Ann, press Enter: ",
        "Ann> ",
        "Bob, press Enter: ",
        "Ann, press Enter: ",  # whoever typed u: Ann's hand only after her hand-over
        "Ann> ",
        "Bob, press Enter: ",
    ]
    offer = keyboard.screens[2]
    assert "Ann: type u to take back your move" in offer
    assert "Ann took back their move" in game.log
    state = game.state
    assert state.history[0] != Replace(()) and len(state.history[0].values) == 1  # type: ignore[union-attr]
    (record,) = list_records()[0]
    assert record.path is not None
    full = read_record(record.path)
    assert [(t.move, t.player, t.action) for t in full.taken_back] == [(1, YAY, Replace(()))]
    replayed = CliRunner().invoke(main, ["replay"])
    assert replayed.exit_code == 0, replayed.output
    assert "Taken back during play: a move by Ann" in replayed.output  # not finished
    assert "exactly the" in replayed.output  # the record still matches its re-play


def test_a_move_stands_once_the_next_player_pressed_enter() -> None:
    game, keyboard = game_with(["", "-", "", "u"])
    game.run()
    assert keyboard.prompts[-1] == "Bob> "
    assert "nothing to take back" in keyboard.screens[-1]
    assert game.state.history == [Replace(())]


def test_a_move_that_reveals_cards_cannot_be_taken_back() -> None:
    game, _ = game_with([])
    state = game.state
    game.table.note_move(YAY, Replace(()), game.apply(Replace(())))
    assert game.table.can_take_back(YAY) and not game.table.can_take_back(WOW)
    game.table.note_move(WOW, Replace(()), game.apply(Replace(())))
    # Both replacements are now public (the first was secret): Bob's move stands.
    assert not game.table.can_take_back(WOW)
    ann, bob = state.hand_values[YAY][0], state.hand_values[WOW][0]
    game.table.note_move(WOW, Duel(bob), game.apply(Duel(bob)))  # Bob chose last: he starts
    assert game.table.can_take_back(WOW)  # a face-down duel card
    game.table.note_move(YAY, Duel(ann), game.apply(Duel(ann)))
    assert not game.table.can_take_back(YAY)  # the duel was revealed


def test_old_records_without_take_backs_still_load(app_home: object) -> None:
    game, _ = game_with(["", "-"])
    game.run()
    (record,) = list_records()[0]
    assert record.path is not None
    lines = record.path.read_text().splitlines()
    import json

    header = json.loads(lines[0])
    del header["taken_back"]
    record.path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert read_record(record.path).taken_back == ()


def test_drawn_cards_are_marked_on_the_next_screen_only() -> None:
    game, keyboard = game_with(["", "ab", "", "-", "a", "", "a", "", "a"], seed=8)
    state = game.state
    before = set(state.hands[YAY])
    game.run()
    duel_screen = keyboard.asked_on[keyboard.prompts.index("Ann> ", 2)]
    assert "Duel" in duel_screen
    pairs = zip(keyboard.asked_on, keyboard.prompts, strict=True)
    hand_after = [screen for screen, prompt in pairs if prompt == "Ann> "]
    assert len(hand_after) >= 2
    assert "You drew " in duel_screen and "(marked new)" in duel_screen
    assert duel_screen.count(" new ") == 2  # on the bottom edge of the two cards drawn
    assert "You drew" not in hand_after[0]  # nothing drawn before the replacement
    assert before  # Ann's first hand was dealt
    assert "You drew" not in keyboard.screens[-1]


def test_the_replay_of_an_unfinished_game_does_not_tell_what_was_taken_back() -> None:
    # Ann replaces her card a, takes it back at Bob's hand-over and replaces b
    # instead; then the game is left unfinished.  The card she first chose is
    # still in her hand: a replay in another terminal must not name it.
    game, _ = game_with(["", "a", "u", "b"])
    game.run()
    (record,) = list_records()[0]
    assert record.path is not None
    (taken,) = read_record(record.path).taken_back
    assert isinstance(taken.action, Replace) and taken.action.values
    replayed = CliRunner().invoke(main, ["replay"])
    assert replayed.exit_code == 0, replayed.output
    assert "Taken back during play: a move by Ann" in replayed.output
    assert str(taken.action) not in replayed.output


class SuspendedAt(Keyboard):
    """A Keyboard on which Ctrl-Z and ``fg`` happen once, at the first prompt starting ``where``."""

    def __init__(self, lines: list[str], where: str) -> None:
        super().__init__(lines)
        self.where: str | None = where

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        if self.where is not None and prompt.startswith(self.where):
            self.where = None
            assert self.on_resume is not None
            self.on_resume(False)  # what the terminal calls after fg: no hand on this screen
        return super().ask(prompt)


def test_after_fg_a_hand_one_key_from_the_screen_shows_only_behind_a_hand_over() -> None:
    # Ann opens the log at her first decision, then Ctrl-Z.  Whoever types fg
    # sees the log, and q there would put her hand back: a hand-over comes first.
    keyboard = SuspendedAt(["", "log", "", "q", "-"], where="Game log")
    game = Game(Session(names=("Ann", "Bob"), rules=Rules(), seed=21), keyboard)
    game.run()
    assert keyboard.prompts[:5] == [
        "Ann, press Enter: ",
        "Ann> ",
        "Ann, press Enter: ",  # after fg, before the log is answered
        keyboard.prompts[3],
        "Ann> ",
    ]
    assert keyboard.prompts[3].startswith("Game log")


def test_replay_in_another_terminal_shows_no_move_that_may_still_be_taken_back() -> None:
    # Seed 42: both keep their hands, both duel with a, Bob attacks with his 2; the
    # game stops at Ann's hand-over, where Bob may still take the attack back.
    game, keyboard = game_with(["", "-", "", "-", "", "a", "", "a", "", "a"], seed=42)
    game.run()
    assert keyboard.prompts[-1] == "Ann, press Enter: " and game.table.can_take_back(WOW)
    shown = CliRunner().invoke(main, ["replay"])
    assert shown.exit_code == 0, shown.output
    assert "The last move is not shown: its player may still take it back." in shown.output
    assert "attacked" not in shown.output
    assert "Duel: Ann 1, Bob 2" in shown.output  # what both saw is all there


# -- against the computer: no fixed wait, and the confirm step ------------------

REPLY = "Enter for Computer's reply, u to take back: "


class Player(Keyboard):
    """Ann against the computer: scripted lines first, then the first legal move each time.

    At the confirm step it presses Enter (after checking that it is asked only
    while her move may still be taken back).
    """

    def __init__(self, lines: list[str]) -> None:
        super().__init__(lines)
        self.game: Game | None = None

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        try:
            return super().ask(prompt)
        except EOFError:
            pass
        assert self.game is not None
        if prompt == REPLY:
            assert self.game.table.can_take_back(YAY)
            return ""
        if prompt != "Ann> ":
            return "n" if prompt.startswith("Play again") else ""
        view = self.game.state.view(YAY)
        action = view.legal_actions[0]
        if isinstance(action, Replace) and not action.values:
            return "-"
        values = (action.value,) if isinstance(action, Duel) else action.values
        return keys_for(values, keyed_hand(view.hand)).replace("+", "")


def against_computer(lines: list[str], confirm: bool, seed: int = 21) -> tuple[Game, Player]:
    player = Player(lines)
    names = ("Ann", "Computer")
    session = Session(names, Rules(), seed, computer="random", confirm=confirm)
    player.game = Game(session, player)
    return player.game, player


def test_the_computer_replies_without_any_fixed_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    # Nothing in a game against the computer sleeps: no window, no pause.
    def no_sleep(seconds: float) -> None:
        raise AssertionError(f"slept {seconds} s")

    monkeypatch.setattr(time, "sleep", no_sleep)
    game, player = against_computer([], confirm=False)
    assert game.run() == 0 and game.state.is_terminal()
    assert REPLY not in player.prompts


def test_without_the_confirm_step_a_replied_move_stands_and_u_says_why() -> None:
    game, player = against_computer(["-", "u"], confirm=False)
    game.run()
    assert player.prompts[:3] == ["Ann> ", "Ann> ", "Ann> "]
    assert game.state.history[0] == Replace(())  # the computer replied: her move stood
    assert "Ann took back their move" not in game.log
    answer = next(screen for screen in player.screens if "nothing to take back" in screen)
    assert "computer has replied" in answer and "--confirm-moves" in answer


def test_the_confirm_step_takes_a_move_back_before_the_computer_sees_it() -> None:
    # Ann replaces two cards; at the confirm step the table is as before her move
    # (the cards she drew are not shown), and u takes it back: she keeps her hand.
    game, player = against_computer(["ab", "u", "-", ""], confirm=True)
    game.run()
    assert player.prompts[:4] == ["Ann> ", REPLY, "Ann> ", REPLY]
    decision, confirm = player.screens[0], player.screens[1]
    assert "Ann has chosen a replacement" in confirm and "take your move back" in confirm
    assert cards_drawn(confirm) == cards_drawn(decision)  # her hand before the replacement
    assert "You drew" not in confirm and " new " not in confirm
    assert "Ann took back their move" in game.log
    assert game.state.history[0] == Replace(())
    (record,) = list_records()[0]
    assert record.path is not None
    (taken,) = read_record(record.path).taken_back
    assert (taken.move, taken.player, taken.action) == (1, YAY, Replace((3, 3)))


def cards_drawn(screen: str) -> list[str]:
    """The rows of a screen that draw cards (light box lines; the board's are heavy)."""
    return [line for line in screen.splitlines() if line.startswith(("╭", "│", "╰"))]


def test_a_seed_gives_the_same_game_with_or_without_the_confirm_step() -> None:
    plain, _ = against_computer([], confirm=False, seed=5)
    plain.run()
    confirmed, player = against_computer([], confirm=True, seed=5)
    confirmed.run()
    assert confirmed.state.history == plain.state.history and plain.state.is_terminal()
    assert REPLY in player.prompts


def test_at_two_terminals_a_replacement_that_drew_never_goes_back() -> None:
    """The mover's own terminal shows the drawn cards at once: re-made, the replacement
    would be made knowing the top of the draw pile."""
    from tacocat.engine import new_game
    from tacocat.ui.play.table import may_take_back
    from tests.net.selfplay import QuietIo

    state = new_game(3)
    hand = state.view(YAY).hand
    drew, kept = Replace((hand[0].value, hand[1].value)), Replace(())
    for action in (drew, kept):
        events = state.clone().apply_action(action)
        assert may_take_back(action, events, YAY, WOW)  # at one keyboard: hidden till Ann's turn
        assert may_take_back(action, events, YAY, WOW, draws_shown=True) == (action is kept)
    session = Session(("Ann", "Bob"), Rules(), 3)
    assert Game(session, QuietIo(), remote={WOW: QuietIo()}).two_terminals
    assert not Game(session, QuietIo()).two_terminals
