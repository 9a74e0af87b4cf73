"""``tacocat play`` and ``tacocat rules`` options and errors, through click's runner."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat import __version__
from tacocat.cli import main
from tacocat.ui.term.claim import size_problem, terminal_problem


class FakeTty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_version_and_help() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0
    assert "play" in result.output and "rules" in result.output
    result = runner.invoke(main, ["play", "--help"])
    for option in ("--p1", "--p2", "--seed", "--rules", "--tie-goes-to-arrow", "--ascii"):
        assert option in result.output
    assert "--vs-computer [LEVEL]" in result.output


def test_play_refuses_without_a_terminal() -> None:
    result = CliRunner().invoke(main, ["play", "--seed", "1"], input="\n")
    assert result.exit_code == 2
    assert "needs a terminal" in result.output
    assert "play in plain lines: tacocat play --plain --vs-computer." in result.output
    assert "Traceback" not in result.output


def test_a_small_terminal_is_refused_with_the_plain_mode_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tacocat.ui.term import claim

    monkeypatch.setattr(claim, "terminal_problem", lambda: None)
    monkeypatch.setattr(claim, "terminal_size", lambda: (79, 24))
    refusal = claim.claim_terminal()
    assert isinstance(refusal, str) and refusal.startswith("The terminal is 79x24")
    assert refusal.endswith("play in plain lines: tacocat play --plain --vs-computer.")


def test_dumb_terminal_and_small_terminal_are_refused_with_reasons() -> None:
    tty = FakeTty()
    assert terminal_problem(tty, tty, {"TERM": "xterm"}) is None
    problem = terminal_problem(tty, tty, {"TERM": "dumb"})
    assert problem is not None and "TERM=dumb" in problem
    assert terminal_problem(io.StringIO(), tty, {"TERM": "xterm"}) is not None
    assert size_problem(80, 24) is None
    small = size_problem(79, 30)
    assert small is not None and "79x30" in small and "80x24" in small


def test_a_bad_rules_file_is_a_clear_usage_error(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["play", "--rules", str(tmp_path / "none.toml")])
    assert missing.exit_code == 2 and "cannot read rules file" in missing.output
    broken = tmp_path / "broken.toml"
    broken.write_text("[board\nhand_sizes = 3", encoding="utf-8")
    result = runner.invoke(main, ["play", "--rules", str(broken)])
    assert result.exit_code == 2 and "not valid TOML" in result.output
    invalid = tmp_path / "invalid.toml"
    invalid.write_text("[board]\nhand_sizes = [1, 2, 3, 4, 5, 6, 7]\n", encoding="utf-8")
    result = runner.invoke(main, ["play", "--rules", str(invalid)])
    assert result.exit_code == 2 and "at least 2" in result.output
    assert "Traceback" not in result.output


def test_an_unknown_computer_level_is_refused() -> None:
    result = CliRunner().invoke(main, ["play", "--vs-computer", "grandmaster"])
    assert result.exit_code == 2
    assert "unknown level 'grandmaster'" in result.output and "random" in result.output


def test_rules_piped_are_plain_and_fit_80_columns() -> None:
    result = CliRunner().invoke(main, ["rules", "--full"])
    assert result.exit_code == 0
    text = result.output
    assert "\x1b" not in text
    assert max(len(line) for line in text.splitlines()) <= 80
    for topic in ("Components", "A round", "played out", "Jumbo", "Ties"):
        assert topic in text


def test_play_and_rules_modules_do_not_import_rich() -> None:
    code = (
        "import sys, tacocat.cli.play, tacocat.cli.rules; "
        "print('rich' in sys.modules or 'tacocat.ui.play.game' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_python_dash_m_tacocat_works() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tacocat", "--version"], capture_output=True, text=True, check=True
    )
    assert __version__ in done.stdout


def test_names_the_game_would_refuse_are_usage_errors() -> None:
    runner = CliRunner()
    bracket = runner.invoke(main, ["play", "--p1", "[/b]", "--seed", "1"])
    assert bracket.exit_code == 2 and "--p1" in bracket.output and "[ and ]" in bracket.output
    same = runner.invoke(main, ["play", "--p1", "Ann", "--p2", "aNN"])
    assert same.exit_code == 2 and "--p2" in same.output and "Ann is taken" in same.output
    long = runner.invoke(main, ["play", "--p2", "B" * 13, "--vs-computer", "random"])
    assert long.exit_code == 2 and "at most 12" in long.output
    assert "Traceback" not in bracket.output + same.output + long.output


def test_vs_computer_alone_takes_the_default_level() -> None:
    # Past the level check, play stops only because the runner is no terminal.
    for args in (["--vs-computer"], ["--vs-computer", "--ascii"], ["--vs-computer", "easy"]):
        result = CliRunner().invoke(main, ["play", *args])
        assert result.exit_code == 2 and "needs a terminal" in result.output, args


def test_levels_are_checked_and_completed_by_one_parameter_type() -> None:
    import click

    from tacocat.ai import level_names
    from tacocat.cli.options import LEVEL

    assert [LEVEL.convert(name, None, None) for name in level_names()] == list(level_names())
    with pytest.raises(click.BadParameter, match="unknown level 'grandmaster'"):
        LEVEL.convert("grandmaster", None, None)
    command = click.Command("c")
    option = click.Option(["--level"])
    completed = LEVEL.shell_complete(click.Context(command), option, "n")
    assert [item.value for item in completed] == ["normal"]


def test_the_levels_module_does_not_import_the_computer_players() -> None:
    code = "import sys, tacocat.cli.options; print('tacocat.ai' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
