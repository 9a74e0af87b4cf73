"""What one player observes: :func:`view_of` builds a :class:`~.view.PlayerView`.

Apart from the view's class so that it can be compiled (the mypyc build,
docs/performance.md): a named tuple's class stays Python, the function that
fills one in at every decision need not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tacocat.engine.actions import Action, Duel, Replace
from tacocat.engine.phases import Phase
from tacocat.engine.players import Player
from tacocat.engine.view import PlayerView

if TYPE_CHECKING:
    from tacocat.engine.state import GameState

# Final: the compiled build keeps these in C variables, not in the module's
# dictionary, where each use would be a lookup by name.
_REPLACE: Final = Phase.REPLACE
_DUEL: Final = Phase.DUEL
# PlayerView's own constructor is a Python function around this; calling it
# directly saves a frame on every decision of every simulated game.
_new_view: Final = tuple.__new__
_VIEW: Final = PlayerView


def view_of(state: GameState, player: Player) -> PlayerView:
    """Build ``player``'s view of ``state``.

    Called for every decision of every simulated game, so it only reads
    numbers and shares tuples (immutable, and the player's own or public);
    the one list copied is the board's tiles.  Everything else is derived
    when asked.
    """
    opponent = 1 - player
    phase = state._phase
    to_move = state._to_move
    mine = to_move == player
    my_choice: Action | None = None
    opponent_has_chosen = False
    if phase is _DUEL:
        pick = state.duel_picks[player]
        my_choice = Duel(state.rules.card_values[pick]) if pick is not None else None
        opponent_has_chosen = state.duel_picks[opponent] is not None
    elif phase is _REPLACE and state.simultaneous:
        hidden = state.hidden_replace[player]
        my_choice = Replace(hidden) if hidden is not None else None
        opponent_has_chosen = state.hidden_replace[opponent] is not None
    hands = state._hands
    legal: Sequence[Action] = ()
    if mine:
        listed = state._legal
        legal = state._legal = state._list_legal(player) if listed is None else listed
    view: PlayerView = _new_view(
        _VIEW,
        (
            player,
            state.rules,
            phase,
            to_move,
            state.round_number,
            state.position,
            tuple(state.tiles),
            hands[player],
            len(hands[opponent]),
            len(state.draw_pile),
            state._discard,
            state._table,
            state.attacker,
            state._limits[player] if mine and phase is _REPLACE else 0,
            my_choice,
            opponent_has_chosen,
            state.tied_rounds,
            state.winner,
            legal,
        ),
    )
    return view
