"""OpenSpiel's own algorithms playing Tacocat: ``python -m tacocat.research.examples``.

ISMCTS (a random-rollout evaluator, worlds resampled from its information
state) on the standard game, and outcome-sampling MCCFR trained for
``--iterations`` on the small rules beside this module, each against a
uniformly random player for ``--games`` games, seats alternating.  It prints
wins, draws and losses from the algorithm's side.  Needs the ``openspiel`` extra.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms import outcome_sampling_mccfr as mccfr

import tacocat.research.openspiel_game  # noqa: F401 (registers the games)

SMALL_RULES = str(Path(__file__).with_name("small_rules.toml"))

Chooser = Callable[[Any], int]  # an OpenSpiel state -> an action


def play(game: Any, chooser: Chooser, games: int, rng: np.random.RandomState) -> list[int]:
    """Wins, draws and losses of ``chooser`` against uniformly random play."""
    tally = [0, 0, 0]
    for number in range(games):
        seat = number % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                action = rng.choice(outcomes, p=weights)
            elif state.current_player() == seat:
                action = chooser(state)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        result = state.returns()[seat]
        tally[0 if result > 0 else 1 if result == 0 else 2] += 1
    return tally


def ismcts_chooser(game: Any, simulations: int, rng: np.random.RandomState) -> Chooser:
    """ISMCTS with one random rollout per leaf."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng
    )
    return lambda state: int(bot.step(state))


def mccfr_chooser(game: Any, iterations: int, rng: np.random.RandomState) -> Chooser:
    """The average policy of outcome-sampling MCCFR after ``iterations``."""
    solver = mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    policy = solver.average_policy()

    def choose(state: Any) -> int:
        chances = policy.action_probabilities(state)
        actions = list(chances)
        return int(rng.choice(actions, p=[chances[action] for action in actions]))

    return choose


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="OpenSpiel's algorithms playing Tacocat.")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS, per decision")
    parser.add_argument("--iterations", type=int, default=20_000, help="MCCFR training")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = np.random.RandomState(args.seed)
    game = pyspiel.load_game("python_tacocat")
    chooser = ismcts_chooser(game, args.simulations, rng)
    wins, draws, losses = play(game, chooser, args.games, rng)
    print(f"ISMCTS ({args.simulations} simulations) v random: {wins}-{draws}-{losses}")
    small = pyspiel.load_game("python_tacocat", {"rules": SMALL_RULES})
    chooser = mccfr_chooser(small, args.iterations, rng)
    wins, draws, losses = play(small, chooser, args.games, rng)
    print(f"MCCFR ({args.iterations} iterations, small rules) v random: {wins}-{draws}-{losses}")


if __name__ == "__main__":
    main()
