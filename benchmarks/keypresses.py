"""Keypresses per game: scripted players drive the real game loop.

    python benchmarks/keypresses.py                # 40 hot-seat games + 40 against `easy`
    python benchmarks/keypresses.py --games 200 --level normal
    python benchmarks/keypresses.py --confirm-moves  # Enter before each computer reply
    python benchmarks/keypresses.py --size 160x48    # a big terminal (80x24 by default)

Each game is played by :class:`tacocat.ui.play.game.Game` itself - hand-overs,
reveals, forced moves, the end screen - with a terminal whose ``ask`` is
answered by a scripted player instead of a keyboard.  The player picks
its moves with the ``normal`` computer level, reseeded for every decision
from the game's seed and the moves so far, so the same seed gives the same
game however many prompts the loop shows.  It types what a person would:
card letters (``ac``), ``-`` to keep a hand, Enter alone at a hand-over or
a results screen or the confirm step of ``--confirm-moves`` (Enter: the
computer replies), ``n`` to the "play again" question.  Every line costs
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

from rich.console import Console

from tacocat.ai import make_agent
from tacocat.engine import Action, Duel, Replace, Rules
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.prompts import Keyed, keys_for
from tacocat.ui.play.game import Game, Session
from tacocat.ui.term.terminal import Terminal


class ScriptedTerminal(Terminal):
    """A terminal whose lines come from scripted players; it counts the keys pressed."""

    def __init__(self, seed: int, size: tuple[int, int] = (80, 24)) -> None:
        width, height = size
        super().__init__(Console(file=io.StringIO(), width=width, height=height), alt_screen=False)
        self.columns_rows = size
        self.game: Game | None = None
        self.seed = seed
        self.rng = random.Random()
        self.agent = make_agent("normal", self.rng)
        self.keys: Counter[str] = Counter()  # kind of prompt -> keypresses
        self.prompts: Counter[str] = Counter()
        self.bare = 0  # prompts answered by Enter alone

    @property
    def size(self) -> tuple[int, int]:
        return self.columns_rows

    def show(self, *renderables: object, secret: bool = False) -> None:
        pass  # nobody watches; the screens are still built by the game

    def flush_input(self) -> None:
        pass

    def ask(self, prompt: str, settle: float = 0.0) -> str:
        assert self.game is not None
        if prompt.endswith("> "):
            kind, line = "decision", self.decide()
        elif "press Enter" in prompt or prompt.startswith("Press Enter"):
            kind, line = "hand-over" if ", press Enter" in prompt else "continue", ""
        elif prompt.startswith("Enter for "):
            kind, line = "confirm", ""  # --confirm-moves: let the computer reply
        elif prompt.startswith("Play again"):
            kind, line = "end", "n"
        else:
            raise AssertionError(f"the script has no answer to the prompt {prompt!r}")
        self.keys[kind] += len(line) + 1
        self.prompts[kind] += 1
        self.bare += line == ""
        return line

    def decide(self) -> str:
        assert self.game is not None
        state = self.game.state
        player = state.current_player()
        assert player is not None
        view = state.view(player)
        self.rng.seed(f"keypresses:{self.seed}:{len(state.history)}")
        return typed(self.agent.choose(view), keyed_hand(view.hand))


def typed(action: Action, keyed: Keyed) -> str:
    """The keys a person types for ``action``: card letters, or ``-`` to keep a hand."""
    if isinstance(action, Replace) and not action.values:
        return "-"
    values = (action.value,) if isinstance(action, Duel) else action.values
    return keys_for(values, keyed).replace("+", "")


def play(
    seed: int, computer: str | None, confirm: bool = False, size: tuple[int, int] = (80, 24)
) -> ScriptedTerminal:
    terminal = ScriptedTerminal(seed, size)
    names = ("Ann", "Bob") if computer is None else ("Ann", "Computer")
    session = Session(names, Rules(), seed, computer=computer, confirm=confirm)
    game = Game(session, terminal)
    terminal.game = game
    code = game.run()
    assert code == 0, f"game {seed} ended with exit code {code}"
    return terminal


def measure(
    games: int,
    computer: str | None,
    first_seed: int,
    confirm: bool = False,
    size: tuple[int, int] = (80, 24),
) -> dict[str, float]:
    totals: list[int] = []
    kinds: Counter[str] = Counter()
    bare = 0
    for seed in range(first_seed, first_seed + games):
        terminal = play(seed, computer, confirm, size)
        totals.append(sum(terminal.keys.values()))
        kinds.update(terminal.keys)
        bare += terminal.bare
    result = {
        "mean": statistics.fmean(totals),
        "median": statistics.median(totals),
        "min": min(totals),
        "max": max(totals),
    }
    result.update({kind: count / games for kind, count in sorted(kinds.items())})
    result["bare Enters"] = bare / games  # hand-overs and continues ("end" is n and Enter)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per mode (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--level", default="easy", help="the computer's level (default easy)")
    parser.add_argument(
        "--confirm-moves", action="store_true", help="also against the computer, confirming"
    )
    parser.add_argument(
        "--size", default="80x24", help="the terminal's columns x rows (default 80x24)"
    )
    args = parser.parse_args()
    columns, _, rows = args.size.partition("x")
    size = (int(columns), int(rows))
    modes: list[tuple[str, str | None, bool]] = [
        ("hot seat", None, False),
        (f"vs {args.level}", args.level, False),
    ]
    if args.confirm_moves:
        modes.append((f"vs {args.level}, --confirm-moves", args.level, True))
    with tempfile.TemporaryDirectory() as home:
        os.environ["TACOCAT_HOME"] = str(Path(home))  # records and saves go nowhere lasting
        for label, computer, confirm in modes:
            figures = measure(args.games, computer, args.seed, confirm, size)
            shown = ", ".join(f"{key} {value:.1f}" for key, value in figures.items())
            print(f"{label}: keypresses per game over {args.games} games: {shown}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
