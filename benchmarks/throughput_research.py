"""Decisions per second, side by side: tacocat's engine and adapters against reference games.

    python -m pip install -e '.[openspiel,pettingzoo]' rlcard
    python benchmarks/throughput_research.py                 # 7 rounds of 20,000 steps each
    python benchmarks/throughput_research.py --steps 5000 --rounds 3

Every contestant plays whole games with uniformly random legal actions, in
one process (one core), and counts its *decisions*: ``apply_action`` /
``step`` calls of a player.  Chance steps (OpenSpiel's explicit deals, the
poker games' cards) cost time but are not counted, so a contestant's rate
is a whole game's work over its decisions; rlcard deals inside ``reset``.
Each round runs every contestant once, in a rotated order, so a machine
that gets busier hurts them alike; the table gives each one's median
microseconds a decision over the rounds and its slowdown against tacocat's
engine (how many engine decisions one of its decisions costs), the median
of each round's ratio to the engine's time in that same round, with the
ratios' spread and, for the adapters, the target they are held to.
Contestants whose package is missing are left out with a note.

- ``tacocat engine``: ``GameState.legal_actions`` and ``apply_action``, no encoding;
- ``tacocat OpenSpiel``: the ``python_tacocat`` game (action indices, per-player memory,
  each deal as about 28 chance steps, which count as steps);
- ``tacocat OpenSpiel sampled``: ``python_tacocat_sampled``, the engine dealing by itself;
- ``tacocat PettingZoo``: the AEC environment through ``env.last()``: each
  step builds the observation dict (a new information-state vector and the
  agent's 60,819-entry action mask, kept and updated in place), the agent
  reads both and picks from ``info["legal_moves"]``;
- ``tacocat PettingZoo, no obs``: the same through ``env.last(observe=False)``,
  as an agent that needs only its legal moves (a random or scripted one) may;
- ``OpenSpiel kuhn_poker`` / ``leduc_poker``: OpenSpiel's C++ games through pyspiel;
- ``rlcard leduc-holdem``: rlcard's environment, its state dict at every step.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

Runner = Callable[[int, random.Random], int]  # plays at least n steps; returns how many


def tacocat_engine(steps: int, rng: random.Random) -> int:
    from tacocat.engine import GameState

    done = 0
    while done < steps:
        state = GameState(random.Random(rng.getrandbits(64)))
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            done += 1
    return done


def tacocat_openspiel(name: str) -> Runner:
    def run(steps: int, rng: random.Random) -> int:
        import pyspiel

        import tacocat.research.openspiel_game  # noqa: F401 (registers the games)

        params = {"seed": rng.randrange(2**31)} if name.endswith("sampled") else {}
        return _pyspiel_steps(pyspiel.load_game(name, params), steps, rng)

    return run


def openspiel_game(name: str) -> Runner:
    def run(steps: int, rng: random.Random) -> int:
        import pyspiel

        return _pyspiel_steps(pyspiel.load_game(name), steps, rng)

    return run


def _pyspiel_steps(game: object, steps: int, rng: random.Random) -> int:
    done = 0
    while done < steps:
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                done += 1
    return done


def tacocat_pettingzoo(observe: bool) -> Runner:
    def run(steps: int, rng: random.Random) -> int:
        import numpy as np

        from tacocat.research.pettingzoo_env import raw_env

        env = raw_env()
        done = 0
        while done < steps:
            env.reset(seed=rng.randrange(2**31))
            for _agent in env.agent_iter():
                seen, _, terminated, truncated, info = env.last(observe)
                if terminated or truncated:
                    env.step(None)
                    continue
                if observe:  # what a learner reads: the vector and the mask
                    assert isinstance(seen["observation"], np.ndarray)
                    assert seen["action_mask"][info["legal_moves"][0]] == 1
                env.step(rng.choice(info["legal_moves"]))
                done += 1
        return done

    return run


def rlcard_leduc(steps: int, rng: random.Random) -> int:
    import rlcard

    env = rlcard.make("leduc-holdem", config={"seed": rng.randrange(2**31)})
    done = 0
    while done < steps:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            done += 1
    return done


CONTESTANTS: dict[str, tuple[str, Runner]] = {
    "tacocat engine": ("tacocat", tacocat_engine),
    "tacocat OpenSpiel": ("pyspiel", tacocat_openspiel("python_tacocat")),
    "tacocat OpenSpiel sampled": ("pyspiel", tacocat_openspiel("python_tacocat_sampled")),
    "tacocat PettingZoo": ("pettingzoo", tacocat_pettingzoo(observe=True)),
    "tacocat PettingZoo, no obs": ("pettingzoo", tacocat_pettingzoo(observe=False)),
    "OpenSpiel kuhn_poker": ("pyspiel", openspiel_game("kuhn_poker")),
    "OpenSpiel leduc_poker": ("pyspiel", openspiel_game("leduc_poker")),
    "rlcard leduc-holdem": ("rlcard", rlcard_leduc),
}


def available() -> dict[str, Runner]:
    """The contestants whose package imports, a note for each one left out."""
    import importlib

    found: dict[str, Runner] = {}
    for name, (package, runner) in CONTESTANTS.items():
        try:
            importlib.import_module(package)
        except ImportError:
            print(f"(left out: {name}, {package} is not installed)")
            continue
        found[name] = runner
    return found


# The targets: a decision through an adapter costs at most this many engine decisions.
TARGETS = {"tacocat OpenSpiel sampled": 2.0, "tacocat PettingZoo": 3.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--steps", type=int, default=20_000, help="decisions per contestant per round"
    )
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    runners = available()
    names = list(runners)
    # Microseconds a decision, per contestant and round; each round's ratios are
    # taken against the engine's time in the same round (the same machine load).
    micros: dict[str, list[float]] = {name: [] for name in names}
    for name in names:  # imports and caches filled (a long run's state), before any clock runs
        runners[name](args.steps, random.Random(-1))
    for round_number in range(args.rounds):
        shift = round_number % len(names)
        for name in names[shift:] + names[:shift]:
            rng = random.Random(round_number)
            start = time.process_time()
            done = runners[name](args.steps, rng)
            micros[name].append((time.process_time() - start) * 1e6 / done)
    base = micros[names[0]]
    print(f"{args.rounds} rounds of {args.steps:,} decisions each; medians over the rounds")
    print(f"{'contestant':26} {'us each':>8} {'slowdown':>9} {'spread':>13} {'target':>14}")
    for name in names:
        ratios = [mine / engine for mine, engine in zip(micros[name], base, strict=True)]
        ratio = statistics.median(ratios)
        spread = f"{min(ratios):.2f}-{max(ratios):.2f}x"
        target = TARGETS.get(name)
        verdict = ""
        if target is not None:
            verdict = f"<={target:g}x " + ("met" if ratio <= target else "NOT met")
        micro = statistics.median(micros[name])
        print(f"{name:26} {micro:8.1f} {ratio:8.2f}x {spread:>13} {verdict:>14}")


if __name__ == "__main__":
    main()
