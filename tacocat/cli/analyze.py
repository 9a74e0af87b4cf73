"""``tacocat analyze [GAME]``: which decisions of a finished game gave the win away."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click
from rich.box import Box

from tacocat.cli.options import Whole, ascii_option
from tacocat.cli.recorded import outcome, unplayable

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from tacocat.coach.analysis import GameAnalysis, PlayerSummary
    from tacocat.storage.records import GameRecord
    from tacocat.ui.draw.glyphs import Glyphs

GRAPH_WIDTH = 80  # the win-chance graph keeps to a standard terminal's width
WIDE_TABLE = 90  # from this width the table's columns stand 3 apart (2 from 70, else 1)
PIPED_WIDTH = 100  # a file or pager has no width of its own: room for long replacements
UNFINISHED = (
    "this game is not finished, so it is not analysed: the analysis plays out both "
    "hands and would show the cards still hidden. Finish it first: {resume}."
)


@click.command()
@click.argument("game", required=False, metavar="[GAME]")
@click.option("--json", "as_json", is_flag=True, help="Print the whole analysis as JSON.")
@click.option(
    "--jobs",
    "-j",
    type=Whole(min=1),
    metavar="N",
    help="Processes to analyse with (default: one per core).",
)
@click.option(
    "--budget",
    type=Whole(min=1),
    metavar="N",
    help="Rollouts per decision (more: steadier marks, slower; default 1500).",
)
@ascii_option
def analyze(
    game: str | None, as_json: bool, jobs: int | None, budget: int | None, ascii_only: bool
) -> None:
    """Judge every decision of a finished game and mark the costly ones.

    GAME is a game's id or number from `tacocat history` (1 is the newest
    game, the default), or the path of a record file.  Each decision is judged from
    what its player could see then: the evaluator estimates the chance of
    winning the game after every legal action, and the drop from the best
    one marks an inaccuracy (5 points or more), a mistake (10) or a blunder
    (15), as lichess does for chess, and the biggest mistakes say why.  The
    same game gives the same marks every time: the result is kept beside the
    game's record, and a second analysis of it (same version and budget) is instant.
    """
    from rich.console import Console

    from tacocat.cli.recorded import find_record
    from tacocat.coach.analysis import ANALYSIS_BUDGET
    from tacocat.coach.luck import measure, report, report_data
    from tacocat.ui.draw.glyphs import glyphs
    from tacocat.ui.draw.graph import win_graph

    record = find_record(game)
    console = Console(highlight=False, emoji=False)
    plain = ascii_only or not console.is_terminal
    if not console.is_terminal and not os.environ.get("COLUMNS", "").isdigit():
        console.width = PIPED_WIDTH  # an exported COLUMNS is the width asked for
    analysis = run_analysis(
        record, budget or ANALYSIS_BUDGET, jobs, console, quiet=as_json, ascii_only=plain
    )
    names = record.info.names
    lucks = measure(record.rules, record.info.seed, record.actions, analysis.reviews)
    if as_json:
        import json

        from tacocat.cli.output import echo, prepare_stdout

        data = {"game": _game_data(record), **analysis.to_data(names)}
        data["luck"] = report_data(lucks, names)
        # JSON's own escapes for what the output encoding lacks: the data stays exact.
        echo(json.dumps(data, indent=2, ensure_ascii=not prepare_stdout()))
        return
    shapes = glyphs(plain)
    console.print(_title(record, analysis, shapes))
    console.print(thresholds_line(), markup=False)
    console.print()
    console.print(win_graph(analysis, names, min(console.width, GRAPH_WIDTH), plain))
    console.print(decisions_table(analysis, names, shapes, console.width))
    for summary in analysis.summaries:
        console.print(_summary(summary, record, shapes))
    console.print(report(lucks, names), markup=False)


def run_analysis(
    record: GameRecord,
    budget: int,
    jobs: int | None,
    console: Console,
    quiet: bool = False,
    ascii_only: bool = False,
) -> GameAnalysis:
    """Analyse the record's finished game, with a progress bar on a terminal (ASCII: no bar)."""
    if not record.finished:
        raise click.ClickException(UNFINISHED.format(resume=record.info.resume_command()))
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from tacocat.coach.stored import analyse_record
    from tacocat.storage.replay import ReplayError

    bar = Progress(
        "Analysing",
        *(() if ascii_only else (BarColumn(),)),  # the bar is drawn with Unicode blocks
        MofNCompleteColumn(),
        "decisions",
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=quiet or not console.is_terminal,
    )
    task = bar.add_task("analyse", total=None)
    try:
        with bar:
            return analyse_record(
                record,
                budget,
                jobs,
                lambda done, total: bar.update(task, completed=done, total=total),
            )
    except KeyboardInterrupt:
        click.echo("Analysis stopped (Ctrl-C).", err=True)
        raise SystemExit(130) from None
    except ReplayError as error:
        raise unplayable(error) from None


def thresholds_line() -> str:
    from tacocat.coach.verdict import ACCURATE, MARKS, points

    marks = ", ".join(f"{name} {points(threshold)}+" for threshold, name in reversed(MARKS))
    return (
        "Marks by the points of win chance a move lost:\n"
        f"{marks} (as on lichess).\n"
        f"Accurate: within {points(ACCURATE)} points of the best move."
    )


