"""Tacocat as an OpenSpiel game: ``pyspiel.load_game("python_tacocat")``.

Install with ``pip install 'tacocat[openspiel]'``.  Importing this module
registers the game; then every OpenSpiel tool takes it::

    >>> import pyspiel
    >>> import tacocat.research.openspiel_game
    >>> game = pyspiel.load_game("python_tacocat", {"seed": 3})
    >>> state = game.new_initial_state()
    >>> state.apply_action(state.legal_actions()[0])

Parameters: ``rules``, the path of a rules file ("" for the standard game),
and ``seed``, which seeds the game object's generator: each new initial
state draws its own deal from it.

Chance is **sampled** (``ChanceMode.SAMPLED_STOCHASTIC``): the deal of each
round and which copy of a value leaves a hand are drawn inside
``apply_action`` from the state's own generator, which a clone copies.  An
explicit chance node per card would put 38 outcomes in front of every card
dealt, about 500 chance steps per game, for no algorithm that tacocat's
players need (docs/architecture.md says more).  Algorithms that look ahead
in an imperfect-information game resample worlds instead
(:meth:`TacocatState.resample_from_infostate`, which OpenSpiel's ISMCTS calls).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from tacocat.engine.encoding import (
    INFORMATION_STATE_SIZE,
    OBSERVATION_SIZE,
    information_state,
    num_distinct_actions,
    observation,
)
from tacocat.engine.rules import DEFAULT_RULES, Rules, load_rules
from tacocat.engine.state import GameState
from tacocat.research.memory import Match

SHORT_NAME = "python_tacocat"
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Tacocat Spelled Backwards",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "", "seed": 0},
)


def max_game_length(rules: Rules) -> int:
    """A bound on the decisions of one game under ``rules``.

    A round is two replacements, then decisions that each take at least one
    card out of a hand of at most ``h``: at most ``2 + 2 (h - 1)``.  At most
    seven rounds are won, each after fewer than ``tie_limit`` tied ones, and
    ``tie_limit`` ties in a row end the game.
    """
    per_round = 2 * max(rules.hand_sizes)
    return per_round * (8 * rules.tie_limit)


class TacocatGame(pyspiel.Game):  # type: ignore[misc]
    """The game: its rules, and a generator that deals each new game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        path = str(params["rules"])
        self.rules = load_rules(path) if path else DEFAULT_RULES
        self._deals = random.Random(int(params["seed"]))
        info = pyspiel.GameInfo(
            num_distinct_actions=num_distinct_actions(self.rules),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(self.rules),
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> TacocatState:
        """A new game, dealt from a seed the game's generator draws."""
        state = GameState(random.Random(self._deals.getrandbits(64)), self.rules)
        return TacocatState(self, Match(state))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TacocatObserver:
        """An observation (or, with perfect recall, an information-state) observer."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return TacocatObserver(recall)


class TacocatState(pyspiel.State):  # type: ignore[misc]
    """One game in progress, as OpenSpiel sees it: actions are indices (encoding.py)."""

    def __init__(self, game: TacocatGame, match: Match) -> None:
        super().__init__(game)
        self.match = match

    def current_player(self) -> int:
        player = self.match.state.current_player()
        return _TERMINAL if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.match.state.current_player():
            return []
        return self.match.legal_indices()

    def _apply_action(self, action: int) -> None:
        self.match.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.match.space.action(int(action)))

    def is_terminal(self) -> bool:
        return self.match.state.is_terminal()

    def returns(self) -> list[float]:
        return list(self.match.state.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TacocatState:
        """A state ``player_id`` cannot tell from this one (for ISMCTS and other searches).

        The world's unseen cards, and its future, are dealt from a generator
        seeded by ``probability_sampler()`` (a number in [0, 1)), so a
        seeded sampler resamples the same worlds.
        """
        seed = int(float(probability_sampler()) * 2**53)
        world = self.match.resample(player_id, random.Random(seed))
        return TacocatState(self.get_game(), world)

    def clone(self) -> TacocatState:
        return TacocatState(self.get_game(), self.match.copy())

    def __str__(self) -> str:
        # The whole state, generator included: equal strings, equal games.
        return self.match.state.to_json()


class TacocatObserver:
    """OpenSpiel's Python observer: ``tensor`` and ``dict`` filled by :meth:`set_from`."""

    def __init__(self, recall: bool) -> None:
        self.recall = recall
        size = INFORMATION_STATE_SIZE if recall else OBSERVATION_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TacocatState, player: int) -> None:
        view = state.match.state.view(player)
        if self.recall:
            self.tensor[:] = information_state(view, state.match.recalls[player])
        else:
            self.tensor[:] = observation(view)

    def string_from(self, state: TacocatState, player: int) -> str:
        if self.recall:
            return state.match.information_string(player)
        return " ".join(map(str, observation(state.match.state.view(player))))


pyspiel.register_game(GAME_TYPE, TacocatGame)
