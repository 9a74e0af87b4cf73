"""The fixed encoding (tacocat.engine.encoding): plain Python, no extra needed."""

from __future__ import annotations

import random

import pytest

from tacocat.ai.sampling import imagine
from tacocat.engine import IllegalActionError, Rules, StateFormatError, new_game
from tacocat.engine.actions import Answer, Attack, Duel, Replace
from tacocat.engine.choices import ReplaceChoices
from tacocat.engine.encoding import action_space
from tacocat.engine.observation import (
    INFORMATION_STATE_SIZE,
    OBSERVATION_SIZE,
    Recall,
    information_state,
    observation,
)
from tacocat.engine.rules import DEFAULT_RULES
from tacocat.engine.state import GameState

SMALL = Rules(counts=(2, 2, 2, 2) + (0,) * 8, hand_sizes=(2,) * 7, tie_limit=1)
WIDE = Rules(counts=(16,) * 12, hand_sizes=(10,) * 7)


def random_game(seed: int, rules: Rules = DEFAULT_RULES) -> GameState:
    return GameState(random.Random(seed), rules)


@pytest.mark.parametrize("rules", [DEFAULT_RULES, SMALL])
def test_every_index_names_one_action_and_back(rules: Rules) -> None:
    space = action_space(rules)
    for index in range(len(space)):
        assert space.index(space.action(index)) == index


def test_a_rules_file_with_hands_of_ten_is_counted_not_listed() -> None:
    space = action_space(WIDE)
    assert len(space) > 900_000  # 646,646 replacements alone
    rng = random.Random(5)
    for index in rng.sample(range(len(space)), 2000):
        assert space.index(space.action(index)) == index


def test_the_ranges_come_in_the_documented_order() -> None:
    space = action_space(DEFAULT_RULES)
    assert space.action(0) == Replace(())
    assert space.action(space.duel_start) == Duel(1)
    assert space.action(space.attack_start) == Attack((1,))
    assert space.action(space.answer_start) == Answer((12,))
    assert isinstance(space.action(len(space) - 1), Answer)


@pytest.mark.parametrize(
    "action", [Replace((1, 1, 1)), Attack((2, 4)), Answer(()), Duel(13), Attack((10, 11, 12, 13))]
)
def test_actions_no_game_offers_are_refused(action: object) -> None:
    with pytest.raises(ValueError, match="outside the action space"):
        action_space(DEFAULT_RULES).index(action)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 60_819, True, 2.0, "3"])
def test_indices_outside_the_space_are_refused(index: object) -> None:
    with pytest.raises(ValueError, match="not an action index"):
        action_space(DEFAULT_RULES).action(index)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [DEFAULT_RULES, SMALL, WIDE])
def test_every_legal_action_of_random_games_is_in_the_space(rules: Rules) -> None:
    space = action_space(rules)
    for seed in range(2 if rules is WIDE else 15):  # a mask of WIDE is a million entries
        rng, state = random.Random(seed), random_game(seed, rules)
        while not state.is_terminal():
            legal = state.legal_actions()
            indices = sorted(map(space.index, legal))
            assert len(set(indices)) == len(legal) and 0 <= indices[0] <= indices[-1] < len(space)
            assert [space.action(i) for i in indices] == sorted(legal, key=space.index)
            state.apply_action(legal[rng.randrange(len(legal))])


def test_vectors_have_their_fixed_sizes_and_hide_what_the_view_hides() -> None:
    rng = random.Random(2)
    for seed in range(20):
        state = random_game(seed)
        recalls = [Recall(state.view(p)) for p in (0, 1)]
        while not state.is_terminal():
            player = state.current_player()
            assert player is not None
            view = state.view(player)
            assert len(observation(view)) == OBSERVATION_SIZE
            assert len(information_state(view, recalls[player])) == INFORMATION_STATE_SIZE
            # A world dealt again from this player's knowledge looks the same to it.
            world = imagine(view, rng)
            assert observation(world.view(player)) == observation(view)
            legal = state.legal_actions()
            events = state.apply_action(legal[rng.randrange(len(legal))])
            for each in (0, 1):
                recalls[each].update(events, state.view(each))


def test_recall_knows_what_a_replacement_drew() -> None:
    rng = random.Random(4)
    for seed in range(30):
        state = random_game(seed)
        recalls = [Recall(state.view(p)) for p in (0, 1)]
        while not state.is_terminal():
            legal = state.legal_actions()
            events = state.apply_action(legal[rng.randrange(len(legal))])
            for player in (0, 1):
                view = state.view(player)
                recalls[player].update(events, view)
                part = information_state(view, recalls[player])[OBSERVATION_SIZE:]
                dealt, replaced, drawn = part[0:12], part[12:24], part[24:36]
                assert min(drawn) >= 0
                assert sum(drawn) <= sum(replaced)
                if not state.is_terminal():
                    assert sum(dealt) == state.rules.hand_sizes[state.position]


def test_a_reseeded_clone_is_equal_now_and_free_later() -> None:
    state = new_game(seed=8)
    twin = state.clone(rng=random.Random(99))
    assert twin.to_data() | {"rng": None} == state.to_data() | {"rng": None}
    assert twin.view(0) == state.view(0)
    futures = set()
    for seed in range(5):
        world = state.clone(rng=random.Random(seed))
        while world.round_number == 1 and not world.is_terminal():
            world.apply_action(world.legal_actions()[-1])
        futures.add(world.hands)
    assert len(futures) > 1  # the next deals differ
    twin.apply_action(twin.legal_actions()[0])
    with pytest.raises(StateFormatError):
        twin.undo()
    plain = state.clone()
    plain.apply_action(plain.legal_actions()[0])
    plain.undo()
    with pytest.raises(IllegalActionError):
        plain.undo()


@pytest.mark.parametrize("rules", [DEFAULT_RULES, SMALL, WIDE])
def test_replacement_indices_are_ranked_as_the_actions_are(rules: Rules) -> None:
    space = action_space(rules)
    for seed in range(40):
        hand = random_game(seed, rules).hand_values[seed % 2]
        for limit in range(len(hand) + 1):
            legal = ReplaceChoices(hand, limit)
            assert space.replace_indices(hand, limit) == sorted(map(space.index, legal))


@pytest.mark.parametrize("rules", [DEFAULT_RULES, SMALL])
def test_the_engines_lists_rank_as_their_actions_and_indices_give_its_own_objects(
    rules: Rules,
) -> None:
    space = action_space(rules)
    rng = random.Random(5)
    for seed in range(30):
        state = GameState(random.Random(seed), rules)
        while not state.is_terminal():
            legal = state.legal_actions()
            if not isinstance(legal, tuple):  # a replacement's lazy list: ranked by the hand
                state.apply_action(rng.choice(legal))
                continue
            # Twice: the second answer comes from what the first one kept.
            for _ in range(2):
                assert space.listed_indices(legal) == sorted(map(space.index, legal))
            # The action at an index is the engine's own object, found by identity.
            chosen = space.action(rng.choice(space.listed_indices(legal)))
            assert any(action is chosen for action in legal)
            state.apply_action(chosen)