def _title(record: GameRecord, analysis: GameAnalysis, shapes: Glyphs) -> RenderableType:
    """Three short lines (the game and result, when and the seed, the work), none cut at 80."""
    from rich.text import Text

    from tacocat.engine.words import plural

    info = record.info
    cached = f" {shapes.dot} read from the cache beside the record" if analysis.cached else ""
    title = Text(f"Analysis: {info.players}: {outcome(record)}", style="bold")
    title.append(
        f"\nstarted {info.started[:16].replace('T', ' ')} UTC {shapes.dot} seed {info.seed}\n"
        f"{plural(len(analysis.reviews), 'decision')} {shapes.dot} "
        f"{plural(analysis.budget, 'rollout')} each{cached}",
        style="",
    )
    return title


# A rule under the header only, in ASCII (rich's SIMPLE_HEAD draws it with a box line).
ASCII_HEAD = Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)


def decisions_table(
    analysis: GameAnalysis, names: tuple[str, str], shapes: Glyphs, width: int = PIPED_WIDTH
) -> RenderableType:
    """One row per decision; only the moves wrap (at a space); narrow, the columns close up."""
    from rich.box import SIMPLE_HEAD
    from rich.table import Table
    from rich.text import Text

    from tacocat.coach.reasons import percent
    from tacocat.coach.verdict import short
    from tacocat.ui.draw.graph import MARK_STYLES

    table = Table(
        box=ASCII_HEAD if shapes.box.ascii else SIMPLE_HEAD,
        header_style="bold",
        pad_edge=False,
        show_edge=False,
        padding=(0, 1) if width >= WIDE_TABLE else (0, 1, 0, 0) if width >= 70 else 0,
    )
    for heading, justify in (
        ("step", "right"),
        ("round", "right"),
        ("player", "left"),
        ("played", "left"),
        ("best", "left"),
        ("win", "right"),
        ("after", "right"),
        ("mark", "left"),
    ):
        moves = heading in ("played", "best")
        table.add_column(
            heading,
            justify=justify,  # type: ignore[arg-type]
            no_wrap=not moves,
            overflow="fold" if moves else "ellipsis",
        )
    for item in analysis.reviews:
        if item.forced:
            mark, best, before = Text("forced", style="dim"), "", ""
        else:
            label = item.mark or ""
            mark = Text(label, style=MARK_STYLES.get(label, ""))
            # No best move is listed within the evaluator's error of the move played.
            best = "" if item.best == item.played or item.equal else short(item.best)
            before = percent(item.win_before)
        table.add_row(
            str(item.step),
            str(item.round_number),
            Text(names[item.player]),
            short(item.played),
            best,
            before,
            percent(item.win_after),
            mark,
        )
    return table


def _summary(summary: PlayerSummary, record: GameRecord, shapes: Glyphs) -> RenderableType:
    from rich.console import Group
    from rich.padding import Padding
    from rich.text import Text

    from tacocat.coach.verdict import ACCURATE, MARKS, points
    from tacocat.engine.words import plural

    names = record.info.names
    head = Text(f"\n{names[summary.player]}", style="bold")
    accuracy = summary.accuracy
    if accuracy is None:
        head.append(": no decision with a choice.", style="")
        return head
    head.append(
        f": accuracy {round(accuracy * 100)}% ({summary.accurate} of {summary.choices} "
        f"choices within {points(ACCURATE)} points of the best)",
        style="",
    )
    counts = ", ".join(plural(summary.marks[name], name) for _, name in MARKS)
    hints = plural(record.hints[summary.player], "hint")
    lines: list[RenderableType] = [Text(f"{counts} {shapes.dot} {hints} used in the game")]
    kind = summary.costliest_kind
    if kind is not None:
        given = plural(round(summary.cost_by_kind[kind] * 100), "point")
        lines.append(Text(f"Costliest kind of decision: {kind} ({given} given away in all)"))
    if summary.worst:
        lines += [Text("Biggest mistakes:"), _mistakes(summary, shapes)]
    return Group(head, *(Padding(line, (0, 0, 0, 2), expand=False) for line in lines))


def _mistakes(summary: PlayerSummary, shapes: Glyphs) -> RenderableType:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from tacocat.coach.verdict import short, why

    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for item in summary.worst:
        said: list[RenderableType] = [
            Text(
                f"step {item.step} (round {item.round_number}): {short(item.played)} "
                f"instead of {short(item.best)}, -{item.lost} points, {item.mark}"
            )
        ]
        if item.why_best or item.why_played:
            said.append(Text(why(item).strip(), style="dim"))
        grid.add_row(shapes.bullet, Group(*said))
    return grid


def _game_data(record: GameRecord) -> dict[str, object]:
    info = record.info
    return {
        "game_id": info.game_id,
        "players": list(info.names),
        "seed": info.seed,
        "started": info.started,
        "winner": None if record.winner is None else info.names[record.winner],
        "rounds": record.rounds,
        "hints": {info.names[seat]: record.hints[seat] for seat in (0, 1)},
        "path": None if record.path is None else str(record.path),
    }
