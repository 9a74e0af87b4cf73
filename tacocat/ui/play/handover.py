"""The screens between two players: the hand-over, a result both watch, coming back.

Each closes the curtain as it appears and opens it for one player only once that
player has answered it through :meth:`~tacocat.ui.play.curtain.Curtain.ask`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from tacocat.engine import Player, other
from tacocat.ui.draw import screens
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.news import entry_rows
from tacocat.ui.draw.notice import notice_screen
from tacocat.ui.draw.prompts import HELP, QUIT, TAKE_BACK_COMMANDS, UNDO, Problem, parse_handover
from tacocat.ui.draw.reveal import handover_holds, handover_pages, reveal_pages
from tacocat.ui.draw.showdown import Moment, moment_of
from tacocat.ui.play import takeback
from tacocat.ui.term.io import Kind, Prompt

if TYPE_CHECKING:
    from tacocat.ui.play.sitting import Sitting

# Every result's prompt starts the same way, so its words say what Enter does.
CONTINUE = "Press Enter to continue: "
MORE = "Press Enter to continue (more news next): "


def hand_over(game: Sitting, player: Player, room: int | None = None) -> bool:
    """Hide everything, name the next player, wait for their Enter (hot seat only).

    What a hand-over accepts: docs/security.md.  False if the mover took
    their move back with ``u`` instead (a hand-over to the mover follows).
    A round's end not yet shown is drawn on the hand-over itself, so one
    Enter both acknowledges the result and passes the curtain; so is news
    taller than ``room`` (the rows ``player``'s decision screen has for its
    log), so no page of it stands alone before the hand.
    """
    game.curtain.close()  # from the first frame on, no hand may show
    news = _news(game, player, room)
    moment = moment_of(game.table.news) if game.showdown_news() else None
    if moment is not None:  # a round's end: both watch it, its pages first if it has more
        for page in _round_end(game, player, moment, None)[:-1]:
            game.dialogs.wait(page, Prompt(Kind.RESULT, MORE), between=True)
    message: str | None = None
    while True:
        # While the player who just moved may take the move back, u is offered too.
        offer = TAKE_BACK_COMMANDS if game.table.can_take_back(other(player)) else None
        if moment is not None:
            game.io.show(_round_end(game, player, moment, message)[-1])
        else:
            news = _draw_handover(game, player, news, message)
        prompt = Prompt(Kind.HANDOVER, f"{game.names[player]}, press Enter: ")
        answer = parse_handover(game.curtain.ask(prompt), offer)
        message = None
        if answer == "":
            break
        if isinstance(answer, Problem):
            message = answer.message
        elif answer == HELP:
            game.dialogs.wait(
                notice_screen("Hand-over", handover_help(game.names, player), game.glyphs),
                Prompt(Kind.BACK, "Press Enter to go back to the hand-over: "),
            )
        elif answer == QUIT:
            game.dialogs.confirm_quit()
        elif answer == UNDO:
            takeback.take_back(game)  # the move is taken back: a hand-over to its mover follows
            return False
    game.table.undoable = None  # the next player has the keyboard: the move stands
    if moment is not None:
        game.table.saw(game.humans)  # both watched the round's end
    elif news and handover_holds(
        game.state.view(player), game.names, news, game.dialogs.frame(), message is not None
    ):
        # Read in the hand-over's panel: not paged again before the hand.
        seen = game.table.seen
        seen[player] = max(seen[player], game.table.unseen((player,)) + len(news))
    game.curtain.open(player)
    return True


def _round_end(
    game: Sitting, player: Player, moment: Moment, message: str | None
) -> list[RenderableType]:
    """The round's end both watch, paged; the last page holds the hand-over to ``player``."""
    start = game.table.unseen(game.humans)
    view, frame = game.state.view(player), game.dialogs.frame()
    return handover_pages(view, game.names, game.log, start, frame, moment, message)


def _draw_handover(
    game: Sitting, player: Player, news: list[str], message: str | None
) -> list[str]:
    """Draw the hand-over to ``player``; the news still to show on it."""
    table, names = game.table, game.names
    width, height = game.dialogs.fit()
    mover = other(player)
    offer = table.can_take_back(mover)
    if offer:
        # Not yet seen by the next player, the move can still be taken back:
        # the hand-over shows the table as it was before it.
        before, log = table.before_take_back()
        # The news the move itself added stays hidden with it (a duel's result does not).
        view, news = before.view(player), news[: max(0, len(news) - len(game.log) + len(log))]
    else:
        view, log = game.state.view(player), game.log  # afresh: a command may change it
    frame = Frame(width, height - 1 if offer else height, game.glyphs)
    screen = screens.handover_screen(view, names, log, frame, news, message)
    if offer:
        undo = Text(
            f"{names[mover]}: type u to take back your move "
            f"(possible until {names[player]} presses Enter).",
            style="dim",
            no_wrap=True,
            overflow="ellipsis",
        )
        game.io.show(screen, undo)
    else:
        game.io.show(screen)
    return news


