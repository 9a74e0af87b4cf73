"""Whole screens, composed from the board, the log and the cards (docs/architecture.md).

Each returns one rich renderable and prints nothing (tests/ui/goldens holds
them at three sizes).  Only :func:`decision_screen` and :func:`help_screen`
draw a hand, and only the view's own: the other hand is not in a view.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from tacocat.engine import Phase, PlayerView
from tacocat.engine.actions import describe_attack
from tacocat.engine.words import plural
from tacocat.ui.draw.board import board_for_view, board_height
from tacocat.ui.draw.cards import hand_height, hand_row, values_text
from tacocat.ui.draw.folding import fold, rows_of
from tacocat.ui.draw.frame import STANDARD, Frame
from tacocat.ui.draw.layout import (
    TRACKER_ROWS,
    big,
    handover_notice,
    log_area,
    table_top,
    tall,
)
from tacocat.ui.draw.news import PANEL_EDGES, newest, news_block
from tacocat.ui.draw.notice import notice_screen
from tacocat.ui.draw.prompts import Keyed
from tacocat.ui.draw.reveal import INPUT_ROWS
from tacocat.ui.draw.rules_text import wrap
from tacocat.ui.draw.theme import tint_names

PHASE_TITLES = {
    Phase.REPLACE: "Replace cards",
    Phase.DUEL: "Duel",
    Phase.ATTACK: "Attack",
    Phase.ANSWER: "Answer the attack",
    Phase.OVER: "Game over",
}


def situation(view: PlayerView, names: tuple[str, str]) -> Text:
    """One line on what is going on at the table, from the view's public parts.

    Told from the side of the player to move, who may be the view's player
    or (against the computer) the opponent.
    """
    text = Text()
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
                text.append(f"{other} has picked a duel card.")
    elif view.phase is Phase.ATTACK:
        text.append(f"{who} attacks; {other} must answer every attack card.")
    elif view.phase is Phase.REPLACE:
        if not mine:
            text.append(f"{who} is choosing cards to replace.")
        else:
            # How many is said once, in the instruction line above the prompt.
            doing = "choose the cards to replace" if view.replace_limit else "nothing to replace"
            text.append(f"{who}: {doing}.")
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
    frame: Frame = STANDARD,
    new: Collection[int] = (),
) -> RenderableType:
    """The screen of the player who decides now: board, log, their hand, hints.

    Cards whose id is in ``new`` (just drawn) are marked "new".
    """
    width, glyphs = frame.width, frame.glyphs
    # A Text title, not a str: rich would read brackets in a name as markup.
    heading = Text(f"{names[view.player]}'s hand", style="rule.text")
    if view.is_my_turn:
        heading.append(f" {glyphs.dot} {PHASE_TITLES[view.phase]}")
    top, texts, log_rows = _decision(view, names, keyed, hints, message, frame)
    rows = log_rows + (PANEL_EDGES if big(frame) else 1)  # with the box's edges or title
    parts = [top, *log_area(log, rows, frame, view, False, names, fill=True, more=True)]
    now, *below = texts
    if now.plain:
        parts.append(now)
    parts += [
        Rule(tint_names(heading, names), characters=glyphs.rule, align="left", style="bold"),
        hand_row(
            keyed, glyphs, room=width, new=new, rules=view.rules, tall=tall(frame, view.rules)
        ),
    ]
    parts += [text for text in below if text.plain]
    return Group(*parts)


def _decision(
    view: PlayerView,
    names: tuple[str, str],
    keyed: Keyed,
    hints: Sequence[str],
    message: str | None,
    frame: Frame,
) -> tuple[RenderableType, list[Text], int]:
    """The decision screen's top, its texts (situation, hints, message) and its log's rows."""
    width = frame.width
    now = tint_names(fold(situation(view, names), width), names)
    hint_text = Text("\n").join(fold(Text(line, style="cyan"), width) for line in hints[:2])
    message_text = fold(Text(f"! {message}", style="bold red"), width) if message else Text()
    texts = [now, hint_text, message_text]
    top, top_rows = table_top(view, names, frame, public=False)
    used = (
        top_rows
        + (PANEL_EDGES if big(frame) else 1)  # the log's box, or its title
        + sum(rows_of(text) for text in texts)
        + 1  # the hand's title
        + hand_height(len(keyed), width, view.rules, tall(frame, view.rules))
        + INPUT_ROWS
    )
    return top, texts, max(1, frame.height - used)


def decision_log_rows(
    view: PlayerView,
    names: tuple[str, str],
    keyed: Keyed,
    hints: Sequence[str],
    message: str | None,
    frame: Frame = STANDARD,
) -> int:
    """The rows :func:`decision_screen` gives its log with these arguments.

    The game asks before drawing: news that does not fit there is shown on
    pages of its own first, so no entry is left off every screen.
    """
    return _decision(view, names, keyed, hints, message, frame)[2]


def handover_screen(
    view: PlayerView,
    names: tuple[str, str],
    log: Sequence[str],
    frame: Frame = STANDARD,
    news: Sequence[str] = (),
    message: str | None = None,
) -> RenderableType:
    """Public information only, and a notice naming who takes the keyboard.

    ``view`` is the incoming player's.  ``news`` (results both should see) is
    shown above the notice, ``message`` (why a typed line did not end it) below.
    """
    width, height, glyphs = frame.width, frame.height, frame.glyphs
    notice = handover_notice(view, names, width - 4)
    top, top_rows = table_top(view, names, frame, public=True)
    used = top_rows + rows_of(notice) + PANEL_EDGES + INPUT_ROWS
    used += 1 if message else 0
    parts: list[RenderableType] = [top]
    # The newest news that fits goes in the panel; older news stays in the log.
    keep = TRACKER_ROWS if big(frame) else 0  # the log's box keeps room for the tracker
    fits = newest(news, max(0, height - used - PANEL_EDGES - keep), width - 4, glyphs)[1]
    earlier = log[: len(log) - fits]
    panel, panel_rows = (
        news_block(news[len(news) - fits :], glyphs, width, names=names) if fits else (None, 0)
    )
    rows = height - used - panel_rows
    if big(frame) and rows <= PANEL_EDGES:  # no room for the log's box
        parts += [Text("\n" * (rows - 1))] if rows > 0 else []
    else:
        parts += log_area(earlier, rows, frame, view, True, names, fill=True)
    parts += [panel] if panel else []
    parts.append(Panel(notice, box=glyphs.box, title="Hand-over", padding=(0, 1)))
    if message:
        parts.append(Text(f"! {message}", style="bold red", no_wrap=True, overflow="ellipsis"))
    return Group(*parts)


def game_over_screen(
    view: PlayerView,
    names: tuple[str, str],
    log: Sequence[str],
    frame: Frame = STANDARD,
    message: str | None = None,
    notes: Sequence[str] = (),
    top: tuple[RenderableType, int] | None = None,
) -> RenderableType:
    """The final board and the winner; ``notes`` add lines below (e.g. hints used).

    ``top`` (a panel and its rows, the last showdown's) goes under the board.
    """
    width, height, glyphs = frame.width, frame.height, frame.glyphs
    notice = Text(justify="center")
    notice.append(
        "The game is drawn." if view.winner is None else f"{names[view.winner]} wins the game!",
        style="bold",
    )
    notice.append(f"\nThe Tacocat reached {view.space} after {plural(view.round_number, 'round')}.")
    for note in notes:
        notice.append(f"\n{note}")
    message_text = fold(Text(f"! {message}", style="bold red"), width) if message else Text()
    high = tall(frame, view.rules)
    panel, panel_rows = top or (Text(), 0)
    used = (
        board_height(view, names, glyphs, width, high)
        + panel_rows
        + rows_of(notice)
        + PANEL_EDGES
        + rows_of(message_text)
        + INPUT_ROWS
    )
    parts: list[RenderableType] = [board_for_view(view, names, glyphs, width, high)]
    parts += log_area(log, height - used, frame, names=names)
    parts += [panel] if top else []
    tint_names(notice, names)
    parts.append(Panel(notice, box=glyphs.box, title="Game over", padding=(0, 1)))
    if message_text.plain:
        parts.append(message_text)
    return Group(*parts)


def help_screen(
    view: PlayerView,
    lines: Sequence[str],
    keyed: Keyed,
    frame: Frame = STANDARD,
) -> RenderableType:
    """The ``?`` screen, with the hand under it when the frame's height leaves room."""
    width, height, glyphs = frame.width, frame.height, frame.glyphs
    panel = notice_screen("Help", lines, glyphs)
    high = tall(frame, view.rules)
    hand_rows = hand_height(len(keyed), width, view.rules, high)
    text_rows = sum(max(1, len(wrap(line, width - 4))) for line in lines) + PANEL_EDGES
    if text_rows + hand_rows + INPUT_ROWS > height:
        return panel
    return Group(panel, hand_row(keyed, glyphs, room=width, rules=view.rules, tall=high))


def scroll_screen(
    title: str,
    lines: Sequence[Text],
    top: int,
    rows: int,
    frame: Frame = STANDARD,
) -> RenderableType:
    """``rows`` of ``lines`` from ``top``, under a title saying where they are."""
    glyphs = frame.glyphs
    shown = list(lines[top : top + rows])
    last = min(len(lines), top + rows)
    where = f"{title} {glyphs.dot} lines {top + 1}-{last} of {len(lines)}" if lines else title
    body = Text("\n", no_wrap=True, overflow="crop").join(shown) if shown else Text("(empty)")
    return Group(Rule(Text(where, style="rule.text"), characters=glyphs.rule, align="left"), body)


def scroll_prompt(title: str, top: int, rows: int, total: int) -> str:
    """The keys of the scroll view, as its prompt."""
    keys = ["Enter: down" if top + rows < total else "Enter: back to the game"]
    if top > 0:
        keys.append("b: up")
    keys += ["t/e: top/end", "q: back"]
    return f"{title} ({', '.join(keys)}): "
