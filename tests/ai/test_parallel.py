"""Many games at once: any number of processes (or a Dask cluster) gives the same figures.

Also the statistics' confidence intervals, Ctrl-C's partial results, rules
variants side by side, and the records ``--save-games`` writes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tacocat.ai.match import game_seed, wilson
from tacocat.ai.parallel import Chunk, MatchPlan, chunks_for, run_match
from tacocat.cli import main
from tacocat.cli.simulate import INTERRUPTED
from tacocat.storage.records import list_records, read_record
from tacocat.storage.replay import ReplayCheck, replay_steps
from tests.interrupts import ctrl_c_inside_the_pools_lock

TIMING = ("seconds", "games_per_second")


def figures(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["simulate", "--json", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in TIMING}


def test_wilson_interval_matches_a_hand_computed_case() -> None:
    # 8 wins in 10, z = 1.96: centre (0.8 + 0.19208) / 1.38416 = 0.716738,
    # half-width 1.96 * sqrt(0.016 + 0.009604) / 1.38416 = 0.226581.
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.490157, abs=1e-6)
    assert high == pytest.approx(0.943319, abs=1e-6)
    # No wins in 20: the interval is [0, (z^2/n) / (1 + z^2/n)] = [0, 0.19208 / 1.19208].
    assert wilson(0, 20)[0] == 0.0
    assert wilson(0, 20)[1] == pytest.approx(0.161130, abs=1e-6)
    assert wilson(20, 20)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_json_and_table_carry_the_intervals() -> None:
    data = figures("-n", "10", "--p1", "normal", "--p2", "random", "-j", "1")
    for entry in data["players"]:
        assert list(wilson(entry["wins"], data["games"])) == entry["win_rate_ci95"]
    assert data["draw_rate_ci95"] == list(wilson(data["draws"], data["games"]))
    result = CliRunner().invoke(main, ["simulate", "-n", "10", "-j", "1"])
    assert "95% interval" in result.output
    low, high = wilson(data["players"][0]["wins"], 10)
    assert f"{100 * low:.1f}-{100 * high:.1f}%" in result.output


def test_any_number_of_jobs_gives_identical_results() -> None:
    one = figures("-n", "24", "-s", "7", "--p1", "easy", "--p2", "random", "--jobs", "1")
    two = figures("-n", "24", "-s", "7", "--p1", "easy", "--p2", "random", "--jobs", "2")
    three = figures("-n", "24", "-s", "7", "--p1", "easy", "--p2", "random", "--jobs", "3")
    assert one["partial"] is False
    assert without_timing(one) == without_timing(two) == without_timing(three)


def test_chunks_cover_every_game_once_in_index_order() -> None:
    for games, workers, plans in ((1, 1, 1), (10, 1, 2), (1000, 2, 1), (37, 4, 3)):
        chunks = list(chunks_for(games, workers, plans))
        for plan in range(plans):
            mine = [c for c in chunks if c.plan == plan]
            covered = [i for c in mine for i in range(c.start, c.stop)]
            assert covered == list(range(games))


def test_chunks_are_cut_as_they_are_needed() -> None:
    """A match of 10**12 games: the first chunks at once, none made ahead of its turn."""
    chunks = chunks_for(10**12, 2, 3)
    first = [next(chunks) for _ in range(4)]
    assert first == [Chunk(0, 0, 20), Chunk(1, 0, 20), Chunk(2, 0, 20), Chunk(0, 20, 40)]


def test_game_seeds_are_63_bit_integers_a_record_can_hold() -> None:
    seeds = {game_seed(1, index, "deal") for index in range(200)}
    assert len(seeds) == 200
    assert all(0 <= seed < 2**63 for seed in seeds)


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_the_finished_games_marked_partial(jobs: int) -> None:
    plan = MatchPlan(("random", "random"), seed=3)
    finished: list[Chunk] = []

    def stop_after_three(chunk: Chunk, outcomes: list[Any]) -> None:
        finished.append(chunk)
        if len(finished) == 3:
            raise KeyboardInterrupt

    run = run_match([plan], 200, jobs, on_chunk=stop_after_three)
    assert run.partial
    # Ctrl-C arrived while the third chunk was handed over: it does not count.
    counted = sum(c.stop - c.start for c in finished[:2])
    assert 0 < run.stats[0].games == counted < 200


def test_ctrl_c_while_a_huge_match_is_cut_into_chunks_stops_before_its_first_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupted(*args: Any) -> list[Chunk]:
        raise KeyboardInterrupt

    monkeypatch.setattr("tacocat.ai.parallel.chunks_for", interrupted)
    run = run_match([MatchPlan(("random", "random"), seed=3)], 10**6, jobs=2)
    assert run.partial and run.stats[0].games == 0
    result = CliRunner().invoke(main, ["simulate", "-n", "1000000", "-j", "2"])
    assert result.exit_code == INTERRUPTED, result.output
    assert "stopped by Ctrl-C after 0 of 1,000,000 games" in result.output
    assert "Traceback" not in result.output


def test_ctrl_c_inside_the_pools_locking_stops_the_run() -> None:
    work = """
