"""``join`` where the ``net`` folder is not a private folder: it says what is wrong there."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main


@pytest.mark.parametrize("args", [["join", "bcdfgh"], ["join"]], ids=" ".join)
@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda net, other: net.symlink_to(other, target_is_directory=True), "a symbolic link"),
        (lambda net, other: net.write_text(""), "a file"),
    ],
    ids=["symlink", "file"],
)
def test_join_says_why_the_meeting_place_is_refused(
    app_home: Path, tmp_path: Path, args: list[str], make: object, said: str
) -> None:
    app_home.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    make(app_home / "net", elsewhere)  # type: ignore[operator]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    expected = f"Error: cannot meet the host: {app_home / 'net'} is {said}, not a private folder"
    assert result.output.startswith(expected), result.output
    assert "no game" not in result.output and "Traceback" not in result.output
