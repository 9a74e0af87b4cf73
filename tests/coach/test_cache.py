"""The analysis cache beside a record: instant the second time, and never trusted blindly."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tacocat import __version__
from tacocat.ai.evaluator import evaluate
from tacocat.cli import main
from tacocat.coach import analysis as analysis_module
from tacocat.coach.stored import analyse_record
from tacocat.engine import PlayerView
from tacocat.storage.analysis_cache import CACHE_SUFFIX, CacheKey, cache_path, write_cache
from tacocat.storage.records import GameRecord, read_record, record_path

from .helpers import SEED, blunder_game, record_game

BUDGET = 12


@pytest.fixture
def rollouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every rollout the analysis spends, counted (the analysis works in this process)."""
    spent: list[int] = []

    def counting(view: PlayerView, rng: random.Random, budget: int, **kwargs: Any) -> Any:
        evaluation = evaluate(view, rng, budget, **kwargs)
        spent.append(evaluation.rollouts)
        return evaluation

    monkeypatch.setattr(analysis_module, "evaluate", counting)
    return spent


@pytest.fixture
def record() -> GameRecord:
    _, actions = blunder_game()
    autosave = record_game(SEED, actions)
    return read_record(record_path(autosave.info))


def test_a_second_analysis_of_the_same_game_spends_no_rollout(
    record: GameRecord, rollouts: list[int]
) -> None:
    first = analyse_record(record, BUDGET, jobs=1)
    assert sum(rollouts) > 0 and not first.cached
    assert cache_path(record.path or Path()).is_file()
    rollouts.clear()
    second = analyse_record(record, BUDGET, jobs=1)
    assert sum(rollouts) == 0 and second.cached
    assert second.reviews == first.reviews  # the reasons too, worked out again from the views
    assert second.to_data(("Ann", "Bob")) == first.to_data(("Ann", "Bob"))


def test_another_budget_or_version_is_analysed_again(
    record: GameRecord, rollouts: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    analyse_record(record, BUDGET, jobs=1)
    rollouts.clear()
    assert not analyse_record(record, BUDGET + 1, jobs=1).cached and sum(rollouts) > 0
    monkeypatch.setattr("tacocat.coach.stored.__version__", __version__ + ".dev")
    assert not analyse_record(record, BUDGET + 1, jobs=1).cached


def test_a_cache_of_an_older_format_is_analysed_again(
    record: GameRecord, rollouts: list[int]
) -> None:
    """Format 1 judged the move played on fewer deals: its numbers are not shown again."""
    analyse_record(record, BUDGET, jobs=1)
    _damage(cache_path(record.path or Path()), lambda data: data.update(format=1))
    rollouts.clear()
    assert not analyse_record(record, BUDGET, jobs=1).cached and sum(rollouts) > 0


def _damage(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _best_not_legal(data: dict[str, Any]) -> None:
    data["rows"][0][1] = ["attack", [12, 12, 12]]


def _chance_out_of_range(data: dict[str, Any]) -> None:
    data["rows"][3][2] = 7


def _row_missing(data: dict[str, Any]) -> None:
    data["rows"].pop()


def _other_game(data: dict[str, Any]) -> None:
    data["game"] = "0" * 64


def _text_instead_of_numbers(data: dict[str, Any]) -> None:
    data["rows"][2][3] = "\x1b[2J99%"


@pytest.mark.parametrize(
    "change",
    [_best_not_legal, _chance_out_of_range, _row_missing, _other_game, _text_instead_of_numbers],
)
def test_a_damaged_cache_is_ignored_and_rewritten(
    record: GameRecord, rollouts: list[int], change: Any
) -> None:
    first = analyse_record(record, BUDGET, jobs=1)
    path = cache_path(record.path or Path())
    _damage(path, change)
    rollouts.clear()
    again = analyse_record(record, BUDGET, jobs=1)
    assert not again.cached and sum(rollouts) > 0 and again.reviews == first.reviews
    rollouts.clear()
    assert analyse_record(record, BUDGET, jobs=1).cached and sum(rollouts) == 0


@pytest.mark.parametrize(
    "content", [b"", b"not json", b"[1, 2]", b"\xff\xfe", b"[" * 5000, b"{}" + b" " * 600_000]
)
def test_junk_in_the_cache_file_is_no_cache(record: GameRecord, content: bytes) -> None:
    path = cache_path(record.path or Path())
    path.write_bytes(content)
    assert not analyse_record(record, BUDGET, jobs=1).cached
    assert analyse_record(record, BUDGET, jobs=1).cached


def test_a_fifo_in_place_of_the_cache_does_not_hang(record: GameRecord) -> None:
    path = cache_path(record.path or Path())
    os.mkfifo(path)
    assert not analyse_record(record, BUDGET, jobs=1).cached  # read nothing, wrote a file
    assert path.is_file()


def test_a_folder_the_cache_cannot_be_written_to_costs_only_time(
    record: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tacocat.storage.analysis_cache.atomic_write_text", refuse)
    assert not analyse_record(record, BUDGET, jobs=1).cached
    assert not analyse_record(record, BUDGET, jobs=1).cached


def test_the_key_covers_the_moves(record: GameRecord) -> None:
    key = CacheKey.of(record, __version__, BUDGET)
    shorter = GameRecord(**{**record.__dict__, "actions": record.actions[:-1]})
    assert CacheKey.of(shorter, __version__, BUDGET).game != key.game


def test_analyze_says_when_it_reads_the_cache(record: GameRecord) -> None:
    runner = CliRunner()
    options = ["analyze", "--budget", str(BUDGET), "--jobs", "1"]
    first = runner.invoke(main, options)
    assert first.exit_code == 0 and "read from the cache" not in first.output
    second = runner.invoke(main, options)
    assert second.exit_code == 0 and "read from the cache beside the record" in second.output
    assert "cache" not in runner.invoke(main, ["history"]).output  # not taken for a game


def test_an_interrupted_write_leaves_no_temporary_file(
    record: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C between writing the cache and renaming it into place."""
    path = cache_path(record.path or Path())

    def interrupted(source: object, target: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("tacocat.storage.atomic.os.replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_cache(path, CacheKey.of(record, __version__, BUDGET), [])
    assert sorted(p.name for p in path.parent.iterdir()) == [
        path.name.replace(CACHE_SUFFIX, ".jsonl")
    ]


def test_a_killed_writer_s_stale_temporary_files_go_with_the_next_write(
    record: GameRecord,
) -> None:
    """A kill -9 mid-write leaves a temporary file; an hour later the next cache write sweeps it.

    A younger one may be another `tacocat analyze` writing right now, and a file
    that is not a cache's temporary file is never touched.
    """
    path = cache_path(record.path or Path())
    folder = path.parent
    stale = folder / f".{path.name}.k1ll3d.tmp"
    other = folder / f".other-game{CACHE_SUFFIX}.x9.tmp"
    young = folder / f".young-game{CACHE_SUFFIX}.y7.tmp"
    record_temp = folder / ".some-game.jsonl.z3.tmp"  # tacocat play's tidy() sweeps these
    for stray in (stale, other, young, record_temp):
        stray.write_text('{"format": 1, "rows": [', encoding="utf-8")
    two_hours_ago = time.time() - 2 * 3600
    for old in (stale, other, record_temp):
        os.utime(old, (two_hours_ago, two_hours_ago))
    assert write_cache(path, CacheKey.of(record, __version__, BUDGET), [])
    assert not stale.exists() and not other.exists()
    assert young.exists() and record_temp.exists() and path.is_file()
