"""The `hint` command: advice from the player's own view, counted and recorded."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tacocat.coach import advice as advice_module
from tacocat.coach.advice import Advice, advice_lines, advise
from tacocat.engine import Duel, Phase, PlayerView, Rules, new_game, other
from tacocat.storage.autosave import AutoSave, find_saved_game
from tacocat.storage.records import RecordError, read_record, record_path
from tacocat.storage.saves import SavedGame
from tacocat.ui.draw.prompts import HINT, Command, parse_line
from tacocat.ui.play.game import Game, Session

from ..ai.helpers import random_states, with_other_opponent_hand
from ..terminals import RecordingTerminal
from .helpers import SEED, blunder_game, record_game

TINY = 40  # rollouts per hint in these tests


@pytest.fixture(autouse=True)
def _small_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice_module, "HINT_BUDGET", TINY)


def test_a_hint_never_depends_on_the_opponents_hand() -> None:
    rng = random.Random(3)
    compared = 0
    for number, state in enumerate(random_states(games=3, seed=8)):
        if number % 3:
            continue
        player = state.current_player()
        assert player is not None
        twin = with_other_opponent_hand(state, rng)
        if twin is None:
            continue
        assert twin.hand_values[other(player)] != state.hand_values[other(player)] or not len(
            state.hands[other(player)]
        )
        view, twin_view = state.view(player), twin.view(player)
        assert view == twin_view
        first = advise(view, random.Random(number), budget=TINY)
        second = advise(twin_view, random.Random(number), budget=TINY)
        assert first == second
        compared += 1
    assert compared > 15


def test_advice_lists_the_best_few_legal_actions_best_first() -> None:
    state = new_game(5)
    view = state.view(0)
    given = advise(view, random.Random(1))
    assert 1 <= len(given.candidates) <= 3
    assert all(item.action in view.legal_actions for item in given.candidates)
    chances = [item.win_game for item in given.candidates]
    assert chances == sorted(chances, reverse=True)
    lines = advice_lines(given)
    assert lines[0][:3] in ("1. ", "1= ") and "% to win the game, " in lines[0]


def test_a_view_without_a_decision_gets_no_hint() -> None:
    state = new_game(5)
    with pytest.raises(ValueError, match="needs a decision"):
        advise(state.view(1), random.Random(1))


def test_hint_is_a_command() -> None:
    assert parse_line("hint", [], Phase.ATTACK) == Command(HINT)


class HintingTerminal(RecordingTerminal):
    """Types `hint` (twice) at the first decision, then plays the first legal action."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.asked = 0

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        assert self.game is not None
        if prompt.startswith("Play again"):
            return "n"
        if not prompt.endswith("> "):
            return ""
        if self.asked < 2:
            self.asked += 1
            return "hint"
        state = self.game.state
        action = state.legal_actions()[0]
        values = (action.value,) if isinstance(action, Duel) else action.values
        return " ".join(str(value) for value in values) or "-"


def _play(session: Session) -> tuple[Game, HintingTerminal]:
    terminal = HintingTerminal()
    game = Game(session, terminal)
    terminal.game = game
    assert game.run() == 0
    return game, terminal


def test_a_hint_in_hot_seat_is_shown_counted_once_and_recorded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handed: list[object] = []
    real = advice_module.advise

    def spy(view: PlayerView, rng: random.Random, *args: Any, **kwargs: Any) -> Advice:
        handed.append(view)
        return real(view, rng, *args, **kwargs)

    monkeypatch.setattr(advice_module, "advise", spy)
    game, terminal = _play(Session(names=("Ann", "Bob"), rules=Rules(), seed=11))
    assert game.state.is_terminal()
    # Asked twice at the same decision: worked out and counted once, shown twice.
    assert len(handed) == 1 and type(handed[0]) is PlayerView
    assert handed[0] == new_game(11).view(0)
    shown = [s for s in terminal.screens if "Hint" in s and ("1. " in s or "1= " in s)]
    assert len(shown) == 2
    assert "Hints asked for in this game: 1" in shown[0]
    assert "Hints used: Ann 1, Bob 0." in terminal.screens[-1]
    assert game.autosave is not None
    assert read_record(record_path(game.autosave.info)).hints == (1, 0)


