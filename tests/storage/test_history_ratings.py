"""`tacocat history`'s ratings: a line per name, best first, above the win totals."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tacocat.cli import history as history_module
from tacocat.cli import main
from tacocat.storage.records import GameRecord, list_records
from tests.storage.test_history_cli import record


def lines_of(output: str) -> list[str]:
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Ratings"))
    return lines[start:]


def test_each_name_gets_a_rating_line_best_first_above_the_totals() -> None:
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Computer"), "Ann", level="normal")
    record("b", "2026-01-03T10:00:00+00:00", ("Ann", "Bob"), "Ann")
    record("c", "2026-01-04T10:00:00+00:00", ("Ann", "Cy"), "in progress")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0, result.output
    lines = lines_of(result.output)
    assert lines[0].startswith("Ratings (Glicko-2)")
    ann, bob = lines[1], lines[2]
    assert ann.startswith("  Ann 1") and " provisional, +" in ann and " in 2 games, " in ann
    assert bob.startswith("  Bob 1") and ", -" in bob and " in 1 game, " in bob
    assert "Cy" not in "".join(lines[:3])  # a game in progress rates nobody
    assert ann.endswith("no accuracy yet")
    assert lines[3].startswith("  Computer levels: random ")
    assert lines[4].startswith("    ") and lines[4].endswith(" master 2535.")  # wrapped at 80
    assert lines[5] == "  Accuracy needs `tacocat analyze ID` on a game: it keeps its review."
    assert lines[6].startswith("Wins, hot seat")
    assert max(map(len, lines)) <= 80


def test_no_finished_game_no_ratings() -> None:
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Bob"), "in progress")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0 and "Ratings" not in result.output


def test_on_a_terminal_the_ratings_are_shown_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Bob"), "Ann")
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0 and "Ratings (Glicko-2" in result.output


def test_accuracy_is_the_mean_over_the_analysed_recent_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Computer"), "Ann", level="easy")
    record("b", "2026-01-03T10:00:00+00:00", ("Ann", "Computer"), "Computer", level="easy")
    record("c", "2026-01-04T10:00:00+00:00", ("Ann", "Computer"), "Ann", level="easy")
    found = {"a": 0.9, "c": 0.7}

    def fake(game: GameRecord, seat: int) -> float | None:
        assert seat == 0  # the person's seat, never the computer's
        return found.get(game.info.game_id)

    monkeypatch.setattr(history_module, "cached_accuracy", fake)
    result = CliRunner().invoke(main, ["history"])
    assert result.exit_code == 0, result.output
    assert lines_of(result.output)[1].endswith("accuracy 80% (2 analysed)")
    found["b"] = 0.8
    result = CliRunner().invoke(main, ["history"])
    lines = lines_of(result.output)
    assert (
        lines[1].endswith("accuracy 80% (all analysed)") and "Accuracy needs" not in result.output
    )


def test_without_a_cached_analysis_there_is_no_accuracy() -> None:
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Bob"), "Ann")
    records, _ = list_records()
    assert history_module.cached_accuracy(records[0], 0) is None


def test_a_kept_review_gives_the_accuracy_analyze_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs where the analysis cache is part of tacocat (tacocat.coach.stored)."""
    stored = pytest.importorskip("tacocat.coach.stored")
    from tacocat.coach import analysis

    monkeypatch.setattr(analysis, "ANALYSIS_BUDGET", 30)  # a small review, read back the same
    record("a", "2026-01-02T10:00:00+00:00", ("Ann", "Bob"), "Ann")
    (game,), _ = list_records()
    assert history_module.cached_accuracy(game, 0) is None
    reviews = stored.analyse_record(game, 30, jobs=1).reviews
    for seat in (0, 1):
        wanted = analysis.summarise(seat, reviews).accuracy
        assert history_module.cached_accuracy(game, seat) == pytest.approx(wanted)
