"""The game loop: one session at one terminal, hot seat or against the computer.

The loop asks the engine whose decision it is, gets an action from that
player (a person at the keyboard or a computer agent), and hands it to
:meth:`Game.apply` - the one place where the state changes and the log
grows.  Leaving the game, by ``q``, Ctrl-C or Ctrl-D, always goes through
:meth:`Game.run`, which restores the terminal and says goodbye.
"""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace

from rich.console import RenderableType
from rich.text import Text

from tacocat.engine import (
    WOW,
    YAY,
    Action,
    Event,
    GameState,
    Player,
    PlayerView,
    Replace,
    Rules,
    new_game,
)
from tacocat.engine.events import DuelRevealed, GameOver, Showdown
from tacocat.storage.autosave import AutoSave
from tacocat.storage.game_info import HOT_SEAT, VS_COMPUTER, new_seed
from tacocat.ui import screens
from tacocat.ui.cards import keyed_hand
from tacocat.ui.glyphs import glyphs
from tacocat.ui.prompts import (
    HELP,
    LOG,
    QUIT,
    RULES,
    Command,
    Problem,
    help_text,
    hints,
    instruction,
    name_problem,
    parse_line,
)
from tacocat.ui.terminal import MIN_HEIGHT, MIN_WIDTH, Terminal, size_problem

NO_PAUSE_ENV = "TACOCAT_NO_PAUSE"  # set (to anything but "" or "0") to skip computer pauses
COMPUTER_PAUSE = 0.8  # seconds a computer move stays on screen before play goes on
# Public results worth stopping for, so both players can read them.
HEADLINES = (DuelRevealed, Showdown, GameOver)


@dataclass(frozen=True)
class Session:
    """Everything that defines a sitting: who plays, with which rules and seed."""

    names: tuple[str, str]
    rules: Rules
    seed: int | None = None
    computer: str | None = None  # the computer's level (it plays WOW); None: hot seat
    ascii: bool = False
    ask_names: bool = False  # ask at the keyboard for names not given as options

    @property
    def pause(self) -> float:
        flag = os.environ.get(NO_PAUSE_ENV, "")
        return 0.0 if flag not in ("", "0") else COMPUTER_PAUSE


class QuitGame(Exception):
    """A player confirmed ``q``."""


