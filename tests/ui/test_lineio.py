"""``tacocat play --plain``: the game as a transcript of lines, from a pipe, under TERM=dumb.

The golden transcripts live in tests/ui/goldens/plain/, each with the lines
typed into it (``.in``).  After an intended change to what the line mode
prints, regenerate them and read the diff before committing::

    TACOCAT_UPDATE_GOLDENS=1 python -m pytest tests/ui/test_lineio.py
"""

from __future__ import annotations

import io
import os
import random
import re
import signal
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import RenderableType

from tacocat.engine import Rules
from tacocat.ui.play.game import Game, Session
from tacocat.ui.term.io import Kind, Prompt
from tacocat.ui.term.lineio import LineIo
from tests.terminals import RecordingTerminal
from tests.ui.test_game import typed_action

GOLDENS = Path(__file__).parent / "goldens" / "plain"
UPDATE = os.environ.get("TACOCAT_UPDATE_GOLDENS", "") not in ("", "0")
# Every character rich or tacocat draws boxes and rules with, in either glyph set.
BOX_DRAWING = re.compile("[\u2500-\u259f]")
GAMES = [("random", 7), ("easy", 3)]  # (level, seed): whole games, Ann against the computer


class Player(LineIo):
    """A line terminal whose input is a player choosing at random among legal moves.

    Each line it types is kept (``typed``): the input of a golden transcript.
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.typed: list[str] = []
        self.kind = Kind.NOTICE
        self.game: Game | None = None
        super().__init__(stdin=self, stdout=io.StringIO())  # type: ignore[arg-type]

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        self.kind = prompt.kind
        return super().read(prompt, settle)

    def readline(self) -> str:  # standard input, as LineIo reads it
        assert self.game is not None
        line = ""
        if self.kind is Kind.DECISION:
            line = typed_action(self.game, self.rng)
        elif self.kind is Kind.AGAIN:
            line = "n"
        self.typed.append(line)
        return line + "\n"

    def isatty(self) -> bool:
        return False

    @property
    def transcript(self) -> str:
        output = self.stdout
        assert isinstance(output, io.StringIO)
        return output.getvalue()


def session(level: str, seed: int) -> Session:
    return Session(names=("Ann", "Computer"), rules=Rules(), seed=seed, computer=level, ascii=True)


def play_in_process(level: str, seed: int) -> Player:
    player = Player(seed)
    game = Game(session(level, seed), player)
    player.game = game
    assert game.run() == 0 and game.state.is_terminal()
    return player


def tacocat(
    *args: str, typed: str = "", home: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``tacocat ARGS`` with ``typed`` piped in, under TERM=dumb, no computer pauses."""
    env = dict(os.environ, TERM="dumb", PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "tacocat", *args],
        input=typed,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def without_id(transcript: str) -> str:
    """The transcript with the game's id (from its start time and a random part) as <id>."""
    return re.sub(r"(tacocat replay )[a-z]{6}\b", r"\1<id>", transcript)


def assert_plain(transcript: str) -> None:
    assert "\x1b" not in transcript  # no colour, no cursor movement, no clearing
    assert not BOX_DRAWING.search(transcript), BOX_DRAWING.search(transcript)
    assert "+--" not in transcript and "|  " not in transcript  # no ASCII boxes either


@pytest.mark.parametrize(("level", "seed"), GAMES)
def test_a_whole_game_from_a_pipe_matches_its_golden_transcript(level: str, seed: int) -> None:
    golden, typed = GOLDENS / f"{level}-{seed}.txt", GOLDENS / f"{level}-{seed}.in"
    if UPDATE:
        GOLDENS.mkdir(parents=True, exist_ok=True)
        typed.write_text("\n".join(play_in_process(level, seed).typed) + "\n", encoding="utf-8")
    args = ("play", "--plain", "--vs-computer", level, "--seed", str(seed), "--p1", "Ann")
    done = tacocat(*args, typed=typed.read_text(encoding="utf-8"))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    transcript = without_id(done.stdout)
    if UPDATE:
        golden.write_text(transcript, encoding="utf-8")
    assert transcript == golden.read_text(encoding="utf-8")
    assert_plain(transcript)
    assert re.search(r"(Ann|Computer) wins the game!|The game is drawn\.", transcript)
    assert transcript.rstrip().endswith("Thanks for playing tacocat!")


