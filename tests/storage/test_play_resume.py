"""Leaving and coming back through `tacocat play`: the messages and choices people see."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pyte
import pytest

from tacocat.storage.records import list_records
from tacocat.storage.saves import SavedGame, read_save

from .test_kill_resume import COLS, NAMES, ROWS, SEED, policy, saved_state, spawn, typed


def saved_id() -> str:
    """The short id of the game the save names."""
    saved = read_save()
    assert saved is not None
    return saved.info.short_id


pytestmark = pytest.mark.e2e

SAVED_HINT = "Game saved — resume with `tacocat play --resume`"
NOTE_PROMPT = "Press Enter to continue: "


def read_note(child: pexpect.spawn) -> str:
    """The game's first screen, a note, as one line of words (frame and codes left out)."""
    child.expect_exact(NOTE_PROMPT)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before)
    return " ".join(re.sub(r"[│|╭╮╰╯─+]", " ", text).split())


def start_and_play(home: Path, moves: int) -> pexpect.spawn:
    """A new seeded game, played up to the decision after ``moves`` moves."""
    child = spawn(home, "--p1", NAMES[0], "--p2", NAMES[1], "--seed", str(SEED))
    while True:
        seen = child.expect(
            [r"(\w+), press Enter: ", r"Press Enter to continue[^:]*: ", r"(?<![\w\[;])\w+> "]
        )
        if seen < 2:
            child.sendline("")
            continue
        state = saved_state(home)
        if len(state.history) == moves:
            return child
        child.sendline(typed(policy(state)))


@pytest.mark.parametrize("leave", ["q", "ctrl-c", "ctrl-d"])
def test_leaving_says_the_game_is_saved_and_how_to_resume(app_home: Path, leave: str) -> None:
    child = start_and_play(app_home, moves=4)
    if leave == "q":
        child.sendline("q")
        child.expect(r"Quit\? \(y/N\) ")
        child.sendline("y")
    elif leave == "ctrl-c":
        child.sendintr()
    else:
        child.sendeof()
    child.expect_exact(SAVED_HINT)
    child.expect(pexpect.EOF)
    child.close()
    saved = read_save()
    assert saved is not None and len(saved.state.history) == 4
    records, _ = list_records()
    assert [r.result() for r in records] == ["in progress"]


@pytest.mark.parametrize("answer", ["y", "n"])
def test_play_offers_to_resume_a_saved_game(app_home: Path, answer: str) -> None:
    child = start_and_play(app_home, moves=5)
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    before = saved_state(app_home)
    game = saved_id()

    child = spawn(app_home, "--p1", "Cy", "--p2", "Di", "--seed", "77")
    child.expect_exact("A saved game is waiting: Ann vs Bob, round 1, 5 moves in")
    child.expect_exact("Resume it? [Y/n]: ")
    child.sendline(answer)
    if answer == "y":
        # Straight to a hand-over, named for the player to move: no hand on screen yet.
        child.expect(r"(\w+), press Enter: ")
        assert child.match.group(1) == NAMES[before.current_player()]
        assert saved_state(app_home).to_json() == before.to_json()
    else:
        # Said on the game's first screen: the old game's id, which no new game shifts.
        note = read_note(child)
        assert f"The unfinished game stays in history: `tacocat play --resume {game}`" in note
        child.sendline("")
        child.expect(r"Cy, press Enter: ")
        saved = read_save()
        assert isinstance(saved, SavedGame) and saved.info.names == ("Cy", "Di")
        assert saved.state.history == []
    child.sendintr()
    if answer == "n":  # said again as they leave
        child.expect_exact(f"stays in history: `tacocat play --resume {game}`.")
    child.expect(pexpect.EOF)
    child.close()
    assert len(list_records()[0]) == (1 if answer == "y" else 2)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "is empty"),
        (b'{"format":"tacocat-save","version":1,"game":{"na', "is cut short"),
        (b'{"format":"tacocat-save","version":7}', "another version of tacocat"),
        (b"\x89PNG\r\n\x1a\n\0\0", "is corrupt"),
        (b'{"some": "other program"}', "not a Tacocat saved game"),
    ],
)
def test_a_damaged_save_is_explained_and_a_new_game_starts(
    app_home: Path, content: bytes, words: str
) -> None:
    app_home.mkdir(parents=True)
    (app_home / "save.json").write_bytes(content)
    child = spawn(app_home, "--resume", "--p1", NAMES[0], "--p2", NAMES[1])
    # Said inside the game, where it stays until Enter: printed before, it vanished.
    note = read_note(child)
    assert words in note and "a new game can start." in note
    child.sendline("")
    child.expect_exact("Ann, press Enter: ")
    assert (app_home / "save.json.bad").read_bytes() == content
    assert saved_state(app_home).history == []  # the new game is saved already
    child.sendintr()
    child.expect_exact(SAVED_HINT)
    child.expect(pexpect.EOF)
    child.close()


