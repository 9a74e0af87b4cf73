"""The evaluator's guarantees: the action ranked first is judged on the most deals, and
the spread it reports is the spread its sampling really has."""

from __future__ import annotations

import itertools
import random
import statistics
from collections.abc import Iterator

from tacocat.ai.estimates import ActionEstimate, best_first
from tacocat.ai.evaluator import evaluate
from tacocat.ai.rollout import outcome_worth, playout
from tacocat.ai.sampling import world_from_deal
from tacocat.engine import YAY, PlayerView, Rules, new_game

from .helpers import random_states

# A deck of eight cards (two each of 1-4) and two-card hands: small enough to play out
# every deal of the unseen cards, so each action's true worth is known exactly.
SMALL_DECK = Rules(counts=(2, 2, 2, 2) + (0,) * 8, hand_sizes=(2,) * 7)


def _exact(view: PlayerView) -> dict[object, ActionEstimate]:
    """Each action's estimate over every ordering of the unseen cards (uniform deals)."""
    worth = outcome_worth(view)
    size = view.opponent_hand_size
    totals = {action: [0.0, 0.0] for action in view.legal_actions}
    orders = list(itertools.permutations(view.unseen_ids()))
    for order in orders:
        world = world_from_deal(view, list(order[:size]), list(order[size:]), random.Random(0))
        for action in view.legal_actions:
            twin = world.clone()
            round_share, game = worth[playout(twin, twin.apply_action(action), view.player)]
            totals[action][0] += round_share
            totals[action][1] += game
    raw = [
        ActionEstimate(action, game / len(orders), round_ / len(orders), len(orders), 0.0)
        for action, (round_, game) in totals.items()
    ]
    # Through the same calibration curve as the evaluator's own figures.
    return {estimate.action: estimate for estimate in best_first(raw, worth)}


def test_the_reported_spread_is_the_error_the_sampling_really_makes() -> None:
    view = new_game(seed=5, rules=SMALL_DECK).view(YAY)
    assert len(view.legal_actions) >= 3
    exact = _exact(view)
    scores = []
    for seed in range(40):
        for estimate in evaluate(view, random.Random(seed), budget=120).estimates:
            error = estimate.win_game - exact[estimate.action].win_game
            # No spread is honest only when there is no error either.
            scores.append(error / estimate.spread if estimate.spread else error * 1e9)
    # Honest standard errors: about 95% of the errors within two spreads, and errors
    # neither much larger nor much smaller than the spreads on the whole.
    within = sum(abs(score) <= 2 for score in scores) / len(scores)
    spread_of_scores = statistics.pstdev(scores)
    print(f"within two spreads: {within:.1%}, spread of the scores {spread_of_scores:.2f}")
    assert within >= 0.88, within
    assert 0.6 <= spread_of_scores <= 1.4, spread_of_scores


def _searched_views(seed: int, least: int) -> Iterator[tuple[int, PlayerView]]:
    """Every third decision of four random games with ``least`` choices or more, duels aside."""
    for number, state in enumerate(random_states(games=4, seed=seed)):
        player = state.current_player()
        assert player is not None
        view = state.view(player)
        if number % 3 == 0 and len(view.legal_actions) >= least and view.phase.value != "duel":
            yield number, view


def test_no_action_ranks_first_on_fewer_deals_than_one_it_outranks() -> None:
    rng = random.Random(3)
    checked = 0
    for _, view in _searched_views(seed=21, least=5):
        evaluation = evaluate(view, rng, budget=60)
        first = evaluation.best.samples
        assert all(first >= estimate.samples for estimate in evaluation.estimates)
        checked += 1
    assert checked >= 5


def test_an_action_to_judge_meets_as_many_deals_as_the_best() -> None:
    """Analysis names the move played: its number never rests on an early cut's few deals."""
    short = 0
    for number, view in _searched_views(seed=22, least=9):
        plain = evaluate(view, random.Random(number), budget=200)
        worst = plain.estimates[-1].action
        judged = evaluate(view, random.Random(number), budget=200, judge=worst)
        short += plain.of(worst).samples < plain.best.samples  # set aside early, as a rule
        assert judged.of(worst).samples >= judged.best.samples
    assert short >= 3
