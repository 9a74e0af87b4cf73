"""One rollout: finish the round in an imagined world, and what its outcome is worth."""

from __future__ import annotations

from tacocat.ai.endgame import SMALL, attacker_value, defender_value
from tacocat.ai.outlook import after_round
from tacocat.ai.rules_of_thumb import ROLLOUT, Style, choose
from tacocat.ai.situation import from_state
from tacocat.engine import GameState, Phase, PlayerView
from tacocat.engine.events import Event, Showdown


def outcome_worth(view: PlayerView) -> dict[int, tuple[float, float]]:
    """What a round won (+1), tied (0) or lost (-1) is worth: (round share, game chance)."""
    won, tied, lost = after_round(
        view.rules, view.position, view.tiles, view.tied_rounds, view.player
    )
    return {1: (1.0, won), 0: (0.5, tied), -1: (0.0, lost)}


def playout(
    world: GameState, events: list[Event], me: int, exact: int = SMALL, style: Style = ROLLOUT
) -> int:
    """Finish the round in ``world`` (``events``: what the last action set off).

    Both sides follow the rules of thumb of ``style`` until the hands hold
    ``exact`` cards or fewer (0: never, a hand keeps a card to the showdown),
    then the rest is searched exactly (:mod:`tacocat.ai.endgame`).
    Returns +1 if ``me`` wins the round, -1 if they lose it, 0 for a tie.
    """
    while True:
        for event in events:
            if isinstance(event, Showdown):
                return event.score(me)
        phase = world.phase
        if (phase is Phase.ATTACK or phase is Phase.ANSWER) and len(world.hands[0]) <= exact:
            return _exact(world, me)
        events = world.apply_action(choose(from_state(world), style))


def _exact(world: GameState, me: int) -> int:
    """The round's outcome for ``me`` under best play from here, all hands known."""
    mover = world.to_move
    assert mover is not None
    # A tied showdown is worth nothing to the mover, unless the arrow variant decides it.
    rules = world.rules
    favoured = rules.arrows[world.position].player if rules.tie_goes_to_arrow else None
    tie = 0 if favoured is None else 1 if favoured == mover else -1
    hands = world.hand_values
    mine, theirs = hands[mover], hands[1 - mover]  # 1 - mover: other(mover), without a call
    if world.phase is Phase.ATTACK:
        value = attacker_value(mine, theirs, tie)
    else:
        attack = tuple(sorted(rules.card_values[card_id] for card_id in world.table))
        value = defender_value(mine, theirs, attack, tie)
    return value if mover == me else -value