def test_the_transcript_in_process_is_the_one_from_the_pipe() -> None:
    level, seed = GAMES[0]
    player = play_in_process(level, seed)
    golden = (GOLDENS / f"{level}-{seed}.txt").read_text(encoding="utf-8")
    assert without_id(player.transcript) == golden


@pytest.mark.parametrize(("level", "seed"), [*GAMES, ("normal", 5), ("random", 99)])
def test_every_log_entry_is_printed_once(level: str, seed: int) -> None:
    player = play_in_process(level, seed)
    assert player.game is not None
    printed = entries(player.transcript)
    # In order, except a note a result's screen leaves out (it is printed after the result).
    assert Counter(printed) == Counter(player.game.log)


@pytest.mark.parametrize(("ascii_only", "ellipsis"), [(True, "..."), (False, "\u2026")])
def test_the_thinking_status_has_the_full_screen_s_words(ascii_only: bool, ellipsis: str) -> None:
    """Said by the screen's note or, when that was said just before, by busy(): alike."""
    level, seed = GAMES[1]
    player = Player(seed)
    game = Game(replace(session(level, seed), ascii=ascii_only), player)
    player.game = game
    assert game.run() == 0
    said = [line for line in player.transcript.splitlines() if "is thinking" in line]
    assert len(said) > 3
    assert set(said) == {f"Computer is thinking{ellipsis}"}


def test_the_computer_at_easy_finishes_a_game_under_term_dumb() -> None:
    typed = (GOLDENS / "easy-3.in").read_text(encoding="utf-8")
    args = ("play", "--plain", "--vs-computer", "easy", "--seed", "3")
    done = tacocat(*args, typed="\n" + typed)  # Enter: player 1 keeps the name shown
    assert done.returncode == 0, done.stderr
    assert "Player 1 name [Yay]: " in done.stdout  # asked in lines: Enter keeps it
    assert "Yay wins the game!" in done.stdout or "Computer wins the game!" in done.stdout
    assert_plain(done.stdout)


def test_hot_seat_is_refused_in_one_sentence() -> None:
    done = tacocat("play", "--plain", typed="\n")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("Error: --plain plays against the computer only")
    assert done.stderr.count(".") == 1 and "Traceback" not in done.stderr


def test_a_plain_game_is_saved_and_resumed() -> None:
    first = tacocat("play", "--plain", "--vs-computer", "random", "--p1", "Ann", typed="-\n")
    assert first.returncode == 0
    assert "Input closed (Ctrl-D): game ended. Goodbye!" in first.stdout
    assert "tacocat play --resume" in first.stdout
    again = tacocat("play", "--plain", "--resume", typed="\nq\ny\n")
    assert again.returncode == 0, again.stderr
    assert "Resuming Ann against Computer, round 1." in again.stdout
    assert "Game ended: a player quit." in again.stdout
    assert_plain(again.stdout)


WRONG = ["zz", "", "xyz", "12 12 12 12 12 12 12 12", "q", "y"]


def test_wrong_input_gets_the_full_screen_games_messages() -> None:
    def messages(text: str) -> list[str]:
        return re.findall(r"^! .*$", text, re.MULTILINE)

    class Typing(RecordingTerminal):
        def __init__(self) -> None:
            super().__init__()
            self.typed = iter(WRONG)

        def ask(self, prompt: str, settle: float = 0.0) -> str:
            return next(self.typed)

    full = Typing()
    Game(session("random", 2), full).run()
    lines = LineIo(io.StringIO("\n".join(WRONG) + "\n"), io.StringIO())
    Game(session("random", 2), lines).run()
    transcript = lines.stdout.getvalue()  # type: ignore[attr-defined]
    expected = [message for screen in full.screens for message in messages(screen)]
    assert len(expected) == 4
    got = messages(transcript)
    # The same words; the full screen folds a long one at 80 columns, lines do not.
    assert len(got) == len(expected)
    assert all(line.startswith(start) for line, start in zip(got, expected, strict=True))
    assert "Quit? (y/N) y" in transcript


