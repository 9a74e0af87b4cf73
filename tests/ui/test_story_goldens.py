"""Golden screens of the game's story, as a player sees them at 80x24, 100x30 and 160x48.

A game against the computer is played in-process through a terminal of
each size, and the screens the player answered are kept, in order, for
three moments: a showdown in the middle of a game, a chain of computer
moves with a forced answer between two decisions of the player, and the
last round (its news, its showdown, the game-over screen).  Regenerate
after an intended change and read the diff::

    TACOCAT_UPDATE_GOLDENS=1 python -m pytest tests/ui/test_story_goldens.py
"""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest

from tacocat.engine import WOW, Rules
from tacocat.engine.events import Answered, Attacked, ChoiceMade, Replaced
from tacocat.ui.play.game import Game, Session
from tacocat.ui.term.io import Kind, Prompt
from tests.ui.test_game import ScriptedTerminal, typed_action
from tests.ui.test_goldens import GOLDENS, SIZES, UPDATE

NAMES = ("Annabelle", "Bob")
SEED, LEVEL = 3, "random"  # a game with all three moments (found by search, then fixed)
MOVES = (Attacked, Answered, Replaced, ChoiceMade)  # events that are a player's move
Read = tuple[Kind, str, str, int, int]  # prompt kind, prompt, screen, events and log so far


def play(width: int, height: int) -> tuple[Game, list[Read]]:
    rng = random.Random(SEED)
    reads: list[Read] = []

    def respond(terminal: ScriptedTerminal, prompt: Prompt) -> str:
        game = terminal.game
        assert game is not None
        reads.append((prompt.kind, prompt.text, terminal.screen, len(game.events), len(game.log)))
        if prompt.kind is Kind.DECISION:
            return typed_action(game, rng)
        return "n" if prompt.kind is Kind.AGAIN else ""

    terminal = ScriptedTerminal(respond, width, height)
    game = Game(Session(names=NAMES, rules=Rules(), seed=SEED, computer=LEVEL), terminal)
    terminal.game = game
    assert game.run() == 0
    return game, reads


def moments(game: Game, reads: list[Read]) -> dict[str, list[Read]]:
    """The reads of each moment (see the module's docstring)."""
    decisions = [i for i, read in enumerate(reads) if read[0] is Kind.DECISION]
    results = [i for i, read in enumerate(reads) if read[0] is Kind.RESULT]
    mid = next(i for i in results if "Showdown:" in reads[i][2] and i < decisions[-1])
    found: dict[str, list[Read]] = {"showdown": [reads[mid]]}
    for before, after in itertools.pairwise(decisions):
        events = game.events[reads[before][3] : reads[after][3]]
        computer = [e for e in events if isinstance(e, MOVES) and e.player == WOW]
        lines = game.log[reads[before][4] : reads[after][4]]
        forced = any("only legal answer)" in line for line in lines)
        if len(computer) >= 3 and forced:
            found["chain"] = reads[before + 1 : after + 1]
            break
    finals = [i for i in results if i < len(reads) - 1 and "final result" in reads[i][1]]
    # With room for it (160x48), the last showdown is on the game-over screen itself.
    last = max(finals) if finals else len(reads) - 1
    assert finals or "Showdown:" in reads[last][2]
    first = last
    while first - 1 > decisions[-1] and reads[first - 1][0] is Kind.RESULT:
        first -= 1
    found["last-round"] = reads[first:]
    return found


def text_of(reads: list[Read]) -> str:
    text = "".join(f"{screen.rstrip()}\n>>> {prompt}\n\n" for _, prompt, screen, _, _ in reads)
    # A game's id comes from the time it started: always six letters, masked as six.
    return re.sub(r"(tacocat replay )[a-z]{6}\b", r"\1<game>", text)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_story_screens_match_their_goldens(width: int, height: int) -> None:
    game, reads = play(width, height)
    found = moments(game, reads)
    assert set(found) == {"showdown", "chain", "last-round"}
    for name, shown in found.items():
        for _, _, screen, _, _ in shown:
            lines = screen.rstrip("\n").split("\n")
            assert len(lines) <= height - 1, (name, len(lines))
            assert all(len(line.rstrip()) <= width for line in lines), name
        path = GOLDENS / f"story-{name}-{width}x{height}.txt"
        text = text_of(shown)
        if UPDATE:
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"no golden {path.name}: run with TACOCAT_UPDATE_GOLDENS=1"
        assert text == Path(path).read_text(encoding="utf-8"), f"{path.name} changed"
