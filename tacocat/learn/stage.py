"""A lesson's position in the real engine, and a dry run of its script.

A lesson whose script the engine refuses to play is a damaged lesson.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.engine import WOW, YAY, Action, GameState, PlayerView, Rules
from tacocat.engine.events import Event, Showdown
from tacocat.learn.lesson import Lesson, LessonProblem, Step
from tacocat.ui.play.forced import forced_action

# The deals after a lesson's round are the engine's own (a lesson ends at its
# showdown); a fixed seed keeps them, and so every screen, the same each time.
LESSON_SEED = 21


def stage(lesson: Lesson) -> GameState:
    """The lesson's round, dealt: its space, tiles, hands and draw pile."""
    rules = Rules()
    state = GameState.blank(random.Random(LESSON_SEED), rules)
    if lesson.space in lesson.tiles:
        raise LessonProblem("the Tacocat cannot stand on a covered space")
    state.position = lesson.space
    state.tiles = list(lesson.tiles)
    state.round_number = len(lesson.tiles)  # a round for each tile so far: the log counts on
    state.opening_events = state.start_round(replay=False)
    size = rules.hand_sizes[lesson.space]
    if not len(lesson.yay) == len(lesson.wow) == size:
        raise LessonProblem(f"each hand must hold {size} cards on this space")
    free: dict[int, list[int]] = {}
    for card_id in reversed(range(rules.deck_size)):  # lowest id last, popped first
        free.setdefault(rules.card_values[card_id], []).append(card_id)
    try:
        yay, wow, drawn = (
            [free[value].pop() for value in cards]
            for cards in (lesson.yay, lesson.wow, lesson.draw)
        )
    except (KeyError, IndexError):
        raise LessonProblem(
            "the hands and the draw ask for more cards of a value than the deck has"
        ) from None
    state.set_hand(YAY, yay)
    state.set_hand(WOW, wow)
    rest = sorted(card for pile in free.values() for card in pile)
    state.draw_pile = rest + drawn[::-1]  # the top of the pile is its last card
    return state


def opponent_move(view: PlayerView, script: list[Action]) -> Action:
    """The scripted move: a lone legal move, else the script's next, else the first legal one."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    if script and script[0] in legal:
        return script.pop(0)
    return legal[0]


def round_over(events: Sequence[Event]) -> bool:
    return any(isinstance(event, Showdown) for event in events)


def rehearse(lesson: Lesson) -> list[Action]:
    """Play the lesson's script (past its steps, the first legal move); LessonProblem if not."""
    state = stage(lesson)
    script, steps = list(lesson.wow_moves), list(lesson.steps)
    played: list[Action] = []
    while (player := state.current_player()) is not None:
        view = state.view(player)
        if player == WOW:
            if len(view.legal_actions) > 1 and script and script[0] not in view.legal_actions:
                raise LessonProblem(
                    f"Wow's move {script[0]} is not allowed after {len(played)} moves"
                )
            action = opponent_move(view, script)
        else:
            action = forced_action(view) or _step_move(state, steps, len(played))
        played.append(action)
        if round_over(state.apply_action(action)):
            break
    if script or steps:
        raise LessonProblem("the round ends before the lesson's moves are all played")
    return played


def _step_move(state: GameState, steps: list[Step], count: int) -> Action:
    if not steps:
        return state.legal_actions()[0]
    step = steps.pop(0)
    for move in step.play:
        problem = state.why_illegal(move)
        if problem is not None:
            raise LessonProblem(f"{move} is not allowed after {count} moves: {problem}")
    return step.play[0]
