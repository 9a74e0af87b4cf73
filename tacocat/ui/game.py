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
from collections.abc import Callable, Collection, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace

from rich.console import RenderableType
from rich.text import Text

from tacocat.engine import (
    WOW,
    YAY,
    Action,
    Card,
    Event,
    GameState,
    Player,
    PlayerView,
    Replace,
    Rules,
    new_game,
    other,
)
from tacocat.engine.actions import list_values
from tacocat.engine.events import (
    DuelRevealed,
    GameOver,
    Replaced,
    RoundStarted,
    Showdown,
    TacocatMoved,
)
from tacocat.sanitize import visible
from tacocat.storage.autosave import AutoSave
from tacocat.storage.game_info import HOT_SEAT, VS_COMPUTER, new_seed
from tacocat.ui import screens
from tacocat.ui.cards import NEW_MARK, keyed_hand
from tacocat.ui.curtain import Curtain
from tacocat.ui.forced import forced_action, forced_line
from tacocat.ui.glyphs import glyphs
from tacocat.ui.prompts import (
    HELP,
    HINT,
    LOG,
    QUIT,
    RULES,
    TAKE_BACK_COMMANDS,
    UNDO,
    Command,
    Keyed,
    Problem,
    help_text,
    hints,
    instruction,
    parse_handover,
    parse_line,
    sacrifice_answer,
)
from tacocat.ui.signals import Stopped
from tacocat.ui.stats import MatchScore, game_stats, stats_lines
from tacocat.ui.table import Table
from tacocat.ui.terminal import MIN_HEIGHT, MIN_WIDTH, Terminal, size_problem

__all__ = ["Game", "QuitGame", "Session", "Stopped"]

NO_PAUSE_ENV = "TACOCAT_NO_PAUSE"  # set (to anything but "" or "0") to skip computer pauses
COMPUTER_PAUSE = 0.8  # seconds a computer move stays on screen before play goes on
TAKE_BACK_SECONDS = 1.0  # against the computer: time to type u before it replies
# Public results worth stopping for, so both players can read them.
HEADLINES = (DuelRevealed, Showdown, GameOver)
# Events that reveal something hidden: the move that caused them stands.
REVEALING = (DuelRevealed, Showdown, RoundStarted, TacocatMoved, GameOver)


@dataclass(frozen=True)
class Session:
    """Everything that defines a sitting: who plays, with which rules and seed."""

    names: tuple[str, str]
    rules: Rules
    seed: int | None = None
    computer: str | None = None  # the computer's level (it plays WOW); None: hot seat
    ascii: bool = False
    ask_names: bool = False  # ask at the keyboard for names not given as options
    hints: bool = True  # whether a player may type `hint` (off with --no-hints)

    @property
    def pause(self) -> float:
        flag = os.environ.get(NO_PAUSE_ENV, "")
        return 0.0 if flag not in ("", "0") else COMPUTER_PAUSE


class QuitGame(Exception):
    """A player confirmed ``q``."""


