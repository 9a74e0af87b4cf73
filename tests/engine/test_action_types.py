"""Actions hold ints only: a float or bool twin of a legal action is refused.

``Duel(1.0) == Duel(1)``, so a float passed every legality check, went into
the history, was saved as ``1.0`` and made the game's own save unreadable.
"""

from __future__ import annotations

import pytest

from tacocat.engine import Answer, Attack, Duel, GameState, Replace, StateFormatError
from tacocat.engine.actions import action_from_data, action_to_data
from tacocat.engine.phases import Phase
from tacocat.engine.state import new_game


@pytest.mark.parametrize("value", [1.0, True, "3", None, 3 + 0j])
@pytest.mark.parametrize("kind", [Replace, Attack, Answer])
def test_card_actions_refuse_values_that_are_not_ints(kind: type, value: object) -> None:
    with pytest.raises(TypeError, match="must be an int"):
        kind((value,))


@pytest.mark.parametrize("value", [1.0, True, False, "3", None])
def test_duel_refuses_values_that_are_not_ints(value: object) -> None:
    with pytest.raises(TypeError, match="must be an int"):
        Duel(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "data", [["duel", 1.0], ["duel", True], ["replace", [True]], ["attack", [9.0]], ["x", []]]
)
def test_loading_refuses_actions_that_are_not_ints(data: list[object]) -> None:
    with pytest.raises(StateFormatError, match="not an action"):
        action_from_data(data)


def test_every_state_reloads_from_its_own_json() -> None:
    state = new_game(7)
    while state.phase is not Phase.DUEL:
        state.apply_action(state.legal_actions()[0])
    value = state.legal_actions()[0].value  # type: ignore[union-attr]
    with pytest.raises(TypeError):
        state.apply_action(Duel(float(value)))  # type: ignore[arg-type]
    state.apply_action(Duel(value))
    assert GameState.from_json(state.to_json()).to_json() == state.to_json()
    assert action_from_data(action_to_data(state.history[-1])) == state.history[-1]
