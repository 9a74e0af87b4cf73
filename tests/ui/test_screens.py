"""Whole screens fit 80x24 (with room for the input line) and hide what they must."""

from __future__ import annotations

import random
from collections.abc import Callable

from tacocat.engine import GameState, Phase, Rules, new_game
from tacocat.ui.draw import screens
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.frame import STANDARD
from tacocat.ui.draw.prompts import hints, instruction
from tacocat.ui.draw.reveal import reveal_pages

Draw = Callable[..., str]
NAMES = ("Annabelle", "Bob")
LOG = [f"event number {n} " + "x" * 90 for n in range(30)]  # long lines get cut, not wrapped


def states_in_every_phase(seed: int = 6, rules: Rules | None = None) -> dict[Phase, GameState]:
    state = new_game(seed, rules)
    rng = random.Random(seed)
    found: dict[Phase, GameState] = {}
    while not state.is_terminal():
        found.setdefault(state.phase, state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    found[Phase.OVER] = state
    return found


def rows(text: str) -> list[str]:
    return text.rstrip("\n").split("\n")


def test_decision_screens_leave_a_row_for_the_prompt(draw: Draw) -> None:
    long_message = "Not allowed: " + "a very long explanation " * 6
    for phase, state in states_in_every_phase().items():
        if phase is Phase.OVER:
            continue
        view = state.view(state.current_player())  # type: ignore[arg-type]
        keyed = keyed_hand(view.hand)
        tips = [instruction(phase, len(view.table), view.replace_limit), *hints(view, keyed)]
        for message in (None, "short", long_message):
            screen = screens.decision_screen(view, NAMES, LOG, keyed, tips, message, STANDARD)
            lines = rows(draw(screen))
            assert len(lines) <= 23, (phase, message, len(lines))
            assert all(len(line) <= 80 for line in lines)


def test_public_screens_fit_and_show_no_hand(draw: Draw) -> None:
    states = states_in_every_phase()
    for phase, state in states.items():
        player = state.current_player() or 0
        view = state.view(player)
        phrases = [card.phrase for card in (*state.hand(0), *state.hand(1))]
        news = ["Duel: Annabelle 7, Bob 3 - Annabelle attacks first", "Round 2 on C3"]
        many = [f"event {n}" for n in range(12)]
        drawn = [
            screens.handover_screen(view, NAMES, LOG, STANDARD),
            screens.handover_screen(view, NAMES, LOG, STANDARD, news),
            screens.handover_screen(view, NAMES, LOG, STANDARD, many),
            *reveal_pages(view, NAMES, [*LOG, *news], len(LOG), STANDARD),
            *reveal_pages(view, NAMES, [*LOG, *many], len(LOG), STANDARD),
        ]
        if phase is Phase.OVER:
            drawn.append(
                screens.game_over_screen(view, NAMES, LOG, STANDARD, "Please type y or n.")
            )
        for screen in drawn:
            text = draw(screen)
            assert len(rows(text)) <= 23
            assert "╭─ a" not in text
            for phrase in phrases:
                assert phrase[:8] not in text


def test_game_over_names_the_winner(draw: Draw) -> None:
    state = states_in_every_phase()[Phase.OVER]
    text = draw(screens.game_over_screen(state.view(0), NAMES, LOG, STANDARD))
    winner = NAMES[state.winner] if state.winner is not None else None
    assert (f"{winner} wins the game!" if winner else "drawn") in text


def test_situation_line_describes_the_attack_on_the_table(draw: Draw) -> None:
    state = states_in_every_phase()[Phase.ANSWER]
    view = state.view(state.current_player())  # type: ignore[arg-type]
    text = draw(screens.situation(view, NAMES))
    for card in view.table:
        assert f"[{card.value}]" in text
    assert "attacks with" in text


def test_the_largest_hands_a_rules_file_may_deal_still_fit_80x24(draw: Draw) -> None:
    from tacocat.engine import Rules
    from tacocat.engine.rules import MAX_HAND_SIZE

    rules = Rules(counts=(4,) * 12, hand_sizes=(MAX_HAND_SIZE,) * 7)
    for phase, state in states_in_every_phase(rules=rules).items():
        if phase is Phase.OVER:
            continue
        view = state.view(state.current_player())  # type: ignore[arg-type]
        keyed = keyed_hand(view.hand)
        tips = [instruction(phase, len(view.table), view.replace_limit), *hints(view, keyed)]
        screen = screens.decision_screen(view, NAMES, LOG, keyed, tips, "Not allowed.", STANDARD)
        lines = rows(draw(screen))
        assert len(lines) <= 23 and all(len(line) <= 80 for line in lines), phase
        assert all(f" {key} " in draw(screen) for key, _ in keyed)


def test_situation_is_told_from_the_side_of_the_player_to_move(draw: Draw) -> None:
    state = states_in_every_phase()[Phase.ANSWER]
    defender = state.current_player()
    assert defender is not None
    attacker = 1 - defender
    waiting = draw(screens.situation(state.view(attacker), NAMES))
    assert waiting.startswith(f"{NAMES[attacker]} attacks with")
    assert f"{NAMES[defender]} must answer" in waiting
    view = state.view(attacker)
    keyed = keyed_hand(view.hand)
    screen = draw(screens.decision_screen(view, NAMES, LOG, keyed, ["wait"], None, STANDARD))
    assert f"{NAMES[attacker]}'s hand ─" in screen  # no decision title while waiting


def test_names_with_brackets_are_drawn_as_plain_text(draw: Draw) -> None:
    # Not accepted by the name prompt, but a record written elsewhere may hold them.
    names = ("[/b]", "[bold]Ann")
    for phase, state in states_in_every_phase().items():
        player = state.current_player() or 0
        view = state.view(player)
        keyed = keyed_hand(view.hand)
        log = [f"{names[0]} and {names[1]} did something [/]"]
        drawn = [
            screens.decision_screen(view, names, log, keyed, ["tip"], "oops [/i]", STANDARD),
            screens.handover_screen(view, names, log, STANDARD, log),
            *reveal_pages(view, names, log, 0, STANDARD),
        ]
        if phase is Phase.OVER:
            drawn.append(screens.game_over_screen(view, names, log, STANDARD))
        for screen in drawn:
            text = draw(screen, color=True)
            assert "[/b]" in text, phase
        assert f"{names[player]}'s hand" in draw(drawn[0])
