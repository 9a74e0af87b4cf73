"""Asking a player for a move: the one decision loop, for a game, a lesson or a puzzle.

A command goes back to the caller; a line that is no move, or a move the engine
refuses, is asked again with why (docs/architecture.md, "A decision").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING

from tacocat.engine import Action, PlayerView
from tacocat.ui.draw import screens
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.prompts import Command, Keyed, Problem, parse_line
from tacocat.ui.term.io import Kind, Prompt

if TYPE_CHECKING:
    from tacocat.ui.play.dialogs import Dialogs


class Stop:
    """What a command answers to end the decision without a move (a take-back, a quit)."""


STOP = Stop()


def ask_move(
    desk: Dialogs,
    view: PlayerView,
    names: tuple[str, str],
    log: Sequence[str],
    tips: Sequence[str],
    why_illegal: Callable[[Action], str | None],
    on_command: Callable[[str, Keyed, Frame], str | Stop | None],
    heard: Callable[[str], bool] = lambda line: False,
    new: Collection[int] = frozenset(),
) -> Action | None:
    """``view``'s player's move, asked at ``desk`` until the engine allows one; None: stopped.

    ``log`` is read anew at each drawing (a chat line said meanwhile shows);
    ``heard`` sees each line first, and True takes it (a chat line).  ``on_command``
    gets a command's name, the hand's keys and the frame: a message for the screen,
    None, or STOP.
    """
    keyed = keyed_hand(view.hand)
    attack = view.table_values
    name = names[view.player]
    message: str | None = None
    while True:
        frame = desk.frame()
        screen = screens.decision_screen(view, names, log, keyed, tips, message, frame, new)
        desk.show_hand(view.player, screen)
        # Each player's history is their own: the other cannot recall it.
        line = desk.io.read(Prompt(Kind.DECISION, f"{name}> ", owner=name))
        message = None
        if heard(line):
            continue
        parsed = parse_line(
            line, keyed, view.phase, len(attack), view.replace_limit, view.legal_actions, attack
        )
        if isinstance(parsed, Command):
            outcome = on_command(parsed.name, keyed, frame)
            if isinstance(outcome, Stop):
                return None
            message = outcome
        elif isinstance(parsed, Problem):
            message = parsed.message
        else:
            problem = why_illegal(parsed)
            if problem is None:
                return parsed
            message = f"Not allowed: {problem}."
