"""How the expert picks its duel card: the share of each rank in its hand's distinct values.

    python benchmarks/duel_ranks.py --games 40 --seed 1000

Seeded games of the expert against itself (seeds away from the duplicate
benchmark's); for every duel with a choice, the card's rank among the
hand's distinct values counted from the top (0: the highest), the lowest
counted apart.  ``master``'s duel answered a habitual opponent with
these shares (the lever ``ranks``, measured as no gain; in git history at
a641868).  Budgets are work: the same seed gives the same counts on any
machine.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from tacocat.ai.expert import ExpertAgent
from tacocat.ai.match import game_seed
from tacocat.engine import Duel, GameState, Phase


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    ranks: Counter[str] = Counter()
    for index in range(args.games):
        seats = [
            ExpertAgent(random.Random(game_seed(args.seed, index, f"seat{seat}")))
            for seat in (0, 1)
        ]
        state = GameState(random.Random(game_seed(args.seed, index, "deal")), undoable=False)
        while not state.is_terminal():
            mover = state.current_player()
            assert mover is not None
            view = state.view(mover)
            action = seats[mover].choose(view)
            if view.phase is Phase.DUEL and len(view.legal_actions) > 1:
                assert isinstance(action, Duel)
                distinct = sorted(set(view.hand_values), reverse=True)
                rank = distinct.index(action.value)
                ranks["lowest" if rank == len(distinct) - 1 else str(rank)] += 1
            state.apply_action(action)
    total = sum(ranks.values())
    print(f"{total} duels with a choice in {args.games} expert games from seed {args.seed}:")
    for rank in sorted(ranks, key=lambda r: (r == "lowest", r)):
        print(
            f"  {'the lowest' if rank == 'lowest' else 'rank ' + rank}: {ranks[rank] / total:.3f}"
        )


if __name__ == "__main__":
    main()
