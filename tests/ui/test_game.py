"""The game loop in-process, with a scripted terminal instead of a person."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

import pytest
from rich.console import Console

from tacocat.engine import WOW, YAY, Answer, Attack, Duel, Replace, Rules, new_game
from tacocat.storage.autosave import AutoSave
from tacocat.storage.game_info import GameInfo
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.prompts import keys_for
from tacocat.ui.play import ending
from tacocat.ui.play.game import Game, Session
from tacocat.ui.play.seats import HumanSeat
from tacocat.ui.term.io import Kind, Prompt
from tests.terminals import RecordingTerminal

Responder = Callable[["ScriptedTerminal", Prompt], str]


class ScriptedTerminal(RecordingTerminal):
    """Records every screen as text and answers each prompt, by its kind, with a function."""

    def __init__(self, respond: Responder, width: int = 80, height: int = 24) -> None:
        super().__init__(width, height)
        self.respond = respond
        self.prompts: list[Prompt] = []
        self.game: Game | None = None

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        self.prompts.append(prompt)
        return self.respond(self, prompt)

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        return self.read(Prompt(Kind.NAME, prompt))  # the name screen asks in plain lines


def typed_action(game: Game, rng: random.Random) -> str:
    """What a person would type for a random legal action, by card keys."""
    state = game.state
    action = rng.choice(state.legal_actions())
    keyed = keyed_hand(state.view(state.current_player()).hand)  # type: ignore[arg-type]
    if isinstance(action, Duel):
        return keys_for((action.value,), keyed)
    assert isinstance(action, Replace | Attack | Answer)
    if isinstance(action, Replace) and not action.values:
        return "-"
    return keys_for(action.values, keyed).replace("+", " ")


def player(seed: int, again: str = "n") -> Responder:
    rng = random.Random(seed)

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        assert terminal.game is not None
        if prompt.kind is Kind.DECISION:
            return typed_action(terminal.game, rng)
        if prompt.kind is Kind.AGAIN:
            return again
        return ""  # Enter at hand-overs, results and names

    return respond


def run(session: Session, respond: Responder) -> tuple[int, ScriptedTerminal, Game]:
    terminal = ScriptedTerminal(respond)
    game = Game(session, terminal)
    terminal.game = game
    return game.run(), terminal, game


def owner(screen: str) -> str | None:
    for name in ("Ann", "Bob"):
        if f"{name}'s hand" in screen:
            return name
    return None


def test_hot_seat_hands_over_before_every_change_of_player() -> None:
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=8)
    code, terminal, game = run(session, player(8))
    assert code == 0
    assert game.state.is_terminal()
    assert "wins the game!" in terminal.screens[-1] or "drawn" in terminal.screens[-1]
    shown: str | None = None
    for screen in terminal.screens:
        if "Pass the keyboard to" in screen:
            assert owner(screen) is None and "╭─ a" not in screen
            shown = screen.split("Pass the keyboard to ")[1].split(".")[0]
            continue
        who = owner(screen)
        if who is not None:
            assert who == shown, "a hand was shown without a hand-over to its player"
    assert "Thanks for playing" in terminal.console.file.getvalue()  # type: ignore[attr-defined]


def test_apply_is_where_the_log_grows() -> None:
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=1)
    game = Game(session, ScriptedTerminal(player(1)))
    before = list(game.log)
    events = game.apply(game.state.legal_actions()[0])
    assert game.log == before + [event.text(("Ann", "Bob")) for event in events]
    assert game.table.news == events


def test_against_the_computer_no_hand_over_and_no_computer_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session(names=("Ann", "Computer"), rules=Rules(), seed=4, computer="random")
    code, terminal, game = run(session, player(4))
    assert code == 0 and game.state.is_terminal()
    assert not any("Pass the keyboard" in screen for screen in terminal.screens)
    assert not any("Computer's hand" in screen for screen in terminal.screens)
    assert any("Computer is thinking" in screen for screen in terminal.screens)


def test_play_again_deals_from_a_fresh_secret_seed() -> None:
    # The finished game's seed is public (replay): seed + 1 would give away the next deal.
    second_game = False

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        nonlocal second_game
        if prompt.kind is Kind.AGAIN:
            second_game = True
            return "y"
        if second_game:  # the new game's first prompt: leave it there
            return "q" if prompt.kind is not Kind.CONFIRM else "y"
        return player(2)(terminal, prompt) if prompt.kind is Kind.DECISION else ""

    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2)
    code, _, game = run(session, respond)
    seed = game.session.seed
    assert code == 0 and seed is not None and seed not in (1, 2, 3)
    assert 0 <= seed < 2**63  # within what a save and a record accept
    assert game.state.round_number == 1 and not game.state.history


@pytest.mark.parametrize(
    ("error", "code", "words"),
    [(KeyboardInterrupt, 130, "Ctrl-C"), (EOFError, 0, "Ctrl-D")],
)
def test_interrupts_leave_through_the_one_exit(
    error: type[BaseException], code: int, words: str
) -> None:
    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        raise error

    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2)
    result, terminal, _ = run(session, respond)
    assert result == code
    assert words in terminal.console.file.getvalue()  # type: ignore[attr-defined]


def test_quit_asks_first() -> None:
    typed = iter(["", "q", "", "q", "y"])  # hand-over, quit?, no, quit?, yes

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        return next(typed)

    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2)
    result, terminal, _ = run(session, respond)
    assert result == 0
    assert [prompt.kind for prompt in terminal.prompts].count(Kind.CONFIRM) == 2
    assert "a player quit" in terminal.console.file.getvalue()  # type: ignore[attr-defined]


def test_names_are_asked_and_checked() -> None:
    typed = iter(["A" * 13, "Ann", "ann", "", "q", "y"])

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        return next(typed)

    session = Session(names=("Yay", "Wow"), rules=Rules(), seed=2, ask_names=True)
    _, terminal, game = run(session, respond)
    assert game.names == ("Ann", "Wow")
    assert any("at most 12" in screen for screen in terminal.screens)
    assert any("Ann is taken" in screen for screen in terminal.screens)


def test_wrong_input_is_explained_on_the_next_screen() -> None:
    typed = iter(["", "zz", "", "q", "y"])

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        return next(typed)

    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2)
    _, terminal, _ = run(session, respond)
    assert "! 'zz' is not a card key" in terminal.screens[2]
    assert "! Nothing typed" in terminal.screens[3]


def test_rules_are_paged_inside_the_game() -> None:
    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        if prompt.kind is Kind.DECISION:
            return "rules" if not terminal.prompts[:-1].count(prompt) else "q"
        if prompt.kind is Kind.CONFIRM:
            return "y"
        return ""

    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2)
    _, terminal, _ = run(session, respond)
    pages = [
        p.text for p in terminal.prompts if p.kind is Kind.PAGER and p.text.startswith("Rules")
    ]
    assert len(pages) > 2 and "Enter: down" in pages[0] and "back to the game" in pages[-1]
    text = "\n".join(terminal.screens)
    assert "Jumbo" in text and "Showdown" in text
    assert "Rules · lines 1-22 of" in text  # a title row, 22 lines, the prompt
    assert all(screen.count("\n") <= 23 for screen in terminal.screens)


def test_a_replacement_with_nothing_to_choose_is_not_asked() -> None:
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=3)
    game = Game(session, ScriptedTerminal(player(3)))
    rng = random.Random(3)
    state = game.state
    # Play on until the first replacement on a one-arrow space.
    while not (state.phase.value == "replace" and not state.simultaneous):
        state.apply_action(rng.choice(state.legal_actions()))
    game.apply(Replace(()))  # the first player keeps their hand: the other may replace none
    second = state.current_player()
    assert second is not None and state.legal_actions() == (Replace(()),)
    terminal = game.io
    assert isinstance(terminal, ScriptedTerminal)
    assert HumanSeat().play_forced(game, second)
    assert state.history[-1] == Replace(())
    assert terminal.prompts == [] and terminal.screens == []
    first = game.names[1 - second]
    assert game.log[-1] == f"{game.names[second]} may replace no card ({first} replaced none)"


def test_an_answer_with_no_choice_plays_itself_and_says_why() -> None:
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=4)
    game = Game(session, ScriptedTerminal(player(4)))
    state = game.state
    rng = random.Random(4)
    # Play on until an answer with a single legal action.
    while not (state.phase.value == "answer" and len(state.legal_actions()) == 1):
        if state.is_terminal():
            state = game.state = new_game(rng.randrange(1000))
        state.apply_action(rng.choice(state.legal_actions()))
    defender = state.current_player()
    assert defender is not None
    (answer,) = state.legal_actions()
    assert HumanSeat().play_forced(game, defender)
    assert state.history[-1] == answer
    terminal = game.io
    assert isinstance(terminal, ScriptedTerminal) and terminal.prompts == []
    # Said once: the answer's own line, with why it played itself.
    (line,) = [line for line in game.log if "only legal answer" in line]
    name = game.names[defender]
    assert line.startswith(f"{name} ") and line.endswith(f" ({name}'s only legal answer)")
    assert "wins the trick" in line


def test_a_duel_card_is_always_chosen_even_with_one_value() -> None:
    state = new_game(6)
    game = Game(Session(names=("Ann", "Bob"), rules=Rules(), seed=6), ScriptedTerminal(player(6)))
    game.table.state = state
    while state.phase.value != "duel":
        state.apply_action(state.legal_actions()[0])
    mover = state.current_player()
    assert mover is not None
    fours = [card for card in range(38) if state.rules.card_values[card] == 4]
    state.set_hand(mover, fours[:2])
    state.set_hand(1 - mover, state.hands[1 - mover][:2])
    assert len(state.legal_actions()) == 1
    assert not HumanSeat().play_forced(game, mover)  # a forced pick would tell the other the hand


def test_names_with_brackets_are_refused_at_the_prompt() -> None:
    typed = iter(["[/b]", "Ann", "[bold]Bo", "Bo", "q", "y"])

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        return next(typed)

    session = Session(names=("Yay", "Wow"), rules=Rules(), seed=2, ask_names=True)
    _, terminal, game = run(session, respond)
    assert game.names == ("Ann", "Bo")
    assert sum("[ and ]" in screen for screen in terminal.screens) == 2


def test_a_resumed_game_logs_every_event_so_far() -> None:
    state = new_game(4)
    events = list(state.opening_events)
    for _ in range(6):
        events += state.apply_action(state.legal_actions()[-1])
    info = GameInfo.create(("Ann", "Bob"), 4)
    autosave = AutoSave(info, state, events)
    session = Session(names=("Ann", "Bob"), rules=state.rules, seed=4)
    game = Game(session, ScriptedTerminal(player(4)), state, autosave)
    assert game.log == [event.text(("Ann", "Bob")) for event in events]
    assert len(game.log) > len(state.opening_events)


class ShrunkTerminal(ScriptedTerminal):
    """A real-looking terminal that is 60x20 until the first prompt is answered."""

    def __init__(self, respond: Responder) -> None:
        super().__init__(respond)
        self.console = Console(
            file=io.StringIO(), width=80, height=24, color_system=None, force_terminal=True
        )

    @property
    def size(self) -> tuple[int, int]:
        return (80, 24) if self.prompts else (60, 20)


def test_the_too_small_screen_honours_ascii() -> None:
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2, ascii=True)
    terminal = ShrunkTerminal(lambda terminal, prompt: "")
    game = Game(session, terminal)
    assert game.dialogs.fit() == (80, 24)
    assert [prompt.kind for prompt in terminal.prompts] == [Kind.NOTICE]
    (screen,) = terminal.screens
    assert "Terminal too small" in screen and "60x20" in screen
    assert screen.isascii()


def test_the_goodbye_note_is_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    note = "Warning: the game could not be saved ([Errno 28] full: '/tmp/[b]x/save.json')."
    monkeypatch.setattr(AutoSave, "exit_note", lambda self: note)
    typed = iter(["q", "y"])
    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2)
    result, terminal, _ = run(session, lambda terminal, prompt: next(typed))
    assert result == 0
    assert note in terminal.console.file.getvalue()  # type: ignore[attr-defined]


def test_log_shows_the_whole_game_so_far_inside_the_game() -> None:
    rng = random.Random(5)
    asked_log = False

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        nonlocal asked_log
        assert terminal.game is not None
        if prompt.kind is Kind.DECISION:
            if terminal.game.state.round_number < 3:
                return typed_action(terminal.game, rng)
            if not asked_log:
                asked_log = True
                return "log"
            return "q"
        if prompt.kind is Kind.PAGER:
            return "q"
        if prompt.kind is Kind.CONFIRM:
            return "y"
        return ""

    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=5)
    _, terminal, game = run(session, respond)
    views = [screen for screen in terminal.screens if screen.startswith("Game log ·")]
    assert views, "the log view was not shown"
    text = views[0]
    # It opens at the end (the newest events) and names where it is.
    assert game.log[-1] in text and "Face up on the discard pile now" in text
    assert all(screen.count("\n") <= 23 for screen in views)
    prompts = [p.text for p in terminal.prompts if p.kind is Kind.PAGER]
    assert "b: up" in prompts[0]  # more above: the game is longer than one screen


def test_seats_swap_for_the_next_game_and_the_match_score_follows() -> None:
    answers = iter(["s", "n"])
    base = player(7)

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        if prompt.kind is Kind.AGAIN:
            return next(answers)
        return base(terminal, prompt)

    code, terminal, game = run(Session(names=("Ann", "Bob"), rules=Rules(), seed=7), respond)
    assert code == 0 and game.names == ("Bob", "Ann")
    assert game.match.games == 2
    end = terminal.screens[-1]
    assert "Match after 2 games" in end and "Rounds won" in end and "swap seats" in end
    assert terminal.console.file.getvalue().count("Game over") == 1  # the board stays on exit


def test_against_the_computer_the_end_shows_its_last_cards_and_s_swaps_seats() -> None:
    # The same swap as hot seat's: names and seats change sides, the computer with its seat.
    answers = iter(["s", "n"])
    base = player(4)
    held: list[list[int]] = []

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        assert terminal.game is not None
        if prompt.kind is Kind.AGAIN:
            held.append(ending.computer_hand(terminal.game, terminal.game.session.computer_seat))
            return next(answers)
        return base(terminal, prompt)

    session = Session(names=("Ann", "Computer"), rules=Rules(), seed=4, computer="random")
    code, terminal, game = run(session, respond)
    assert code == 0 and game.match.games == 2
    assert game.names == ("Computer", "Ann") and game.human == WOW
    assert game.session.computer_seat == YAY and not game.seats[YAY].human
    ends = [screen for screen in terminal.screens if "Game over" in screen]
    first_end = next(screen for screen in ends if "Match after 1 game" in screen)
    shown = ", ".join(str(value) for value in held[0])
    assert held[0] and f"Computer's last cards (all played): {shown}." in first_end
    assert "s: swap seats and play again" in first_end
    agains = [p.text for p in terminal.prompts if p.kind is Kind.AGAIN]
    assert agains[0] == "Play again? (y/s/n) "
    # The second game was played from the WOW seat: Ann's hand was drawn after the swap.
    assert any(
        "Ann's hand" in screen for screen in terminal.screens[terminal.screens.index(first_end) :]
    )
