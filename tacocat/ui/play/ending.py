"""The end of a game: the final board, its figures, and whether to play again."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.console import RenderableType

from tacocat.engine import WOW, YAY, Player
from tacocat.engine.events import Answered, Attacked, DuelRevealed, RoundStarted, Showdown
from tacocat.ui.draw import screens
from tacocat.ui.draw.board import board_height
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.layout import tall
from tacocat.ui.draw.news import PANEL_EDGES, entry_rows
from tacocat.ui.draw.prompts import again_prompt
from tacocat.ui.draw.reveal import INPUT_ROWS
from tacocat.ui.draw.showdown import moment_of, showdown_panel
from tacocat.ui.play.stats import game_stats, stats_lines
from tacocat.ui.term.io import Kind, Prompt

if TYPE_CHECKING:
    from tacocat.ui.play.sitting import Sitting


def again(game: Sitting) -> bool:
    """The game-over screen (its keys: :func:`end_notes`); True if the players want another game.

    The same board and figures are printed again after the game leaves the screen.
    """
    game.match.add(game.names, game.state.winner)
    view = game.state.view(game.human)
    game.curtain.close()  # the next game starts behind a hand-over
    game.io.flush_input()
    message: str | None = None
    result = final_result(game)  # the last showdown, when this screen has room for it
    while True:
        show_far(game)
        frame = game.dialogs.frame()
        notes = end_notes(game)
        printed = Frame(frame.width, 0, frame.glyphs)  # the board and the notes, no log
        game.table.final_screen = screens.game_over_screen(
            view, game.names, (), printed, notes=notes
        )
        screen = screens.game_over_screen(view, game.names, game.log, frame, message, notes, result)
        game.io.show(screen)
        swappable = not game.two_terminals  # one keyboard: people or a person and the computer
        prompt = Prompt(Kind.AGAIN, again_prompt(swappable))
        # Carrying the last result, it stands between the players as a result does.
        asked = game.curtain.ask(prompt) if result is not None else game.io.read(prompt)
        if result is not None:
            game.table.saw(game.humans)  # both watched the round's end here
            result = None
        answer = asked.strip().lower()
        if answer in ("y", "yes"):
            return True
        if answer in ("s", "swap") and swappable:
            swap_seats(game)
            return True
        if answer in ("n", "no", "q", "quit"):
            return False
        message = None
        if answer == "log":
            game.show_log(view)
        elif answer in ("a", "analyse", "analyze"):
            from tacocat.ui.play.review import review_game  # the evaluator loads only if asked

            message = review_game(game)
        else:
            swap = " (or s to swap seats)" if swappable else ""
            message = f"Please type y or n{swap}."


def swap_seats(game: Sitting) -> None:
    """Each player, the computer too, takes the other seat (and goal) for the next game."""
    yay, wow = game.seats
    game.seats = (wow, yay)
    computer_seat = YAY if game.session.computer_seat == WOW else WOW
    names = (game.names[1], game.names[0])
    game.session = replace(game.session, names=names, computer_seat=computer_seat)


def computer_hand(game: Sitting, computer: Player) -> list[int]:
    """``computer``'s cards in the last round, low to high: all played, so all public now."""
    starts = [i for i, event in enumerate(game.events) if isinstance(event, RoundStarted)]
    values: list[int] = []
    for event in game.events[starts[-1] if starts else 0 :]:
        if isinstance(event, (DuelRevealed, Showdown)):
            values.append(event.values[computer])
        elif isinstance(event, (Attacked, Answered)) and event.player == computer:
            values.extend(event.values)
    return sorted(values)


def end_notes(game: Sitting) -> list[str]:
    """Lines for the final screen: statistics, hints, the match, replay and what next."""
    lines = stats_lines(game_stats(game.events), game.names)
    computer = next((p for p in (YAY, WOW) if not game.seats[p].human), None)
    held = ""  # the computer's last cards, on the hints' line: 80x24 has no row to spare
    if computer is not None:
        shown = ", ".join(str(value) for value in computer_hand(game, computer))
        held = f"{game.names[computer]}'s last cards (all played): {shown}."
    if game.session.hints:
        used = game.hints_used
        if not game.hot_seat:
            hints = f"Hints used by {game.names[game.human]}: {used[game.human]}."
            lines.append(f"{hints} {held}" if held else hints)
        else:
            name, other_name = game.names
            lines.append(f"Hints used: {name} {used[YAY]}, {other_name} {used[WOW]}.")
    elif held:
        lines.append(held)
    lines.append(game.match.text())
    if game.autosave is not None and game.autosave.recorded:
        # Only a record on disk can be watched again (a full disk writes none).
        short = game.autosave.info.short_id  # its number in history shifts; its id stays
        # One line for both (the screen must fit 24 rows): `a` needs the record too.
        lines.append(
            f"Watch this game again: tacocat replay {short}; type a for the coach's review."
        )
    swap = "s: swap seats and play again, " if not game.two_terminals else ""
    lines.append(f"y: play again, {swap}n: stop, log: the whole game.")
    return lines


def show_far(game: Sitting) -> None:
    """The game-over screen at the other terminal (two terminals): the host decides what next."""
    for player in (YAY, WOW):
        desk = game.desks[player]
        if desk is game.dialogs or not game.seats[player].human:
            continue
        host = game.names[game.human]
        notes = stats_lines(game_stats(game.events), game.names)
        notes += [game.match.text(), f"Waiting for {host} to play again or stop."]
        view = game.state.view(player)
        desk.io.show(
            screens.game_over_screen(view, game.names, game.log, desk.frame(), None, notes)
        )


def final_result(game: Sitting) -> tuple[RenderableType, int] | None:
    """The game's last showdown panel and its rows, if the game-over screen can carry it.

    It can when the board, the panel, the figures and the log not yet watched
    by both fit the frame together: then no result screen of its own comes first.
    """
    if game.session.one_round or game.two_terminals or not game.state.is_terminal():
        return None  # a lesson's round; the far terminal's end screen carries no panel
    moment = moment_of(game.table.news)
    if moment is None:
        return None
    frame, view = game.dialogs.frame(), game.state.view(game.human)
    panel, rows = showdown_panel(moment, view, game.names, frame)
    notice_rows = 2 + len(end_notes(game)) + PANEL_EDGES  # the headline, the reach, the notes
    board = board_height(view, game.names, frame.glyphs, frame.width, tall(frame, view.rules))
    room = frame.height - board - rows - notice_rows - INPUT_ROWS - 1  # the log's title
    news = game.log[game.table.unseen(game.humans) :]
    fits = entry_rows(news, frame.width - 4, frame.glyphs) <= room
    return (panel, rows) if fits else None
