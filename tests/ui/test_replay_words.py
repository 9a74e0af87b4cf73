"""What a replay says under a move taken back: the same move again is not "otherwise"."""

from __future__ import annotations

from dataclasses import replace

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.cli.replay import _taken_back_notes
from tacocat.storage.records import list_records, read_record
from tests.ui.test_take_back import game_with


def notes_after(lines: list[str]) -> tuple[list[str], list[str]]:
    """The take-back notes of the game ``lines`` play: (as if finished, as it stands)."""
    game, _ = game_with(lines)
    game.run()
    (record,) = list_records()[0]
    assert record.path is not None
    played = read_record(record.path)
    assert played.taken_back and not played.finished
    finished = _taken_back_notes(replace(played, finished=True))
    return [line for lines in finished.values() for line in lines], [
        line for lines in _taken_back_notes(played).values() for line in lines
    ]


@pytest.mark.parametrize(
    ("again", "words"), [("-", "then played again"), ("a", "then played otherwise")]
)
def test_a_move_taken_back_and_made_again_is_said_to_be_played_again(
    again: str, words: str
) -> None:
    # Ann keeps her hand, takes it back at Bob's hand-over, and keeps it (or not) again.
    finished, unfinished = notes_after(["", "-", "u", "", again, "", "-"])
    (line,) = finished
    assert line.startswith("Taken back during play: Ann: ") and line.endswith(f"({words})")
    # While the game goes on nothing is compared: the move may tell what Ann still holds.
    assert unfinished == ["Taken back during play: a move by Ann"]


def test_a_take_back_is_told_under_the_step_it_was_made_at() -> None:
    # Ann's move 1 (step 1) is taken back and made again: the note belongs under
    # step 1, where the move played instead is shown, not under the deal (step 0).
    game, _ = game_with(["", "-", "u", "", "a", "", "-"])
    game.run()
    replayed = CliRunner().invoke(main, ["replay"])
    assert replayed.exit_code == 0, replayed.output
    text = replayed.output
    note = text.index("Taken back during play: a move by Ann")
    assert text.index("Step 1 of") < note < text.index("Step 2 of")
