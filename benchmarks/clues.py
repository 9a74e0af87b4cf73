"""How much the clues tell about the opponent's true hand, decision by decision.

    python benchmarks/clues.py                  # 40 games: the pinned expert against hard
    python benchmarks/clues.py --games 100 --opponent expert

The evaluator imagines the opponent's hand in proportion to the weight
``tacocat/ai/evidence.py`` gives it.  A clue is worth what it tells: at
every duel, attack and answer of the watching player (``hard``, who
replaces, so its own count is known), this script weighs the opponent's
true hand and 300 random hands of the cards it cannot see, and prints the
mean of log(weight of the true hand / mean weight of the random ones), in
nats: 0 for no clue, more for clues that lean toward the truth, less for
clues that lean away from it.  It does so for today's clues and for those
of the pinned expert (``benchmarks/pinned.py``'s revision), on
the same positions.  Both cores are used; game *i* gets the same seeds for
any number of processes.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
from collections import defaultdict
from collections.abc import Callable

from expert import every_game, make
from pinned import pinned_module

from tacocat.ai import evidence
from tacocat.ai.match import game_seed
from tacocat.engine import GameState, Phase, PlayerView, Replace

GUESSES = 300  # random hands each true hand is set against
READERS: dict[str, Callable[[PlayerView, int | None], object]] = {
    "today": evidence.read_evidence,
    "pinned": pinned_module("evidence").read_evidence,
}

Gain = tuple[str, str, float]  # (reader, phase, nats)


def gains(arguments: tuple[str, int, int]) -> list[Gain]:
    """Game ``index``: ``opponent`` (watched) against hard, every clue's gain on the way."""
    opponent, seed, index = arguments
    watched = index % 2  # the opponent's seat alternates
    seats = [
        make(
            opponent if seat == watched else "hard",
            random.Random(game_seed(seed, index, f"seat{seat}")),
        )
        for seat in (0, 1)
    ]
    state = GameState(random.Random(game_seed(seed, index, "deal")))
    rng = random.Random(game_seed(seed, index, "guesses"))
    replaced: dict[int, int] = {}  # the watcher's own count, by round
    found: list[Gain] = []
    while not state.is_terminal():
        mover = state.current_player()
        assert mover is not None
        view = state.view(mover)
        if mover != watched and view.phase in (Phase.DUEL, Phase.ATTACK, Phase.ANSWER):
            true = state.hand_values[watched]
            unseen = view.unseen_values()
            guesses = [rng.sample(unseen, view.opponent_hand_size) for _ in range(GUESSES)]
            for name, read in READERS.items():
                clues = read(view, replaced.get(view.round_number))
                weight = clues.weight  # type: ignore[attr-defined]
                average = statistics.fmean(weight(guess) for guess in guesses)
                found.append((name, view.phase.value, math.log(weight(true) / average)))
        action = seats[mover].choose(view)
        if mover != watched and isinstance(action, Replace):
            replaced = {view.round_number: len(action.values)}
        state.apply_action(action)
    return found


def report(found: list[Gain]) -> str:
    """Mean nats per reader, for each phase and in all."""
    by: dict[tuple[str, str], list[float]] = defaultdict(list)
    for name, phase, nats in found:
        by[name, phase].append(nats)
        by[name, "all"].append(nats)
    phases = ("duel", "attack", "answer", "all")
    lines = [
        "| clues | " + " | ".join(phases) + " |",
        "|---" * (len(phases) + 1) + "|",
    ]
    for name in READERS:
        cells = [f"{statistics.fmean(by[name, phase]):+.3f}" for phase in phases]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    counts = ", ".join(f"{phase} {len(by['today', phase])}" for phase in phases)
    lines.append(f"\ndecisions: {counts}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="pinned", help="the player whose hand is read")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    options = parser.parse_args()
    jobs = [(options.opponent, options.seed, index) for index in range(options.games)]
    found = every_game(gains, jobs, options.workers)
    print(f"clues about {options.opponent}'s hand, {options.games} games against hard, ", end="")
    print(f"seed {options.seed} (mean nats of the true hand over random ones)")
    print(report(found))


if __name__ == "__main__":
    main()
