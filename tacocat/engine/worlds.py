"""Possible worlds: full game states that agree with everything one player knows.

A player who looks ahead cannot search the real game (that would read the
opponent's hand): it imagines where the unseen cards are and searches that
world (OpenSpiel's resampling from the information state).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.engine.actions import Duel, Replace
from tacocat.engine.choices import missing_value
from tacocat.engine.errors import WorldError
from tacocat.engine.fields import FIELDS, PUBLIC
from tacocat.engine.phases import Phase
from tacocat.engine.players import other
from tacocat.engine.state import GameState
from tacocat.engine.view import PlayerView

# The public fields a view holds, and under which name (a view keeps piles as ids).
_FROM_VIEW = {"discard_pile": "discard_ids", "table": "table_ids"}
COPIED_FROM_VIEW = tuple(n for n in PUBLIC if _FROM_VIEW.get(n, n) in PlayerView._fields)
# Those the state keeps as lists (a view holds every field as a tuple).
_LISTS = {f.name for f in FIELDS if f.kind.copied}


def state_from_view(
    view: PlayerView,
    opponent_hand: Sequence[int],
    draw_pile: Sequence[int],
    rng: random.Random,
    opponent_choice: Replace | Duel | None = None,
) -> GameState:
    """A full state whose view for the player to move is ``view``, the unseen cards as given.

    ``opponent_hand`` and ``draw_pile`` split :meth:`PlayerView.unseen_ids`
    between them (the draw pile's top card last).  ``opponent_choice`` is the
    opponent's hidden choice, needed exactly when the view says it is made.
    ``rng`` deals the world's later rounds.  Raises WorldError when the
    pieces do not fit the view.
    """
    _check_pieces(view, opponent_hand, draw_pile, opponent_choice)
    me, opponent = view.player, other(view.player)
    state = GameState.blank(rng, view.rules)
    for name in COPIED_FROM_VIEW:
        value = getattr(view, _FROM_VIEW.get(name, name))
        setattr(state, name, list(value) if name in _LISTS else value)
    state.set_hand(me, view.hand_ids)
    state.set_hand(opponent, opponent_hand)
    state.draw_pile = list(draw_pile)
    # The public fields a view does not hold follow from the phase and the arrow.
    arrow = view.arrow
    state.simultaneous = view.phase is Phase.REPLACE and arrow is not None and arrow.player is None
    state.replaced = [True, True]
    if view.phase is Phase.REPLACE:
        limits = [0, 0]
        limits[me] = view.replace_limit
        state.replaced[me] = False  # it is my turn to replace
        # The opponent has replaced if it went first (one arrow) or chose in secret.
        first = view.rules.arrows[view.position].player
        state.replaced[opponent] = first == opponent or opponent_choice is not None
        if state.simultaneous:
            limits[opponent] = view.rules.hand_sizes[view.position]
        state.replace_limits = tuple(limits)
        if isinstance(opponent_choice, Replace):
            _check_held(state, opponent, opponent_choice.values)
            state.hidden_replace[opponent] = opponent_choice.values
    elif view.phase is Phase.DUEL and isinstance(opponent_choice, Duel):
        _check_held(state, opponent, (opponent_choice.value,))
        state.duel_picks[opponent] = state.card_of(opponent, opponent_choice.value)
    return state


def _check_pieces(
    view: PlayerView,
    opponent_hand: Sequence[int],
    draw_pile: Sequence[int],
    opponent_choice: Replace | Duel | None,
) -> None:
    if not view.is_my_turn:
        raise WorldError("a world is built for the player whose decision it is")
    if sorted([*opponent_hand, *draw_pile]) != view.unseen_ids():
        raise WorldError("the opponent's hand and the draw pile must hold exactly the unseen cards")
    if len(opponent_hand) != view.opponent_hand_size:
        raise WorldError(f"the opponent holds {view.opponent_hand_size} cards")
    if (opponent_choice is not None) != view.opponent_has_chosen:
        raise WorldError("give the opponent's hidden choice exactly when the view says it is made")


def _check_held(state: GameState, player: int, values: Sequence[int]) -> None:
    missing = missing_value(state.hand_values[player], values)
    if missing is not None:
        raise WorldError(f"the opponent's hidden choice needs a {missing} it does not hold")
