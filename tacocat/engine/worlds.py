"""Possible worlds: full game states that agree with everything one player knows.

A player who wants to look ahead cannot search the real game - that would
mean reading the opponent's hand.  Instead it imagines where the unseen
cards are and searches that world (OpenSpiel calls this resampling from the
information state).  :func:`state_from_view` builds such a world: the caller
says where the unseen cards lie and what the opponent's not-yet-revealed
choice was, and the engine puts every field in place, so the world's view
for that player equals the view it came from.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.engine.actions import Duel, Replace
from tacocat.engine.choices import missing_value
from tacocat.engine.players import other
from tacocat.engine.state import GameState, Phase
from tacocat.engine.view import PlayerView


def state_from_view(
    view: PlayerView,
    opponent_hand: Sequence[int],
    draw_pile: Sequence[int],
    rng: random.Random,
    opponent_choice: Replace | Duel | None = None,
) -> GameState:
    """A full state consistent with ``view``, the unseen cards placed as given.

    It must be the view's player's turn (a player looks ahead when it has a
    decision to make).  ``opponent_hand`` and ``draw_pile`` split
    :meth:`PlayerView.unseen_ids` between them (the draw pile's top card last).
    ``opponent_choice`` is the opponent's hidden choice, needed exactly when
    the view says the opponent has chosen a simultaneous replacement or a
    duel card.  ``rng`` deals the world's later rounds.  Raises ValueError
    when the pieces do not fit the view.
    """
    rules = view.rules
    me, opponent = view.player, other(view.player)
    if not view.is_my_turn:
        raise ValueError("a world is built for the player whose decision it is")
    if sorted([*opponent_hand, *draw_pile]) != view.unseen_ids():
        raise ValueError("the opponent's hand and the draw pile must hold exactly the unseen cards")
    if len(opponent_hand) != view.opponent_hand_size:
        raise ValueError(f"the opponent holds {view.opponent_hand_size} cards")
    if (opponent_choice is not None) != view.opponent_has_chosen:
        raise ValueError("give the opponent's hidden choice exactly when the view says it is made")

    state = GameState.blank(rng, rules)
    state.round_number = view.round_number
    state.position = view.position
    state.tiles = list(view.tiles)
    state.set_hand(me, view.hand_ids)
    state.set_hand(opponent, opponent_hand)
    state.draw_pile = list(draw_pile)
    state.discard_pile = list(view.discard_ids)
    state.table = list(view.table_ids)
    state.phase = view.phase
    state.to_move = view.to_move
    state.attacker = view.attacker
    arrow = view.arrow
    state.simultaneous = view.phase is Phase.REPLACE and arrow is not None and arrow.player is None
    state.replaced = [True, True]
    state.tied_rounds = view.tied_rounds
    state.winner = view.winner

    if view.phase is Phase.REPLACE:
        state.replace_limits[me] = view.replace_limit
        state.replaced[me] = False  # it is my turn to replace
        first = rules.arrows[view.position].player
        # The opponent has replaced if it went first (one arrow) or chose in secret.
        state.replaced[opponent] = first == opponent or opponent_choice is not None
        if state.simultaneous:
            state.replace_limits[opponent] = rules.hand_sizes[view.position]
        if isinstance(opponent_choice, Replace):
            _check_held(state, opponent, opponent_choice.values)
            state.hidden_replace[opponent] = opponent_choice.values
    elif view.phase is Phase.DUEL and isinstance(opponent_choice, Duel):
        _check_held(state, opponent, (opponent_choice.value,))
        state.duel_picks[opponent] = state.card_of(opponent, opponent_choice.value)
    return state


def _check_held(state: GameState, player: int, values: Sequence[int]) -> None:
    missing = missing_value(state.hand_values(player), values)
    if missing is not None:
        raise ValueError(f"the opponent's hidden choice needs a {missing} it does not hold")
