"""Build exact game situations for rule tests, and check the §4 invariants.

A rule test wants "Yay holds 2, 9 and 9 and must attack", not whatever a
seed happens to deal.  :func:`scenario` starts a real game and then
overwrites hands, piles and the board with the values asked for, picking
card ids so that every card of the deck is in exactly one place; from there
on the engine plays by its own rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import product

from hypothesis import strategies as st

from tacocat.engine import (
    WOW,
    YAY,
    Action,
    Answer,
    Arrow,
    Attack,
    Duel,
    GameState,
    Phase,
    Player,
    Replace,
    Rules,
    new_game,
    other,
)
from tacocat.engine.choices import Values
from tacocat.engine.rules import CENTRE, SPACE_COUNT


def sub_multisets(hand: Values, largest: int) -> list[Values]:
    """Every sorted sub-multiset of ``hand`` with at most ``largest`` cards."""
    counts = sorted(Counter(hand).items())
    found: list[Values] = []
    for picks in product(*(range(count + 1) for _, count in counts)):
        if sum(picks) <= largest:
            found.append(
                tuple(value for (value, _), n in zip(counts, picks, strict=True) for _ in range(n))
            )
    return found


def scenario(
    yay: Sequence[int],
    wow: Sequence[int],
    *,
    phase: Phase,
    to_move: Player = YAY,
    table: Sequence[int] = (),
    discard: Sequence[int] = (),
    position: int = CENTRE,
    tiles: Iterable[int] = (),
    tied_rounds: int = 0,
    rules: Rules | None = None,
    seed: int = 0,
) -> GameState:
    """A game whose hands, table and discard pile hold these card *values*.

    ``to_move`` is the attacker in ATTACK, the defender in ANSWER and the
    first player to replace in REPLACE (the limits follow the arrow of
    ``position`` as at the start of a round); a DUEL always starts with Yay.
    Every card not placed is in the draw pile, shuffled by ``seed``.
    """
    state = new_game(seed, rules)
    values = state.rules.card_values
    free: dict[int, list[int]] = {}
    for card_id in range(state.rules.deck_size):
        free.setdefault(values[card_id], []).append(card_id)

    def take(wanted: Sequence[int]) -> list[int]:
        taken = []
        for value in wanted:
            if not free.get(value):
                raise ValueError(f"the deck has no spare card of value {value}")
            taken.append(free[value].pop())
        return taken

    state.set_hand(YAY, take(yay))
    state.set_hand(WOW, take(wow))
    state.table = tuple(take(table))
    state.discard_pile = tuple(take(discard))
    rest = [card_id for ids in free.values() for card_id in ids]
    random.Random(seed).shuffle(rest)
    state.draw_pile = rest
    state.position = position
    state.tiles = list(tiles)
    state.tied_rounds = tied_rounds
    state.phase = phase
    state.to_move = to_move
    state.attacker = None
    state.duel_picks = [None, None]
    state.hidden_replace = [None, None]
    state.replaced = [False, False]
    state.replace_limits = (0, 0)
    state.simultaneous = False
    state.history = []
    if phase is Phase.REPLACE:
        size = len(state.hands[YAY])
        state.simultaneous = state.rules.arrows[position].player is None
        limits = [size, size] if state.simultaneous else [0, 0]
        limits[to_move] = size
        state.replace_limits = tuple(limits)
    elif phase is Phase.DUEL:
        state.to_move = YAY
    elif phase is Phase.ATTACK:
        state.attacker = to_move
    elif phase is Phase.ANSWER:
        state.attacker = other(to_move)
    check_invariants(state)
    return state


def card_count(state: GameState) -> list[int]:
    """Every card id in the state's piles, sorted (should be 0..deck_size-1 once each)."""
    piles = [*state.hands, state.draw_pile, state.discard_pile, state.table]
    return sorted(card_id for pile in piles for card_id in pile)


