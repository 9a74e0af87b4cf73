"""``tacocat puzzles``: positions where one move is clearly best, to find it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import click

from tacocat.cli.options import Whole, ascii_option

if TYPE_CHECKING:
    from rich.console import Console

    from tacocat.puzzles.scores import Progress


@click.command()
@click.option("--name", help="Whose puzzles and results (asked for if left out).")
@click.option(
    "--from-games",
    "search",
    is_flag=True,
    help="First search this player's finished games for moves they missed (seconds a game).",
)
@click.option(
    "--games",
    type=Whole(1, 50),
    default=5,
    show_default=True,
    help="With --from-games: how many of the newest games not yet searched to search.",
)
@click.option("--results", is_flag=True, help="Print the player's results and stop.")
@click.option("--themes", is_flag=True, help="List the puzzles' themes with counts and stop.")
@ascii_option
def puzzles(
    name: str | None, search: bool, games: int, results: bool, themes: bool, ascii_only: bool
) -> None:
    """Find the clearly best move: puzzles from your games and from expert games.

    Each puzzle is a position from a game, shown as its player saw it, in
    which one move wins the game at least 10 points more often than the
    next best.  Type it as in a game (card letters, - to keep, s to
    sacrifice); the coach then shows the evaluation.  Solved and failed
    counts, a puzzle rating (Glicko-2) and a streak are kept per name; a
    wrong first try gets a second with a nudge.  With --from-games, your own
    finished games are searched first for positions where you missed the
    clearly best move.
    """
    from rich.console import Console

    from tacocat.names import name_problem
    from tacocat.puzzles.scores import load_scores
    from tacocat.storage.paths import checked_app_dir

    console = Console(highlight=False, emoji=False)
    if name is not None and (problem := name_problem(name)) is not None:
        raise click.BadParameter(problem, param_hint="--name")
    if themes:
        for line in theme_lines():
            console.print(line, markup=False)
        return
    checked_app_dir()
    players, damaged = load_scores()
    notes = [damaged] if damaged else []
    if results:
        for line in notes:
            console.print(line, markup=False)
        for line in result_lines(players, name):
            console.print(line, markup=False)
        return
    _sit(console, players, name, (search, games), ascii_only, notes)


def _sit(
    console: Console,
    players: dict[str, Progress],
    name: str | None,
    search: tuple[bool, int],
    ascii_only: bool,
    notes: list[str],
) -> None:
    from tacocat.ui.term.claim import terminal_problem

    if terminal_problem() is not None:  # not a terminal, or one that cannot clear its screen
        raise click.ClickException(
            "tacocat puzzles needs a full terminal on standard input and output: it asks "
            "for moves on the game's screens (tacocat puzzles --results prints the counts)"
        )
    from tacocat.puzzles.session import sit
    from tacocat.ui.term.signals import Stopped
    from tacocat.ui.term.terminal import Terminal

    terminal = Terminal(console)
    terminal.guard.install()
    # Each answer is saved as it is given: leaving by Ctrl-C, Ctrl-D or a signal loses none.
    said = "Puzzles stopped; every answer given is kept."
    try:
        with terminal:
            said = sit(terminal, players, name, *search, ascii_only, notes)
    except (KeyboardInterrupt, EOFError, Stopped):
        pass
    finally:
        terminal.restore()
        terminal.guard.release()
    for line in [*notes, said]:
        console.print(line, markup=False)


def result_lines(players: Mapping[str, Progress], name: str | None) -> list[str]:
    from tacocat.storage.ratings import PROVISIONAL

    lines = []
    for who, progress in sorted(players.items()):
        if name in (None, who):
            rating = progress.rating
            unsure = "?" if rating.deviation > PROVISIONAL else ""
            lines.append(
                f"{who}: {progress.solved} solved, {progress.failed} failed; puzzle rating "
                f"{rating.value:.0f}{unsure}, streak {progress.streak} "
                f"(best {progress.best_streak})"
            )
    return lines or ["No puzzle answered yet."]


def theme_lines() -> list[str]:
    from tacocat.puzzles.collection import load_set
    from tacocat.puzzles.themes import MEANINGS, THEMES

    shipped = load_set()
    lines = [f"The {len(shipped)} shipped puzzles by theme:"]
    for theme in THEMES:
        ratings = sorted(puzzle.rating for puzzle in shipped if puzzle.theme == theme)
        spread = f"rated {ratings[0]}-{ratings[-1]}" if ratings else ""
        lines.append(f"  {theme:<10}{len(ratings):>4}  {spread:<16} {MEANINGS[theme]}")
    return lines
