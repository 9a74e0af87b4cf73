"""The end of a game: the final board, its figures, and whether to play again.

The game-over screen keeps the final board up with each player's
statistics, the hints used, the match score since the sitting began and how
to watch the game again; its prompt takes ``y``, ``n``, ``log``, ``a`` (the
coach's review of the game, :mod:`tacocat.ui.play.review`) and, in hot seat,
``s`` to swap seats for the next game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tacocat.engine import WOW, YAY
from tacocat.ui.draw import screens
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.prompts import again_prompt
from tacocat.ui.play.stats import game_stats, stats_lines
from tacocat.ui.term.io import Kind, Prompt

if TYPE_CHECKING:
    from tacocat.ui.play.sitting import Sitting


def again(game: Sitting) -> bool:
    """The game-over screen; True if the players want another game.

    The final board stays up with each player's statistics, the match
    score since the sitting began and how to replay the game.  In hot
    seat ``s`` swaps seats for the next game.  The same board and
    figures are printed again after the game leaves the screen.
    """
    game.match.add(game.names, game.state.winner)
    view = game.state.view(game.human)
    game.curtain.close()  # the next game starts behind a hand-over
    game.io.flush_input()
    message: str | None = None
    while True:
        show_far(game)
        frame = game.dialogs.frame()
        notes = end_notes(game)
        printed = Frame(frame.width, 0, frame.glyphs)  # the board and the notes, no log
        game.table.final_screen = screens.game_over_screen(
            view, game.names, (), printed, notes=notes
        )
        game.io.show(screens.game_over_screen(view, game.names, game.log, frame, message, notes))
        answer = game.io.read(Prompt(Kind.AGAIN, again_prompt(game.hot_seat))).strip().lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("s", "swap") and game.hot_seat:
            game.session = replace(game.session, names=(game.names[1], game.names[0]))
            return True
        if answer in ("n", "no", "q", "quit"):
            return False
        message = None
        if answer == "log":
            game.show_log(view)
            continue
        if answer in ("a", "analyse", "analyze"):
            from tacocat.ui.play.review import review_game  # the evaluator loads only if asked

            message = review_game(game)
            continue
        swap = " (or s to swap seats)" if game.hot_seat else ""
        message = f"Please type y or n{swap}."


def end_notes(game: Sitting) -> list[str]:
    """Lines for the final screen: statistics, hints, the match, replay and what next."""
    lines = stats_lines(game_stats(game.events), game.names)
    if game.session.hints:
        used = game.hints_used
        if not game.hot_seat:
            lines.append(f"Hints used by {game.names[game.human]}: {used[game.human]}.")
        else:
            name, other_name = game.names
            lines.append(f"Hints used: {name} {used[YAY]}, {other_name} {used[WOW]}.")
    lines.append(game.match.text())
    if game.autosave is not None and game.autosave.recorded:
        # Only a record on disk can be watched again (a full disk writes none).
        short = game.autosave.info.short_id  # its number in history shifts; its id stays
        # One line for both (the screen must fit 24 rows): `a` needs the record too.
        lines.append(
            f"Watch this game again: tacocat replay {short}; type a for the coach's review."
        )
    swap = "s: swap seats and play again, " if game.hot_seat else ""
    lines.append(f"y: play again, {swap}n: stop, log: the whole game.")
    return lines


def show_far(game: Sitting) -> None:
    """The game-over screen at the other terminal (two terminals): the host decides what next."""
    for player in (YAY, WOW):
        desk = game.desk(player)
        if desk is game.dialogs or not game.seats[player].human:
            continue
        host = game.names[game.human]
        notes = stats_lines(game_stats(game.events), game.names)
        notes += [game.match.text(), f"Waiting for {host} to play again or stop."]
        view = game.state.view(player)
        desk.io.show(
            screens.game_over_screen(view, game.names, game.log, desk.frame(), None, notes)
        )
