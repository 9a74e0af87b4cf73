"""The coach's reasons: each text checked on a position where it is known to hold."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

from rich.console import Console

from tacocat.ai.evaluator import ActionEstimate, evaluate
from tacocat.coach.advice import Advice, advice_lines, advise
from tacocat.coach.reasons import board_reason, equal, move_reasons, tiers
from tacocat.engine import YAY, Answer, Attack, Duel, Phase, PlayerView, Replace
from tacocat.ui.draw.advice import count_line, hint_screen
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.glyphs import UNICODE

from ..engine.scenarios import last_trick, scenario

GOLDENS = Path(__file__).parent / "goldens"
UPDATE = os.environ.get("TACOCAT_UPDATE_GOLDENS", "") not in ("", "0")


def _view(state: object) -> PlayerView:
    from tacocat.engine import GameState

    assert isinstance(state, GameState)
    player = state.current_player()
    assert player is not None
    return state.view(player)


def _estimate(view: PlayerView, action: object, budget: int = 200) -> ActionEstimate:
    evaluation = evaluate(view, random.Random(4), budget)
    assert isinstance(action, Replace | Duel | Attack | Answer)
    return evaluation.of(action)


def test_an_attack_no_hand_can_defend_is_a_sure_sacrifice() -> None:
    # Yay holds both 12s: no hand the opponent may hold has a card to meet a 12.
    view = _view(scenario([3, 5, 12, 12], [4, 6, 7, 8], phase=Phase.ATTACK, to_move=YAY))
    estimate = _estimate(view, Attack((12,)))
    assert estimate.forces == 1.0
    assert any("a sure sacrifice" in text for text in move_reasons(view, estimate))


def test_an_attack_any_card_meets_is_defended_in_every_deal() -> None:
    view = _view(scenario([1, 5, 12, 12], [4, 6, 7, 8], phase=Phase.ATTACK, to_move=YAY))
    estimate = _estimate(view, Attack((1,)))
    assert estimate.forces == 0.0
    assert any("defends it in every deal" in text for text in move_reasons(view, estimate))


def test_an_attack_some_hands_defend_gives_the_share_of_deals() -> None:
    view = _view(scenario([3, 5, 11, 12], [4, 6, 7, 8], phase=Phase.ATTACK, to_move=YAY))
    estimate = _estimate(view, Attack((11,)))
    assert estimate.forces is not None and 0.0 < estimate.forces < 1.0
    share = f"forces a sacrifice in {round(estimate.forces * 100)}% of the deals imagined"
    assert share in move_reasons(view, estimate)


def test_a_sacrifice_and_a_defence_are_told_apart() -> None:
    view = _view(last_trick(9, 5))  # Yay holds 1 and 9 against a 12: the 1 must go
    reasons = move_reasons(view, _estimate(view, Answer((1,))))
    assert reasons[0].startswith("sacrifices your lowest, the 1: the trick is lost")
    assert "leaves your 9 for the showdown" in reasons[0]
    view = _view(scenario([2, 9], [5], phase=Phase.ANSWER, to_move=YAY, table=[4]))
    reasons = move_reasons(view, _estimate(view, Answer((9,))))
    assert reasons[0].startswith("defends every card: you win the trick and attack next")
    assert "leaves your 2 for the showdown" in reasons[0]


def test_a_first_replacement_tells_what_it_lets_the_opponent_replace() -> None:
    # C5 (position 4) has one arrow, at Yay: Yay replaces first and sets Wow's limit.
    state = scenario([2, 5, 9, 10, 11, 12], [1, 3, 4, 6, 7, 8], phase=Phase.REPLACE, position=4)
    view = _view(state)
    reasons = move_reasons(view, _estimate(view, Replace((10, 12))))
    assert reasons == [
        "keeps 2 5 9 11 (the 2 for the showdown)",
        "lets the opponent replace up to 2 cards",
    ]
    kept = move_reasons(view, _estimate(view, Replace(())))
    assert kept[1] == "the opponent may then replace nothing"
    # On the centre both replace at once: a replacement limits nobody.
    centre = _view(scenario([2, 5, 9, 10, 11, 12, 6], [1, 3, 4, 6, 7, 8, 8], phase=Phase.REPLACE))
    assert len(move_reasons(centre, _estimate(centre, Replace((10,)), 300))) == 1


def test_the_board_reason_names_the_landings_and_the_covered_spaces() -> None:
    # From C5 with O4 covered, a round Yay wins skips it to C3; a round lost goes to A6.
    state = scenario([2, 9], [5, 7], phase=Phase.ATTACK, position=4, tiles=[3])
    text = board_reason(_view(state))
    assert text.startswith("A round won takes the Tacocat to C3 (over covered O4): ")
    assert "; lost, to A6: " in text
    state = scenario([2, 9], [5, 7], phase=Phase.ATTACK, position=0, tiles=[1, 2, 3])
    text = board_reason(_view(state))
    assert text.startswith("A round won takes the Tacocat into your goal: 100% of games")


def _fake(action: object, chance: float, spread: float = 0.01) -> ActionEstimate:
    assert isinstance(action, Replace | Duel | Attack | Answer)
    return ActionEstimate(action, chance, chance, 800, spread)


def test_moves_within_the_error_share_a_rank_and_none_is_called_ahead() -> None:
    close = (_fake(Duel(9), 0.51), _fake(Duel(8), 0.50), _fake(Duel(7), 0.50))
    assert tiers(close) == ["1=", "1=", "1="]
    lines = advice_lines(Advice(close, choices=3))
    assert [line[:3] for line in lines[:3]] == ["1= ", "1= ", "1= "]
    assert "equal" in lines[-1] and "ahead" not in " ".join(lines)
    apart = (_fake(Duel(9), 0.60), _fake(Duel(8), 0.40), _fake(Duel(7), 0.398))
    assert tiers(apart) == ["1.", "2=", "2="]
    assert advice_lines(Advice(apart, choices=3))[-1].startswith("The first is ahead by 20 points")
    # A noisy estimate (few deals) is equal to anything near it.
    assert equal(_fake(Duel(9), 0.60, 0.05), _fake(Duel(8), 0.50, 0.05))


def hint_80x24() -> str:
    """The hint screen of a fixed attack position, as an 80-column terminal shows it."""
    state = scenario(
        [2, 5, 8, 11, 12], [3, 4, 6, 9, 10], phase=Phase.ATTACK, position=4, tiles=[3], seed=5
    )
    view = _view(state)
    advice = advise(view, random.Random(7), budget=300)
    console = Console(file=io.StringIO(), width=80, color_system=None, legacy_windows=False)
    count = count_line(1, shown_at_end=True, recorded=True)
    console.print(hint_screen(advice, keyed_hand(view.hand), count, 80, UNICODE))
    output = console.file
    assert isinstance(output, io.StringIO)
    return output.getvalue()


def test_the_hint_with_reasons_matches_its_golden_at_80x24() -> None:
    text = hint_80x24()
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= 23 and all(len(line) <= 80 for line in lines)
    path = GOLDENS / "hint-80x24.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_counted_words_agree_with_their_numbers() -> None:
    # Spreads chosen so the error rounds to 1 point: a lead of 1 is at its edge, 2 beyond.
    tight = (_fake(Duel(9), 0.52, 0.002), _fake(Duel(8), 0.51, 0.002))
    assert advice_lines(Advice(tight, choices=2))[-1] == (
        "The first is ahead by 1 point, at the edge of the evaluator's error (about 1 point)."
    )
    wider = (_fake(Duel(9), 0.53, 0.003), _fake(Duel(8), 0.51, 0.003))
    assert (
        "ahead by 2 points, more than the evaluator's error (about 1 point)"
        in (advice_lines(Advice(wider, choices=2))[-1])
    )
    same = (_fake(Duel(9), 0.513, 0.0), _fake(Duel(8), 0.51, 0.0))
    assert advice_lines(Advice(same, choices=2))[-1] == (
        "Moves marked = have the same chance to the whole percent."
    )
    clear = (_fake(Duel(9), 0.55, 0.02), _fake(Duel(8), 0.49, 0.0001))
    assert (
        "ahead by 6 points, more than the evaluator's error (about 4 points)"
        in (advice_lines(Advice(clear, choices=2))[-1])
    )


def test_a_review_counts_its_points_as_the_percentages_shown() -> None:
    from tacocat.coach.verdict import Review, review_line

    def judged(before: float, after: float) -> Review:
        return Review(1, 1, YAY, "duel", Duel(8), Duel(9), before, after, 0.0, 3)

    # 0.554 and 0.456 show as 55% and 46%: 9 points, an inaccuracy, though 0.098 apart.
    line = review_line(judged(0.554, 0.456), ("Ann", "Bob"))
    assert line.startswith("Inaccuracy (-9 points): Ann had 55%") and "leaves 46%" in line
    one = review_line(judged(0.51, 0.50), ("Ann", "Bob"))
    assert one.startswith("Accurate (-1 point): ")
    # 0.546 and 0.45 are less than 10 points apart but show as 55% and 45%: a mistake.
    assert judged(0.546, 0.45).mark == "mistake"


def test_letting_the_opponent_replace_one_card_says_card() -> None:
    state = scenario([2, 5, 9, 10, 11, 12], [1, 3, 4, 6, 7, 8], phase=Phase.REPLACE, position=4)
    view = _view(state)
    reasons = move_reasons(view, _estimate(view, Replace((12,))))
    assert "lets the opponent replace up to 1 card" in reasons