def test_resume_without_a_saved_game_starts_a_new_one(app_home: Path) -> None:
    child = spawn(app_home, "--resume", "--p1", NAMES[0], "--p2", NAMES[1])
    assert "There is no saved game to resume: a new game starts." in read_note(child)
    child.sendline("")
    child.expect(r"Ann, press Enter: ")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()


def test_a_game_against_the_computer_resumes_too(app_home: Path) -> None:
    child = spawn(app_home, "--p1", "Ann", "--vs-computer", "random", "--seed", "5")
    moves = 0
    while moves < 3:
        seen = child.expect([r"Ann, press Enter: ", r"Press Enter to continue[^:]*: ", r"Ann> "])
        if seen < 2:
            child.sendline("")
            continue
        state = saved_state(app_home)
        child.sendline(typed(policy(state)))
        moves += 1
    child.expect(r"Ann> ")
    child.sendintr()
    child.expect_exact(SAVED_HINT)
    child.expect(pexpect.EOF)
    child.close()
    before = saved_state(app_home)
    saved = read_save()
    assert saved is not None and saved.info.players == "Ann vs Computer (random)"

    child = spawn(app_home, "--resume")
    child.expect_exact("Resuming Ann against Computer, round")
    child.expect(r"Ann, press Enter: ")
    assert saved_state(app_home).to_json() == before.to_json()
    child.sendline("")
    child.expect(r"Ann> ")
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()


def play_against_the_computer(
    home: Path, break_after: int | None, from_record: bool = False
) -> tuple[object, ...]:
    """A whole scripted game against the random level; return its recorded moves.

    With ``break_after``, Ann presses Ctrl-C at that many of her own moves and
    resumes at once: from the save, or ``from_record`` (the save removed)
    with ``--resume 1``, re-played from the game's record.
    """
    child = spawn(home, "--p1", "Ann", "--vs-computer", "random", "--seed", "11")
    own_moves = 0
    while True:
        seen = child.expect(
            [
                r"Ann, press Enter: ",
                r"Press Enter to continue[^:]*: ",
                r"Ann> ",
                r"Play again\? \(y/(?:s/)?n\) ",
                pexpect.EOF,
            ]
        )
        if seen < 2:
            child.sendline("")
        elif seen == 2 and own_moves == break_after:
            child.sendintr()
            child.expect_exact(SAVED_HINT)
            child.expect(pexpect.EOF)
            child.close()
            if from_record:
                (home / "save.json").unlink()
            child = spawn(home, "--resume", *(["1"] if from_record else []))
            break_after = None
        elif seen == 2:
            child.sendline(typed(policy(saved_state(home))))
            own_moves += 1
        elif seen == 3:
            child.sendline("n")
        else:
            child.close()
            break
    records, _ = list_records()
    assert len(records) == 1 and records[0].result() != "in progress"
    return tuple(records[0].actions)


