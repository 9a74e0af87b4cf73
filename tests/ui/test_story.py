"""No event is left off every screen: whole games, played through the scripted terminal.

For each public event of a game and each person at the table, some screen
that person was shown *and answered* (a prompt was read under it) between
the event and their next decision holds the event's whole text.  A screen
drawn while the computer thinks does not count: nobody has to read it.
The last decision of a game is followed by the game-over prompt, so the
round that ends the game must be shown before "Play again?".
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest

from tacocat.ai import level_names
from tacocat.engine import Rules
from tacocat.ui.play.game import Game, Session
from tacocat.ui.play.handover import CONTINUE
from tacocat.ui.term.io import Kind, Prompt
from tests.ui.test_game import ScriptedTerminal, typed_action

NAMES = ("Ann", "Bob")
FRAME = re.compile(r"[│╭╮╰╯─┃┏┓┗┛━┳┻╋]")


@dataclass(frozen=True)
class Read:
    """A prompt read, the screen it was read under, and how many events had happened."""

    kind: Kind
    text: str
    screen: str
    events: int


def flat(screen: str) -> str:
    """A screen's words in one line: borders, bullets and line breaks left out."""
    words = FRAME.sub(" ", screen).replace("• ", " ")
    return " ".join(words.split())


def watchers(read: Read, hot_seat: bool) -> set[str]:
    """Who is looking at the screen of ``read``."""
    if not hot_seat:
        return {NAMES[0]}
    if read.kind is Kind.DECISION:
        return {read.text.removesuffix("> ")}
    if read.kind is Kind.HANDOVER:
        return {read.text.split(",")[0]}
    return set(NAMES)  # results and the end of the game: both watch


def play(seed: int, level: str | None) -> tuple[Game, list[Read]]:
    rng = random.Random(seed)
    reads: list[Read] = []

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        game = terminal.game
        assert game is not None
        reads.append(Read(prompt.kind, prompt.text, terminal.screen, len(game.events)))
        if prompt.kind is Kind.DECISION:
            return typed_action(game, rng)
        if prompt.kind is Kind.AGAIN:  # a wrong answer first: the screen with its note
            return "n" if "Please type" in terminal.screen else "maybe"
        return ""

    terminal = ScriptedTerminal(respond)
    session = Session(names=NAMES, rules=Rules(), seed=seed, computer=level)
    game = Game(session, terminal)
    terminal.game = game
    assert game.run() == 0 and game.state.is_terminal()
    for read in reads:  # every screen fits 80x24 with its prompt
        assert len(read.screen.rstrip("\n").split("\n")) <= 23, read.screen
    return game, reads


def unseen_events(game: Game, reads: list[Read], hot_seat: bool) -> list[tuple[str, str]]:
    """(person, event text) for every event some person never had on an answered screen."""
    humans = set(NAMES) if hot_seat else {NAMES[0]}
    missing = []
    for index, event in enumerate(game.events):
        text = " ".join(event.text(NAMES).split())
        for person in humans:
            seen = False
            for read in reads:
                if read.events <= index or person not in watchers(read, hot_seat):
                    continue
                if text in flat(read.screen):
                    seen = True
                    break
                own_decision = read.kind is Kind.DECISION and person in watchers(read, hot_seat)
                if own_decision:
                    break  # their next decision came and the event was not on its screen
            if not seen:
                missing.append((person, text))
    return missing


@pytest.mark.parametrize("seed", [3, 12])
def test_hot_seat_every_event_reaches_both_players(seed: int) -> None:
    game, reads = play(seed, None)
    assert unseen_events(game, reads, hot_seat=True) == []
    # Each round's end has its moment, watched by both on the hand-over that follows
    # it (one Enter for both), or on a result screen when the game ends there.
    showdowns = [read for read in reads if "Showdown: the lower" in read.screen]
    assert showdowns and all(read.kind in (Kind.RESULT, Kind.HANDOVER) for read in showdowns)
    handed = [read for read in showdowns if read.kind is Kind.HANDOVER]
    assert handed and all("Pass the keyboard to" in read.screen for read in handed)
    # Enters that once stood alone before a hand-over: none carries a showdown now.
    alone = [read for read in reads if read.kind is Kind.RESULT and read.text == CONTINUE]
    assert not any("Showdown: the lower" in read.screen for read in alone)


# Seeds whose games, against random and easy, once lost events (chains of
# computer moves and forced answers with no screen between).  The searching
# levels, a second or more a game, play the first of them.
SEEDS = [2, 4, 5]
SEARCHING = ("hard", "expert", "master")


@pytest.mark.parametrize(
    ("level", "seed"),
    [(level, seed) for level in level_names() for seed in SEEDS[: 1 if level in SEARCHING else 3]],
)
def test_against_each_level_every_event_reaches_the_player(
    level: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, reads = play(seed, level)
    assert unseen_events(game, reads, hot_seat=False) == []
    # The round that ends the game is told before "Play again?".
    final = [read for read in reads if read.kind is Kind.RESULT][-1]
    assert "Showdown" in final.screen and "has won the game" in flat(final.screen)


def test_the_finished_game_log_can_be_read_at_play_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(4)
    answers = iter(["log", "q", "n"])

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        assert terminal.game is not None
        if prompt.kind is Kind.DECISION:
            return typed_action(terminal.game, rng)
        return next(answers) if prompt.kind in (Kind.AGAIN, Kind.PAGER) else ""

    terminal = ScriptedTerminal(respond)
    game = Game(Session(names=NAMES, rules=Rules(), seed=4, computer="random"), terminal)
    terminal.game = game
    assert game.run() == 0
    pager = [prompt for prompt in terminal.prompts if prompt.kind is Kind.PAGER]
    assert pager and "Game log" in pager[0].text
    kinds = [prompt.kind for prompt in terminal.prompts[-3:]]
    assert kinds == [Kind.AGAIN, Kind.PAGER, Kind.AGAIN]  # back at the question after the log