def check_invariants(state: GameState) -> None:
    """Assert RULES.md §4 on one state (cheap enough to run after every action).

    - every card in exactly one place (a pending duel pick or replacement
      stays in its owner's hand, so hands + piles + table cover everything);
    - equal hands at every decision but an answer, where the defender holds
      exactly the attack's size more, and nobody is ever left without a card
      by an attack;
    - the Tacocat on an uncovered space of the board (or a goal once the game
      is over), at most 7 tiles, all on distinct spaces.
    """
    yay_hand, wow_hand = state.hands
    piles = (yay_hand, wow_hand, state.draw_pile, state.discard_pile, state.table)
    deck_size = state.rules.deck_size
    # As many ids as cards, all distinct and all from the deck: each exactly once.
    assert sum(map(len, piles)) == deck_size, "cards not conserved"
    assert set().union(*piles) == set(range(deck_size)), "cards not conserved"
    tiles = state.tiles
    assert len(set(tiles)) == len(tiles) <= SPACE_COUNT
    assert all(0 <= tile < SPACE_COUNT for tile in tiles)
    if state.phase is Phase.OVER:
        assert state.current_player() is None
        assert state.legal_actions() == ()
        return
    assert 0 <= state.position < SPACE_COUNT
    assert state.position not in tiles, "Tacocat on a covered space"
    if state.phase is Phase.ANSWER:
        defender = state.current_player()
        assert defender is not None
        attacker_size = len(state.hands[other(defender)])
        assert attacker_size >= 1, "an attack emptied the attacker's hand"
        assert len(state.hands[defender]) == attacker_size + len(state.table)
    else:
        assert len(yay_hand) == len(wow_hand), "hands differ at a decision"
        assert not state.table
        # One card each means the showdown, which is not a decision.
        assert len(yay_hand) >= 2


def last_trick(
    yay_last: int,
    wow_last: int,
    *,
    position: int = CENTRE,
    tiles: Iterable[int] = (),
    tied_rounds: int = 0,
    rules: Rules | None = None,
) -> GameState:
    """The last trick of a round, one answer before the showdown.

    Wow has attacked with a 12; Yay holds a 1 and ``yay_last``, Wow holds
    ``wow_last``.  Yay's only legal answer is ``Answer((1,))`` (no defence
    beats a 12, and the 1 is the lowest card), which leaves one card each.
    """
    return scenario(
        [1, yay_last],
        [wow_last],
        phase=Phase.ANSWER,
        to_move=YAY,
        table=[12],
        position=position,
        tiles=tiles,
        tied_rounds=tied_rounds,
        rules=rules,
    )


def reshuffle_unseen(state: GameState, player: Player, rng: random.Random) -> GameState:
    """A copy of ``state`` that ``player`` cannot tell apart from it.

    The cards ``player`` cannot see (the opponent's hand and the draw pile)
    are dealt out again at random, the draw pile in a new order, and the
    opponent's hidden duel card or replacement, if any, is chosen afresh.
    Everything ``player`` may know stays as it was.
    """
    twin = state.clone()
    opponent = other(player)
    unseen = [*twin.hands[opponent], *twin.draw_pile]
    rng.shuffle(unseen)
    size = len(twin.hands[opponent])
    twin.set_hand(opponent, unseen[:size])
    twin.draw_pile = unseen[size:]
    values = twin.rules.card_values
    # Only a duel in progress has a hidden pick (older picks are stale, unused).
    if twin.phase is Phase.DUEL and twin.duel_picks[opponent] is not None:
        twin.duel_picks[opponent] = rng.choice(twin.hands[opponent])
    if twin.hidden_replace[opponent] is not None:
        hand = [values[card_id] for card_id in twin.hands[opponent]]
        count = rng.randint(0, twin.replace_limits[opponent])
        twin.hidden_replace[opponent] = tuple(sorted(rng.sample(hand, count)))
    return twin


# The default game plus variants that stress other corners: the arrow
# variant, the smallest and the largest legal hands, one-arrow spaces only.
VARIANTS = (
    Rules(),
    Rules(tie_goes_to_arrow=True),
    Rules(hand_sizes=(2, 3, 2, 3, 2, 3, 2)),
    Rules(hand_sizes=(9, 8, 9, 9, 9, 8, 9), tie_limit=3),
    Rules(arrows=(Arrow.YAY, Arrow.WOW) * 3 + (Arrow.YAY,)),
)


def play_drawn(data: st.DataObject, state: GameState, steps: int) -> list[Action]:
    """Apply up to ``steps`` legal actions chosen by hypothesis; return them."""
    taken: list[Action] = []
    for _ in range(steps):
        if state.is_terminal():
            break
        action = data.draw(st.sampled_from(state.legal_actions()))
        state.apply_action(action)
        taken.append(action)
    return taken


def candidate_actions(state: GameState) -> set[Action]:
    """Legal actions and many illegal ones of every kind, from the mover's cards."""
    mover = state.current_player()
    assert mover is not None
    hand = state.hand_values[mover]
    pool = tuple(sorted((*hand, 1, 12)))  # plus values the hand may not hold
    found: set[Action] = {Duel(value) for value in range(1, 13)}
    for values in sub_multisets(pool, len(hand) + 1):
        found.update((Replace(values), Attack(values), Answer(values)))
    return found
