"""Any unfinished game resumes from its record: `tacocat play --resume ID` (or N).

A record holds the seed, the rules, the names, the mode and every action,
so a game whose save another game has taken is re-played from its record
and goes on, as the same game.  Refusals are one sentence, exit status 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tacocat.cli import main
from tacocat.engine import WOW, YAY
from tacocat.storage.autosave import (
    AutoSave,
    find_saved_game,
    game_from_record,
    keep_in_record,
)
from tacocat.storage.game_info import VS_COMPUTER
from tacocat.storage.lock import game_running
from tacocat.storage.paths import save_path
from tacocat.storage.records import (
    RecordError,
    TakenBack,
    history_number,
    list_records,
    read_record,
    record_path,
)
from tacocat.storage.saves import SavedGame
from tests.terminals import fit_terminal

from .helpers import V1_SAVED_GAME, install_v1_files, play_random


def play(args: list[str], keys: str = "") -> tuple[int, str, str]:
    """`tacocat play ARGS`, its terminal checks passed; the lock is released at the end."""
    with fit_terminal():
        result = CliRunner().invoke(main, ["play", *args], input=keys)
    assert not game_running()
    return result.exit_code, result.stdout, result.stderr


def test_a_game_re_played_from_its_record_is_the_saved_game() -> None:
    """Everything the save would resume, the record gives too: state, events, hints, take-backs."""
    state, autosave = play_random(seed=71, steps=9)
    for player in (YAY, WOW, YAY):
        autosave.hint_used(player)
    taken = state.undo()
    autosave.after_undo(YAY, taken)
    saved = find_saved_game()
    assert isinstance(saved, SavedGame)
    resumed = game_from_record(record_path(autosave.info))
    assert resumed.info == saved.info and resumed.events == saved.events
    assert resumed.state.to_json() == saved.state.to_json() == state.to_json()
    assert (resumed.hints, resumed.taken_back) == (saved.hints, saved.taken_back)
    assert resumed.hints == (2, 1) and resumed.taken_back == (TakenBack(9, YAY, taken),)
    # Dealt from the seed, as a loaded save is: the first move after resuming can be taken back.
    again = AutoSave.resume(resumed)
    action = again.state.legal_actions()[0]
    again.after_action(again.state.apply_action(action))
    assert again.state.undo() == action


def test_a_computer_game_keeps_its_level_and_seat() -> None:
    from tacocat.engine import new_game

    state = new_game(72)
    autosave = AutoSave.start(state, ("Ann", "Computer"), 72, VS_COMPUTER, "random", WOW)
    for _ in range(5):
        autosave.after_action(state.apply_action(state.legal_actions()[0]))
    resumed = game_from_record(record_path(autosave.info))
    assert (resumed.info.mode, resumed.info.level, resumed.info.computer) == (
        VS_COMPUTER,
        "random",
        WOW,
    )


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"level": "grandmaster"}, "the computer level is unknown"),
    ],
)
def test_a_record_whose_computer_cannot_play_here_is_refused(
    change: dict[str, object], words: str
) -> None:
    from tacocat.engine import new_game

    state = new_game(73)
    autosave = AutoSave.start(state, ("Ann", "Computer"), 73, VS_COMPUTER, "random", WOW)
    autosave.after_action(state.apply_action(state.legal_actions()[0]))
    save_path().unlink()
    path = record_path(autosave.info)
    header, *events = path.read_text(encoding="utf-8").splitlines()
    data = json.loads(header)
    data["game"].update(change)
    path.write_text("\n".join([json.dumps(data), *events]) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match=words):
        game_from_record(path)
    code, out, err = play(["--resume", "1"])
    assert code == 2 and out == ""
    assert err.startswith("Error: game 1 cannot be resumed: the game record ")
    assert words in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_finished_or_missing_game_is_refused_in_one_sentence() -> None:
    _, finished = play_random(seed=74)
    play_random(seed=75, steps=3)  # unfinished, the newest: number 1
    game = finished.info.short_id
    code, out, err = play(["--resume", "2"])
    assert (code, out) == (2, "")
    assert err == f"Error: game 2 is finished: watch it with `tacocat replay {game}`.\n"
    code, out, err = play(["--resume", game])
    assert err == f"Error: game {game} is finished: watch it with `tacocat replay {game}`.\n"
    for number in ("3", "0", "9" * 40, "zzzzzz", "20260101-000000-abcdef"):
        code, out, err = play(["--resume", number])
        assert (code, out) == (2, "")
        assert err.startswith("Error: nothing to resume: ")
        assert "`tacocat history` lists 2 games" in err
        assert len(err.splitlines()) == 1 and len(err) < 200


@pytest.mark.parametrize("number", ["x.y", "²", "-1", "2.0", "", "\x1b[2J", "a" * 65])
def test_a_game_number_that_is_not_one_is_a_usage_error(number: str) -> None:
    result = CliRunner().invoke(main, ["play", f"--resume={number}"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "Invalid value for '--resume'" in result.output or "No such option" in result.output


def test_help_tells_the_optional_game() -> None:
    result = CliRunner().invoke(main, ["play", "--help"])
    assert "--resume [GAME]" in result.output and "tacocat history" in result.output


def test_an_old_saved_game_is_kept_whole_in_its_record_before_another_takes_the_save(
    app_home: Path,
) -> None:
    """A save of tacocat before records were appended to, its record a move behind."""
    install_v1_files(app_home)
    path = app_home / "games" / f"{V1_SAVED_GAME}.jsonl"
    header, *events = path.read_text(encoding="utf-8").splitlines()
    data = json.loads(header)
    data["actions"] = data["actions"][:-1]  # the last record write failed
    path.write_text("\n".join([json.dumps(data), *events]) + "\n", encoding="utf-8")
    saved = find_saved_game()
    assert isinstance(saved, SavedGame) and len(saved.state.history) == 10
    assert keep_in_record(saved) is None
    record = read_record(path)
    assert record.version == 3 and record.actions == tuple(saved.state.history)
    assert record.events == saved.events
    assert record.hints == (2, 1) and [t.move for t in record.taken_back] == [6]


def test_resuming_an_older_game_keeps_the_saved_one_resumable() -> None:
    """`--resume ID` of game 2 while the save holds game 1: both stay whole."""
    state, older = play_random(seed=77, steps=6, names=("Ann", "Bob"))
    _, newer = play_random(seed=78, steps=5, names=("Cy", "Di"))
    to_move = ("Ann", "Bob")[state.current_player() or 0]
    newer_path = record_path(newer.info)
    before = newer_path.read_bytes()
    code, out, _ = play(["--resume", older.info.short_id], keys="q\ny\n")
    assert code == 0, out
    assert f"{to_move}, press Enter" in out
    assert "Game saved — resume with `tacocat play --resume`" in out
    saved = find_saved_game()  # the save now holds the resumed game, as the game told
    assert isinstance(saved, SavedGame) and saved.info == older.info
    assert newer_path.read_bytes() == before and len(read_record(newer_path).actions) == 5
    records, _ = list_records()
    assert [r.info.game_id for r in records] == [newer.info.game_id, older.info.game_id]
    assert history_number(older.info.game_id) == 2


def test_resume_without_a_number_takes_the_newest_unfinished_game_when_there_is_no_save() -> None:
    play_random(seed=79)  # finished
    state, unfinished = play_random(seed=80, steps=4, names=("Ann", "Bob"))
    to_move = ("Ann", "Bob")[state.current_player() or 0]
    play_random(seed=81)  # finished, the newest
    save_path().unlink(missing_ok=True)
    code, out, _ = play(["--resume"], keys="q\ny\n")
    assert code == 0, out
    assert "There is no saved game" not in out and f"{to_move}, press Enter" in out
    saved = find_saved_game()
    assert isinstance(saved, SavedGame) and saved.info == unfinished.info
    # Not a new game: the records are the same three games.
    assert len(list_records()[0]) == 3


def test_replay_advises_the_id_that_resumes_the_game(tmp_path: Path) -> None:
    _, autosave = play_random(seed=82, steps=5)
    play_random(seed=83, steps=2)
    save_path().unlink()
    number = history_number(autosave.info.game_id)
    result = CliRunner().invoke(main, ["replay", str(number)])
    text = " ".join(result.output.split())
    assert f"resume it with `tacocat play --resume {autosave.info.short_id}`" in text