def test_a_hint_in_a_game_without_a_record_promises_only_the_end_screen() -> None:
    """A state not dealt from the session's seed is played but not recorded."""
    terminal = HintingTerminal()
    game = Game(Session(names=("Ann", "Bob"), rules=Rules(), seed=11), terminal, new_game(12))
    terminal.game = game
    assert game.run() == 0 and game.autosave is None
    shown = [s for s in terminal.screens if "Hint" in s and ("1. " in s or "1= " in s)]
    assert "Hints asked for in this game: 1 (shown at the end)." in shown[0]
    assert "kept in the record" not in "".join(shown)
    assert "Hints used: Ann 1, Bob 0." in terminal.screens[-1]


def test_a_hint_against_the_computer_is_counted_for_the_person(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session(names=("Ann", "Computer"), rules=Rules(), seed=13, computer="normal")
    game, terminal = _play(session)
    assert any("Hints asked for in this game: 1" in screen for screen in terminal.screens)
    assert "Hints used by Ann: 1." in terminal.screens[-1]
    assert game.autosave is not None
    assert read_record(record_path(game.autosave.info)).hints == (1, 0)


def test_no_hints_turns_the_command_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice_module, "advise", lambda *args, **kwargs: pytest.fail("asked"))
    game, terminal = _play(Session(names=("Ann", "Bob"), rules=Rules(), seed=12, hints=False))
    assert any("Hints are off in this game" in screen for screen in terminal.screens)
    assert "Hints used" not in terminal.screens[-1]
    assert game.autosave is not None
    assert read_record(record_path(game.autosave.info)).hints == (0, 0)


def test_hint_counts_survive_a_resume() -> None:
    _, actions = blunder_game()
    autosave = record_game(SEED, actions[:10])
    autosave.hint_used(1)
    autosave.hint_used(1)
    saved = find_saved_game()
    assert isinstance(saved, SavedGame)
    assert AutoSave.resume(saved).hints == [0, 2]


def test_records_without_hint_counts_read_as_none_and_damaged_ones_are_refused() -> None:
    _, actions = blunder_game()
    autosave = record_game(SEED, actions)
    path = record_path(autosave.info)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    del header["hints"]
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert read_record(path).hints == (0, 0)
    header["hints"] = [1, "x"]
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(RecordError, match="hint counts"):
        read_record(path)


class EveryDecisionHinting(HintingTerminal):
    """Types `hint` once at each of the first few decisions, noting whose they were."""

    def __init__(self, decisions: int) -> None:
        super().__init__()
        self.decisions = decisions
        self.hinted: list[tuple[int, int | None]] = []  # (moves so far, player)

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        assert self.game is not None
        state = self.game.state
        moment = (len(state.history), state.current_player())
        wanted = len(self.hinted) < self.decisions and moment not in self.hinted
        if prompt.endswith("> ") and wanted:
            self.hinted.append(moment)
            return "hint"
        self.asked = 2  # then play as the parent does
        return super().ask(prompt, settle)


def test_a_players_first_hint_says_what_its_numbers_mean_and_later_ones_do_not() -> None:
    terminal = EveryDecisionHinting(3)
    game = Game(Session(names=("Ann", "Bob"), rules=Rules(), seed=11), terminal)
    terminal.game = game
    assert game.run() == 0
    shown = [s for s in terminal.screens if "Hints asked for in this game" in s]
    players = [player for _, player in terminal.hinted]
    assert len(shown) == len(players) == 3 and players.count(0) >= 1
    flat = " ".join(line.strip("│ ") for line in shown[0].splitlines())
    assert "to win this round (a tie counts half" in flat
    for index, player in enumerate(players):
        first = players.index(player) == index
        said = "a tie counts half" in " ".join(
            line.strip("│ ") for line in shown[index].splitlines()
        )
        assert said == first, (index, player)
