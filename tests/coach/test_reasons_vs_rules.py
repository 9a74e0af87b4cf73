"""The coach never contradicts the rules: every reason over hundreds of real positions.

Positions come from seeded games between two ``expert`` players (small
budgets keep the games fast; the positions are real all the same), some
under the tie-goes-to-the-arrow variant.  For each one every legal move's
reasons are produced and read back against the rule each cites
(:mod:`tests.coach.rule_checks`), and the hint's and the review's sentences
are checked for figures that add up and for grammar.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest

from tacocat.ai.evaluator import Evaluation, evaluate
from tacocat.ai.match import game_seed
from tacocat.ai.registry import make_agent
from tacocat.ai.rollout import outcome_worth
from tacocat.coach.advice import HARD_ROUND, Advice, advice_lines
from tacocat.coach.analysis import Decision
from tacocat.coach.analysis import judged as review_of
from tacocat.coach.reasons import board_reason, move_reasons
from tacocat.coach.verdict import review_line
from tacocat.engine import Action, GameState, PlayerView, Rules

from .rule_checks import TEMPLATES, check_reason

GAMES = 6  # standard rules; two more are played with the tie variant
EXPERT_BUDGET = 8  # rollouts per move of the players: real positions, quickly
JUDGE_BUDGET = 24  # rollouts per position for the coach's numbers
WANTED = 300


@dataclass(frozen=True)
class Position:
    state: GameState  # the real game at the decision (for the engine's rulings)
    view: PlayerView
    played: Action
    evaluation: Evaluation


def _games() -> list[Position]:
    found: list[Position] = []
    rules_of = [Rules()] * GAMES + [Rules(tie_goes_to_arrow=True)] * 2
    for index, rules in enumerate(rules_of):
        agents = [
            make_agent(
                "expert", random.Random(game_seed(37, index, f"seat{seat}")), budget=EXPERT_BUDGET
            )
            for seat in (0, 1)
        ]
        state = GameState(random.Random(game_seed(37, index, "deal")), rules, undoable=False)
        mover = state.current_player()
        while mover is not None:
            view = state.view(mover)
            played = agents[mover].choose(view)
            judged = evaluate(view, random.Random(f"coach:{index}:{len(found)}"), JUDGE_BUDGET)
            found.append(Position(state.clone(), view, played, judged))
            state.apply_action(played)
            mover = state.current_player()
    return found


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    return _games()


def test_every_reason_for_every_move_agrees_with_the_rule_it_cites(
    positions: list[Position],
) -> None:
    assert len(positions) >= WANTED
    seen: set[str] = set()
    for position in positions:
        for estimate in position.evaluation.estimates:
            for text in move_reasons(position.view, estimate):
                seen.add(check_reason(position.state, position.view, estimate, text))
    # Every template was met in a real game, so each was checked, not just listed.
    assert seen == set(TEMPLATES), f"never produced: {set(TEMPLATES) - seen}"


def test_a_high_last_card_is_never_offered_for_the_showdown(positions: list[Position]) -> None:
    # The case: 'leaves your 12 for the showdown', where the lower card wins.
    told = 0
    for position in positions:
        for estimate in position.evaluation.estimates:
            for text in move_reasons(position.view, estimate):
                high = re.search(r"\b(12|11) for the showdown", text)
                if high:
                    told += 1
                    assert "where the lower card wins" in text, text
    assert told  # the games did leave players a high last card


def _advice(position: Position) -> Advice:
    view, shown = position.view, position.evaluation.estimates[:3]
    return Advice(
        shown,
        tuple(tuple(move_reasons(view, estimate)) for estimate in shown),
        board_reason(view),
        len(view.legal_actions),
        max(estimate.win_round for estimate in position.evaluation.estimates),
    )


CANDIDATE = re.compile(r"\d[.=] .+: (\d+)% to win the game, (\d+)% this round")
AT_BEST = re.compile(r"This round is hard to win with any move: (\d+)% at best")
LEAD = re.compile(r"ahead by (\d+) points?, (more than|at the edge of) .*about (\d+) points?\)")
BOARD = re.compile(r"A round won takes the Tacocat .+: (\d+)% of games; lost, .+: (\d+)%\.")
# '1 points', '3 point' and the like, for any counted word the coach uses.
BAD_GRAMMAR = re.compile(r"(?<![\d.])(1 (points|cards)\b|([02-9]|\d\d+) (point|card)\b(?!s))")


def pct(chance: float) -> int:
    return round(chance * 100)


def test_the_hint_numbers_add_up_and_say_what_they_mean(positions: list[Position]) -> None:
    hard = 0
    for position in positions:
        advice = _advice(position)
        lines = advice_lines(advice, explain=True)
        text = "\n".join(lines)
        assert not BAD_GRAMMAR.search(text), text
        chances = [CANDIDATE.fullmatch(line) for line in lines if line[1:3] in (". ", "= ")]
        assert len(chances) == len(advice.candidates)
        for match, estimate in zip(chances, advice.candidates, strict=True):
            assert match is not None
            assert (int(match[1]), int(match[2])) == (
                pct(estimate.win_game),
                pct(estimate.win_round),
            )
        assert "a tie counts half" in text  # the first hint says what the numbers mean
        at_best = AT_BEST.search(text)
        assert bool(at_best) == (advice.best_round < HARD_ROUND)
        if at_best:
            hard += 1
            assert int(at_best[1]) == pct(advice.best_round)
            assert all(pct(item.win_round) <= int(at_best[1]) for item in advice.candidates)
        lead = LEAD.search(text)
        if lead:
            first, second = advice.candidates[:2]
            assert int(lead[1]) == pct(first.win_game) - pct(second.win_game)
            assert (lead[2] == "more than") == (int(lead[1]) > int(lead[3]))
        board = BOARD.search(text)
        assert board is not None, text
        worth = outcome_worth(position.view)
        assert (int(board[1]), int(board[2])) == (pct(worth[1][1]), pct(worth[-1][1]))
        assert int(board[1]) >= int(board[2])  # a round won is never worth less than one lost
        assert not any("a tie counts half" in line for line in advice_lines(advice))
    assert hard  # some positions did show a round hard to win with any move


REVIEW = re.compile(
    r"(\w[\w ]*) \(-(\d+) points?\): Ann had (\d+)% with .+; this move leaves (\d+)%"
)
ROUNDS = re.compile(r"This round: (\d+)% after .+, (\d+)% after this move\.")
MARKS = ((15, "Blunder"), (10, "Mistake"), (5, "Inaccuracy"), (2, "Good enough"), (0, "Accurate"))


def test_a_review_sentence_gives_points_that_are_the_difference_shown(
    positions: list[Position],
) -> None:
    judged = 0
    for position in positions:
        evaluation, view = position.evaluation, position.view
        if len(view.legal_actions) == 1:
            continue
        for played in (
            evaluation.estimates[-1],
            evaluation.estimates[len(evaluation.estimates) // 2],
        ):
            best = evaluation.best
            # The review the coach builds from the same numbers (as analyse does).
            item = review_of(Decision(1, 1, view.player, view, played.action), best, played)
            line = review_line(item, ("Ann", "Ann"))
            assert not BAD_GRAMMAR.search(line), line
            match = REVIEW.match(line)
            if match is None:  # the best move itself, or one within the error of it
                assert line.startswith(("Best move", "Equal to")), line
                continue
            judged += 1
            lost, before, after = int(match[2]), int(match[3]), int(match[4])
            assert lost == before - after, line
            word = next(word for floor, word in MARKS if lost >= floor)
            assert match[1] == word, line
            rounds = ROUNDS.search(line)
            assert rounds is not None, line
            assert (int(rounds[1]), int(rounds[2])) == (pct(best.win_round), pct(played.win_round))
    assert judged > WANTED // 2


def test_a_first_hint_fits_80x24_keeping_every_move_and_number(positions: list[Position]) -> None:
    import io

    from rich.console import Console

    from tacocat.ui.draw.advice import count_line, hint_screen
    from tacocat.ui.draw.cards import keyed_hand

    trimmed = 0
    for position in positions[::4]:
        advice = _advice(position)
        count = count_line(1, shown_at_end=True, recorded=True)
        screen = hint_screen(
            advice, keyed_hand(position.view.hand), count, 80, explain=True, height=24
        )
        output = io.StringIO()
        Console(file=output, width=80, color_system=None).print(screen)
        text = output.getvalue()
        assert text.count("\n") <= 23  # and the prompt's row below
        flat = " ".join(line.strip("│ ") for line in text.splitlines())
        for estimate in advice.candidates:  # no move and no figure is left out
            assert f"{pct(estimate.win_game)}% to win the game" in flat
        assert "a tie counts half" in flat
        trimmed += "From your cards" not in text
    assert trimmed  # some screens did have to give up a line to fit
