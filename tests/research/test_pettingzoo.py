"""The PettingZoo environment (tacocat[pettingzoo]): PettingZoo's own checks."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
np = pytest.importorskip("numpy", reason="the pettingzoo extra is not installed")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from tacocat.engine import Rules  # noqa: E402
from tacocat.research.pettingzoo_env import AGENTS, env, raw_env  # noqa: E402

SMALL = Rules(counts=(2, 2, 2, 2) + (0,) * 8, hand_sizes=(2,) * 7, tie_limit=1)


def test_the_environment_passes_pettingzoos_api_test() -> None:
    api_test(env(), num_cycles=200)
    api_test(env(SMALL), num_cycles=200)


def test_the_same_seed_plays_the_same_games() -> None:
    seed_test(env, num_cycles=50)


def test_random_games_end_with_a_winner_or_a_draw() -> None:
    game = raw_env()
    rng = np.random.default_rng(3)
    for seed in range(5):
        game.reset(seed=seed)
        final = {}
        for agent in game.agent_iter():
            seen, reward, terminated, truncated, info = game.last()
            if terminated or truncated:
                final[agent] = reward
                game.step(None)
                continue
            mask = seen["action_mask"]
            assert mask.sum() >= 1
            assert info["legal_moves"] == np.flatnonzero(mask).tolist()
            info["legal_moves"].clear()  # the agent's own copy: the next mask is unharmed
            assert game.observe(agent)["action_mask"].sum() == mask.sum()
            # The environment's own mask, kept between steps: agents may read it, not write it.
            assert not mask.flags.writeable
            waiting = "player_1" if agent == "player_0" else "player_0"
            assert not game.observe(waiting)["action_mask"].any()
            game.step(int(rng.choice(np.flatnonzero(mask))))
        assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_environment_and_pettingzoos_checks_run_without_pygame() -> None:
    # pettingzoo.classic imports pygame; the environment and every check this suite runs
    # (api_test, seed_test) must not.
    script = (
        "import sys\n"
        "sys.modules['pygame'] = None  # any import of it now fails\n"
        "from pettingzoo.test import api_test, seed_test\n"
        "from tacocat.research.pettingzoo_env import env\n"
        "api_test(env(), num_cycles=20)\n"
        "seed_test(env, num_cycles=10)\n"
        "print('checked')\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", script], capture_output=True, text=True, check=False
    )
    assert done.stdout.splitlines()[-1:] == ["checked"], done.stderr[-500:]


def test_each_observation_is_the_reference_vector_whichever_agent_is_asked_first() -> None:
    from tacocat.engine.observation import information_state

    game = raw_env(SMALL)
    rng = np.random.default_rng(4)
    for seed in range(20):
        game.reset(seed=seed)
        for agent in game.agent_iter():
            seen, _, terminated, truncated, info = game.last()
            player = int(agent[-1])
            vector = seen["observation"]
            match = game.unwrapped.match
            wanted = information_state(match.state.view(player), match.recall(player))
            assert vector.tolist() == wanted
            # Asking the other agent's vector leaves this one as it was.
            game.observe(AGENTS[1 - player])
            assert vector.tolist() == wanted
            game.step(None if terminated or truncated else int(rng.choice(info["legal_moves"])))
