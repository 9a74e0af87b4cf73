"""The public view: what a spectator may see, and never a hidden card or choice."""

from __future__ import annotations

import gc
import random
import types

from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.engine import GameState, Phase, Replace, Rules, new_game, space_name
from tacocat.engine.view import PublicView

from .scenarios import VARIANTS, play_drawn

seeds = st.integers(min_value=0, max_value=2**32 - 1)
variants = st.sampled_from(VARIANTS)


def reshuffle_hidden(state: GameState, rng: random.Random) -> GameState:
    """A copy that no spectator can tell apart from ``state``.

    Both hands and the draw pile are dealt again from their cards together
    (each keeping its size, the pile in a new order), and every pending
    secret choice (a duel card, a simultaneous replacement) is made afresh.
    """
    twin = state.clone()
    hidden = [*twin.hands[0], *twin.hands[1], *twin.draw_pile]
    rng.shuffle(hidden)
    sizes = [len(hand) for hand in twin.hands]
    twin.set_hand(0, hidden[: sizes[0]])
    twin.set_hand(1, hidden[sizes[0] : sizes[0] + sizes[1]])
    twin.draw_pile = hidden[sizes[0] + sizes[1] :]
    for player in (0, 1):
        if twin.phase is Phase.DUEL and twin.duel_picks[player] is not None:
            twin.duel_picks[player] = rng.choice(twin.hands[player])
        if twin.hidden_replace[player] is not None:
            values = list(twin.hand_values[player])
            count = rng.randint(0, twin.replace_limits[player])
            twin.hidden_replace[player] = tuple(sorted(rng.sample(values, count)))
    return twin


@settings(max_examples=60)
@given(seeds, variants, st.integers(min_value=0, max_value=120), st.data())
def test_a_public_view_never_shows_a_hand_a_secret_choice_or_the_draw_order(
    seed: int, rules: Rules, steps: int, data: st.DataObject
) -> None:
    state = new_game(seed, rules)
    play_drawn(data, state, steps)
    public = state.public_view()
    rng = random.Random(seed)
    for _ in range(3):
        assert reshuffle_hidden(state, rng).public_view() == public


@settings(max_examples=40)
@given(seeds, variants, st.integers(min_value=0, max_value=120), st.data())
def test_a_public_view_agrees_with_both_players_views(
    seed: int, rules: Rules, steps: int, data: st.DataObject
) -> None:
    state = new_game(seed, rules)
    play_drawn(data, state, steps)
    public = state.public_view()
    for player in (0, 1):
        view = state.view(player)
        for name in ("phase", "to_move", "round_number", "position", "tiles", "attacker"):
            assert getattr(public, name) == getattr(view, name)
        assert (public.discard_ids, public.table_ids) == (view.discard_ids, view.table_ids)
        assert (public.tied_rounds, public.winner) == (view.tied_rounds, view.winner)
        assert public.hand_sizes[player] == len(view.hand_ids)
        assert public.hand_sizes[1 - player] == view.opponent_hand_size
        assert public.draw_pile_size == view.draw_pile_size
        assert public.chosen[1 - player] == view.opponent_has_chosen
        assert public.chosen[player] == (view.my_choice is not None)


def test_a_hidden_choice_shows_only_as_made() -> None:
    state = new_game(seed=6)  # on the centre both replace, Yay's choice hidden
    before = state.public_view()
    assert before.simultaneous and before.chosen == (False, False)
    state.apply_action(Replace(state.hand_values[0][:2]))
    after = state.public_view()
    assert after.chosen == (True, False) and after.replaced == (True, False)
    assert after.discard_ids == () and after.hand_sizes == before.hand_sizes
    assert after.draw_pile_size == before.draw_pile_size


def test_the_public_view_of_a_new_game() -> None:
    state = new_game(seed=3)
    public = state.public_view()
    assert isinstance(public, PublicView)
    assert public.hand_sizes == (7, 7) and public.draw_pile_size == 24
    assert (
        public.discard_pile == ()
        and public.table == ()
        and public.space == space_name(state.position)
    )
    assert public.arrow == state.rules.arrows[state.position]


def test_nothing_in_a_public_view_leads_back_to_the_state() -> None:
    rng = random.Random(4)
    state = new_game(seed=4)
    while not state.is_terminal():
        # The state's hands and its lists; the public piles (immutable tuples) may be shared.
        piles = {id(p) for p in (*state.hands, state.draw_pile, state.tiles, state.history)}
        seen: set[int] = set()
        stack: list[object] = [state.public_view()]
        while stack:
            item = stack.pop()
            if id(item) in seen or isinstance(item, type | types.ModuleType):
                continue
            seen.add(id(item))
            assert not isinstance(item, GameState)
            assert id(item) not in piles or item == ()
            stack.extend(gc.get_referents(item))
        state.apply_action(rng.choice(state.legal_actions()))
