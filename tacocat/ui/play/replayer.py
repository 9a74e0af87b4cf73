"""Watching a recorded game step by step, in the game's alternate screen and with its keys."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field

from rich.console import Group, RenderableType
from rich.text import Text

from tacocat.engine.events import RoundStarted
from tacocat.storage.replay import Step
from tacocat.ui.draw.folding import fold, rows_of
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.glyphs import Glyphs
from tacocat.ui.draw.replayscreen import step_screen
from tacocat.ui.play.dialogs import QUIT_WORDS
from tacocat.ui.term.io import Kind, Prompt
from tacocat.ui.term.signals import Stopped
from tacocat.ui.term.terminal import Terminal


@dataclass
class Replay:
    """A game's steps to watch, with what to say under each (notes, the coach, a warning)."""

    title: str
    names: tuple[str, str]
    steps: list[Step]
    public: bool  # an unfinished game: no hand, no face-down choice
    below: dict[int, list[Text]] = field(default_factory=dict)  # lines under step N
    marked: tuple[int, ...] = ()  # steps the coach marked (replay --analyze): key m goes there


def watch(terminal: Terminal, replay: Replay, glyphs: Glyphs) -> bool:
    """Show one step at a time until the end (True) or until the viewer leaves (False).

    Ctrl-C, Ctrl-D and a signal leave too.  Either way the step on screen is
    printed again on the shell's screen, on lines of its own.
    """
    place, finished = Place(), False
    terminal.guard.install()
    try:
        with terminal:
            try:
                finished = _navigate(terminal, replay, glyphs, place)
            except (KeyboardInterrupt, EOFError, Stopped):
                with suppress(OSError, ValueError):  # after SIGHUP the terminal may be gone
                    terminal.stream.write("\n")  # the prompt the viewer left got no Enter
    except (KeyboardInterrupt, EOFError, Stopped):
        pass  # while entering or leaving the screen: the step is printed all the same
    finally:
        terminal.restore()
        terminal.guard.release()
    width = terminal.size[0]
    frame = Frame(width, 0, glyphs)
    terminal.farewell(Text(replay.title, style="bold"), _step(replay, place.index, frame, None))
    return finished


@dataclass
class Place:
    """The step on screen, kept where an interrupted replay still finds it."""

    index: int = 0


def _navigate(terminal: Terminal, replay: Replay, glyphs: Glyphs, place: Place) -> bool:
    """Step through until the viewer leaves: True if they went to the end.

    ``place`` follows the step on screen, so Ctrl-C leaves at the step shown.
    """
    last = len(replay.steps) - 1
    index, note = 0, ""
    while True:
        place.index = index
        width, height = terminal.size
        terminal.show(_screen(replay, index, Frame(width, height, glyphs), note))
        note = ""
        keys = _keys(index, last, glyphs, bool(replay.marked))
        answer = terminal.read(Prompt(Kind.PAGER, keys)).strip().lower()
        if answer in (*QUIT_WORDS, "x"):
            return False
        if answer in ("e", "end", "a") or (answer == "" and index == last):
            place.index = last
            return True
        if answer in ("", "n", "next"):
            index += 1
        elif answer in ("b", "back"):
            index = max(0, index - 1)
        elif answer in ("t", "top"):
            index = 0
        elif answer in ("m", "mark", "mistake") and replay.marked:
            index, note = _next_marked(replay, index)
        elif answer.startswith("r"):
            index, note = _to_round(terminal, replay, index, answer[1:].strip())
        else:
            marks = ", m" if replay.marked else ""
            note = f"Type Enter, b, t, e, r N{marks} or q ({answer[:20]!r} is none of them)."


def _to_round(terminal: Terminal, replay: Replay, index: int, typed: str) -> tuple[int, str]:
    """The first step of the round typed (asked for if not given), or a note why not."""
    if not typed:
        typed = terminal.read(Prompt(Kind.NOTICE, "Go to round: ")).strip()
    number = int(typed) if typed.isascii() and typed.isdigit() and len(typed) < 5 else None
    target = _round_start(replay.steps, number) if number is not None else None
    if target is None:
        rounds = replay.steps[-1].state.round_number
        return index, f"There is no round {typed[:10]}: this game has rounds 1 to {rounds}."
    return target, ""


def _screen(replay: Replay, index: int, frame: Frame, note: str) -> RenderableType:
    """The title, the step fitted to the frame, what is said under it, and a note."""
    width = frame.width
    title = fold(Text(replay.title, style="bold"), width)
    below = [fold(line, width) for line in replay.below.get(replay.steps[index].number, [])]
    if note:
        below.append(fold(Text(note, style="bold"), width))
    # Rows: the title, the step, the lines below it, and the prompt's line.
    rows = frame.height - rows_of(title) - sum(rows_of(line) for line in below) - 1
    return Group(title, _step(replay, index, frame, rows), *below)


def _step(replay: Replay, index: int, frame: Frame, rows: int | None) -> RenderableType:
    last = len(replay.steps) - 1
    return step_screen(replay.steps[index], last, replay.names, frame, rows, replay.public)


def _keys(index: int, last: int, glyphs: Glyphs, marked: bool = False) -> str:
    """The prompt: every key it takes at this step (t and b only once there is a way back)."""
    keys = ["Enter: next step" if index < last else "Enter: finish"]
    keys += ["b: back", "t/e: first/last"] if index > 0 else ["e: to the end"]
    if marked:
        keys.append("m: next mistake")
    keys += ["r N: round N", "q: quit"]
    return f" {glyphs.dot} ".join(keys) + ": "


def _next_marked(replay: Replay, index: int) -> tuple[int, str]:
    """The next step the coach marked after the one shown, or a note that there is none."""
    for later in range(index + 1, len(replay.steps)):
        if replay.steps[later].number in replay.marked:
            return later, ""
    return index, "No marked move after this step (t goes back to the start)."


def _round_start(steps: Sequence[Step], number: int) -> int | None:
    """The index of the step that deals round ``number`` (0 for round 1), or None."""
    for index, step in enumerate(steps):
        if any(isinstance(e, RoundStarted) and e.round_number == number for e in step.events):
            return index
    return None
