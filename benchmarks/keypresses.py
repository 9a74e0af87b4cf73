"""Keypresses per game: scripted players drive the real game loop.

    python benchmarks/keypresses.py                # 40 hot-seat games + 40 against `easy`
    python benchmarks/keypresses.py --games 200 --level normal

Each game is played by :class:`tacocat.ui.game.Game` itself - hand-overs,
reveals, forced moves, the end screen - with a terminal whose ``ask`` is
answered by a scripted player instead of a keyboard.  The player picks
its moves with the ``normal`` computer level, reseeded for every decision
from the game's seed and the moves so far, so the same seed gives the same
game however many prompts the loop shows.  It types what a person would:
card letters (``ac``), ``-`` to keep a hand, Enter alone at a hand-over or
a results screen, ``n`` to the "play again" question.  Every line costs
its characters plus one Enter.

Nothing is timed: the figure is a count, so it is the same on any machine.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

from rich.console import Console, RenderableType

from tacocat.ai import make_agent
from tacocat.engine import Action, Duel, Replace, Rules
from tacocat.ui.cards import keyed_hand
from tacocat.ui.game import Game, Session
from tacocat.ui.prompts import keys_for
from tacocat.ui.terminal import Terminal


class ScriptedTerminal(Terminal):
    """A terminal whose lines come from scripted players; it counts the keys pressed."""

    def __init__(self, seed: int) -> None:
        super().__init__(Console(file=io.StringIO(), width=80, height=24), alt_screen=False)
        self.game: Game | None = None
        self.seed = seed
        self.rng = random.Random()
        self.agent = make_agent("normal", self.rng)
        self.keys: Counter[str] = Counter()  # kind of prompt -> keypresses
        self.prompts: Counter[str] = Counter()

    @property
    def size(self) -> tuple[int, int]:
        return 80, 24

    def show(self, *renderables: RenderableType, secret: bool = False) -> None:
        pass  # nobody watches; the screens are still built by the game

    def flush_input(self) -> None:
        pass

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        assert self.game is not None
        if prompt.endswith("> "):
            kind, line = "decision", self.decide()
        elif "press Enter" in prompt or prompt.startswith("Press Enter"):
            kind, line = "hand-over" if ", press Enter" in prompt else "continue", ""
        elif prompt.startswith("Play again"):
            kind, line = "end", "n"
        else:
            raise AssertionError(f"the script has no answer to the prompt {prompt!r}")
        self.keys[kind] += len(line) + 1
        self.prompts[kind] += 1
        return line

    def decide(self) -> str:
        assert self.game is not None
        state = self.game.state
        player = state.current_player()
        assert player is not None
        view = state.view(player)
        self.rng.seed(f"keypresses:{self.seed}:{len(state.history)}")
        return typed(self.agent.choose(view), keyed_hand(view.hand))


def typed(action: Action, keyed: list[tuple[str, object]]) -> str:
    """The keys a person types for ``action``: card letters, or ``-`` to keep a hand."""
    if isinstance(action, Replace) and not action.values:
        return "-"
    values = (action.value,) if isinstance(action, Duel) else action.values
    return keys_for(values, keyed).replace("+", "")  # type: ignore[arg-type]


def play(seed: int, computer: str | None) -> ScriptedTerminal:
    terminal = ScriptedTerminal(seed)
    names = ("Ann", "Bob") if computer is None else ("Ann", "Computer")
    game = Game(Session(names=names, rules=Rules(), seed=seed, computer=computer), terminal)
    terminal.game = game
    code = game.run()
    assert code == 0, f"game {seed} ended with exit code {code}"
    return terminal


def measure(games: int, computer: str | None, first_seed: int) -> dict[str, float]:
    totals: list[int] = []
    kinds: Counter[str] = Counter()
    for seed in range(first_seed, first_seed + games):
        terminal = play(seed, computer)
        totals.append(sum(terminal.keys.values()))
        kinds.update(terminal.keys)
    result = {
        "mean": statistics.fmean(totals),
        "median": statistics.median(totals),
        "min": min(totals),
        "max": max(totals),
    }
    result.update({kind: count / games for kind, count in sorted(kinds.items())})
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per mode (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--level", default="easy", help="the computer's level (default easy)")
    args = parser.parse_args()
    os.environ["TACOCAT_NO_PAUSE"] = "1"
    with tempfile.TemporaryDirectory() as home:
        os.environ["TACOCAT_HOME"] = str(Path(home))  # records and saves go nowhere lasting
        for label, computer in (("hot seat", None), (f"vs {args.level}", args.level)):
            figures = measure(args.games, computer, args.seed)
            shown = ", ".join(f"{key} {value:.1f}" for key, value in figures.items())
            print(f"{label}: keypresses per game over {args.games} games: {shown}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
