"""What one player may know: the only window a player (or a UI) gets.

A :class:`PlayerView` holds the player's own hand, the opponent's hand
*size*, the public cards and the board.  It never holds the opponent's
cards, the opponent's unrevealed replacement or duel choice, or the order of
the draw pile; the engine's tests check that two states differing only in
those secrets give equal views.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tacocat.engine.actions import Action, Duel, Replace
from tacocat.engine.board import space_name
from tacocat.engine.cards import Card, cards
from tacocat.engine.players import Arrow, Player, other
from tacocat.engine.rules import Rules

if TYPE_CHECKING:
    from tacocat.engine.state import GameState, Phase


@dataclass(frozen=True)
class PlayerView:
    """One player's knowledge of the game at one moment."""

    player: Player
    rules: Rules
    phase: Phase
    to_move: Player | None
    round_number: int
    position: int
    tiles: tuple[int, ...]
    hand: tuple[Card, ...]
    opponent_hand_size: int
    draw_pile_size: int
    discard_pile: tuple[Card, ...]  # face up, oldest first
    table: tuple[Card, ...]  # the attack waiting for an answer
    attacker: Player | None
    replace_limit: int  # how many cards this player may replace now (0 if not replacing)
    my_choice: Action | None  # this player's own hidden choice, not yet revealed
    opponent_has_chosen: bool  # the opponent's hidden choice is in (its content is not)
    tied_rounds: int
    winner: Player | None
    legal_actions: Sequence[Action]  # empty unless it is this player's decision

    @property
    def opponent(self) -> Player:
        return other(self.player)

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.player

    @property
    def arrow(self) -> Arrow | None:
        """The arrow(s) of the Tacocat's space (None once it reached a goal)."""
        if 0 <= self.position < len(self.rules.arrows):
            return self.rules.arrows[self.position]
        return None

    @property
    def space(self) -> str:
        return space_name(self.position)

    def unseen_ids(self) -> list[int]:
        """Ids of the cards this player cannot see (the opponent's hand and the draw pile).

        Worked out from public knowledge only (the deck minus what this
        player holds or has seen face up), so it reveals nothing new.
        """
        seen = {card.id for card in (*self.hand, *self.discard_pile, *self.table)}
        return [card_id for card_id in range(self.rules.deck_size) if card_id not in seen]

    def unseen_values(self) -> tuple[int, ...]:
        """Values of the cards from :meth:`unseen_ids`, lowest first."""
        values = self.rules.card_values
        return tuple(sorted(values[card_id] for card_id in self.unseen_ids()))


def view_of(state: GameState, player: Player) -> PlayerView:
    """Build ``player``'s view of ``state``."""
    from tacocat.engine.state import Phase

    opponent = other(player)
    my_choice: Action | None = None
    if state.phase is Phase.REPLACE and state.simultaneous:
        hidden = state.hidden_replace[player]
        my_choice = Replace(hidden) if hidden is not None else None
        opponent_has_chosen = state.hidden_replace[opponent] is not None
    elif state.phase is Phase.DUEL:
        pick = state.duel_picks[player]
        my_choice = Duel(state.rules.card_values[pick]) if pick is not None else None
        opponent_has_chosen = state.duel_picks[opponent] is not None
    else:
        opponent_has_chosen = False
    mine = state.to_move == player
    return PlayerView(
        player=player,
        rules=state.rules,
        phase=state.phase,
        to_move=state.to_move,
        round_number=state.round_number,
        position=state.position,
        tiles=tuple(state.tiles),
        hand=cards(state.rules, state.hands[player]),
        opponent_hand_size=len(state.hands[opponent]),
        draw_pile_size=len(state.draw_pile),
        discard_pile=cards(state.rules, state.discard_pile),
        table=cards(state.rules, state.table),
        attacker=state.attacker,
        replace_limit=state.replace_limits[player] if mine and state.phase is Phase.REPLACE else 0,
        my_choice=my_choice,
        opponent_has_chosen=opponent_has_chosen,
        tied_rounds=state.tied_rounds,
        winner=state.winner,
        legal_actions=state.legal_actions() if mine else (),
    )
