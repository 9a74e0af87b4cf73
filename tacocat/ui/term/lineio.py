"""A line terminal: the game as a transcript, for TERM=dumb, Emacs, a screen reader or a pipe.

:class:`LineIo` never draws: each screen is read as plain blocks (:mod:`tacocat.ui.draw.plain`)
and only what changed is printed: new log entries, the board and the hand when they
differ from those printed last, any other block the screen before did not hold.
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext, suppress
from typing import IO, TYPE_CHECKING

from rich.console import RenderableType

from tacocat.sanitize import visible
from tacocat.ui.draw import boxes
from tacocat.ui.draw.cards import NEW_MARK
from tacocat.ui.draw.plain import BOARD, HAND, LOG, NEWS, RESULT, TEXT, Block, blocks
from tacocat.ui.term.io import Kind, Prompt
from tacocat.ui.term.keys import drop_typeahead, isatty, too_soon
from tacocat.ui.term.signals import RestoredOnExit, SignalGuard

if TYPE_CHECKING:
    from collections.abc import Callable

LINE_WIDTH = 1000  # blocks are laid out unbroken, then printed in lines of at most:
PRINT_WIDTH = 80
LINE_HEIGHT = 10_000  # no screen is cut to fit: a pager shows all of it at once
INDENT = "  "  # the lines of a block under a heading
ENTRY = "* "  # before each log entry
# The frame of a plain-text panel (tacocat.ui.draw.boxes.framed), dropped from show_text's lines.
FRAME = "".join(set(boxes.ROUNDED + boxes.ASCII) - {" ", "\n"})
STORY_ORDER = {LOG: 0, NEWS: 0, RESULT: 1}  # the rest (2): the table as it is now
VALUE_IN_BRACKETS = re.compile(r"\[(\d+)\]")  # a card drawn as [9] on the screen is 9 here


class LineIo(RestoredOnExit):
    """The game on standard input and output as lines (``tacocat play --plain``)."""

    def __init__(self, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.guard = SignalGuard()  # Ctrl-Z keeps its default: nothing to hide
        self.on_resume: Callable[[bool], None] | None = None  # never called: nothing to hide
        self._log = SeenLog()  # the log entries printed so far
        self._board: Block | None = None  # the board printed last
        self._hand: tuple[str, ...] = ()  # the cards printed last
        self._hand_printed = False  # since the last decision
        self._screen_hand: Block | None = None  # the hand on the screen now
        self._decided_with: Block | None = None  # the hand on screen at the last decision
        self._previous: set[Block] = set()  # the blocks of the screen before
        self._said: set[str] = set()  # its sentences under no heading
        self._recent: Sequence[str] = ()  # the lines printed last
        self._fresh_line = True  # nothing written after the last line's end

    # -- tacocat.ui.term.io.Io --------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return LINE_WIDTH, LINE_HEIGHT

    @property
    def is_terminal(self) -> bool:
        return False  # no screen to fit the game in

    def show(self, *renderables: RenderableType, secret: bool = False) -> None:
        found = [block for renderable in renderables for block in blocks(renderable, LINE_WIDTH)]
        self._print(self._changes(found))

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        """The prompt, then one line (its end: EOFError); keys typed ahead dropped, and said."""
        dropped = self.flush_input() if settle > 0 or prompt.kind is Kind.DECISION else 0
        if prompt.kind is Kind.DECISION:  # typed while waiting: meant for no decision
            hand = self._screen_hand  # shown again unless printed since the last decision
            if hand is not None and not self._hand_printed and hand != self._decided_with:
                self._print(_block_lines(hand))
            self._decided_with, self._hand_printed = hand, False
        note = too_soon(dropped)
        if note is not None:
            self._print([note])  # the full screen's dim note, as a line of its own
        self._fresh_line = False  # first: a signal may come as soon as it is written
        self.stdout.write(visible(prompt.text))
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        if not isatty(self.stdin):
            self.stdout.write(visible(line))  # a terminal would have echoed it
        self.stdout.write("\n")
        self._fresh_line = True
        if prompt.kind in (Kind.DECISION, Kind.RESULT):
            self._log.news_begin()  # the game starts its news afresh after these
        elif prompt.kind is Kind.AGAIN:
            self._log.game_over()
        elif prompt.kind in (Kind.BACK, Kind.PAGER):
            self._decided_with = None  # back from help, rules or log: the hand again
        return line

    def flush_input(self) -> int:  # a pipe keeps its lines: they were meant to be read
        return drop_typeahead(self.stdin)

    def busy(self, text: str, ascii_only: bool) -> AbstractContextManager[object]:
        """Say ``text`` once (unless the line before said it): no spinner."""
        if not any(line.startswith(text) for line in self._recent):
            self._print([text])
        self.stdout.flush()
        return nullcontext()

    def farewell(self, *renderables: RenderableType) -> None:
        self.show(*renderables)

    def restore(self) -> None:
        """End the line a prompt left open (Ctrl-C, Ctrl-D at a prompt)."""
        with suppress(OSError, ValueError):
            if not self._fresh_line:
                self.stdout.write("\n")
                self._fresh_line = True
            self.stdout.flush()

    # -- what tacocat.ui.term.start.ask_names asks of a terminal ----------------------

    ascii_only = False

    def show_text(self, text: str, secret: bool = False) -> None:
        lines = [line.strip(FRAME + " ") for line in text.split("\n")]
        self.show("\n".join(line for line in lines if line))

    def ask_as(self, owner: object, prompt: str) -> str:
        return self.read(Prompt(Kind.DECISION, prompt))

    # -- what changed ------------------------------------------------------------

    def _changes(self, found: Sequence[Block]) -> list[str]:
        lines: list[str] = []
        logged = False
        self._screen_hand = next((block for block in found if block.kind == HAND), None)
        # What happened first, then its panels (a showdown), then the table as it is now.
        for block in sorted(found, key=lambda block: STORY_ORDER.get(block.kind, 2)):
            if block.kind in (LOG, NEWS):
                if not logged:  # the log, then the news below it: new entries, once
                    entries = [e for b in found if b.kind == LOG for e in b.lines]
                    new = self._log.shown(entries)
                    news = [e for b in found if b.kind == NEWS for e in b.lines]
                    lines += [ENTRY + entry for entry in new + self._log.news(news)]
                    logged = True
                continue
            if block.kind == BOARD:
                if block == self._board:
                    continue
                self._board = block
            elif block.kind == HAND:
                cards = tuple(line.removesuffix(f" ({NEW_MARK})") for line in block.lines)
                if cards == self._hand:
                    continue
                self._hand, self._hand_printed = cards, True
            elif block in self._previous:
                continue
            elif block.kind == TEXT and not block.heading:
                lines += [line for line in block.lines if line not in self._said]
                continue
            lines += _block_lines(block)
        self._previous = set(found)
        self._said = {line for b in found if b.kind == TEXT and not b.heading for line in b.lines}
        self._said.discard("")
        return lines

    def _print(self, lines: Sequence[str]) -> None:
        if not lines:
            return
        if not self._fresh_line:
            self.stdout.write("\n")
        text = "".join(line + "\n" for line in lines for line in _fold(visible(line)))
        self.stdout.write(VALUE_IN_BRACKETS.sub(r"\1", text))
        self._recent, self._fresh_line = lines, True
        self.stdout.flush()


def _fold(line: str) -> list[str]:
    if len(line) <= PRINT_WIDTH:
        return [line]
    indent = line[: len(line) - len(line.lstrip())]
    return textwrap.wrap(
        line, PRINT_WIDTH, subsequent_indent=indent + "  ", break_on_hyphens=False
    ) or [line]


def _block_lines(block: Block) -> list[str]:
    if not block.heading:
        return list(block.lines)
    return [block.heading, *(INDENT + line if line else "" for line in block.lines)]


class SeenLog:
    """Which log entries the reader has been shown, however each screen cuts the log.

    A result's screen shows the log without its newest entries and the news
    apart, so an entry printed from the news is remembered (``extra``) and not
    printed again when the whole log next shows it.  A log that no longer
    starts as the one shown was changed by a take-back, or is the next game's.
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.base: list[str] = []  # the log as last shown whole
        self.extra: list[str] = []  # entries printed from the news, past ``base``
        self.printed: list[str] = []  # every entry printed, in order
        self.mark = 0  # len(printed) when the game last started its news
        self.ended: list[str] | None = None  # the finished game's log, at "Play again?"

    def shown(self, entries: Sequence[str]) -> list[str]:
        entries = list(entries)
        if self.ended is not None:
            if not entries or entries == self.ended:
                return []  # the finished game's log again (the final board)
            self.reset()  # the next game
        same = 0
        for seen, entry in zip(self.base, entries, strict=False):
            if seen != entry:
                break
            same += 1
        if same == len(entries) and same <= len(self.base):
            return []  # the same log, or an earlier part of it
        if same < len(self.base):  # taken back: what follows the change is new
            new, self.extra = entries[same:], []
        else:
            new, self.extra = _without(entries[same:], self.extra)
        self.base = entries
        self.printed += new
        return new

    def news(self, entries: Sequence[str]) -> list[str]:
        new, _ = _without(list(entries), self.printed[self.mark :])
        self.extra += new
        self.printed += new
        return new

    def news_begin(self) -> None:
        self.mark = len(self.printed)

    def game_over(self) -> None:
        self.ended = list(self.base)


def _without(entries: list[str], seen: Sequence[str]) -> tuple[list[str], list[str]]:
    """``entries`` less one of each entry in ``seen``; and what of ``seen`` was not there."""
    left = list(entries)
    missing: list[str] = []
    for entry in seen:
        if entry in left:
            left.remove(entry)
        else:
            missing.append(entry)
    return left, missing
