"""From rounds to games: the chance of winning the game from a board position.

Once a round is over the cards are reshuffled, so the game's future depends
only on the board: where the Tacocat stands and which spaces are covered.
:func:`game_chance` treats every future decisive round as a coin that lands
for ``player`` with a fixed probability (even between equal players), which
makes the rest of the game a small Markov chain over the uncovered spaces,
computed exactly and cached.  Ties only replay a round; the tie limit
matters only for the round being played (:func:`after_round`).

    >>> from tacocat.engine import YAY
    >>> game_chance(3, (), YAY)  # the centre, nothing covered
    0.5
"""

from __future__ import annotations

from functools import lru_cache

from tacocat.engine import Rules
from tacocat.engine.board import goal_of, is_goal, step_toward
from tacocat.engine.players import Player, other

EVEN = 0.5  # chance to win a future decisive round between equal players


def game_chance(position: int, tiles: tuple[int, ...], player: Player, edge: float = EVEN) -> float:
    """Chance that ``player`` wins the game from a new round on ``position``.

    ``tiles`` are the covered spaces; ``edge`` is ``player``'s chance to win
    each future decisive round.
    """
    return _chance(position, tuple(sorted(tiles)), player, edge)


@lru_cache(maxsize=8192)
def _chance(position: int, tiles: tuple[int, ...], player: Player, edge: float) -> float:
    if is_goal(position):
        return 1.0 if position == goal_of(player) else 0.0
    covered = tuple(sorted((*tiles, position)))
    win = _chance(step_toward(position, player, tiles), covered, player, edge)
    lose = _chance(step_toward(position, other(player), tiles), covered, player, edge)
    return edge * win + (1.0 - edge) * lose


def after_round(
    rules: Rules, position: int, tiles: tuple[int, ...], tied_rounds: int, player: Player
) -> tuple[float, float, float]:
    """``player``'s game chance after the current round is won, tied or lost.

    A draw (the tie limit reached) counts as half a win.
    """
    covered = (*tiles, position)
    won = game_chance(step_toward(position, player, tiles), covered, player)
    lost = game_chance(step_toward(position, other(player), tiles), covered, player)
    tied = 0.5 if tied_rounds + 1 >= rules.tie_limit else game_chance(position, tiles, player)
    return won, tied, lost
