"""The engine's API has no sharp edges for code that wraps it (OpenSpiel, PettingZoo, tests).

Setting a field the legal actions come from changes them; the state and
the view name card ids and cards the same way; the end of the game has
OpenSpiel's terminal id; a world that does not fit its view raises an
engine error.
"""

from __future__ import annotations

import random

import pytest

from tacocat.engine import (
    TERMINAL,
    WOW,
    YAY,
    Attack,
    Phase,
    TacocatError,
    WorldError,
    new_game,
)
from tacocat.engine.worlds import state_from_view


def test_setting_the_table_forgets_the_answers_listed_for_the_old_one() -> None:
    state = new_game(8)
    rng = random.Random(8)
    while state.phase is not Phase.ANSWER:
        state.apply_action(rng.choice(state.legal_actions()))
    before = list(state.legal_actions())
    defender = state.current_player()
    assert defender is not None
    values = state.rules.card_values
    # Put the highest card the defender does not hold on the table instead.
    held = set(state.hands[defender])
    top = max((c for c in state.draw_pile if c not in held), key=lambda c: values[c])
    state.draw_pile.remove(top)
    state.draw_pile.extend(state.table_ids)
    state.table = (top,)
    after = list(state.legal_actions())
    assert state.table_ids == (top,) and isinstance(state.table, tuple)
    assert all(len(answer.values) == 1 for answer in after)
    hand = state.hand_values[defender]
    expected = {hand[0], *(v for v in hand if v >= values[top])}
    assert {answer.values[0] for answer in after} == expected
    assert after != before


def test_every_field_the_legal_actions_come_from_changes_them_when_set() -> None:
    state = new_game(2)  # Yay replaces first on the centre, up to its whole hand
    assert len(state.legal_actions()) > 1
    state.replace_limits = (0, 0)
    assert [action.values for action in state.legal_actions()] == [()]
    state.phase = Phase.DUEL
    assert {a.value for a in state.legal_actions()} == set(state.hand_values[YAY])
    state.to_move = WOW
    assert {a.value for a in state.legal_actions()} == set(state.hand_values[WOW])
    state.phase = Phase.ATTACK
    assert all(isinstance(action, Attack) for action in state.legal_actions())


def test_the_listed_fields_are_tuples_nobody_can_change_in_place() -> None:
    state = new_game(2)
    for value in (state.table_ids, state.discard_ids, state.replace_limits, *state.hands):
        assert isinstance(value, tuple)


def test_state_and_view_name_ids_and_cards_alike() -> None:
    state = new_game(5)
    rng = random.Random(5)
    for _ in range(30):
        player = state.current_player()
        assert player is not None
        view = state.view(player)
        assert view.discard_ids == state.discard_ids == state.discard_pile
        assert view.table_ids == state.table_ids == state.table
        assert view.hand_ids == state.hands[player]
        assert tuple(card.id for card in view.discard_pile) == state.discard_ids
        # hand_values: a property on both; the state's holds both players'.
        assert view.hand_values == state.hand_values[player]
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_end_of_the_game_has_openspiels_terminal_id() -> None:
    state = new_game(4)
    rng = random.Random(4)
    assert state.current_player_id() == state.current_player() == YAY
    while not state.is_terminal():
        assert state.current_player_id() in (YAY, WOW)
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() is None
    assert state.current_player_id() == TERMINAL == -4


def test_a_world_that_does_not_fit_its_view_raises_an_engine_error() -> None:
    state = new_game(6)
    player = state.current_player()
    assert player is not None
    view = state.view(player)
    with pytest.raises(WorldError) as raised:
        state_from_view(view, [], view.unseen_ids(), random.Random(1))
    assert isinstance(raised.value, TacocatError) and isinstance(raised.value, ValueError)


def test_an_identical_action_and_an_equal_one_are_both_legal() -> None:
    state = new_game(9)
    rng = random.Random(9)
    while state.phase is not Phase.ATTACK:
        state.apply_action(rng.choice(state.legal_actions()))
    listed = state.legal_actions()[-1]
    assert isinstance(listed, Attack)
    twin = state.clone()
    state.apply_action(listed)
    twin.apply_action(Attack(listed.values))  # equal, not the same object
    assert twin.to_json() == state.to_json()


def test_the_event_field_table_says_what_the_annotations_say() -> None:
    # Read from the source: each event is a named tuple declaring its fields.
    import ast
    from pathlib import Path

    from tacocat.engine import events

    source = (Path(events.__file__).parent / "events.py").read_text(encoding="utf-8")
    written: dict[str, dict[str, str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            fields = {
                item.target.id: ast.unparse(item.annotation)
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            }
            written[node.name] = fields
    for kind, cls in events.EVENT_TYPES.items():
        assert events.FIELD_TYPES[kind] == written[cls.__name__]
        assert events.KIND_OF[cls] == kind
