"""Solving puzzles at the terminal on the game's own decision screen, parser and dialogs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from tacocat.engine import Action, PlayerView
from tacocat.engine.words import plural
from tacocat.names import name_problem
from tacocat.puzzles.coaching import reason, verdict_lines
from tacocat.puzzles.collection import load_set
from tacocat.puzzles.judge import judge
from tacocat.puzzles.library import Queue, own_puzzles, search_games
from tacocat.puzzles.position import Puzzle, state_of
from tacocat.puzzles.scores import Progress, save_scores
from tacocat.puzzles.themes import NUDGES
from tacocat.storage.glicko2 import Rating
from tacocat.storage.ratings import PROVISIONAL
from tacocat.ui.draw import screens
from tacocat.ui.draw.advice import typed_keys
from tacocat.ui.draw.cards import hand_row, keyed_hand
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.glyphs import ASCII, Glyphs, glyphs
from tacocat.ui.draw.helptext import help_text
from tacocat.ui.draw.notice import notice_screen
from tacocat.ui.draw.prompts import HELP, HINT, QUIT, Keyed
from tacocat.ui.play.curtain import Curtain
from tacocat.ui.play.decide import STOP, Stop, ask_move
from tacocat.ui.play.dialogs import Dialogs
from tacocat.ui.play.seats import decision_tips
from tacocat.ui.term.io import Io, Kind, Prompt

BACK = Prompt(Kind.BACK, "Press Enter to go back to the puzzle ")

OPPONENT = "Opponent"
NEXT_PROMPT = "Enter: next puzzle, q: stop "


@dataclass
class Sitting:
    """One run of ``tacocat puzzles``: the terminal, the player and how to keep results."""

    desk: Dialogs  # the terminal, fitted to the game's least size as in a game
    name: str
    progress: Progress
    save: Callable[[], None]  # writes every player's results

    def names(self, view: PlayerView) -> tuple[str, str]:
        other = "The other" if self.name.lower() == OPPONENT.lower() else OPPONENT
        return (self.name, other) if view.player == 0 else (other, self.name)


def play_puzzles(sitting: Sitting, queue: Queue) -> int:
    """Serve puzzles until the player stops; how many were answered (the first try counts)."""
    answered = 0
    while (puzzle := queue.next(sitting.progress.rating.value)) is not None:
        title = f"Puzzle {answered + 1} of {queue.total}"
        first = ask(sitting, puzzle, title)
        if first is None:
            break
        answered += 1
        before = sitting.progress.rating
        sitting.progress.answer(puzzle.key, first == puzzle.answer, puzzle.rating)
        sitting.save()
        tries = [first]
        if first != puzzle.answer:
            second = ask(sitting, puzzle, title, retry=first)
            if second is None:
                break
            tries.append(second)
        if not show_verdict(sitting, puzzle, tries, before):
            break
    return answered


def ask(sitting: Sitting, puzzle: Puzzle, title: str, retry: Action | None = None) -> Action | None:
    """The player's move in ``puzzle`` (asked until the engine allows it); None to stop."""
    view = puzzle.view
    names = sitting.names(view)
    keyed = keyed_hand(view.hand)
    tips = decision_tips(view, keyed, ())
    if retry is None:
        log = [
            f"{title}, from {puzzle.source} (round {view.round_number}).",
            "One move is clearly best here: find it. q stops, help explains.",
        ]
    else:
        log = [f"{title}: {retry} is not the best move. Second try:", NUDGES[puzzle.theme]]
    if view.discard_ids:  # what a player of the game would have seen go by this round
        faced = " ".join(str(card.value) for card in view.discard_pile)
        log.append(f"Face up on the discard pile, oldest first: {faced}.")
    sitting.desk.curtain.open(view.player)  # one person, and the puzzle's seat is theirs
    state = state_of(view)

    def on_command(name: str, keyed: Keyed, frame: Frame) -> str | Stop | None:
        if name == QUIT:
            return STOP
        if name == HELP:
            text = help_text(view, names, hint=None)  # the hint would be the answer
            screen = screens.help_screen(view, text, keyed, frame)
            sitting.desk.wait(screen, BACK, owner=view.player)
            return "Back to the puzzle: type your move."
        if name == HINT:
            return "No hints in a puzzle: the hint would be the answer."
        return "Not in a puzzle: type your move, or q to stop."

    return ask_move(sitting.desk, view, names, log, tips, state.why_illegal, on_command)


