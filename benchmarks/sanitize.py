"""The cost of drawing every screen through the control-character filter.

    python benchmarks/sanitize.py            # 100 alternating rounds of 5 screens each

``Terminal.show`` renders a screen to segments, passes each segment's text
through ``tacocat.sanitize.visible`` and prints the segments; the reference
clears the same way and prints the screen straight with rich.  Rounds
alternate which side goes first, so a busy moment on the machine slows both
alike; the result is the median of the per-round ratios.
"""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable

from rich.console import Console, RenderableType

from tacocat.engine import new_game
from tacocat.ui.draw import screens
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.glyphs import glyphs
from tacocat.ui.term.terminal import Terminal

ROUNDS, SCREENS = 100, 5


def decision() -> RenderableType:
    state = new_game(5)
    player = state.current_player()
    assert player is not None
    view = state.view(player)
    log = [f"event {n}" for n in range(10)]
    keyed = keyed_hand(view.hand)
    return screens.decision_screen(
        view, ("Ann", "Bob"), log, keyed, ["a hint"], None, Frame(80, 24, glyphs(False))
    )


def console() -> Console:
    return Console(file=io.StringIO(), force_terminal=True, width=80, height=24)


def filtered() -> None:
    Terminal(console()).show(decision(), secret=True)


def reference() -> None:
    out = console()
    Terminal(out).clear()
    out.print(decision())


def timed(draw: Callable[[], None]) -> float:
    started = time.perf_counter()
    for _ in range(SCREENS):
        draw()
    return (time.perf_counter() - started) / SCREENS


def main() -> None:
    timed(filtered), timed(reference)  # warm up imports and caches
    ours: list[float] = []
    theirs: list[float] = []
    for round_number in range(ROUNDS):
        if round_number % 2:
            ours.append(timed(filtered))
            theirs.append(timed(reference))
        else:
            theirs.append(timed(reference))
            ours.append(timed(filtered))
    ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
    print(
        f"filtered screen {statistics.median(ours) * 1e3:.2f} ms, "
        f"plain rich print {statistics.median(theirs) * 1e3:.2f} ms (medians); "
        f"ratio median {ratio:.3f}"
    )


if __name__ == "__main__":
    main()