class Game:
    """Plays games of one :class:`Session` on one :class:`Terminal`."""

    def __init__(
        self,
        session: Session,
        terminal: Terminal,
        state: GameState | None = None,
        autosave: AutoSave | None = None,
        notes: Sequence[str] = (),
    ) -> None:
        seed_given = session.seed is not None
        if not seed_given:
            # Games are saved and replayed by their seed, so every game gets one.
            session = replace(session, seed=new_seed())
        self.session = session
        self.autosave = autosave  # given for a resumed game; started by play_games otherwise
        self.terminal = terminal
        self.curtain = Curtain(terminal)  # whose hand may show (tacocat.ui.curtain)
        self.notes = tuple(notes)  # said on the first screen (e.g. a damaged save moved aside)
        self.glyphs = glyphs(session.ascii)
        state = state if state is not None else new_game(session.seed, session.rules)
        # A resumed game's log is every event so far; a new game's is the deal.
        events = autosave.events if autosave is not None else state.opening_events
        self.table = Table.deal(state, events, self._texts(events))
        if seed_given and session.computer is None and autosave is None:
            self.table.log.append(
                f"This game is dealt from --seed {session.seed}: whoever knows the seed "
                "knows both hands and every deal."
            )
        self.match = MatchScore()  # games won across "Play again"
        self.agent = None
        self.agent_rng = random.Random()  # reseeded before each computer decision
        if session.computer is not None:
            from tacocat.ai import make_agent

            self.agent = make_agent(session.computer, self.agent_rng)

    # The game now: one Table per game (tacocat.ui.table).
    @property
    def state(self) -> GameState:
        return self.table.state

    @property
    def events(self) -> list[Event]:
        return self.table.events

    @property
    def log(self) -> list[str]:
        return self.table.log

    @property
    def names(self) -> tuple[str, str]:
        return self.session.names

    # -- the single way in and out -------------------------------------------

    def run(self) -> int:
        """Play until the players stop; return the process exit code.

        The first Ctrl-C, SIGTERM or SIGHUP ends the game here; later ones
        are ignored until the terminal is restored (see tacocat.ui.signals),
        and :meth:`Terminal.restore` runs again in case the first one cut
        the ``with`` block's own restoration short.
        """
        terminal = self.terminal
        terminal.on_resume = self.resumed
        terminal.guard.install()
        try:
            try:
                with terminal:
                    self.show_notes()
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
            terminal.restore()
            final = self.table.final_screen
            if final is not None and self.state.is_terminal():
                with suppress(OSError):  # the final board stays on the shell's screen
                    terminal.console.print(final)
            note = self.autosave.exit_note() if self.autosave is not None else None
            if note is not None:
                message = f"{message}\n{note}"
            with suppress(OSError):  # after SIGHUP the terminal may be gone
                # A note may quote a file path: plain text, control characters shown.
                terminal.console.print(visible(message, keep="\n"), markup=False)
        finally:
            terminal.guard.release()
        return code

    def apply(self, action: Action) -> list[Event]:
        """Apply one action: the only place the game state changes."""
        table = self.table
        before = self.state.hands
        with self.terminal.guard.held():
            events = self.state.apply_action(action)
            if self.autosave is not None:
                self.autosave.after_action(events)  # saved before anything else can happen
        for event in events:
            if isinstance(event, Replaced) and event.values:
                # Drawn: in the hand now and not before (card ids are unique).
                player = event.player
                table.drawn[player] = frozenset(self.state.hands[player]) - set(before[player])
        table.marks.append((len(self.events), len(self.log)))
        self.events.extend(events)
        self.log.extend(self._texts(events))
        warning = self.autosave.new_warning() if self.autosave is not None else None
        if warning is not None:
            self.log.append(warning)  # on the very next screen, not only at exit
        table.news.extend(events)
        return events

    # -- the loop -------------------------------------------------------------

    def play_games(self) -> None:
        while True:
            self.start_saving()
            self.play_one()
            if not self.again():
                return
            # A fresh secret seed: the finished game's seed is public (replay),
            # and a seed derived from it would give away the new deal.
            seed = new_seed()
            self.session = replace(self.session, seed=seed)
            state = new_game(seed, self.session.rules)
            self.table = Table.deal(state, state.opening_events, self._texts(state.opening_events))
            self.curtain.close()

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
        self.ready(player if self.agent is None else YAY, "Saved game", "Resuming")

    def ready(self, player: Player, title: str, doing: str) -> None:
        """Wait until ``player`` is at the keyboard before any hand shows.

        Hot seat: a hand-over.  Against the computer: a short notice titled
        ``title``, the human's Enter; ``doing`` opens it ("Resuming").
        """
        if self.agent is None:
            self.hand_over(player)
            return
        lines = [
            f"{doing} {self.names[YAY]} against {self.names[WOW]}, round "
            f"{self.state.round_number}.",
            "Press Enter when you are ready.",
        ]
        self.curtain.close()
        self.wait(
            screens.notice_screen(title, lines, self.glyphs),
            f"{self.names[YAY]}, press Enter: ",
            between=True,
        )
        self.curtain.open(YAY)

    def resumed(self, secret: bool) -> None:
        """Back from Ctrl-Z: a hand that was on screen shows again only after a hand-over.

        In hot seat, whoever typed ``fg`` may be the other player: while a
        player has the keyboard, their hand is one key away from any screen
        (back from the log, the rules, a question or a result), so the
        hand-over comes whether or not the screen itself showed the hand.
        """
        if self.agent is not None:
            if secret:
                self.ready(YAY, "Suspended", "Back to")
            return
        player = self.curtain.holder  # whose hand may show next
        if player is not None and not self.state.is_terminal():
            self.ready(player, "Suspended", "Back to")

    def show_notes(self) -> None:
        """What happened before the game took the screen (a damaged save, no save)."""
        if self.notes:
            self.wait(
                screens.notice_screen("Before the game", list(self.notes), self.glyphs),
                "Press Enter to continue: ",
            )

    def play_one(self) -> None:
        if self.agent is not None:
            self.curtain.open(YAY)  # one person at the keyboard: nobody to hide from
        while not self.state.is_terminal():
            player = self.state.current_player()
            assert player is not None  # a running game always has a player to move
            if self.is_computer(player):
                if self.take_back_window(1 - player):
                    continue
                self.apply(self.computer_move(player))
                self.show_computer_move(1 - player)
            elif not self.play_forced(player):
                action = self.human_move(player)
                if action is not None:  # None: a move was taken back instead
                    self.note_take_back(player, action, self.apply(action))

    def is_computer(self, player: Player) -> bool:
        return self.agent is not None and player == WOW

    # -- a person's decision ---------------------------------------------------

    def play_forced(self, player: Player) -> bool:
        """Play a decision with a single legal action by itself; False if there is a choice.

        No hand-over and no prompt: the log says why the move was made.
        """
        view = self.state.view(player)
        action = forced_action(view)
        if action is None:
            return False
        attack = tuple(card.value for card in view.table)
        line = forced_line(action, attack, self.names[player])
        if line is not None:
            self.log.append(line)
        self.apply(action)
        return True

    def human_move(self, player: Player) -> Action | None:
        """Show the hand-over or results as needed, then ask until the engine accepts.

        Returns None when, instead, a move was taken back (at the hand-over
        by the player who made it, or with ``u`` at this prompt).
        """
        view = self.state.view(player)  # the state does not change until the move returns
        legal = view.legal_actions
        if self.agent is None and not self.curtain.is_open_for(player):
            if not self.hand_over(player):
                return None
        elif self._headline_news():
            self.reveal(player)
        self.table.news = []
        keyed = keyed_hand(view.hand)
        attack = tuple(card.value for card in view.table)
        can_sacrifice = sacrifice_answer(legal, attack) is not None
        new = self.table.drawn.pop(player, frozenset())  # marked on this screen, then seen
        tips = [
            instruction(view.phase, len(attack), view.replace_limit, can_sacrifice),
            *drew_line(view.hand, new),
            *hints(view, keyed),
        ]
        message: str | None = None
        while True:
            width, height = self.fit()
            self.show_hand(
                player,
                screens.decision_screen(
                    view,
                    self.names,
                    self.log,
                    keyed,
                    tips,
                    message,
                    height,
                    width,
                    self.glyphs,
                    new,
                ),
            )
            # Each player's history is their own: the other cannot recall it.
            line = self.terminal.ask_as(self.names[player], f"{self.names[player]}> ")
            parsed = parse_line(
                line, keyed, view.phase, len(attack), view.replace_limit, legal, attack
            )
            if isinstance(parsed, Command):
                if parsed.name == HELP:
                    self.wait(
                        screens.help_screen(
                            view, help_text(view), keyed, width, self.glyphs, height
                        ),
                        "Press Enter to go back to the game: ",
                        owner=player,
                    )
                elif parsed.name == RULES:
                    self.show_rules()
                elif parsed.name == LOG:
                    self.show_log(view)
                elif parsed.name == QUIT:
                    self.confirm_quit()
                elif parsed.name == HINT:
                    message = self.show_hint(view, keyed, width)
                    continue
                elif parsed.name == UNDO:
                    if self.can_take_back(player):
                        self.take_back()
                        return None
                    message = self.why_no_take_back(player)
                    continue
                message = None
                continue
            if isinstance(parsed, Problem):
                message = parsed.message
                continue
            problem = self.state.why_illegal(parsed)
            if problem is None:
                return parsed
            message = f"Not allowed: {problem}."

    def hand_over(self, player: Player) -> bool:
        """Hide everything, name the next player, wait for them (hot seat only).

        Only Enter ends a hand-over, and only an Enter typed once the
        hand-over has been on screen a moment (:class:`Curtain`): the person
        still at the keyboard is usually the one who just played.  ``?``
        (what a hand-over is) and ``q`` (quit, after asking) come back here,
        and any other line gets a note and the hand-over stays.
        :meth:`handover_commands` names what else a hand-over may offer:
        until the next player presses Enter, the player who just moved may
        type ``u`` to take the move back; then False is returned and a
        hand-over to the mover comes next.
        """
        self.curtain.close()  # from the first frame on, no hand may show
        table = self.table
        news = self._texts(table.news) if self._headline_news() else []
        message: str | None = None
        while True:
            extra = self.handover_commands(player)
            width, height = self.fit()
            mover = other(player)
            offer = table.can_take_back(mover)
            if offer:
                # Not yet seen by the next player, the move can still be taken
                # back: the hand-over shows the table as it was before it.
                before, log = table.before_take_back()
                view, news = before.view(player), []
            else:
                view, log = self.state.view(player), self.log  # afresh: a command may change it
            rows = height - 1 if offer else height
            screen = screens.handover_screen(
                view, self.names, log, rows, news, self.glyphs, width, message
            )
            if offer:
                undo = Text(
                    f"{self.names[mover]}: type u to take back your move "
                    f"(possible until {self.names[player]} presses Enter).",
                    style="dim",
                    no_wrap=True,
                    overflow="ellipsis",
                )
                self.terminal.show(screen, undo)
            else:
                self.terminal.show(screen)
            answer = parse_handover(
                self.curtain.ask(f"{self.names[player]}, press Enter: "),
                {word: word for word in extra},
            )
            message = None
            if answer == "":
                break
            if isinstance(answer, Problem):
                message = answer.message
            elif answer == HELP:
                lines = handover_help(self.names[player], self.names[1 - player])
                self.wait(
                    screens.notice_screen("Hand-over", lines, self.glyphs),
                    "Press Enter to go back to the hand-over: ",
                )
            elif answer == QUIT:
                self.confirm_quit()
            elif answer in TAKE_BACK_COMMANDS:
                extra[answer]()  # the move is taken back: a hand-over to its mover follows
                return False
            else:
                extra[answer]()
        table.undoable = None  # the next player has the keyboard: the move stands
        self.curtain.open(player)
        return True

    # -- taking a move back ----------------------------------------------------

    def note_take_back(self, player: Player, action: Action, events: list[Event]) -> None:
        """Remember whether ``player``'s move may still be taken back.

        A move may be taken back until it reveals something hidden to anyone:
        a duel or showdown, a new deal, the other player's secret
        replacement, or the mover's own drawn cards (seen as soon as the
        mover's next screen shows the hand).  A move the other player could
        see (a card played face up) is kept off the hand-over until then.
        """
        revealing = any(
            isinstance(event, REVEALING) or (isinstance(event, Replaced) and event.player != player)
            for event in events
        )
        sees_draw = (
            isinstance(action, Replace) and action.values and self.state.current_player() == player
        )
        self.table.undo_mover = player
        self.table.undoable = None if revealing or sees_draw else len(self.state.history)

    def can_take_back(self, player: Player) -> bool:
        """Whether ``player``'s last move may still be taken back, now."""
        return self.table.can_take_back(player)

    def why_no_take_back(self, player: Player) -> str:
        table = self.table
        if table.undoable is not None and table.undo_mover != player:
            return "only the player who made a move can take it back"
        return (
            "nothing to take back: a move stands once the next player has the keyboard, "
            "the computer has replied, or it revealed cards"
        )

    def take_back(self) -> None:
        """Rewind the last move (the engine re-plays the game without it) and log it.

        The mover's hand shows again only after a hand-over to the mover,
        unless the mover still has the keyboard (``u`` at their own prompt).
        """
        table = self.table
        mover = table.undo_mover
        with self.terminal.guard.held():
            action = self.state.undo()
            if self.autosave is not None:
                self.autosave.after_undo(mover, action)
        if table.marks:
            events, lines = table.marks.pop()
            del table.events[events:]
            del table.log[lines:]
        table.log.append(f"{self.names[mover]} took back their move")
        table.news = []
        table.undoable = None
        if not self.curtain.is_open_for(mover):
            self.curtain.close()
        table.drawn.pop(mover, None)  # a replacement taken back drew nothing

    def take_back_window(self, human: Player) -> bool:
        """Against the computer: a moment before it replies in which ``u`` takes the move back.

        Only on a terminal and with computer pauses on; True if taken back.
        """
        seconds = TAKE_BACK_SECONDS if self.session.pause > 0 else 0.0
        if seconds <= 0 or not self.can_take_back(human):
            return False
        computer = self.names[other(human)]
        self.show_human(human, f"{computer} replies in a moment: type u and Enter to take back.")
        line = self.terminal.poll_line(seconds)
        if line is None or line.strip().lower() not in ("u", "undo"):
            return False
        self.take_back()
        return True

    def handover_commands(self, player: Player) -> dict[str, Callable[[], None]]:
        """What a hand-over to ``player`` offers besides Enter, ``?`` and ``q``.

        Typed word -> what it does; the hand-over shows again afterwards.
        This is where a command for the player who just moved belongs (it
        must not reveal ``player``'s hand).  While the player who just moved
        may take the move back, ``u`` is offered (:meth:`hand_over` ends the
        hand-over for it).
        """
        if not self.can_take_back(other(player)):
            return {}
        return {word: self.take_back for word in TAKE_BACK_COMMANDS}

    def reveal(self, player: Player) -> None:
        """Public results on a screen without any hand, so both can watch.

        It stands between the two players as a hand-over does: ``player``,
        who plays next, sees their hand only after it, and an Enter typed
        along with the move that led here does not skip it.
        """
        self.curtain.close()
        width, height = self.fit()
        view = self.state.view(player)
        screen = screens.reveal_screen(
            view, self.names, self.log, self._texts(self.table.news), height, self.glyphs, width
        )
        name, other = self.names[player], self.names[1 - player]
        if self.agent is None:
            # The player at the keyboard goes on; the other must look away again.
            prompt = f"Press Enter to continue ({name} plays next; {other}, look away): "
        else:
            prompt = "Press Enter to continue: "
        self.wait(screen, prompt, between=True)
        self.curtain.open(player)

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

    def show_hint(self, view: PlayerView, keyed: Keyed, width: int) -> str | None:
        """The coach's best moves for ``view``'s player; a message if hints are off.

        The advice is worked out from ``view`` alone, so in hot seat it says
        nothing about the other hand.  Its randomness comes from the game's
        seed and the moves so far: the same position gets the same hint.
        """
        if not self.session.hints:
            return "Hints are off in this game (it was started with --no-hints)."
        # Imported here: the evaluator is not needed until someone asks.
        from tacocat.coach.advice import advise, hint_seed
        from tacocat.ui.advice import hint_screen

        player = view.player
        moment = (len(self.state.history), player)
        table = self.table
        if table.last_hint is not None and table.last_hint[0] == moment:
            advice = table.last_hint[1]
        else:
            rng = random.Random(hint_seed(self.session.seed, len(self.state.history)))
            spinner = "line" if self.session.ascii else "dots"
            with self.terminal.console.status(
                Text(f"Looking for the best moves{self.glyphs.ellipsis}"), spinner=spinner
            ):
                advice = advise(view, rng)
            table.last_hint = (moment, advice)
            self.count_hint(player)
        self.wait(
            hint_screen(advice, keyed, self.hints_used[player], width, self.glyphs),
            "Press Enter to go back to the game: ",
            owner=player,  # it shows the player's hand
        )
        return None

    def count_hint(self, player: Player) -> None:
        """One more hint for ``player``, written to the game's record at once."""
        if self.autosave is not None and self.autosave.state is self.state:
            self.autosave.hint_used(player)
        else:
            self.table.hints_unsaved[player] += 1

    @property
    def hints_used(self) -> tuple[int, int]:
        """Hints each player has asked for in this game."""
        if self.autosave is not None and self.autosave.state is self.state:
            return (self.autosave.hints[0], self.autosave.hints[1])
        unsaved = self.table.hints_unsaved
        return (unsaved[0], unsaved[1])

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
            self.table.news = []
        name = self.names[player]
        self.show_human(human, f"{name} is thinking{self.glyphs.ellipsis}")
        spinner = "line" if self.session.ascii else "dots"  # "line" is plain ASCII
        thinking = Text(visible(f"{name} is thinking"))  # plain text: no markup read from the name
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
        new = self.table.drawn.get(human, frozenset())  # still marked on the next decision
        tips = [note, *drew_line(view.hand, new)]
        self.show_hand(
            human,
            screens.decision_screen(
                view, self.names, self.log, keyed, tips, None, height, width, self.glyphs, new
            ),
        )

    # -- start and end ---------------------------------------------------------

    def ask_names(self) -> None:
        """Ask for the names not given on the command line (Enter keeps the default)."""
        from tacocat.ui.start import ask_names

        seats = [YAY] if self.agent is not None else [YAY, WOW]
        names = ask_names(self.terminal, self.names, seats, self.session.ascii)
        self.session = replace(self.session, names=names, ask_names=False)

    def again(self) -> bool:
        """The game-over screen; True if the players want another game.

        The final board stays up with each player's statistics, the match
        score since the sitting began and how to replay the game.  In hot
        seat ``s`` swaps seats for the next game.  The same board and
        figures are printed again after the game leaves the screen.
        """
        self.match.add(self.names, self.state.winner)
        view = self.state.view(YAY)
        self.curtain.close()  # the next game starts behind a hand-over
        self.terminal.flush_input()
        message: str | None = None
        while True:
            width, height = self.fit()
            notes = self.end_notes()
            self.table.final_screen = screens.game_over_screen(
                view, self.names, (), 0, None, self.glyphs, width, notes=notes
            )
            self.terminal.show(
                screens.game_over_screen(
                    view, self.names, self.log, height, message, self.glyphs, width, notes=notes
                )
            )
            answer = self.terminal.ask("Play again? (y/n) ").strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("s", "swap") and self.agent is None:
                self.session = replace(self.session, names=(self.names[1], self.names[0]))
                return True
            if answer in ("n", "no", "q", "quit"):
                return False
            swap = "" if self.agent is not None else " (or s to swap seats)"
            message = f"Please type y or n{swap}."

    def end_notes(self) -> list[str]:
        """Lines for the final screen: statistics, hints, the match, replay and what next."""
        lines = stats_lines(game_stats(self.events), self.names)
        if self.session.hints:
            used = self.hints_used
            if self.agent is not None:
                lines.append(f"Hints used by {self.names[YAY]}: {used[YAY]}.")
            else:
                name, other_name = self.names
                lines.append(f"Hints used: {name} {used[YAY]}, {other_name} {used[WOW]}.")
        lines.append(self.match.text())
        if self.autosave is not None and self.autosave.recorded:
            # Only a record on disk can be watched again (a full disk writes none).
            lines.append("Watch this game again: tacocat replay 1 (see tacocat history).")
        if self.agent is None:
            lines.append("Type y to play again, s to swap seats and play again, n to stop.")
        return lines

    # -- helpers ---------------------------------------------------------------

    def wait(
        self,
        screen: RenderableType,
        prompt: str,
        owner: Player | None = None,
        between: bool = False,
    ) -> None:
        """Show ``screen`` until Enter; 'q' offers to quit, and going back shows it again.

        ``owner``: the screen shows that player's hand.  ``between``: it
        stands between the players (a result, a notice before a hand), so it
        is read through the curtain: keys typed out of habit do not pass it.
        """
        while True:
            if owner is None:
                self.terminal.show(screen)
            else:
                self.show_hand(owner, screen)
            ask = self.curtain.ask if between else self.terminal.ask
            if ask(prompt).strip().lower() not in ("q", "quit", "exit"):
                return
            self.confirm_quit()

    def show_hand(self, player: Player, *renderables: RenderableType) -> None:
        """Show a screen holding ``player``'s hand: only once they passed their hand-over."""
        self.curtain.require(player)
        self.terminal.show(*renderables, secret=True)

    def fit(self) -> tuple[int, int]:
        """The terminal size, waiting (with a message) while it is below 80x24."""
        while True:
            width, height = self.terminal.size
            problem = size_problem(width, height)
            if problem is None or not self.terminal.console.is_terminal:
                return max(width, MIN_WIDTH), max(height, MIN_HEIGHT)
            self.wait(
                screens.notice_screen("Terminal too small", [problem], self.glyphs),
                "Press Enter after resizing: ",
            )

    def _headline_news(self) -> bool:
        """Whether the news holds a result worth stopping for.

        Hot seat stops for every duel and showdown (the player not at the
        keyboard must see them too); against the computer only a round's
        end stops play, since the log shows the rest as it happens.
        """
        stops = HEADLINES if self.agent is None else (Showdown, GameOver)
        return any(isinstance(event, stops) for event in self.table.news)

    def _texts(self, events: list[Event]) -> list[str]:
        """Events as log lines: the one place they become text with the players' names."""
        return [event.text(self.names) for event in events]


def handover_help(incoming: str, outgoing: str) -> list[str]:
    """The ``?`` screen of a hand-over: what it is for and what it accepts."""
    return [
        f"The keyboard goes to {incoming}. Both hands are hidden until {incoming}",
        "presses Enter, so nobody sees a hand that is not theirs.",
        "",
        f"{outgoing}: please look away now.",
        f"{incoming}: press Enter (with nothing typed) when you are ready.",
        "",
        f"Until then {outgoing} may type u to take back the move just made (when",
        "the move revealed nothing; the line below the hand-over says so).",
        "",
        "A hand-over accepts only Enter, ? (this help), q (quit, after asking) and",
        "u when offered. Anything else is refused and the hand-over stays. Keys",
        "typed before its prompt appears (a second Enter out of habit) are ignored.",
    ]


def drew_line(hand: Sequence[Card], new: Collection[int]) -> list[str]:
    """["You drew 3, 9 and 12 (marked new)."] for the cards of ``hand`` in ``new``; else []."""
    values = tuple(sorted(card.value for card in hand if card.id in new))
    if not values:
        return []
    return [f"You drew {list_values(values)} (marked {NEW_MARK})."]
