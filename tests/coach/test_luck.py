"""Luck and skill apart (tacocat.coach.luck), on games whose answer is known."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from click.testing import CliRunner

from tacocat.ai.outlook import game_chance
from tacocat.cli import main
from tacocat.coach.analysis import decisions, review
from tacocat.coach.luck import DEAL, DRAW, measure, needed_steps, report
from tacocat.engine import Replace, Rules, new_game
from tacocat.engine.events import RoundStarted

from .helpers import SEED, blunder_game, record_game

RULES = Rules()


@dataclass(frozen=True)
class Judgement:
    step: int
    win_before: float
    win_after: float


def flat(value: float = 0.5) -> list[Judgement]:
    """Every decision of the blunder game judged ``value``, best and played alike."""
    _, actions = blunder_game()
    return [Judgement(item.step, value, value) for item in decisions(RULES, SEED, actions)]


def test_decisions_that_give_nothing_away_have_skill_zero() -> None:
    # As a game of forced moves is judged: the action played is the best.
    _, actions = blunder_game()
    yay, wow = measure(RULES, SEED, actions, flat())
    assert yay.skill == 0.0 and wow.skill == 0.0


def test_skill_is_the_sum_of_the_drops_and_forced_moves_cost_nothing() -> None:
    _, actions = blunder_game()
    reviews = [review(item, SEED, 12) for item in decisions(RULES, SEED, actions)]
    seats = measure(RULES, SEED, actions, reviews)
    for seat in seats:
        mine = [item for item in reviews if item.player == seat.player]
        assert seat.skill == pytest.approx(-sum(item.drop for item in mine))
        assert seat.skill <= 0.0
    assert all(item.drop == 0.0 for item in reviews if item.forced)


def test_a_deal_swings_by_the_first_decision_against_the_board() -> None:
    # Ann (YAY) sees 80% at her first decision: the opening deal gave her 30 points.
    _, actions = blunder_game()
    judged = [Judgement(1, 0.8, 0.8), *flat()[1:]]
    yay, wow = measure(RULES, SEED, actions, judged)
    opening = yay.events[0]
    assert (opening.kind, opening.step, opening.before) == (DEAL, 0, 0.5)
    assert opening.luck == pytest.approx(0.3)
    assert wow.opponent_luck == yay.luck


def test_a_draw_swings_from_the_replacement_to_the_next_decision() -> None:
    # A replacement judged 40% before the draw, and 70% at the drawer's next decision.
    _, actions = blunder_game()
    steps = decisions(RULES, SEED, actions)
    first = next(item for item in steps if isinstance(item.played, Replace) and item.played.values)
    after = next(item for item in steps if item.step > first.step and item.player == first.player)
    values = {first.step: (0.5, 0.4), after.step: (0.7, 0.7)}
    judged = [Judgement(item.step, *values.get(item.step, (0.5, 0.5))) for item in steps]
    seat = measure(RULES, SEED, actions, judged)[first.player]
    draw = next(item for item in seat.events if item.kind == DRAW)
    assert (draw.step, draw.measured_at) == (first.step, after.step)
    assert (draw.before, draw.after) == (0.4, 0.7)
    assert seat.skill == pytest.approx(-0.1)


def test_every_round_is_dealt_from_the_board_and_the_game_ends_at_the_result() -> None:
    state, actions = blunder_game()
    yay, wow = measure(RULES, SEED, actions, flat())
    replayed = new_game(SEED)
    boards = [game_chance(3, (), 0)]
    for action in actions:
        for event in replayed.apply_action(action):
            if isinstance(event, RoundStarted):
                boards.append(game_chance(replayed.position, tuple(replayed.tiles), 0))
    assert [item.before for item in yay.events if item.kind == DEAL] == boards
    assert (yay.result, wow.result) == (1.0, 0.0) and state.winner == 0
    # With every decision at 50%, the luck is the board's swing into each round.
    assert yay.luck == pytest.approx(sum(0.5 - board for board in boards))


def test_luck_adjusted_results_add_up_to_one_and_remove_the_net_luck() -> None:
    _, actions = blunder_game()
    reviews = [review(item, SEED, 12) for item in decisions(RULES, SEED, actions)]
    yay, wow = measure(RULES, SEED, actions, reviews)
    assert yay.luck_adjusted + wow.luck_adjusted == pytest.approx(1.0)
    assert yay.luck_adjusted == pytest.approx(1.0 - yay.luck + wow.luck)
    assert yay.net_luck == -wow.net_luck


def test_the_needed_steps_suffice_and_a_missing_one_is_refused() -> None:
    _, actions = blunder_game()
    wanted = needed_steps(RULES, SEED, actions)
    everything = {item.step: item for item in flat(0.6)}
    assert wanted < set(everything)
    some = measure(RULES, SEED, actions, [everything[step] for step in sorted(wanted)])
    whole = measure(RULES, SEED, actions, everything.values())
    assert [seat.luck for seat in some] == [seat.luck for seat in whole]
    with pytest.raises(ValueError, match="needs the judgement of step"):
        measure(RULES, SEED, actions, [everything[step] for step in sorted(wanted)[1:]])


def test_an_unfinished_game_has_no_luck_yet() -> None:
    _, actions = blunder_game()
    short = actions[:10]
    judged = [Judgement(step, 0.5, 0.5) for step in range(1, 11)]
    with pytest.raises(ValueError, match="finished game"):
        measure(RULES, SEED, short, judged)


def test_the_report_names_each_player() -> None:
    _, actions = blunder_game()
    text = report(measure(RULES, SEED, actions, flat()), ("Ann", "Bob"))
    assert "GNU Backgammon" in text
    assert "Ann: luck" in text and "(won: 1)" in text and "Bob: luck" in text


def test_analyze_shows_luck_and_skill_per_player() -> None:
    _, actions = blunder_game()
    record_game(SEED, actions)
    shown = CliRunner().invoke(main, ["analyze", "--budget", "8", "--jobs", "1"])
    assert shown.exit_code == 0, shown.output
    assert "Luck and skill" in shown.output and "luck-adjusted result" in shown.output
    data = json.loads(
        CliRunner().invoke(main, ["analyze", "--json", "--budget", "8", "--jobs", "1"]).output
    )
    assert [entry["player"] for entry in data["luck"]] == ["Ann", "Bob"]
    total = sum(entry["luck_adjusted"] for entry in data["luck"])
    assert total == pytest.approx(1.0, abs=1e-3)


def test_replay_with_analysis_ends_with_luck_and_skill(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tacocat.coach.analysis.ANALYSIS_BUDGET", 8)
    _, actions = blunder_game()
    record_game(SEED, actions)
    result = CliRunner().invoke(main, ["replay", "--analyze"])
    assert result.exit_code == 0, result.output
    assert "Luck and skill" in result.output.split("Coach: ")[-1]
    assert "Ann: luck" in result.output and "Bob: luck" in result.output
