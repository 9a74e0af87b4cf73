"""Every command's output: closed, full or short of characters, never a traceback.

A closed standard output (``>&-``) and ``/dev/full`` need a real process:
CliRunner always gives the command a working stream.
"""

from __future__ import annotations

import errno
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.cli.output import guarded_output
from tacocat.sanitize import SHOWN

from .storage.helpers import play_random

# Each command's fastest full run: analyze and simulate do real work otherwise.
COMMANDS = {
    "history": ["history"],
    "replay": ["replay", "1"],
    "rules": ["rules"],
    "analyze": ["analyze", "--budget", "4", "--jobs", "1"],
    "simulate": ["simulate", "-n", "2", "--jobs", "1"],
}
CLOSED = "Error: the output could not be written (standard output is closed)."
FULL = "Error: the output could not be written (No space left on device)."


def run(args: list[str], redirect: str) -> subprocess.CompletedProcess[str]:
    """``python -m tacocat ARGS`` with its standard output redirected as a shell would."""
    return subprocess.run(
        ["sh", "-c", f'exec "$0" -m tacocat "$@" {redirect}', sys.executable, *args],
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_closed_standard_output_is_one_line_of_error(command: str) -> None:
    play_random(seed=12)  # a finished game, for replay and analyze
    done = run(COMMANDS[command], ">&-")
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == CLOSED


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", ["rules", "analyze", "simulate"])
def test_output_to_a_full_device_is_one_line_of_error(command: str) -> None:
    play_random(seed=12)
    done = run(COMMANDS[command], ">/dev/full")
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == FULL


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_help_to_a_full_device_is_one_line_of_error() -> None:
    done = run(["--help"], ">/dev/full")
    assert (done.returncode, done.stderr.strip()) == (1, FULL)


def test_an_error_naming_a_file_is_not_blamed_on_the_output() -> None:
    refused = PermissionError(errno.EACCES, "Permission denied", "/somewhere/games")
    with pytest.raises(PermissionError), guarded_output():
        raise refused


def test_an_error_of_the_stream_itself_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The failed stream is pointed at the null device: give it one of the test's own,
    # not the file descriptor pytest captures the output through.
    with open(tmp_path / "out", "w", encoding="utf-8") as stream:
        monkeypatch.setattr(sys, "stdout", stream)
        with pytest.raises(SystemExit) as raised, guarded_output():
            raise OSError(errno.EIO, "Input/output error")
    assert raised.value.code == 1


def test_characters_an_encoding_lacks_are_shown_in_a_form_it_has() -> None:
    assert "Zoë vs Ann☃, 9²".encode("ascii", SHOWN) == b"Zoe vs Ann<2603>, 9<b2>"
    assert "Zoë vs Ann☃".encode("cp1252", SHOWN) == "Zoë vs Ann<2603>".encode("cp1252")


@pytest.mark.parametrize("args", [["history"], ["replay"], ["replay", "--ascii"]], ids=" ".join)
def test_names_an_ascii_output_lacks_are_shown_in_ascii(args: list[str]) -> None:
    play_random(seed=13, names=("Zoë", "Ann☃"))
    result = CliRunner(charset="ascii").invoke(main, args)
    assert result.exit_code == 0, result.output
    text = result.stdout_bytes.decode("ascii")  # every byte is ASCII
    assert "Zoe vs Ann<2603>" in text or "Zoe    Ann<2603>" in text


def test_rules_on_an_ascii_output() -> None:
    result = CliRunner(charset="ascii").invoke(main, ["rules"])
    assert result.exit_code == 0, result.output
    result.stdout_bytes.decode("ascii")


def test_a_message_for_a_terminal_breaks_only_between_words() -> None:
    from tacocat.cli.output import fit

    message = (
        "Error: The terminal is 79x24; tacocat needs at least 80x24. Please make the window larger."
    )
    lines = fit(message, 79).split("\n")
    assert len(lines) == 2 and all(len(line) <= 79 for line in lines)
    assert " ".join(lines) == message
    assert fit("one\n\ntwo", 40) == "one\n\ntwo"  # blank lines kept
    assert fit("x" * 30, 20) == "x" * 30  # a word longer than the line stays whole
