"""The computer levels as OpenSpiel policies, for OpenSpiel's own exploitability.

:class:`OpenSpielLevel` answers in action indices for both seats what
:class:`~tacocat.research.best_response.LevelPolicy` gives (docs/research.md,
"The levels' exploitability")::

    >>> import pyspiel
    >>> from open_spiel.python.algorithms import exploitability
    >>> from tacocat.research.levels import ROUND_PARAMETERS, OpenSpielLevel
    >>> game = pyspiel.load_game("python_tacocat", ROUND_PARAMETERS)
    >>> round(exploitability.exploitability(game, OpenSpielLevel(game, "random")), 3)
    0.426
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from open_spiel.python import policy

import tacocat.research.openspiel_game  # noqa: F401 (registers the games)
from tacocat.engine.events import Replaced, RoundStarted
from tacocat.research.best_response import LevelPolicy
from tacocat.research.memory import Match

ROUND_RULES = str(Path(__file__).with_name("round_rules.toml"))
# The round variant: OpenSpiel's tabular solvers finish it (docs/research.md).
ROUND_PARAMETERS: dict[str, Any] = {"rules": ROUND_RULES, "deal": "hands", "one_round": True}


def replaced_this_round(match: Match, player: int) -> int | None:
    """How many cards ``player`` replaced this round, None before it has (the expert asks)."""
    for _, _, events, _ in reversed(match.steps):
        for event in reversed(events):
            if type(event) is Replaced and event.player == player:
                return len(event.values)
            if type(event) is RoundStarted:
                return None
    return None


class OpenSpielLevel(policy.Policy):  # type: ignore[misc]
    """A computer level, at both seats, as an OpenSpiel policy over action indices."""

    def __init__(self, game: Any, level: str, samples: int = 8, seed: int = 0) -> None:
        super().__init__(game, [0, 1])
        self.level = LevelPolicy(level, samples, seed)

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        match: Match = state.match
        player = state.current_player() if player_id is None else player_id
        chances = self.level(match.state.view(player), replaced_this_round(match, player))
        index = match.space.index
        shares = {index(action): chance for action, chance in chances.items()}
        # Every legal action, those the level never plays at 0: OpenSpiel's tabular
        # best response reads a missing one as an error.
        return {action: shares.get(action, 0.0) for action in match.legal_indices()}
