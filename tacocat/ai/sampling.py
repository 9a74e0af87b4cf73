"""Imagined games: a full game state that agrees with everything a player knows.

The look-ahead player cannot search the real game (that would mean reading
the opponent's hand), so it *samples*: it deals the cards it cannot see -
the opponent's hand and the draw pile - at random, consistent with its
:class:`~tacocat.engine.PlayerView`, and searches that imagined game
instead.  Averaging over many such deals is "determinized" Monte Carlo,
also called information-set sampling.

An opponent's choice that is made but not yet revealed (a simultaneous
replacement or a duel card) is unknown too; the imagined opponent makes it
with the ``normal`` rules of thumb.  The engine's
:func:`~tacocat.engine.worlds.state_from_view` copies everything else from
the view, so the imagined state's view for the same player equals the real
view - the tests check exactly that.
"""

from __future__ import annotations

import random

from tacocat.ai.heuristics import NORMAL, choose_duel, choose_replace
from tacocat.ai.situation import SIMULTANEOUS, Situation
from tacocat.engine import Duel, GameState, Phase, PlayerView, Replace
from tacocat.engine.worlds import state_from_view


def imagine(view: PlayerView, rng: random.Random) -> GameState:
    """A random full state consistent with ``view``, for its player to search."""
    unseen = view.unseen_ids()
    rng.shuffle(unseen)
    size = view.opponent_hand_size
    opponent_hand, draw_pile = unseen[:size], unseen[size:]
    guess: Replace | Duel | None = None
    if view.opponent_has_chosen and view.phase is Phase.REPLACE:
        guess = Replace(_guess_replacement(view, opponent_hand))
    elif view.opponent_has_chosen:
        values = view.rules.card_values
        guess = choose_duel(tuple(sorted(values[card_id] for card_id in opponent_hand)))
    later_rounds = random.Random(rng.getrandbits(64))  # deals later rounds of the rollout
    return state_from_view(view, opponent_hand, draw_pile, later_rounds, guess)


def _guess_replacement(view: PlayerView, hand: list[int]) -> tuple[int, ...]:
    """The hidden simultaneous replacement the imagined opponent made."""
    values = view.rules.card_values
    situation = Situation(
        phase=Phase.REPLACE,
        hand=tuple(sorted(values[card_id] for card_id in hand)),
        legal=(),
        table=(),
        replace_limit=view.rules.hand_sizes[view.position],
        replace_role=SIMULTANEOUS,
        opponent_hand_size=len(view.hand_ids),
        pool=values,
    )
    return choose_replace(situation, NORMAL).values
