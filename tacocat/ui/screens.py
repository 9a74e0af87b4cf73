"""Whole screens, composed from the board, the log and the cards.

Each function returns one rich renderable and prints nothing, so tests can
render a screen at 80 columns and look at it.  Only :func:`decision_screen`
and :func:`help_screen` ever draw a hand, and only the hand of the view's
own player: the opponent's cards are not in a view to begin with.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from tacocat.engine import Phase, PlayerView
from tacocat.engine.actions import describe_attack
from tacocat.ui.board import board_for_view
from tacocat.ui.cards import CARD_HEIGHT, hand_row, hand_rows, values_text
from tacocat.ui.glyphs import UNICODE, Glyphs
from tacocat.ui.prompts import Keyed

# Rows the decision screen needs besides the log: board (6) + legend +
# status + log title + situation line + hand title + hand (5) + 2 hint
# lines + message + the input line.
FIXED_ROWS = 20
# The public screens: board block (8) + log title + a 5-row notice panel +
# a message line + the input line, and a spare row.
HANDOVER_ROWS = 17
MAX_NEWS = 6  # lines in the "What happened" panel; older ones stay in the log

PHASE_TITLES = {
    Phase.REPLACE: "Replace cards",
    Phase.DUEL: "Duel",
    Phase.ATTACK: "Attack",
    Phase.ANSWER: "Answer the attack",
    Phase.OVER: "Game over",
}


def log_block(lines: Sequence[str], count: int, glyphs: Glyphs = UNICODE) -> RenderableType:
    """The last ``count`` public events, newest last, one line each."""
    shown = list(lines[-count:]) if count > 0 else []
    body = Text(no_wrap=True, overflow="ellipsis")
    for index, line in enumerate(shown):
        if index:
            body.append("\n")
        body.append(f"{glyphs.bullet} {line}")
    if not shown:
        body.append("(nothing yet)", style="dim")
    return Group(Rule("Game log", characters=glyphs.rule, style="dim", align="left"), body)


def situation(view: PlayerView, names: tuple[str, str]) -> Text:
    """One line on what is going on at the table, from the view's public parts.

    Told from the side of the player to move, who may be the view's player
    or (against the computer) the opponent.
    """
    text = Text(no_wrap=True, overflow="ellipsis")
    mover = view.to_move
    if mover is None:
        return text
    who, other = names[mover], names[1 - mover]
    mine = mover == view.player
    if view.phase is Phase.ANSWER and view.table:
        values = tuple(card.value for card in view.table)
        text.append(f"{other} attacks with ")
        text.append_text(values_text(values))
        text.append(f" ({describe_attack(values)})")
        if not mine:
            text.append(f"; {who} must answer.")
    elif view.phase is Phase.DUEL:
        if not mine:
            text.append(f"{who} is picking a duel card.")
        else:
            text.append(f"{who}: pick your duel card face down. ")
            if view.opponent_has_chosen:
                text.append(f"{other} has picked theirs.")
    elif view.phase is Phase.ATTACK:
        text.append(f"{who} attacks; {other} must answer every attack card.")
    elif view.phase is Phase.REPLACE:
        if not mine:
            text.append(f"{who} is choosing cards to replace.")
        else:
            text.append(f"{who}: replace up to {view.replace_limit} card")
            text.append("s." if view.replace_limit != 1 else ".")
            if view.opponent_has_chosen:
                text.append(f" {other} has chosen (secretly).")
    return text


def decision_screen(
    view: PlayerView,
    names: tuple[str, str],
    log: Sequence[str],
    keyed: Keyed,
    hints: Sequence[str],
    message: str | None,
    height: int,
    width: int = 80,
    glyphs: Glyphs = UNICODE,
) -> RenderableType:
    """The screen of the player who decides now: board, log, their hand, hints."""
    title = f"{names[view.player]}'s hand"
    if view.is_my_turn:
        title += f" {glyphs.dot} {PHASE_TITLES[view.phase]}"
    # Hints stay one line each; a long message may take more, and the log
    # gives up rows for it so the screen never scrolls.
    hint_text = Text(no_wrap=True, overflow="ellipsis")
    for index, line in enumerate(list(hints)[:2]):
        if index:
            hint_text.append("\n")
        hint_text.append(line, style="cyan")
    message_lines = textwrap.wrap(f"! {message}", width - 1, max_lines=3) if message else []
    extra_hand_rows = CARD_HEIGHT * (hand_rows(len(keyed), width) - 1)  # huge variant hands
    log_rows = max(1, height - FIXED_ROWS - max(0, len(message_lines) - 1) - extra_hand_rows)
    parts: list[RenderableType] = [
        board_for_view(view, names, glyphs),
        log_block(log, log_rows, glyphs),
        situation(view, names),
        # A Text title, not a str: rich would read brackets in a name as markup.
        Rule(Text(title, style="rule.text"), characters=glyphs.rule, align="left", style="bold"),
        hand_row(keyed, glyphs, room=width),
        hint_text,
    ]
    if message_lines:
        parts.append(Text("\n".join(message_lines), style="bold red", no_wrap=True))
    return Group(*parts)


def handover_screen(
    view: PlayerView,
    names: tuple[str, str],
    log: Sequence[str],
    height: int,
    news: Sequence[str] = (),
    glyphs: Glyphs = UNICODE,
) -> RenderableType:
    """Public information only, and a notice naming who takes the keyboard.

    ``view`` is the incoming player's; only its public parts are drawn.
    ``news`` (results both should see, e.g. a duel) is shown above the notice.
    """
    incoming, outgoing = names[view.player], names[view.opponent]
    notice = Text(justify="center")
    notice.append(f"Pass the keyboard to {incoming}.\n", style="bold")
    notice.append(f"{outgoing}, please look away.\n")
    notice.append(f"{incoming}, press Enter when you are ready to see your cards.")
    parts: list[RenderableType] = [board_for_view(view, names, glyphs)]
    if news:
        parts.append(news_panel(news, glyphs))
        log_rows = height - HANDOVER_ROWS - 2 - min(len(news), MAX_NEWS)
    else:
        log_rows = height - HANDOVER_ROWS
    if log_rows > 0:
        parts.append(log_block(log[: len(log) - len(news)], log_rows, glyphs))
    parts.append(Panel(notice, box=glyphs.box, title="Hand-over", padding=(0, 1)))
    return Group(*parts)


def news_panel(news: Sequence[str], glyphs: Glyphs = UNICODE) -> Panel:
    """Results just revealed, in bold, one per line."""
    body = Text(no_wrap=True, overflow="ellipsis")
    for index, line in enumerate(news[-MAX_NEWS:]):
        if index:
            body.append("\n")
        body.append(f"{glyphs.bullet} {line}", style="bold")
    return Panel(body, box=glyphs.box, title="What happened", padding=(0, 1))


def reveal_screen(
    view: PlayerView,
    names: tuple[str, str],
    log: Sequence[str],
    news: Sequence[str],
    height: int,
    glyphs: Glyphs = UNICODE,
) -> RenderableType:
    """Public results both players may watch (duel, showdown, round summary)."""
    rows = HANDOVER_ROWS - 3 + min(len(news), MAX_NEWS)  # the panel grows with the news
    parts: list[RenderableType] = [board_for_view(view, names, glyphs)]
    if height - rows > 0:
        parts.append(log_block(log[: len(log) - len(news)], height - rows, glyphs))
    parts.append(news_panel(news, glyphs))
    return Group(*parts)


def game_over_screen(
    view: PlayerView,
    names: tuple[str, str],
    log: Sequence[str],
    height: int,
    message: str | None = None,
    glyphs: Glyphs = UNICODE,
) -> RenderableType:
    """The final board and the winner."""
    if view.winner is None:
        headline = "The game is drawn."
    else:
        headline = f"{names[view.winner]} wins the game!"
    notice = Text(justify="center")
    notice.append(headline, style="bold")
    notice.append(f"\nThe Tacocat reached {view.space} after {view.round_number} rounds.")
    parts: list[RenderableType] = [
        board_for_view(view, names, glyphs),
        log_block(log, max(1, height - HANDOVER_ROWS), glyphs),
        Panel(notice, box=glyphs.box, title="Game over", padding=(0, 1)),
    ]
    if message:
        parts.append(Text(f"! {message}", style="bold red"))
    return Group(*parts)


def help_screen(
    view: PlayerView,
    lines: Sequence[str],
    keyed: Keyed,
    width: int = 80,
    glyphs: Glyphs = UNICODE,
) -> RenderableType:
    """The ``?`` screen, drawn inside the game (never an external pager)."""
    return Group(
        Panel(Text("\n".join(lines)), box=glyphs.box, title="Help", padding=(0, 1)),
        hand_row(keyed, glyphs, room=width),
    )


def notice_screen(title: str, lines: Sequence[str], glyphs: Glyphs = UNICODE) -> RenderableType:
    """A short framed message (names, quit confirmation, small terminal)."""
    return Panel(Text("\n".join(lines)), box=glyphs.box, title=title, padding=(0, 1))
