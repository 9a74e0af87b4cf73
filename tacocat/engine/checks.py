"""Is a state filled in from outside one the rules could have reached?

A hand-edited or damaged save could hold well-formed fields and still crash
the game later (an empty hand at the showdown, an attack with no attacker).
:func:`check_consistent` refuses such a state when it is loaded, with a
:class:`StateFormatError` that says what does not fit.  The checks that
follow from the kinds of the fields (every card in exactly one pile, every
player a player) walk :data:`~tacocat.engine.fields.FIELDS`; the rest are
the rules of the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tacocat.engine.choices import missing_value
from tacocat.engine.errors import StateFormatError
from tacocat.engine.fields import FIELDS
from tacocat.engine.phases import Phase

if TYPE_CHECKING:
    from tacocat.engine.state import GameState

_PILES = tuple(f for f in FIELDS if f.kind.pile)
_PLAYERS = tuple(f.name for f in FIELDS if f.kind.player)


def check_consistent(state: GameState) -> None:
    """Every card in exactly one place, a position on the board, a turn that fits."""
    problem = _board_problem(state) or _turn_problem(state)
    if problem is not None:
        raise StateFormatError(f"the saved game is damaged ({problem})")


def _board_problem(state: GameState) -> str | None:
    everything: list[int] = []
    for pile in _PILES:
        value = getattr(state, pile.name)
        everything.extend([c for part in value for c in part] if pile.kind.per_player else value)
    if sorted(everything) != list(range(state.rules.deck_size)):
        return "its cards do not add up to one deck"
    if not -1 <= state.position <= len(state.rules.hand_sizes):
        return "the Tacocat is off the board"
    if state.to_move not in (None, 0, 1) or (state.to_move is None) != (state.phase is Phase.OVER):
        return "nobody or somebody odd is to move"
    if any(getattr(state, name) not in (None, 0, 1) for name in _PLAYERS):
        return "an unknown player"
    tiles = state.tiles
    if len(set(tiles)) != len(tiles) or not all(
        0 <= t < len(state.rules.hand_sizes) for t in tiles
    ):
        return "the tiles are not on distinct spaces"
    return None


def _turn_problem(state: GameState) -> str | None:
    """What does not fit the decision the game waits for, if anything."""
    mover = state.to_move
    if mover is None:
        return None
    if state.winner is not None or not 0 <= state.position < len(state.rules.hand_sizes):
        return "a live game with a winner or the Tacocat off the board"
    if state.position in state.tiles:
        return "the Tacocat stands on a tile"
    sizes = [len(hand) for hand in state.hands]
    if state.phase is Phase.ANSWER:
        fits = state.attacker == 1 - mover and sizes[mover] == sizes[1 - mover] + len(state.table)
        fits = fits and sizes[1 - mover] >= 1 and bool(state.table)
    else:
        fits = sizes[0] == sizes[1] >= 2 and not state.table
        fits = fits and state.attacker == (mover if state.phase is Phase.ATTACK else None)
    if not fits:
        return "the hands and the table do not fit the turn"
    if state.phase is Phase.DUEL:
        return _duel_problem(state, mover)
    if state.phase is Phase.REPLACE:
        return _replace_problem(state, mover)
    return None


def _duel_problem(state: GameState, mover: int) -> str | None:
    picks, hands = state.duel_picks, state.hands
    # Yay picks first: Wow's turn means Yay's card is in, Yay's means none is.
    if (
        (picks[0] is None) != (mover == 0)
        or picks[1] is not None
        or any(pick is not None and pick not in hands[player] for player, pick in enumerate(picks))
    ):
        return "a duel card that is not in its player's hand"
    return None


def _replace_problem(state: GameState, mover: int) -> str | None:
    size = len(state.hands[mover])
    if state.replaced[mover] or not 0 <= state.replace_limits[mover] <= size:
        return "a replacement that does not fit the hand"
    if state.simultaneous != (state.rules.arrows[state.position].player is None):
        return "a replacement that does not fit the arrow"
    pending = 0
    for player, hidden in enumerate(state.hidden_replace):
        # Only a simultaneous replacement already chosen is hidden.
        if (hidden is not None) != (state.simultaneous and state.replaced[player]):
            return "a hidden replacement that does not fit the turn"
        if hidden is not None:
            if missing_value(state.hand_values(player), hidden) is not None:
                return "a hidden replacement of cards not in the hand"
            pending += len(hidden)
    if len(state.draw_pile) < pending + size * state.replaced.count(False):
        return "too few cards left to draw"
    return None