def test_a_resumed_game_against_the_computer_plays_on_as_it_would_have(
    app_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    straight = play_against_the_computer(app_home, break_after=None)
    other_home = tmp_path / "home"
    monkeypatch.setenv("TACOCAT_HOME", str(other_home))
    resumed = play_against_the_computer(other_home, break_after=4)
    assert resumed == straight
    monkeypatch.setenv("TACOCAT_HOME", str(tmp_path / "third"))
    from_record = play_against_the_computer(tmp_path / "third", break_after=4, from_record=True)
    assert from_record == straight


@pytest.mark.e2e
@pytest.mark.parametrize("kind", ["fifo", "deep nesting", "escape in a name"])
def test_a_hostile_save_is_explained_inside_the_game_and_play_goes_on(
    app_home: Path, kind: str
) -> None:
    import os

    app_home.mkdir(parents=True)
    save = app_home / "save.json"
    if kind == "fifo":
        os.mkfifo(save)  # opening it for reading would wait forever for a writer
    elif kind == "deep nesting":
        save.write_text('{"format":"tacocat-save","version":1,"x":' + "[" * 5000 + "]" * 5000 + "}")
    else:
        save.write_text(
            '{"format":"tacocat-save","version":1,"saved":"2026-01-01T00:00:00+00:00",'
            '"game":{"game_id":"g1","names":["\\u001b]0;pwned\\u0007","Bob"],"seed":1,'
            '"started":"2026-01-01T00:00:00+00:00","mode":"hot seat"},"state":{}}'
        )
    child = spawn(app_home, "--resume", "--p1", NAMES[0], "--p2", NAMES[1])
    note = read_note(child)
    assert "kept aside as" in note and "a new game can start." in note
    assert "\x1b]0;" not in child.before
    child.sendline("")
    child.expect_exact("Ann, press Enter: ")
    assert saved_state(app_home).history == []  # the new game is saved in the save's place
    child.sendintr()
    child.expect_exact(SAVED_HINT)
    child.expect(pexpect.EOF)
    child.close()


CARD_TOP = re.compile(r"[╭+][─-]? ([a-z]) [─-]")  # a card's top edge, with its key


def hand_on_screen(text: str) -> list[tuple[str, int]]:
    """The keyed cards a decision screen shows: (key, value), left to right."""
    screen = pyte.Screen(COLS, ROWS)
    pyte.Stream(screen).feed(text)
    lines = screen.display
    cards = []
    for row, line in enumerate(lines[:-1]):
        for match in CARD_TOP.finditer(line):
            end = line.find("╮", match.start())
            cards.append((match.group(1), int(lines[row + 1][match.start() + 1 : end].strip())))
    return cards


@pytest.mark.parametrize("by", ["number", "id"])
def test_an_unfinished_game_put_aside_resumes_by_its_id_or_number_at_the_same_decision(
    app_home: Path, by: str
) -> None:
    # Ann and Bob play 5 moves and leave; the decision of move 6 is on screen.
    child = start_and_play(app_home, moves=5)
    shown = hand_on_screen(child.before)
    before = saved_state(app_home)
    game = saved_id()
    mover = NAMES[before.current_player()]
    assert child.after.strip() == f"{mover}>" and shown
    values = sorted(card.value for card in before.view(before.current_player()).hand)
    assert sorted(value for _, value in shown) == values
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()

    # Cy and Di answer n, play a move of their own, and leave.
    child = spawn(app_home, "--p1", "Cy", "--p2", "Di")
    child.expect_exact("Resume it? [Y/n]: ")
    child.sendline("n")
    told = f"The unfinished game stays in history: `tacocat play --resume {game}`."
    assert told in read_note(child)
    child.sendline("")
    child.expect_exact("Cy, press Enter: ")
    child.sendline("")
    child.expect_exact("Cy> ")
    new_game_state = saved_state(app_home)
    child.sendline(typed(policy(new_game_state)))
    child.expect(r"(\w+), press Enter: |Press Enter to continue[^:]*: ")
    assert len(saved_state(app_home).history) == 1  # Cy and Di's game holds the save now
    child.sendintr()
    child.expect_exact(
        f"The unfinished game from before stays in history: `tacocat play --resume {game}`."
    )
    child.expect(pexpect.EOF)
    child.close()

    # Game 2 goes on where Ann and Bob left it: the same player's hand-over, the same hand.
    child = spawn(app_home, "--resume", "2" if by == "number" else game)
    child.expect(r"(\w+), press Enter: ")
    assert child.match.group(1) == mover
    child.sendline("")
    child.expect(r"(?<![\w\[;])(\w+)> ")
    assert child.match.group(1) == mover
    assert hand_on_screen(child.before) == shown
    assert saved_state(app_home).to_json() == before.to_json()
    child.sendline(typed(policy(before)))
    child.expect(r"(\w+), press Enter: |Press Enter to continue[^:]*: |(?<![\w\[;])(\w+)> ")
    child.sendintr()
    child.expect_exact(SAVED_HINT)
    child.expect(pexpect.EOF)
    child.close()
    records, problems = list_records()
    assert not problems and [r.info.names for r in records] == [("Cy", "Di"), NAMES]
    assert len(records[1].actions) == 6  # the same game's record, grown by the move
    assert records[1].actions[:5] == tuple(before.history)