from tacocat.ai.parallel import MatchPlan, run_match
run = run_match([MatchPlan(("random", "random"), 3)], 100000, jobs=2)
print("stopped", run.partial, run.stats[0].games < 100000, flush=True)
"""
    assert ctrl_c_inside_the_pools_lock(work, call=3) == "stopped True True"


def test_variants_side_by_side_on_the_same_seeds(tmp_path: Path) -> None:
    small = tmp_path / "small.toml"
    small.write_text("[board]\nhand_sizes = [2, 2, 2, 2, 2, 2, 2]\n")
    same = tmp_path / "standard.toml"
    same.write_text("tie_goes_to_arrow = false\n")
    data = figures("-n", "6", "-j", "1", "--rules", str(same), "--rules", str(small))
    standard, tiny = data["variants"]
    assert (standard["rules"], tiny["rules"]) == (str(same), str(small))
    assert tiny["average_tricks"] == 0 < standard["average_tricks"]
    # The same seeds: the standard rules file plays exactly the default match.
    default = figures("-n", "6", "-j", "1")
    for key, value in without_timing(standard).items():
        assert value == (str(same) if key == "rules" else default[key]), key
    table = CliRunner().invoke(
        main, ["simulate", "-n", "4", "-j", "2", "--rules", str(same), "--rules", str(small)]
    )
    assert table.exit_code == 0, table.output
    for heading in ("one column per rules file", "standard.toml", "small.toml", "Draws"):
        assert heading in table.output


def test_saved_games_replay_exactly(tmp_path: Path, app_home: Path) -> None:
    folder = app_home / "games"  # where `tacocat history` looks
    data = figures(
        "-n",
        "5",
        "-s",
        "4",
        "-j",
        "2",
        "--p1",
        "normal",
        "--p2",
        "easy",
        "--save-games",
        str(folder),
    )
    files = sorted(folder.glob("*.jsonl"))
    assert [f.name for f in files] == [f"sim-s4-g{index:06d}.jsonl" for index in range(5)]
    winners = 0
    for path in files:
        record = read_record(path)
        assert record.finished
        check = ReplayCheck(record.events)
        for step in replay_steps(record.rules, record.info.seed, record.actions):
            assert check.step(step.events) is None
        assert check.finish() is None
        winners += record.winner is not None
    assert winners == data["games"] - data["draws"]
    listed, problems = list_records()
    assert len(listed) == 5 and not problems
    history = CliRunner().invoke(main, ["history"])
    assert "P1 normal" in history.output and "P2 easy" in history.output
    shown = CliRunner().invoke(main, ["replay", str(files[0])])
    assert shown.exit_code == 0, shown.output


def test_dask_cluster_gives_the_same_results_as_one_process() -> None:
    distributed = pytest.importorskip("distributed")
    args = ("-n", "12", "-s", "9", "--p1", "normal", "--p2", "easy")
    local = figures(*args, "--jobs", "1")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        remote = figures(*args, "--scheduler", cluster.scheduler_address)
    assert without_timing(remote) == without_timing(local)


def test_an_unreachable_scheduler_is_a_clean_error() -> None:
    pytest.importorskip("distributed")
    result = CliRunner().invoke(main, ["simulate", "-n", "2", "--scheduler", "nonsense://x"])
    assert result.exit_code == 1
    assert "Dask scheduler" in result.output and "Traceback" not in result.output


def test_every_level_plays_the_same_games_in_worker_processes() -> None:
    from tacocat.ai import level_names

    tiny = {"hard": {"rollouts": 2}, "expert": {"budget": 2}, "master": {"budget": 2}}
    levels = level_names()
    plans = [
        MatchPlan((level, levels[(number + 1) % len(levels)]), seed=2, options=tiny)
        for number, level in enumerate(levels)
    ]
    here = run_match(plans, 2, jobs=1)
    there = run_match(plans, 2, jobs=2)
    assert [stats.games for stats in there.stats] == [2] * len(levels)
    for mine, theirs in zip(here.stats, there.stats, strict=True):
        assert (mine.wins, mine.rounds, mine.tricks) == (theirs.wins, theirs.rounds, theirs.tricks)
