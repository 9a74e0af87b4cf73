"""Render time and bytes written per screen, this code against an older commit.

    python benchmarks/render.py                      # against 5dc6b03 (80-column screens)
    python benchmarks/render.py --against main~3 --rounds 7

Every decision of a few seeded random games is drawn as its decision screen
and its hand-over screen, the way the game writes them to a colour terminal
(rich, 256 colours, into memory): through ``tacocat.ui.term.terminal.draw`` where
the code has it (blank cells skipped, see ``tacocat/ui/compact.py``), else
with rich's ``print``.  Per screen it reports the median time to build and
draw and the bytes written.  The older code is taken from git (``git
archive``) into a temporary folder and run in its own process; the two sides
alternate round by round, so a busy machine slows both alike, and the ratio
of medians is the figure to read (the range of the rounds' own ratios shows
the spread).  The older code lays out 80 columns only, so the comparison is
at 80x24; this code's larger screens are listed too.
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Annabelle", "Bob")  # a name longer than the old goal column
OLD = "5dc6b03"  # the last commit with 80-column screens


def measure(
    width: int, height: int, games: int, names: tuple[str, str] = NAMES
) -> dict[str, float]:
    """Draw every decision of ``games`` games; seconds and bytes per screen, by kind."""
    from rich.console import Console, RenderableType

    from tacocat.engine import new_game

    try:
        from tacocat.ui.draw import screens
        from tacocat.ui.draw.cards import keyed_hand
        from tacocat.ui.draw.prompts import hints, instruction
    except ImportError:  # before the ui was split into folders (681f915)
        from tacocat.ui.cards import keyed_hand  # type: ignore[import-not-found,no-redef]
        from tacocat.ui.prompts import hints, instruction  # type: ignore[import-not-found,no-redef]

        from tacocat.ui import screens  # type: ignore[attr-defined,no-redef]

    try:  # how the game writes a screen onto a cleared terminal
        from tacocat.ui.term.terminal import draw as write
    except ImportError:  # older code printed the screen as it was
        write = None

    def draw(renderable: RenderableType) -> int:
        out = io.StringIO()
        console = Console(
            file=out,
            width=width,
            height=height,
            force_terminal=True,
            color_system="256",
            legacy_windows=False,
            highlight=False,  # as tacocat play's console
            emoji=False,
        )
        if write is None:
            console.print(renderable)
        else:
            write(console, renderable, width)
        return len(out.getvalue().encode("utf-8"))

    parameters = inspect.signature(screens.handover_screen).parameters
    sized = "width" in parameters
    framed = "frame" in parameters  # screens laid out in a Frame(width, height, glyphs)
    totals = {"decision": [0.0, 0, 0], "handover": [0.0, 0, 0]}
    for seed in range(games):
        state = new_game(seed)
        rng = random.Random(seed)
        events = list(state.opening_events)
        while not state.is_terminal():
            player = state.current_player()
            assert player is not None
            view = state.view(player)
            log = [event.text(names) for event in events]
            keyed = keyed_hand(view.hand)
            tips = [instruction(view.phase, len(view.table), view.replace_limit)]
            tips += hints(view, keyed)
            extra = {"width": width} if sized else {}
            calls = [
                (
                    "decision",
                    screens.decision_screen,
                    (view, names, log, keyed, tips, None, height, width),
                    {},
                ),
                ("handover", screens.handover_screen, (view, names, log, height, log[-2:]), extra),
            ]
            if framed:
                from tacocat.ui.draw.frame import Frame
                from tacocat.ui.draw.glyphs import UNICODE

                frame = Frame(width, height, UNICODE)
                calls = [
                    (
                        "decision",
                        screens.decision_screen,
                        (view, names, log, keyed, tips, None, frame),
                        {},
                    ),
                    ("handover", screens.handover_screen, (view, names, log, frame, log[-2:]), {}),
                ]
            for kind, function, positional, named in calls:
                started = time.perf_counter()
                size = draw(function(*positional, **named))
                seconds = time.perf_counter() - started  # building the screen counts too
                totals[kind][0] += seconds
                totals[kind][1] += size
                totals[kind][2] += 1
            events += state.apply_action(rng.choice(list(state.legal_actions())))
    result: dict[str, float] = {}
    for kind, (seconds, size, count) in totals.items():
        result[f"{kind} ms"] = 1000 * seconds / count
        result[f"{kind} bytes"] = size / count
    return result


def worker(
    source: Path, width: int, height: int, games: int, names: tuple[str, str]
) -> dict[str, float]:
    """One measurement in a fresh process, importing tacocat from ``source``."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        "from render import measure; "
        "a = sys.argv; names = (a[5], a[6]); "
        "print(json.dumps(measure(int(a[2]), int(a[3]), int(a[4]), names)))"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            str(ROOT / "benchmarks"),
            str(width),
            str(height),
            str(games),
            *names,
        ],
        env=env,
        cwd=source,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout)


def old_tree(ref: str) -> Path:
    """The ``tacocat`` package as it was at ``ref``, in a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="tacocat-old-"))
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "tacocat"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=OLD, help=f"the older commit (default {OLD})")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--names", default=",".join(NAMES), help="the two names, NAME,NAME")
    args = parser.parse_args()

    first, second = args.names.split(",")
    names = (first, second)
    old = old_tree(args.against)
    sides = {
        f"{args.against} 80x24": (old, 80, 24),
        "this code 80x24": (ROOT, 80, 24),
        "this code 100x30": (ROOT, 100, 30),
        "this code 160x48": (ROOT, 160, 48),
    }
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in sides}
    for round_ in range(args.rounds):  # every other round in the reverse order
        order = list(sides.items())
        for name, (source, width, height) in order if round_ % 2 == 0 else reversed(order):
            runs[name].append(worker(source, width, height, args.games, names))
    keys = list(runs[next(iter(runs))][0])
    print(f"{'':>20}" + "".join(f"{key:>16}" for key in keys))
    medians = {}
    for name, results in runs.items():
        medians[name] = {key: statistics.median(r[key] for r in results) for key in keys}
        print(f"{name:>20}" + "".join(f"{medians[name][key]:16.2f}" for key in keys))
    base, new = medians[f"{args.against} 80x24"], medians["this code 80x24"]
    print(
        "ratio this code / older at 80x24: "
        + ", ".join(f"{key} {new[key] / base[key]:.2f}" for key in keys)
    )
    older, this = runs[f"{args.against} 80x24"], runs["this code 80x24"]
    for key in (key for key in keys if key.endswith(" ms")):  # bytes do not vary
        ratios = sorted(mine[key] / theirs[key] for mine, theirs in zip(this, older, strict=True))
        print(f"{key}, this code / older round by round: {ratios[0]:.2f}-{ratios[-1]:.2f}")


if __name__ == "__main__":
    main()
