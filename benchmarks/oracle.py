"""How much is knowing the opponent's hand worth?  An upper bound for reading the opponent.

    python benchmarks/oracle.py --games 200                      # told at every decision
    python benchmarks/oracle.py --games 200 --after-replacing    # told from the duel on
    python benchmarks/oracle.py --games 200 --in-tricks          # told after the duel

The expert plays the pinned expert (``benchmarks/pinned.py``),
seats alternating, with one change: whenever it imagines the cards it
cannot see, the opponent's hand is the *true* one (the draw pile is still
shuffled at random, so it knows nothing of what is to come).  No fair player
knows that much, so its score bounds what any reading of the opponent's play
could gain with the same search.  ``--after-replacing`` tells it only in
the duel and the tricks, where clues exist; replacing it must guess as
usual.  ``--in-tricks`` tells it only in the tricks, where the opponent's
play so far (their duel card, attacks and answers) is all there is to
read.  This is a measuring stick, never a level: the hand is handed over by
this script, around the player's back (by replacing ``Dealer.deal`` in the
worker processes).
"""

from __future__ import annotations

import argparse
import os
import random
from concurrent.futures import ProcessPoolExecutor

from expert import seated

from tacocat.ai import sampling
from tacocat.ai.match import wilson
from tacocat.engine import GameState, Phase
from tacocat.engine.rounds import shuffle

TRUTH: list[GameState] = []  # the real game, while the told player decides
HONEST_DEAL = sampling.Dealer.deal


def told_deal(dealer: sampling.Dealer, rng: random.Random) -> tuple[list[int], list[int]]:
    """The opponent's true hand, and the other unseen cards shuffled as the pile."""
    if not TRUTH:
        return HONEST_DEAL(dealer, rng)
    hand = list(TRUTH[0].hands[1 - dealer.view.player])
    held = set(hand)
    pile = [card_id for card_id in dealer.unseen if card_id not in held]
    shuffle(pile, rng)
    return hand, pile


# When the expert is told the hand: the phases, and how the summary says it.
TOLD: dict[str, tuple[tuple[Phase, ...], str]] = {
    "always": (tuple(Phase), "at every decision"),
    "after-replacing": ((Phase.DUEL, Phase.ATTACK, Phase.ANSWER), "from the duel on"),
    "in-tricks": ((Phase.ATTACK, Phase.ANSWER), "in the tricks"),
}


def play(arguments: tuple[int, int, str]) -> float:
    """Game ``index``: the told expert's score (1, 0.5 or 0)."""
    index, seed, when = arguments
    sampling.Dealer.deal = told_deal  # type: ignore[method-assign]  # in this worker only
    told_seat, seats, state = seated("expert", "pinned", seed, index)
    while not state.is_terminal():
        mover = state.current_player()
        assert mover is not None
        told = mover == told_seat and state.phase in TOLD[when][0]
        TRUTH[:] = [state] if told else []
        state.apply_action(seats[mover].choose(state.view(mover)))
    return 0.5 if state.winner is None else float(state.winner == told_seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    told = parser.add_mutually_exclusive_group()
    for when in ("after-replacing", "in-tricks"):
        told.add_argument(f"--{when}", dest="when", action="store_const", const=when)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    when = args.when or "always"
    work = [(index, args.seed, when) for index in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        scores = list(pool.map(play, work, chunksize=1))
    total = sum(scores)
    low, high = wilson(int(total), len(scores))
    print(
        f"expert told the opponent's hand {TOLD[when][1]} vs pinned expert: {len(scores)} games,"
        f" scored {total:g} ({total / len(scores):.1%}, 95% Wilson {low:.1%}-{high:.1%})"
    )


if __name__ == "__main__":
    main()
