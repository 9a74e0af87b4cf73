"""What a spectator may see: the public view of a game (OpenSpiel's public observation).

A :class:`PublicView` is what is on the table for everyone: the board, the
tiles, the Tacocat, the round, how many cards each hand and the draw pile
hold, the face-up discard pile and the attack waiting for an answer, and
who has made a secret choice (but not which).  It never holds a card in a
hand, an unrevealed duel card or replacement, or the order of the draw
pile; the tests check that two states differing only in those give equal
public views.  The events :meth:`GameState.apply_action
<tacocat.engine.state.GameState.apply_action>` returns are public as they
are: together with public views they tell a spectator the whole story.

    >>> from tacocat.engine import new_game
    >>> state = new_game(seed=3)
    >>> public = state.public_view()
    >>> public.hand_sizes, public.draw_pile_size
    ((7, 7), 24)

Replaying a game for someone who did not play it, and a screen shown to
both players at once, draw from this view.
"""

from __future__ import annotations

from typing import NamedTuple

from tacocat.engine.fields import Fields
from tacocat.engine.ontable import OnTheTable
from tacocat.engine.phases import Phase
from tacocat.engine.players import Player
from tacocat.engine.rules import Rules


class _PublicFacts(NamedTuple):
    rules: Rules
    phase: Phase
    to_move: Player | None
    round_number: int
    position: int
    tiles: tuple[int, ...]
    hand_sizes: tuple[int, int]
    draw_pile_size: int
    discard_ids: tuple[int, ...]  # face up, oldest first
    table_ids: tuple[int, ...]  # the attack waiting for an answer
    attacker: Player | None
    simultaneous: bool  # this round's replacement is secret and simultaneous
    replace_limits: tuple[int, int]  # how many cards each may replace this round
    replaced: tuple[bool, bool]  # who has replaced (or chosen in secret) this round
    chosen: tuple[bool, bool]  # who has a secret choice in that is not revealed yet
    tied_rounds: int
    winner: Player | None


class PublicView(_PublicFacts, OnTheTable):
    """Everything public about one moment of a game (immutable, equal when the facts are).

    The piles are card ids; :attr:`discard_pile` and :attr:`table` give
    them as :class:`Card` objects.  Per-player entries are in player order
    (Yay, Wow).
    """

    __slots__ = ()


def public_view_of(state: Fields) -> PublicView:
    """Build the public view of ``state``: copies of what is public, sizes of the rest."""
    hands = state.hands
    if state.phase is Phase.DUEL:
        chosen = (state.duel_picks[0] is not None, state.duel_picks[1] is not None)
    else:
        hidden = state.hidden_replace
        chosen = (hidden[0] is not None, hidden[1] is not None)
    return PublicView(
        rules=state.rules,
        phase=state.phase,
        to_move=state.to_move,
        round_number=state.round_number,
        position=state.position,
        tiles=tuple(state.tiles),
        hand_sizes=(len(hands[0]), len(hands[1])),
        draw_pile_size=len(state.draw_pile),
        discard_ids=state.discard_pile,
        table_ids=state.table,
        attacker=state.attacker,
        simultaneous=state.simultaneous,
        replace_limits=(state.replace_limits[0], state.replace_limits[1]),
        replaced=(state.replaced[0], state.replaced[1]),
        chosen=chosen,
        tied_rounds=state.tied_rounds,
        winner=state.winner,
    )