def reveal(game: Sitting, player: Player | None) -> None:
    """Public results on screens without any hand, so both can watch.

    It stands between the players as a hand-over does: ``player``, who
    plays next (None: a hand-over follows, or the game is over), sees their
    hand only after it.  It shows the log some person at the table has not
    seen, paged, and a showdown's own panel, at each terminal.
    """
    shared = not game.two_terminals
    if shared:
        game.curtain.close()
    if player is None:
        over = game.state.is_terminal()
        text = "Press Enter to continue (the final result next): " if over else CONTINUE
    elif game.hot_seat:
        # The player at the keyboard goes on; the other must look away again.
        name, other_name = game.names[player], game.names[other(player)]
        text = f"Press Enter to continue ({name} plays next; {other_name}, look away): "
    else:
        text = CONTINUE
    viewer = player if player is not None else game.humans[0]
    moment = moment_of(game.table.news)
    show_news(game, game.humans, viewer, text, moment)
    if player is not None and shared:
        game.curtain.open(player)


def catch_up(game: Sitting, player: Player, rows: int) -> None:
    """``player``'s news that their decision screen's ``rows`` of log cannot hold, first.

    Chains of moves (the computer's, forced answers) can log more than that screen
    shows.  The pages show no hand, so no hand-over is needed.
    """
    news = game.log[game.table.unseen((player,)) :]
    if entry_rows(news, game.desks[player].frame().width, game.glyphs) <= rows:
        return
    text = "Press Enter to continue (your hand next): "
    show_news(game, (player,), player, text, None)


def show_news(
    game: Sitting,
    players: tuple[Player, ...],
    viewer: Player,
    text: str,
    moment: Moment | None,
) -> None:
    """The log ``players`` have not all seen, on result pages, Enter after each; then seen.

    Each terminal shows pages of its own player's view (at one keyboard, ``viewer``'s).
    """
    table = game.table
    start = table.unseen(players)
    readers = {id(game.desks[p]): (game.desks[p], p) for p in players}
    if len(readers) == 1:
        readers = {0: (game.desks[viewer], viewer)}
    pages = []
    for desk, reader in readers.values():
        view = game.state.view(reader)
        pages.append((desk, reveal_pages(view, game.names, game.log, start, desk.frame(), moment)))
    for number in range(max(len(shown) for _, shown in pages)):
        turn = [(desk, shown[number], len(shown)) for desk, shown in pages if number < len(shown)]
        for desk, page, count in turn:
            # Every terminal shows its page before any of them waits for Enter.
            desk.io.show(page)
            prompt = Prompt(Kind.RESULT, text if number + 1 == count else MORE)
            offer = getattr(desk.io, "offer", None)  # a remote terminal asks at once
            if offer is not None:
                offer(prompt, desk.curtain.seconds)
        for desk, page, count in turn:
            prompt = Prompt(Kind.RESULT, text if number + 1 == count else MORE)
            between = len(players) > 1 or not desk.curtain.is_open_for(players[0])
            desk.wait(page, prompt, between=between)
    table.saw(players)


def ready(game: Sitting, player: Player, title: str, doing: str) -> None:
    """Wait until ``player`` is at the keyboard before any hand shows.

    Hot seat: a hand-over; else a notice ``title`` opened by ``doing`` ("Resuming").
    """
    if game.hot_seat:
        hand_over(game, player)
        return
    names = game.names
    lines = [
        f"{doing} {names[player]} against {names[other(player)]}, round {game.state.round_number}.",
        "Press Enter when you are ready.",
    ]
    game.curtain.close()
    game.dialogs.wait(
        notice_screen(title, lines, game.glyphs),
        Prompt(Kind.NOTICE, f"{names[player]}, press Enter: "),
        between=True,
    )
    game.curtain.open(player)


def resumed(game: Sitting, secret: bool) -> None:
    """Back from Ctrl-Z: a hand that was on screen shows again only after a hand-over.

    In hot seat the hand-over comes whenever a player has the keyboard, hand
    on screen or not: it is one key away, and ``fg`` may be the other's.
    """
    if not game.hot_seat:
        if secret:
            ready(game, game.human, "Suspended", "Back to")
        return
    player = game.curtain.holder  # whose hand may show next
    if player is not None and not game.state.is_terminal():
        ready(game, player, "Suspended", "Back to")


def handover_help(names: tuple[str, str], player: Player) -> list[str]:
    """The ``?`` screen of a hand-over to ``player``: what it is for and what it accepts."""
    incoming, outgoing = names[player], names[other(player)]
    return [
        f"The keyboard goes to {incoming}. Both hands are hidden until {incoming}",
        "presses Enter, so nobody sees a hand that is not theirs.",
        "",
        f"{outgoing}: please look away now.",
        f"{incoming}: press Enter (with nothing typed) when you are ready.",
        "",
        f"Until then {outgoing} may type u to take back the move just made (when",
        "the move revealed nothing; the line below the hand-over says so).",
        "",
        "A hand-over accepts only Enter, ? (this help), q (quit, after asking) and",
        "u when offered. Anything else is refused and the hand-over stays. Keys",
        "typed before its prompt appears (a second Enter out of habit) are ignored.",
    ]


def _news(game: Sitting, player: Player, room: int | None) -> list[str]:
    """What a hand-over to ``player`` shows in its panel: a result, or news taller than ``room``."""
    news = game.log[game.table.unseen((player,)) :]
    width = game.desks[player].frame().width
    tall = room is not None and entry_rows(news, width, game.glyphs) > room
    return news if game.headline_news() or tall else []