def test_a_new_game_prints_its_whole_log_again() -> None:
    # "Play again": the next deal's log starts as the last one did; it is printed all the same.
    lines = LineIo(io.StringIO("q\ny\n"), io.StringIO())
    lines.show(_log("Round 1 on O4: 7 cards each", "Ann won"))
    lines.read(Prompt(Kind.AGAIN, "Play again? (y/n) "))
    lines.show(_log("Round 1 on O4: 7 cards each", "Ann won"))  # the same screen: nothing
    lines.show(_log("Round 1 on O4: 7 cards each"))
    printed = lines.stdout.getvalue()  # type: ignore[attr-defined]
    assert printed.count("* Round 1 on O4: 7 cards each") == 2
    assert printed.count("* Ann won") == 1


def _log(*entries: str) -> RenderableType:
    from tacocat.ui.draw.news import log_block

    return log_block(list(entries), 10)


@pytest.mark.parametrize(
    ("signum", "code", "goodbye"),
    [
        (signal.SIGINT, 130, "Game interrupted (Ctrl-C). Goodbye!"),
        (signal.SIGTERM, 128 + signal.SIGTERM, "Game stopped (SIGTERM)."),
    ],
)
def test_a_signal_at_a_prompt_ends_the_game_through_its_one_exit(
    signum: int, code: int, goodbye: str
) -> None:
    env = dict(os.environ, TERM="dumb", PYTHONIOENCODING="utf-8")
    args = ["play", "--plain", "--vs-computer", "easy", "--p1", "Ann"]
    game = subprocess.Popen(
        [sys.executable, "-m", "tacocat", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert game.stdout is not None
    shown = b""
    while not shown.endswith(b"Ann> "):  # the first decision's prompt: the game waits
        chunk = os.read(game.stdout.fileno(), 4096)
        assert chunk, shown
        shown += chunk
    game.send_signal(signum)
    rest, errors = game.communicate(timeout=30)
    assert game.returncode == code, errors
    transcript = (shown + rest).decode()
    assert f"Ann> \n{goodbye}\n" in transcript  # the prompt's line ended first
    assert "resume with `tacocat play --resume`" in transcript


def entries(transcript: str) -> list[str]:
    """The log entries of a transcript ("* " lines, each with the lines that carry it on)."""
    found: list[str] = []
    lines = transcript.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("* "):
            words = [line[2:]]
            for more in lines[number + 1 :]:
                if not more.startswith("  ") or more.startswith("  a: "):
                    break
                words.append(more.strip())
            found.append(" ".join(words))
    return found


@pytest.mark.parametrize(
    ("typed", "note"), [(b"\n", "Too soon: key ignored."), (b"x\n", "Too soon: keys ignored.")]
)
def test_a_key_dropped_before_a_result_s_prompt_is_said_in_one_line(
    typed: bytes, note: str
) -> None:
    """--plain: the keys a settle drops (a real terminal's queue) get one line before the prompt."""
    import select
    import threading
    import time

    leader, follower = os.openpty()
    out = io.StringIO()
    with os.fdopen(follower, "r", closefd=True) as tty_in:
        plain = LineIo(stdin=tty_in, stdout=out)
        os.write(leader, typed)  # typed too soon, before the result's prompt
        assert select.select([follower], [], [], 5)[0]  # it has reached the terminal
        prompt = "Press Enter to continue: "

        def answer() -> None:
            deadline = time.monotonic() + 10
            while prompt not in out.getvalue() and time.monotonic() < deadline:
                time.sleep(0.01)  # waits for the positive sign: the prompt written
            os.write(leader, b"\n")

        helper = threading.Thread(target=answer)
        helper.start()
        line = plain.read(Prompt(Kind.RESULT, prompt), settle=1.0)
        helper.join()
    os.close(leader)
    assert line == ""  # the Enter typed at the prompt, not the one before it
    assert out.getvalue().splitlines()[:2] == [note, prompt]