class Stopped(Exception):
    """The process was told to stop (SIGTERM) or its terminal went away (SIGHUP)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


# Signals that end the game like Ctrl-C does: the terminal is restored and the
# save stays at the last completed move.
STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@contextmanager
def stop_signals_raise() -> Iterator[None]:
    """Turn STOP_SIGNALS into :class:`Stopped` inside the block."""

    def stop(signum: int, frame: object) -> None:
        raise Stopped(signum)

    previous = {}
    with suppress(ValueError):  # only the main thread may set handlers; elsewhere keep them
        for signum in STOP_SIGNALS:
            previous[signum] = signal.signal(signum, stop)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold STOP_SIGNALS until the block ends, so a move and its save are never split."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


class Game:
    """Plays games of one :class:`Session` on one :class:`Terminal`."""

    def __init__(
        self,
        session: Session,
        terminal: Terminal,
        state: GameState | None = None,
        autosave: AutoSave | None = None,
    ) -> None:
        if session.seed is None:
            # Games are saved and replayed by their seed, so every game gets one.
            session = replace(session, seed=new_seed())
        self.session = session
        self.autosave = autosave  # given for a resumed game; started by play_games otherwise
        self.terminal = terminal
        self.glyphs = glyphs(session.ascii)
        self.state = state if state is not None else new_game(session.seed, session.rules)
        # A resumed game's log is every event so far; a new game's is the deal.
        events = autosave.events if autosave is not None else self.state.opening_events
        self.events: list[Event] = list(events)  # every public event so far (the log view)
        self.log: list[str] = self._texts(events)
        self.news: list[Event] = []  # public events no public screen has shown yet
        self.at_keyboard: Player | None = None  # whose secrets may be on screen now
        self.agent = None
        self.agent_rng = random.Random()  # reseeded before each computer decision
        if session.computer is not None:
            from tacocat.ai import make_agent

            self.agent = make_agent(session.computer, self.agent_rng)

    @property
    def names(self) -> tuple[str, str]:
        return self.session.names

    # -- the single way in and out -------------------------------------------

    def run(self) -> int:
        """Play until the players stop; return the process exit code."""
        try:
            with stop_signals_raise(), self.terminal:
                if self.session.ask_names:
                    self.ask_names()
                self.play_games()
            message, code = "Thanks for playing tacocat!", 0
        except Stopped as stop:
            message = f"Game stopped ({signal.Signals(stop.signum).name})."
            code = 128 + stop.signum
        except QuitGame:
            message, code = "Game ended: a player quit.", 0
        except KeyboardInterrupt:
            message, code = "Game interrupted (Ctrl-C). Goodbye!", 130
        except EOFError:
            message, code = "Input closed (Ctrl-D): game ended. Goodbye!", 0
        note = self.autosave.exit_note() if self.autosave is not None else None
        if note is not None:
            message = f"{message}\n{note}"
        with suppress(OSError):  # after SIGHUP the terminal may be gone
            self.terminal.console.print(message, markup=False)  # may quote a file path
        return code

    def apply(self, action: Action) -> list[Event]:
        """Apply one action: the only place the game state changes."""
        with signals_held():
            events = self.state.apply_action(action)
            if self.autosave is not None:
                self.autosave.after_action(events)  # saved before anything else can happen
        self.events.extend(events)
        self.log.extend(self._texts(events))
        self.news.extend(events)
        return events

    # -- the loop -------------------------------------------------------------

    def play_games(self) -> None:
        while True:
            self.start_saving()
            self.play_one()
            if not self.again():
                return
            seed = None if self.session.seed is None else self.session.seed + 1
            self.session = replace(self.session, seed=seed)
            self.state = new_game(seed, self.session.rules)
            self.events = list(self.state.opening_events)
            self.log = self._texts(self.events)
            self.news = []
            self.at_keyboard = None

    def start_saving(self) -> None:
        """Autosave a new game; a resumed one first waits for the right player instead."""
        if self.autosave is None or self.autosave.state is not self.state:
            seed = self.session.seed
            assert seed is not None  # __init__ gives every game a seed
            mode = HOT_SEAT if self.agent is None else VS_COMPUTER
            computer = None if self.agent is None else WOW
            try:
                self.autosave = AutoSave.start(
                    self.state, self.names, seed, mode, self.session.computer, computer
                )
            except ValueError:
                self.autosave = None  # a state not dealt from the session's seed: not saved
            return
        player = self.state.current_player()
        if player is None:
            return
        if self.agent is None:
            self.hand_over(player)  # no hand shows until the right player is ready
            return
        lines = [
            f"Resuming {self.names[YAY]} against {self.names[WOW]}, round "
            f"{self.state.round_number}.",
            "Press Enter when you are ready.",
        ]
        self.terminal.show(screens.notice_screen("Saved game", lines, self.glyphs))
        self.terminal.flush_input()
        self.ask_enter(f"{self.names[YAY]}, press Enter: ")
        self.at_keyboard = YAY

    def play_one(self) -> None:
        while not self.state.is_terminal():
            player = self.state.current_player()
            assert player is not None  # a running game always has a player to move
            if self.is_computer(player):
                self.apply(self.computer_move(player))
                self.show_computer_move(1 - player)
            else:
                self.apply(self.human_move(player))

    def is_computer(self, player: Player) -> bool:
        return self.agent is not None and player == WOW

    # -- a person's decision ---------------------------------------------------

    def human_move(self, player: Player) -> Action:
        """Show the hand-over or results as needed, then ask until the engine accepts."""
        view = self.state.view(player)  # the state does not change until the move returns
        legal = view.legal_actions
        if len(legal) == 1 and isinstance(legal[0], Replace):
            # Nothing to decide (the first player replaced no card): no hand-over
            # just to type '-'; the log says the hand was kept.
            return legal[0]
        if self.agent is None and self.at_keyboard != player:
            self.hand_over(player)
        elif self._headline_news():
            self.reveal(player)
        self.news = []
        keyed = keyed_hand(view.hand)
        tips = [instruction(view.phase, len(view.table), view.replace_limit), *hints(view, keyed)]
        message: str | None = None
        while True:
            width, height = self.fit()
            self.terminal.show(
                screens.decision_screen(
                    view, self.names, self.log, keyed, tips, message, height, width, self.glyphs
                )
            )
            line = self.terminal.ask(f"{self.names[player]}> ")
            parsed = parse_line(line, keyed, view.phase, len(view.table), view.replace_limit, legal)
            if isinstance(parsed, Command):
                if parsed.name == HELP:
                    self.wait(
                        screens.help_screen(view, help_text(view), keyed, width, self.glyphs),
                        "Press Enter to go back to the game: ",
                    )
                elif parsed.name == RULES:
                    self.show_rules()
                elif parsed.name == LOG:
                    self.show_log(view)
                elif parsed.name == QUIT:
                    self.confirm_quit()
                message = None
                continue
            if isinstance(parsed, Problem):
                message = parsed.message
                continue
            problem = self.state.why_illegal(parsed)
            if problem is None:
                return parsed
            message = f"Not allowed: {problem}."

    def hand_over(self, player: Player) -> None:
        """Hide everything, name the next player, wait for them (hot seat only)."""
        width, height = self.fit()
        view = self.state.view(player)
        news = self._texts(self.news) if self._headline_news() else []
        self.terminal.show(
            screens.handover_screen(view, self.names, self.log, height, news, self.glyphs, width)
        )
        # Keys typed ahead by the previous player must not answer this prompt.
        self.terminal.flush_input()
        self.ask_enter(f"{self.names[player]}, press Enter: ")
        self.at_keyboard = player

    def reveal(self, player: Player) -> None:
        """Public results on a screen without any hand, so both can watch."""
        width, height = self.fit()
        view = self.state.view(player)
        screen = screens.reveal_screen(
            view, self.names, self.log, self._texts(self.news), height, self.glyphs, width
        )
        name, other = self.names[player], self.names[1 - player]
        if self.agent is None:
            # The player at the keyboard goes on; the other must look away again.
            prompt = f"Press Enter to continue ({name} plays next; {other}, look away): "
        else:
            prompt = "Press Enter to continue: "
        self.wait(screen, prompt)

    def show_rules(self) -> None:
        """The rules in play, scrollable inside the game's screen (never a pager)."""
        from tacocat.ui.rules_text import RULES_WIDTH, rules_lines

        width, _ = self.fit()
        lines = rules_lines(self.session.rules, min(width, RULES_WIDTH))
        self.scroll(
            "Rules", [Text(line, style="bold" if heading else "") for line, heading in lines]
        )

    def show_log(self, view: PlayerView) -> None:
        """The whole public log and the discard pile by round, scrollable, newest last."""
        from tacocat.ui.logview import log_view_lines

        width, _ = self.fit()
        lines = log_view_lines(self.events, view, self.names, width, self.glyphs)
        self.scroll("Game log", lines, at_end=True)

    def scroll(self, title: str, lines: list[Text], at_end: bool = False) -> None:
        """Show ``lines`` a screenful at a time, inside the alternate screen.

        Nothing goes to the terminal's scrollback (no pager): the view is
        redrawn for every step.  Enter pages down, b up; t and e jump to the
        top and the end; q goes back to the game.
        """
        top: int | None = None
        while True:
            width, height = self.fit()
            rows = max(1, height - 2)  # a title row and the prompt
            last = max(0, len(lines) - rows)
            if top is None:
                top = last if at_end else 0
            top = min(max(0, top), last)
            self.terminal.show(screens.scroll_screen(title, lines, top, rows, width, self.glyphs))
            answer = (
                self.terminal.ask(screens.scroll_prompt(title, top, rows, len(lines)))
                .strip()
                .lower()
            )
            if answer in ("q", "quit", "back", "x"):
                return
            if answer in ("b", "u", "up", "k"):
                top -= rows
            elif answer in ("t", "top"):
                top = 0
            elif answer in ("e", "end"):
                top = last
            elif answer in ("", "n", "d", "down", "j"):
                if top >= last:
                    return  # Enter at the end goes back to the game
                top += rows

    def confirm_quit(self) -> None:
        lines = ["Really quit this game?", "Type y to quit, or just Enter to go back."]
        self.terminal.show(screens.notice_screen("Quit?", lines, self.glyphs))
        if self.terminal.ask("Quit? (y/N) ").strip().lower() in ("y", "yes"):
            raise QuitGame

    # -- the computer's decision -----------------------------------------------

    def computer_move(self, player: Player) -> Action:
        """Ask the agent, showing the human's own screen and a thinking status."""
        assert self.agent is not None
        human = 1 - player
        if self._headline_news():
            self.reveal(human)
            self.news = []
        name = self.names[player]
        self.show_human(human, f"{name} is thinking{self.glyphs.ellipsis}")
        spinner = "line" if self.session.ascii else "dots"  # "line" is plain ASCII
        thinking = Text(f"{name} is thinking")  # plain text: no markup read from the name
        # The computer's chance for this decision comes from the game's seed and
        # the moves so far, not from a stream: a resumed game plays on exactly
        # as it would have without the break.
        self.agent_rng.seed(f"tacocat-computer:{self.session.seed}:{len(self.state.history)}")
        with self.terminal.console.status(thinking, spinner=spinner):
            return self.agent.choose(self.state.view(player))

    def show_computer_move(self, human: Player) -> None:
        """Leave the computer's move on screen a moment before play goes on."""
        self.show_human(human, f"{self.names[1 - human]} has played (see the log).")
        time.sleep(self.session.pause)

    def show_human(self, human: Player, note: str) -> None:
        """The human's own screen, with a note instead of a request."""
        width, height = self.fit()
        view = self.state.view(human)
        keyed = keyed_hand(view.hand)
        self.terminal.show(
            screens.decision_screen(
                view, self.names, self.log, keyed, [note], None, height, width, self.glyphs
            )
        )

    # -- start and end ---------------------------------------------------------

    def ask_names(self) -> None:
        """Ask for the names not given on the command line (Enter keeps the default)."""
        names = list(self.names)
        seats = [YAY] if self.agent is not None else [YAY, WOW]
        for seat in seats:
            goal = "YAY" if seat == YAY else "WOW"
            message = ""
            while True:
                lines = [f"Player {seat + 1} sits behind the {goal} goal.", message]
                self.terminal.show(screens.notice_screen("New game", lines, self.glyphs))
                typed = self.terminal.ask(f"Player {seat + 1} name [{names[seat]}]: ").strip()
                name = typed or names[seat]
                problem = name_problem(name, names[YAY] if seat == WOW else None)
                if problem is None:
                    names[seat] = name
                    break
                message = f"! {problem}"
        self.session = replace(self.session, names=(names[0], names[1]), ask_names=False)

    def again(self) -> bool:
        """The game-over screen; True if the players want another game."""
        view = self.state.view(YAY)
        self.terminal.flush_input()
        message: str | None = None
        while True:
            width, height = self.fit()
            self.terminal.show(
                screens.game_over_screen(
                    view, self.names, self.log, height, message, self.glyphs, width
                )
            )
            answer = self.terminal.ask("Play again? (y/n) ").strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", "q", "quit"):
                return False
            message = "Please type y or n."

    # -- helpers ---------------------------------------------------------------

    def wait(self, screen: RenderableType, prompt: str) -> None:
        self.terminal.show(screen)
        self.ask_enter(prompt)

    def ask_enter(self, prompt: str) -> None:
        """Wait for Enter; 'q' still offers to quit."""
        if self.terminal.ask(prompt).strip().lower() in ("q", "quit"):
            self.confirm_quit()

    def fit(self) -> tuple[int, int]:
        """The terminal size, waiting (with a message) while it is below 80x24."""
        while True:
            width, height = self.terminal.size
            problem = size_problem(width, height)
            if problem is None or not self.terminal.console.is_terminal:
                return max(width, MIN_WIDTH), max(height, MIN_HEIGHT)
            self.terminal.show(screens.notice_screen("Terminal too small", [problem], self.glyphs))
            self.ask_enter("Press Enter after resizing: ")

    def _headline_news(self) -> bool:
        """Whether the news holds a result worth stopping for.

        Hot seat stops for every duel and showdown (the player not at the
        keyboard must see them too); against the computer only a round's
        end stops play, since the log shows the rest as it happens.
        """
        stops = HEADLINES if self.agent is None else (Showdown, GameOver)
        return any(isinstance(event, stops) for event in self.news)

    def _texts(self, events: list[Event]) -> list[str]:
        """Events as log lines: the one place they become text with the players' names."""
        return [event.text(self.names) for event in events]
