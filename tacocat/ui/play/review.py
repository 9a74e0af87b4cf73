"""The game-over screen's ``a``: the analysis of the game just played (docs/playing.md).

The game is over, so nothing on it is secret any more; the analysis is kept
beside the record, so a later ``tacocat analyze`` of the same game is instant.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from tacocat.coach.analysis import ANALYSIS_BUDGET, GameAnalysis
from tacocat.coach.reasons import percent
from tacocat.coach.stored import analyse_record
from tacocat.coach.verdict import short
from tacocat.storage.records import RecordError, read_record, record_path
from tacocat.storage.replay import ReplayError
from tacocat.ui.draw.graph import win_graph
from tacocat.ui.term.io import Kind, Prompt

if TYPE_CHECKING:
    from tacocat.ui.play.sitting import Sitting

BACK = Prompt(Kind.NOTICE, "Press Enter to go back: ")


def review_game(game: Sitting) -> str | None:
    """Analyse the finished game and show it; a note for the game-over screen if it cannot."""
    autosave = game.autosave
    if autosave is None or not autosave.recorded:
        return "This game has no record on disk, so it cannot be analysed."
    try:
        record = read_record(record_path(autosave.info))
        with game.io.busy(f"Analysing the game{game.glyphs.ellipsis}", game.ascii):
            analysis = analyse_record(record, ANALYSIS_BUDGET)
    except (RecordError, ReplayError, OSError) as error:
        return f"The game could not be analysed ({error})."
    except KeyboardInterrupt:
        return "Analysis stopped."
    frame = game.dialogs.frame()
    lines = summary_lines(analysis, game.names)
    lines.append(f"Every decision, with reasons: tacocat analyze {autosave.info.short_id}")
    screen = Group(
        win_graph(analysis, game.names, min(frame.width, 80), frame.glyphs.box.ascii),
        Text("\n".join(lines)),
    )
    game.dialogs.wait(screen, BACK)
    return None


def summary_lines(analysis: GameAnalysis, names: tuple[str, str]) -> list[str]:
    """Per player: accuracy, and the biggest mistake with the move the evaluator preferred."""
    lines = []
    for summary in analysis.summaries:
        name = names[summary.player]
        if summary.accuracy is None:
            lines.append(f"{name}: no decision with a choice.")
            continue
        line = f"{name}: accuracy {percent(summary.accuracy)}"
        if summary.worst:
            item = summary.worst[0]
            line += (
                f"; biggest mistake at step {item.step}: {short(item.played)} instead of "
                f"{short(item.best)} (-{item.lost} points)"
            )
        lines.append(line + ".")
    return lines
