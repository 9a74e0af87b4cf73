"""A game's short id: six letters that name it for ever, beside its shifting number.

`tacocat history` lists it; `replay`, `analyze` and `play --resume` take it;
every hint that names a game uses it.  It is derived from the game id in the
record's header, so records written before ids existed, version 1 included,
have one too, and no file can choose its own.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.cli.recorded import listed_game
from tacocat.storage.game_info import SHORT_ID, SHORT_ID_LETTERS, short_id
from tacocat.storage.records import games_with_id, list_records, record_path

from .helpers import V1_FINISHED_GAME, V1_SAVED_GAME, install_v1_files, play_random


def test_a_short_id_is_six_letters_that_never_read_as_digits() -> None:
    ids = {short_id(f"20261129-153619-{n:06x}") for n in range(2000)}
    assert len(ids) == 2000  # no two of these 2,000 games share one
    for game in ids:
        assert SHORT_ID.fullmatch(game) and set(game) <= set(SHORT_ID_LETTERS)
        assert not set(game) & set("ilo0123456789")


def test_a_short_id_is_the_same_in_every_version() -> None:
    # Pinned: a changed derivation would break every id already told to a player.
    assert short_id("20261129-153619-a1b2c3") == "hdsebv"
    assert short_id("sim-s1-g000042") == "mfnfqg"


def test_a_game_keeps_its_id_while_its_number_shifts() -> None:
    _, first = play_random(seed=90)
    game = first.info.short_id
    before = CliRunner().invoke(main, ["history"]).output
    assert before.splitlines()[1].split()[:2] == ["1", game]
    play_random(seed=91, steps=3)
    after = CliRunner().invoke(main, ["history"]).output
    assert after.splitlines()[2].split()[:2] == ["2", game]
    by_id = CliRunner().invoke(main, ["replay", game])
    by_number = CliRunner().invoke(main, ["replay", "2"])
    assert by_id.exit_code == 0 and by_id.output == by_number.output


def test_records_of_version_1_are_found_by_their_id(app_home: Path) -> None:
    install_v1_files(app_home, save=False)
    records, problems = list_records()
    assert problems == [] and len(records) == 2
    for game in (V1_SAVED_GAME, V1_FINISHED_GAME):
        (_, record), *others = games_with_id(short_id(game), records)
        assert others == [] and record.info.game_id == game
        result = CliRunner().invoke(main, ["replay", short_id(game)])
        assert result.exit_code == 0, result.output
    # The whole id, the record's file name, names it too.
    assert games_with_id(V1_FINISHED_GAME, records)[0][1].info.game_id == V1_FINISHED_GAME


def test_two_games_sharing_an_id_are_refused_as_ambiguous() -> None:
    _, autosave = play_random(seed=92)
    path = record_path(autosave.info)
    shutil.copy(path, path.with_name("copy.jsonl"))  # same header, same game id: same short id
    records, _ = list_records()
    found = listed_game(autosave.info.short_id, records)
    assert isinstance(found, str) and "names games 1 and 2" in found
    result = CliRunner().invoke(main, ["replay", autosave.info.short_id])
    assert result.exit_code == 2 and "name one by its number" in result.output


@pytest.mark.parametrize("game", ["qqqqqq", "QQQQQQ", "no-such-game", "a" * 64])
def test_an_id_no_game_has_is_a_clear_error(game: str) -> None:
    play_random(seed=93, steps=2)
    for command in ("replay", "analyze"):
        result = CliRunner().invoke(main, [command, game])
        assert result.exit_code == 2, result.output
        assert "no game has the id" in result.output and "lists 1 game" in result.output
        assert len(result.output) < 400


def test_a_file_named_like_an_id_is_still_read_as_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, autosave = play_random(seed=94)
    monkeypatch.chdir(tmp_path)
    shutil.copy(record_path(autosave.info), tmp_path / "mygame")
    result = CliRunner().invoke(main, ["replay", "mygame"])
    assert result.exit_code == 0, result.output