def show_verdict(sitting: Sitting, puzzle: Puzzle, tries: Sequence[Action], before: Rating) -> bool:
    """The coach's evaluation after the last try; whether the player goes on."""
    view, io, shapes = puzzle.view, sitting.desk.io, sitting.desk.glyphs
    with io.busy(f"The coach looks again{shapes.ellipsis}", shapes is ASCII):
        evaluation, _ = judge(view, puzzle.key)  # the seed that found it: the same figures
    keyed = keyed_hand(view.hand)
    shown = {
        estimate.action: typed_keys(estimate.action, keyed) for estimate in evaluation.estimates
    }
    played = tries[-1]
    solved = played == puzzle.answer
    if not solved:
        headline = f"Not this time: {played} is not the best move."
    elif len(tries) == 1:
        headline = "Solved! That is the clearly best move."
    else:
        headline = "Solved on the second try (the first try is the one rated)."
    lines = [headline, "", *verdict_lines(evaluation, puzzle.answer, played, shown)]
    said = reason(view, evaluation, puzzle.answer)
    if said:
        lines += ["", said]
    if puzzle.played is not None:
        lines += ["", f"In the game, {puzzle.played} was played here."]
    lines += ["", f"Theme: {puzzle.theme} ({puzzle.pattern}); puzzle rated {puzzle.rating}."]
    lines += standing_lines(sitting.name, sitting.progress, before)
    frame = sitting.desk.frame()
    title = "Solved" if solved else "The coach"
    panel = Panel(Text("\n".join(lines)), box=frame.glyphs.box, title=title, padding=(0, 1))
    screen = Group(panel, hand_row(keyed, frame.glyphs, room=frame.width))
    while True:
        io.show(screen, secret=True)
        answer = io.read(Prompt(Kind.NOTICE, NEXT_PROMPT)).strip().lower()
        if answer in ("", "n", "next"):
            return True
        if answer in ("q", "quit", "stop"):
            return False


def standing_lines(name: str, progress: Progress, before: Rating) -> list[str]:
    """The player's puzzle rating (and its move), streak and counts, in two lines."""
    rating = progress.rating
    unsure = "?" if rating.deviation > PROVISIONAL else ""  # lichess's mark, same limit
    moved = round(rating.value) - round(before.value)
    return [
        f"{name}: puzzle rating {rating.value:.0f}{unsure} ({moved:+d}), "
        f"streak {progress.streak} (best {progress.best_streak}).",
        f"{progress.solved} solved, {progress.failed} failed.",
    ]


def sit(
    io: Io,
    players: dict[str, Progress],
    name: str | None,
    search: bool,
    games: int,
    ascii_only: bool,
    notes: Sequence[str] = (),
) -> str:
    """A whole run of ``tacocat puzzles`` on ``io``; the line to print when it is over."""
    shapes = glyphs(ascii_only)
    name = name or ask_name(io, shapes)
    if name is None:
        return "No puzzle today."
    progress = players.setdefault(name, Progress())
    desk = Dialogs(io, Curtain(io), shapes)
    sitting = Sitting(desk, name, progress, lambda: save_scores(players))
    news = [*notes, _search(sitting, games)] if search else list(notes)
    queue = Queue(own_puzzles(progress), load_set(), progress, f"{name}:{len(progress.results)}")
    if not len(queue):
        news.append("Every puzzle is solved: well done!")
    if news:
        io.show(notice_screen("Puzzles", news, shapes))
        io.read(Prompt(Kind.NOTICE, "Press Enter "))
    answered = play_puzzles(sitting, queue) if queue else 0
    return (
        f"{name}: {plural(answered, 'puzzle')} answered now; "
        f"{progress.solved} solved and {progress.failed} failed in all."
    )


def _search(sitting: Sitting, games: int) -> str:
    shapes = sitting.desk.glyphs
    searching = f"Searching {sitting.name}'s games for missed moves{shapes.ellipsis}"
    with sitting.desk.io.busy(searching, shapes is ASCII):
        added = search_games(sitting.name, sitting.progress, games)
    sitting.save()
    if not added:
        return f"No missed clearly best move in {sitting.name}'s newest games not yet searched."
    return f"{plural(added, 'puzzle')} from {sitting.name}'s own games come first."


def ask_name(io: Io, shapes: Glyphs) -> str | None:
    """The player's name, asked until it is one (None on an empty answer)."""
    problem = "Results are kept per name."
    while True:
        io.show(
            notice_screen("Puzzles", [problem, "Type your name (Enter alone to leave)."], shapes)
        )
        typed = io.read(Prompt(Kind.NAME, "Name: ")).strip()
        if not typed:
            return None
        problem = name_problem(typed) or ""
        if not problem:
            return typed
