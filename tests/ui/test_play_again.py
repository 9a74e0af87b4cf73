"""A sitting of several games: each game starts fresh, from a secret seed of its own."""

from __future__ import annotations

from test_game import ScriptedTerminal, player, run  # the game-loop tests' scripted terminal

from tacocat.engine import Rules
from tacocat.storage.autosave import find_saved_game
from tacocat.storage.records import list_records
from tacocat.storage.saves import SavedGame
from tacocat.ui.play.game import Session
from tacocat.ui.term.io import Kind, Prompt

SEED_WARNING = "whoever knows the seed knows both hands and every deal"


def test_play_again_after_a_game_at_the_largest_seed_is_saved_and_listed() -> None:
    # The largest --seed: the next game's seed must still be one a save accepts.
    finished = False
    moves_in_second = 0
    first = player(3, again="y")

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        nonlocal finished, moves_in_second
        if prompt.kind is Kind.AGAIN:
            finished = True
            return "y"
        if not finished:
            return first(terminal, prompt)
        if prompt.kind is Kind.CONFIRM:
            return "y"
        if prompt.kind is Kind.DECISION and moves_in_second == 0:
            moves_in_second += 1
            return first(terminal, prompt)
        return "q" if moves_in_second else ""

    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=2**64 - 1)
    code, _, game = run(session, respond)
    assert code == 0 and finished and moves_in_second == 1
    saved = find_saved_game()
    assert isinstance(saved, SavedGame), saved  # not a damaged save
    assert saved.info.seed == game.session.seed and len(saved.state.history) == 1
    assert len(list_records()[0]) == 2  # both games in history


def test_each_game_of_a_sitting_gets_a_fresh_hint() -> None:
    # A hint asked at the same move number of the next game is worked out
    # anew for the new hand and counted in the new game.
    asked: list[int] = []
    hint_screens: list[str] = []
    games = 0
    play = player(4, again="y")

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        nonlocal games
        if prompt.kind is Kind.AGAIN:
            games += 1
            return "y" if games == 1 else "n"
        if prompt.kind is Kind.DECISION and len(asked) == games and terminal.game is not None:
            asked.append(len(terminal.game.state.history))
            return "hint"
        if prompt.kind is Kind.BACK and "Hint" in terminal.screen:
            hint_screens.append(terminal.screen)
        return play(terminal, prompt)

    session = Session(names=("Ann", "Bob"), rules=Rules(), seed=4)
    code, _, game = run(session, respond)
    assert code == 0 and asked == [0, 0] and len(hint_screens) == 2
    for screen in hint_screens:
        assert "Hints asked for in this game: 1" in screen
    assert game.hints_used == (1, 0)


def test_a_game_dealt_from_a_given_seed_says_the_seed_gives_the_deal() -> None:
    given = Session(names=("Ann", "Bob"), rules=Rules(), seed=5)
    _, terminal, _ = run(given, player(5))
    first_handover = next(s for s in terminal.screens if "Pass the keyboard" in s)
    assert SEED_WARNING in " ".join(first_handover.split())
    drawn = Session(names=("Ann", "Bob"), rules=Rules())
    _, terminal, _ = run(drawn, player(5))
    assert not any(SEED_WARNING in " ".join(s.split()) for s in terminal.screens)
