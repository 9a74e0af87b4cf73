"""Imagined games: a full game state that agrees with everything a player knows.

The look-ahead player cannot search the real game (that would mean reading
the opponent's hand), so it *samples*: it deals the cards it cannot see -
the opponent's hand and the draw pile - at random, consistent with its
:class:`~tacocat.engine.PlayerView`, and searches that imagined game
instead.  Averaging over many such deals is "determinized" Monte Carlo,
also called information-set sampling.

An opponent's choice that is made but not yet revealed (a simultaneous
replacement or a duel card) is unknown too; the imagined opponent makes it
with the ``normal`` rules of thumb.  Everything else is copied from the
view, so the imagined state's view for the same player equals the real
view - the tests check exactly that.
"""

from __future__ import annotations

import random

from tacocat.ai.heuristics import NORMAL, choose_replace
from tacocat.ai.situation import SIMULTANEOUS, Situation
from tacocat.engine import Duel, GameState, Phase, PlayerView, Replace, other


def imagine(view: PlayerView, rng: random.Random) -> GameState:
    """A random full state consistent with ``view``, for its player to search."""
    rules = view.rules
    values = rules.card_values
    me, opponent = view.player, other(view.player)
    seen = {card.id for card in (*view.hand, *view.discard_pile, *view.table)}
    unseen = [card_id for card_id in range(rules.deck_size) if card_id not in seen]
    rng.shuffle(unseen)
    size = view.opponent_hand_size
    hands: list[list[int]] = [[], []]
    hands[me] = [card.id for card in view.hand]
    hands[opponent] = sorted(unseen[:size])

    state = GameState.__new__(GameState)
    state.rules = rules
    state.rng = random.Random(rng.getrandbits(64))  # deals later rounds of the rollout
    state.round_number = view.round_number
    state.position = view.position
    state.tiles = list(view.tiles)
    state.hands = hands
    state.draw_pile = unseen[size:]
    state.discard_pile = [card.id for card in view.discard_pile]
    state.table = [card.id for card in view.table]
    state.phase = view.phase
    state.to_move = view.to_move
    state.attacker = view.attacker
    arrow = view.arrow
    state.simultaneous = arrow is not None and arrow.player is None
    state.replace_limits = [0, 0]
    state.replaced = [True, True]
    state.hidden_replace = [None, None]
    state.duel_picks = [None, None]
    state.tied_rounds = view.tied_rounds
    state.winner = view.winner
    state.history = []
    state.opening_events = []

    if view.phase is Phase.REPLACE:
        dealt = rules.hand_sizes[view.position]
        state.replace_limits[me] = view.replace_limit
        state.replaced[me] = view.my_choice is not None
        if state.simultaneous:
            state.replace_limits[opponent] = dealt
            state.replaced[opponent] = view.opponent_has_chosen
            if view.opponent_has_chosen:
                state.hidden_replace[opponent] = _guess_replacement(view, hands[opponent], dealt)
        elif arrow is not None and arrow.player == me:
            # We replace first; the engine caps the opponent once we have.
            state.replaced[opponent] = False
        else:
            state.replace_limits[opponent] = dealt
        if isinstance(view.my_choice, Replace):
            state.hidden_replace[me] = view.my_choice.values
    elif view.phase is Phase.DUEL:
        if view.opponent_has_chosen:
            # The normal player duels with its highest card.
            highest = max(values[card_id] for card_id in hands[opponent])
            state.duel_picks[opponent] = _first_of_value(hands[opponent], values, highest)
        if isinstance(view.my_choice, Duel):
            state.duel_picks[me] = _first_of_value(hands[me], values, view.my_choice.value)
    return state


def _guess_replacement(view: PlayerView, hand: list[int], dealt: int) -> tuple[int, ...]:
    """The hidden simultaneous replacement the imagined opponent made."""
    values = view.rules.card_values
    situation = Situation(
        phase=Phase.REPLACE,
        hand=tuple(sorted(values[card_id] for card_id in hand)),
        legal=(),
        table=(),
        replace_limit=dealt,
        replace_role=SIMULTANEOUS,
        opponent_hand_size=len(view.hand),
        pool=values,
    )
    return choose_replace(situation, NORMAL).values


def _first_of_value(hand: list[int], card_values: tuple[int, ...], value: int) -> int:
    """The card id the engine takes for a duel of ``value``: the first in hand order."""
    return next(card_id for card_id in hand if card_values[card_id] == value)
