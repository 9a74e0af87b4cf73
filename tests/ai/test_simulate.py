"""`tacocat simulate`: its JSON figures add up, its table reads, bad input fails cleanly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from tacocat.cli import main


def simulate(*args: str) -> Any:
    return CliRunner().invoke(main, ["simulate", *args])


def figures(*args: str) -> dict[str, Any]:
    result = simulate("--json", *args)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_json_figures_add_up() -> None:
    data = figures("--games", "12", "--seed", "5", "--p1", "normal", "--p2", "random")
    assert data["games"] == 12
    assert data["seed"] == 5
    first, second = data["players"]
    assert (first["player"], first["level"]) == (1, "normal")
    assert (second["player"], second["level"]) == (2, "random")
    assert first["wins"] + second["wins"] + data["draws"] == data["games"]
    assert data["seat_wins"]["yay"] + data["seat_wins"]["wow"] == first["wins"] + second["wins"]
    assert first["win_rate"] == first["wins"] / 12
    # At least four showdowns per game: the Tacocat needs four steps to reach a goal.
    assert data["rounds"] >= 4 * data["games"]
    assert data["average_rounds"] == data["rounds"] / data["games"]
    assert 0 <= data["tied_rounds"] <= data["rounds"]
    assert data["ties_per_round"] == data["tied_rounds"] / data["rounds"]
    assert data["average_tricks"] > 0
    assert 0.0 <= data["first_round_winner_wins"] <= 1.0
    assert data["games_per_second"] > 0
    assert data["rules"] is None


def test_same_seed_same_games_other_seed_other_games() -> None:
    def without_timing(data: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in data.items() if k not in ("seconds", "games_per_second")}

    first = without_timing(figures("-n", "6", "-s", "2", "--p1", "easy", "--p2", "random"))
    again = without_timing(figures("-n", "6", "-s", "2", "--p1", "easy", "--p2", "random"))
    other = without_timing(figures("-n", "6", "-s", "3", "--p1", "easy", "--p2", "random"))
    assert first == again
    assert first != other


def test_seats_alternate() -> None:
    # Two normal players: each sits at YAY in half the games, so per-level
    # and per-seat wins are different splits of the same total.
    data = figures("-n", "10", "--p1", "normal", "--p2", "normal")
    assert sum(p["wins"] for p in data["players"]) == sum(data["seat_wins"].values())


def test_the_title_groups_thousands_as_the_footer_does() -> None:
    result = simulate("--games", "1200", "--p1", "random", "--p2", "random", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "random vs random: 1,200 games, seed 1" in result.output


def test_table_has_the_expected_headings() -> None:
    result = simulate("--games", "3", "--p1", "normal", "--p2", "easy")
    assert result.exit_code == 0, result.output
    for heading in (
        "normal vs easy: 3 games, seed 1",
        "Player 1",
        "Player 2",
        "Wins",
        "Draws",
        "Rounds per game",
        "Tied rounds",
        "Tricks per game",
        "Winner of the first decided round wins",
        "Games per second",
    ):
        assert heading in result.output


def test_json_output_has_no_progress_bar() -> None:
    result = simulate("--json", "-n", "2")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)  # nothing but the JSON object
    assert isinstance(summary, dict) and summary


def test_unknown_level_is_a_clean_usage_error() -> None:
    result = simulate("--p1", "wizard")
    assert result.exit_code == 2
    assert "unknown level 'wizard'" in result.output
    assert "random, easy, normal, hard" in result.output
    assert "Traceback" not in result.output


def test_bad_rules_file_is_a_clean_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[board]\nhand_sizes = [4, 5]\n")
    result = simulate("--rules", str(bad))
    assert result.exit_code == 2
    assert "hand_sizes" in result.output and "Traceback" not in result.output
    missing = simulate("--rules", str(tmp_path / "missing.toml"))
    assert missing.exit_code == 2
    assert "cannot read rules file" in missing.output


def test_rules_file_changes_the_game(tmp_path: Path) -> None:
    small = tmp_path / "small.toml"
    small.write_text("[board]\nhand_sizes = [2, 2, 2, 2, 2, 2, 2]\n")
    data = figures("-n", "4", "--rules", str(small))
    assert data["rules"] == str(small)
    # With two cards each the duel leads straight to the showdown: no tricks at all.
    assert data["average_tricks"] == 0


def test_zero_games_is_refused() -> None:
    assert simulate("--games", "0").exit_code == 2
