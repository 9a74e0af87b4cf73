"""How the pinned expert replaces and duels, beside the rules of thumb that imitate it.

    python benchmarks/habits.py                 # 200 games of the pinned expert against itself
    python benchmarks/habits.py --games 50 --player expert

The evaluator's rollouts imagine both players following rules of thumb.
Which rules matters most for replacing: a replacement is judged by the
opponent's reply in the rollouts, and by the clues the opponent's own
replacement leaves (``tacocat/ai/evidence.py``).  This script plays seeded
games of a player against itself and prints, for each kind of replacement
(both at once, first, second), how often each value held was thrown away,
and how often ``normal``'s rule (``NORMAL``) and the rollouts' rule
(``ROLLOUT``) pick exactly the player's replacement; and for the duel, how
often the player duelled with its highest card or with the card
``ROLLOUT`` would; and for attacks and answers (where ``ROLLOUT`` plays
``normal``'s rules), how often those rules pick the player's choice.
Both cores are used; game *i* gets the same seeds for any number of
processes.
"""

from __future__ import annotations

import argparse
import os
import random
from collections import Counter

from expert import every_game, make

from tacocat.ai.match import game_seed
from tacocat.ai.rules_of_thumb import NORMAL, ROLLOUT, choose
from tacocat.ai.situation import FIRST, SECOND, SIMULTANEOUS, from_view
from tacocat.engine import Answer, Attack, Duel, GameState, Phase, Replace

# (kind, hand, what the player did, what NORMAL does, what ROLLOUT does)
Habit = tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def habits(arguments: tuple[str, int, int]) -> list[Habit]:
    """Game ``index`` of ``player`` against itself: every replacement and duel with a choice."""
    player, seed, index = arguments
    seats = [make(player, random.Random(game_seed(seed, index, f"seat{seat}"))) for seat in (0, 1)]
    state = GameState(random.Random(game_seed(seed, index, "deal")))
    found: list[Habit] = []
    while not state.is_terminal():
        mover = state.current_player()
        assert mover is not None
        view = state.view(mover)
        action = seats[mover].choose(view)
        if len(view.legal_actions) > 1:
            situation = from_view(view)
            kind = situation.replace_role if view.phase is Phase.REPLACE else view.phase.value
            found.append(
                (
                    kind,
                    situation.hand,
                    _values(action),
                    _values(choose(situation, NORMAL)),
                    _values(choose(situation, ROLLOUT)),
                )
            )
        state.apply_action(action)
    return found


def _values(action: object) -> tuple[int, ...]:
    if isinstance(action, Duel):
        return (action.value,)
    assert isinstance(action, Replace | Attack | Answer)
    return tuple(sorted(action.values))


def report(found: list[Habit]) -> str:
    """The table of replaced shares by value and the rules' agreement, as Markdown."""
    lines = [
        "| replacing | decisions | "
        + " | ".join(str(v) for v in range(1, 13))
        + " | NORMAL picks the same | ROLLOUT picks the same |",
        "|---" * 16 + "|",
    ]
    for kind in (SIMULTANEOUS, FIRST, SECOND):
        rows = [habit for habit in found if habit[0] == kind]
        if not rows:
            continue
        held: Counter[int] = Counter()
        thrown: Counter[int] = Counter()
        for _, hand, done, _, _ in rows:
            held.update(hand)
            thrown.update(done)
        shares = [f"{thrown[v] / held[v]:.0%}" if held[v] else "-" for v in range(1, 13)]
        normal = sum(done == rule for _, _, done, rule, _ in rows) / len(rows)
        rollout = sum(done == rule for _, _, done, _, rule in rows) / len(rows)
        lines.append(
            f"| {kind} | {len(rows)} | " + " | ".join(shares) + f" | {normal:.1%} | {rollout:.1%} |"
        )
    duels = [habit for habit in found if habit[0] == "duel"]
    if duels:
        highest = sum(done == (max(hand),) for _, hand, done, _, _ in duels) / len(duels)
        middle = sum(done == rule for _, _, done, _, rule in duels) / len(duels)
        lines.append("")
        lines.append(
            f"duel: {len(duels)} decisions; the highest card {highest:.1%} (NORMAL's choice),"
            f" the card ROLLOUT picks {middle:.1%}"
        )
    for kind in ("attack", "answer"):
        rows = [habit for habit in found if habit[0] == kind]
        if rows:
            same = sum(done == rule for _, _, done, rule, _ in rows) / len(rows)
            lines.append(
                f"{kind}: {len(rows)} decisions; NORMAL and ROLLOUT pick the same {same:.1%}"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="pinned")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    options = parser.parse_args()
    jobs = [(options.player, options.seed, index) for index in range(options.games)]
    found = every_game(habits, jobs, options.workers)
    print(f"{options.player} against itself, {options.games} games, seed {options.seed}")
    print(report(found))


if __name__ == "__main__":
    main()
