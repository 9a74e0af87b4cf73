"""Tacocat as an OpenSpiel game: ``pyspiel.load_game("python_tacocat")``.

Importing this module registers ``python_tacocat`` (explicit chance, a deal
at a time: :mod:`tacocat.research.dealing`) and ``python_tacocat_sampled``
(the engine deals); their parameters are in docs/research.md::

    >>> import pyspiel
    >>> import tacocat.research.openspiel_game
    >>> game = pyspiel.load_game("python_tacocat")
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()          # the first deal, one card value a step
    True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from tacocat.engine.encoding import action_space
from tacocat.engine.observation import INFORMATION_STATE_SIZE, OBSERVATION_SIZE, observation
from tacocat.engine.rules import DEFAULT_RULES, MAX_VALUE, MIN_VALUE, Rules, load_rules
from tacocat.engine.state import GameState
from tacocat.research.arrays import information_state_array, observation_array
from tacocat.research.memory import Match

SHORT_NAME = "python_tacocat"
SAMPLED_NAME = "python_tacocat_sampled"
# The games this module registers, and whether OpenSpiel can serialize each one
# (``random_sim_test(serialize=True)``; why the sampled one cannot: docs/research.md).
SERIALIZABLE: dict[str, bool] = {SHORT_NAME: True, SAMPLED_NAME: False}
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def game_type(sampled: bool) -> Any:
    """The GameType of ``python_tacocat`` (explicit chance) or of its sampled twin."""
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=SAMPLED_NAME if sampled else SHORT_NAME,
        long_name="Tacocat Spelled Backwards" + (" (sampled chance)" if sampled else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.SAMPLED_STOCHASTIC if sampled else mode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=(
            {"rules": "", "seed": 0, "one_round": False}
            if sampled
            else {"rules": "", "deal": "cards", "one_round": False}
        ),
    )


GAME_TYPE, SAMPLED_GAME_TYPE = game_type(sampled=False), game_type(sampled=True)


def max_game_length(rules: Rules, explicit: bool, one_round: bool = False) -> int:
    """A bound on the steps of one game under ``rules`` (chance steps included if ``explicit``).

    A round is two replacements, then decisions that each take at least one
    card out of a hand of at most ``h``: at most ``2 + 2 (h - 1)``; an
    explicit deal adds ``4 h`` chance steps.  At most seven rounds are won,
    each after fewer than ``tie_limit`` tied ones, and ``tie_limit`` ties in
    a row end the game.
    """
    hand = max(rules.hand_sizes)
    per_round = 2 * hand + (4 * hand if explicit else 0)
    return per_round * (1 if one_round else 8 * rules.tie_limit)


class TacocatGame(pyspiel.Game):  # type: ignore[misc]
    """The game with explicit chance: each round's deal is ``4 h`` chance steps (dealing.py)."""

    sampled = False
    serializable = SERIALIZABLE[SHORT_NAME]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        kind = SAMPLED_GAME_TYPE if self.sampled else GAME_TYPE
        params = {**kind.parameter_specification, **(params or {})}
        path = str(params["rules"])
        self.rules = load_rules(path) if path else DEFAULT_RULES
        self._deals = random.Random(int(params.get("seed", 0)))
        self._start: Match | None = None
        deal = str(params.get("deal", "cards"))
        if deal not in ("cards", "hands"):
            raise ValueError(f'deal must be "cards" or "hands", got {deal!r}')
        self.hands, self.one_round = deal == "hands", bool(params["one_round"])
        # A whole hand's outcome is the index of the replacement with its values.
        outcomes = action_space(self.rules).duel_start if self.hands else MAX_VALUE
        info = pyspiel.GameInfo(
            num_distinct_actions=len(action_space(self.rules)),
            max_chance_outcomes=0 if self.sampled else outcomes,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(self.rules, not self.sampled, self.one_round),
        )
        super().__init__(kind, info, params)

    def new_initial_state(self) -> TacocatState:
        """A new game: dealt by chance steps, or (sampled) from a seed the game draws."""
        if not self.sampled:
            # The engine's own deal is replaced by chance's; its generator still
            # picks which copy of a value leaves a hand, the same way every time,
            # so every initial state is the same: one, shared until a step is applied.
            if self._start is None:
                state = GameState(random.Random(0), self.rules)
                self._start = Match(state, True, self.hands, self.one_round)
            return TacocatState(self, self._start, shared=True)
        state = GameState(random.Random(self._deals.getrandbits(64)), self.rules)
        return TacocatState(self, Match(state, one_round=self.one_round))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TacocatObserver:
        """An observation (or, with perfect recall, an information-state) observer."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return TacocatObserver(recall)


class SampledTacocatGame(TacocatGame):
    """The game with sampled chance: deals drawn inside ``apply_action`` (faster, no CFR)."""

    sampled = True
    serializable = SERIALIZABLE[SAMPLED_NAME]


class TacocatState(pyspiel.State):  # type: ignore[misc]
    """One game in progress, as OpenSpiel sees it: actions are indices (encoding.py)."""

    def __init__(self, game: TacocatGame, match: Match, shared: bool = False) -> None:
        super().__init__(game)
        self.match = match
        # OpenSpiel clones a Python state by making a new initial state and
        # overwriting its attributes: a shared initial match makes that cheap,
        # and is copied before its first step.
        self._shared = shared
        self._player = match.to_move()

    def current_player(self) -> int:
        # OpenSpiel asks this about six times a step: kept, not worked out each time.
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._player:
            return []
        return self.match.legal_indices()

    # Asked from Python, these three answer in Python: pyspiel's own would cross
    # into C++ and back (docs/research.md); C++ callers reach the methods above.

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions (of ``player``, if given), as OpenSpiel's C++ answers:
        chance's outcomes at a chance node whoever asks, and an error for
        another pseudo-player."""
        mover = self._player
        if mover == _CHANCE:
            return [outcome for outcome, _ in self.match.deal.outcomes()]  # type: ignore[union-attr]
        if player is not None and player < 0 and mover != _TERMINAL:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return self.match.legal_indices() if player is None or player == mover else []

    def is_chance_node(self) -> bool:
        return self._player == _CHANCE

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card value of the deal under way (value - 1) and its probability."""
        return [] if self.match.deal is None else self.match.deal.outcomes()

    def _apply_action(self, action: int) -> None:
        match = self.match
        if self._shared:
            match = self.match = match.copy()
            self._shared = False
        if match.deal is not None:
            match.deal_one(int(action))
        else:
            match.apply(int(action))
        self._player = match.to_move()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE and self.match.hands:  # the values of a replacement
            return "deal " + str(self.match.space.action(int(action))).split(" ", 1)[-1]
        if player == _CHANCE:
            return f"deal a {int(action) + MIN_VALUE}"
        return str(self.match.space.action(int(action)))

    def returns(self) -> list[float]:
        return list(self.match.returns())

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
        # The whole state, generator included, and the deal under way: equal strings, equal games.
        deal = self.match.deal
        return self.match.state.to_json() + ("" if deal is None else f" dealt {deal.chosen}")


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
            self.tensor[:] = information_state_array(view, state.match.recall(player))
        else:
            self.tensor[:] = observation_array(view)

    def string_from(self, state: TacocatState, player: int) -> str:
        if self.recall:
            return state.match.information_string(player)
        return " ".join(map(str, observation(state.match.state.view(player))))


pyspiel.register_game(GAME_TYPE, TacocatGame)
pyspiel.register_game(SAMPLED_GAME_TYPE, SampledTacocatGame)
