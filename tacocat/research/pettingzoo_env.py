"""Tacocat as a PettingZoo AEC environment (``pip install 'tacocat[pettingzoo]'``).

Agents, observations, masks and rewards: docs/research.md::

    >>> from tacocat.research.pettingzoo_env import env
    >>> game = env()
    >>> game.reset(seed=7)
    >>> seen = game.observe(game.agent_selection)
    >>> sorted(seen)
    ['action_mask', 'observation']
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tacocat.engine.observation import INFORMATION_STATE_SIZE
from tacocat.engine.rules import DEFAULT_RULES, MAX_DECK_SIZE, Rules
from tacocat.engine.state import GameState
from tacocat.research.infostates import InformationStates
from tacocat.research.memory import Match

AGENTS = ("player_0", "player_1")  # Yay, Wow (PettingZoo names agents this way)
# Above any count, size or round number a valid rules file allows.
_HIGH = float(MAX_DECK_SIZE * 10)
# Up to this many moves a mask is set item by item; more, with one numpy index array.
_FEW = 16
_NUMBERS = {agent: number for number, agent in enumerate(AGENTS)}
_NO_MOVES: list[int] = []  # the legal moves of an agent not to move (never changed)


class TacocatEnv(AECEnv):  # type: ignore[misc]
    """One game of Tacocat at a time, turn by turn (PettingZoo's AEC API)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "tacocat_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, rules: Rules | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = rules or DEFAULT_RULES
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._deals = random.Random()
        first = Match(GameState(random.Random(0), self.rules))
        size = len(first.space)
        self.action_spaces = {agent: spaces.Discrete(size) for agent in AGENTS}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, _HIGH, (INFORMATION_STATE_SIZE,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for agent in AGENTS
        }
        self.match = first
        self.vectors = InformationStates(first)
        self._legal: list[int] = []  # the legal moves of the agent to move, for its mask
        # One action mask per agent, kept from step to step (docs/research.md).
        self._masks = [Mask(size) for _ in AGENTS]
        self._shown = [mask.shown for mask in self._masks]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, dealt from ``seed`` (the same seed, the same deals)."""
        if seed is not None:
            self._deals = random.Random(seed)
        self.match = Match(GameState(random.Random(self._deals.getrandbits(64)), self.rules))
        self.vectors = InformationStates(self.match)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's information-state vector and its action mask.

        The mask is the environment's own (read-only, updated in place): it
        holds this observation's legal moves until the next ``step`` or
        ``reset``; copy it to keep it longer.  The vector is a new array.
        """
        player = _NUMBERS[agent]
        legal = self._legal if self.match.state.to_move == player else _NO_MOVES
        mask = self._masks[player]
        if mask.holds is not legal:
            mask.hold(legal)
        return {"observation": self.vectors.array(player), "action_mask": self._shown[player]}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.match.apply(int(action))
        state = self.match.state
        if state.is_terminal():
            self.rewards = dict(zip(AGENTS, state.returns(), strict=True))
            self.terminations = dict.fromkeys(AGENTS, True)
            self._select()
            self._accumulate_rewards()
        else:  # every reward is 0 before the end: none to add up
            self._select()

    def _select(self) -> None:
        """Select the agent to move and give it its legal moves (the other has none)."""
        player = self.match.state.to_move
        if player is None:  # the game is over: each agent in turn steps out
            self.agent_selection = self.agents[0] if self.agents else AGENTS[0]
            self.infos = {agent: {"legal_moves": []} for agent in AGENTS}
            return
        agent = self.agent_selection = AGENTS[player]
        legal = self._legal = self.match.legal_indices()
        # The agent's own copy: whatever it does to it, the mask stays right.
        self.infos = {agent: {"legal_moves": list(legal)}, AGENTS[1 - player]: {"legal_moves": []}}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self.match.state
        view = state.public_view()
        return f"{state!r}: discard {[c.value for c in view.discard_pile]}"


class Mask:
    """An action mask kept from step to step: only the entries of legal moves are set or cleared."""

    __slots__ = ("array", "bytes", "holds", "indices", "shown")

    def __init__(self, size: int) -> None:
        # Written through a bytearray (an item is set several times faster than a
        # numpy array's) or, for many moves, through numpy with one index array.
        self.bytes = bytearray(size)
        self.array = np.frombuffer(self.bytes, dtype=np.int8)
        self.shown = self.array.view()  # what agents get
        self.shown.flags.writeable = False
        self.holds: list[int] = []  # the legal moves set now
        self.indices: np.ndarray[Any, np.dtype[np.intp]] | None = None  # the same, if many

    def hold(self, legal: list[int]) -> None:
        """Hold exactly the moves ``legal`` (the list is kept: it must not change)."""
        if self.indices is not None:
            self.array[self.indices] = 0
        else:
            for index in self.holds:
                self.bytes[index] = 0
        self.holds = legal
        if len(legal) > _FEW:
            self.indices = np.fromiter(legal, np.intp, len(legal))
            self.array[self.indices] = 1
        else:
            self.indices = None
            for index in legal:
                self.bytes[index] = 1


def raw_env(rules: Rules | None = None, render_mode: str | None = None) -> TacocatEnv:
    """The environment without PettingZoo's checking wrappers (faster)."""
    return TacocatEnv(rules, render_mode)


def env(rules: Rules | None = None, render_mode: str | None = None) -> Any:
    """The environment in PettingZoo's usual wrappers: bad actions are reported, not played."""
    wrapped: Any = wrappers.AssertOutOfBoundsWrapper(raw_env(rules, render_mode))
    return wrappers.OrderEnforcingWrapper(wrapped)
