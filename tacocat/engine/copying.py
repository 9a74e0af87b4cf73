"""Copying a game state: its fields and its random generator (``clone``, ``undo``).

Look-ahead players clone a state once per imagined game, thousands of times
per decision, so the copy is written out field by field, in a module the
compiled build compiles (docs/performance.md): the fields are those that
:data:`tacocat.engine.fields.FIELDS` declares, lists copied and the rest
shared, and a test keeps this function in step with that list.  The random
generator is copied through the C methods under :class:`random.Random`,
without its Python wrappers: the same state, a third less time.
"""

from __future__ import annotations

import random
from _random import Random as _CoreRandom
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tacocat.engine.state import GameState

_getstate, _setstate = _CoreRandom.getstate, _CoreRandom.setstate


def copy_generator(rng: random.Random) -> random.Random:
    """A new generator in the state ``rng`` is in (its future draws are ``rng``'s)."""
    # Not Random(): seeding it from the OS would be wasted, the state is overwritten at once.
    twin = random.Random.__new__(random.Random)
    _setstate(twin, _getstate(rng))
    twin.gauss_next = rng.gauss_next  # type: ignore[attr-defined]  # set by Random.__init__
    return twin


def copy_state(source: GameState, target: GameState) -> None:
    """Give ``target`` the fields of ``source``: the lists copied, the rest shared."""
    target.tiles = list(source.tiles)
    target._hands = list(source._hands)
    target._hand_values = list(source._hand_values)
    target.draw_pile = list(source.draw_pile)
    target.replaced = list(source.replaced)
    target.hidden_replace = list(source.hidden_replace)
    target.duel_picks = list(source.duel_picks)
    target.history = list(source.history)
    target.round_number = source.round_number
    target.position = source.position
    target._discard = source._discard
    target._table = source._table
    target._table_values = source._table_values
    target._phase = source._phase
    target._to_move = source._to_move
    target.attacker = source.attacker
    target.simultaneous = source.simultaneous
    target._limits = source._limits
    target.tied_rounds = source.tied_rounds
    target.winner = source.winner
