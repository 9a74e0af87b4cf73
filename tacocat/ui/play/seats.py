"""The two seats at the table: a person at the keyboard, or a computer player.

Both answer :meth:`Seat.play`; the game loop does not care which kind plays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from rich.text import Text

from tacocat.engine import Action, Player, PlayerView, Rules, other
from tacocat.ui.draw import screens
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.draw.frame import Frame
from tacocat.ui.draw.helptext import help_text
from tacocat.ui.draw.prompts import (
    HELP,
    HINT,
    HINTS_OFF,
    LOG,
    MAX_CHAT,
    QUIT,
    RULES,
    SAY,
    TAKE_BACK_COMMANDS,
    UNDO,
    Keyed,
    hints,
    instruction,
    sacrifice_answer,
)
from tacocat.ui.play import handover, takeback
from tacocat.ui.play.decide import STOP, Stop, ask_move
from tacocat.ui.play.forced import forced_action, forced_note
from tacocat.ui.play.sitting import Sitting, drew_line
from tacocat.ui.term.io import Kind, Prompt

if TYPE_CHECKING:
    from tacocat.ai.base import Agent
    from tacocat.ui.play.dialogs import Dialogs

BACK = Prompt(Kind.BACK, "Press Enter to go back to the game: ")


class HumanSeat:
    """A person at the keyboard: their screen, their prompt, their commands.

    ``lead``: lines above the request on the decision screen (a lesson's tip).
    """

    human = True

    def __init__(self, lead: Callable[[Sitting, Player], list[str]] | None = None) -> None:
        self.lead = lead or (lambda game, player: [])

    def play(self, game: Sitting, player: Player) -> None:
        if self.play_forced(game, player):
            return
        action = self.decide(game, player)
        if action is not None:  # None: a move was taken back instead
            game.table.note_move(player, action, game.apply(action), game.two_terminals)

    def play_forced(self, game: Sitting, player: Player) -> bool:
        """Play a decision with a single legal action, unasked; False if there is a choice."""
        action = forced_action(game.state.view(player))
        if action is None:
            return False
        game.apply(action, forced_note(action, game.names[player]))
        return True

    def decide(self, game: Sitting, player: Player) -> Action | None:
        """Show the hand-over or results as needed, then ask until the engine accepts.

        None when a move was taken back instead (at the hand-over, or with ``u`` here).
        """
        view = game.state.view(player)  # the state does not change until the move returns
        desk = game.desks[player]
        keyed = keyed_hand(view.hand)
        new = game.table.drawn.get(player, frozenset())  # marked on this screen, then seen
        tips = [*self.lead(game, player), *decision_tips(view, keyed, new)]
        rows = screens.decision_log_rows(view, game.names, keyed, tips, None, desk.frame())
        if game.hot_seat and (game.showdown_news() or not desk.curtain.is_open_for(player)):
            # A round's end is drawn on the hand-over: both watch it, one Enter passes both;
            # so is news the decision's log has no room for (``rows``).
            if not handover.hand_over(game, player, rows):
                return None
        elif game.headline_news():
            # The same player again (a duel won by its second chooser): a result both
            # watch, before this player's hand comes up while the other looks on.
            handover.reveal(game, player)
        game.table.news = []
        game.show_waiting(player)
        game.table.drawn.pop(player, None)
        handover.catch_up(game, player, rows)

        def heard(line: str) -> bool:
            game.table.saw((player,))  # the screen held the log's newest entries
            said = chat_line(line) if game.two_terminals else None
            if said is not None:
                game.say(player, said)
            return said is not None

        def on_command(name: str, keyed: Keyed, frame: Frame) -> str | Stop | None:
            if name == UNDO and game.table.can_take_back(player):
                if takeback.take_back(game):
                    return STOP
                return "The move stands: it was not agreed to take it back."
            return self.command(game, name, view, keyed)

        return ask_move(
            desk, view, game.names, game.log, tips, game.state.why_illegal, on_command, heard, new
        )

    def command(self, game: Sitting, name: str, view: PlayerView, keyed: Keyed) -> str | None:
        """Carry out a command typed at a decision; a message for the decision screen, or None."""
        desk = game.desks[view.player]
        frame = desk.frame()
        if name == HELP:
            hint = "(counted)" if game.session.hints else None  # not offered when off
            text = help_text(view, game.names, hint=hint, chat=game.two_terminals)
            desk.wait(screens.help_screen(view, text, keyed, frame), BACK, owner=view.player)
        elif name == RULES:
            show_rules(desk, game.session.rules, game.names)
        elif name == LOG:
            game.show_log(view)
        elif name == QUIT:
            desk.confirm_quit()
        elif name == HINT:
            return self.show_hint(game, view, keyed, frame.width)
        elif name == UNDO:
            return takeback.why_not(game, view.player)
        return None

    def show_hint(self, game: Sitting, view: PlayerView, keyed: Keyed, width: int) -> str | None:
        """The coach's best moves, from ``view`` alone; a message if hints are off.

        Its randomness comes from the seed and the moves so far: the same position, the same hint.
        """
        if not game.session.hints:
            return HINTS_OFF
        # Imported here: the evaluator is not needed until someone asks.
        from tacocat.coach.advice import advise, hint_seed
        from tacocat.ui.draw.advice import hint_screen
        from tacocat.ui.draw.layout import tall

        player, table, desk = view.player, game.table, game.desks[view.player]
        moment = (len(game.state.history), player)
        if table.last_hint is not None and table.last_hint[0] == moment:
            advice = table.last_hint[1]
        else:
            rng = random.Random(hint_seed(game.session.seed, len(game.state.history)))
            with desk.io.busy(f"Looking for the best moves{desk.glyphs.ellipsis}", game.ascii):
                advice = advise(view, rng)
            table.last_hint = (moment, advice)
            game.count_hint(player)
        frame = desk.frame()
        high = tall(frame, view.rules)  # the hand as on the decision screen
        count = game.hint_count(player)
        # A player's first hint of the game says what its numbers mean.
        first = game.hints_used[player] <= 1
        screen = hint_screen(
            advice, keyed, count, width, desk.glyphs, view.rules, high, first, frame.height
        )
        desk.wait(screen, BACK, owner=player)  # it shows the player's hand
        return None


def decision_tips(view: PlayerView, keyed: Keyed, new: Collection[int]) -> list[str]:
    """What a decision screen says above the prompt: what to type, cards drawn, examples."""
    attack = view.table_values
    can_sacrifice = sacrifice_answer(view.legal_actions, attack) is not None
    return [
        instruction(view.phase, len(attack), view.replace_limit, can_sacrifice, len(keyed)),
        *drew_line(view.hand, new),
        *hints(view, keyed),
    ]


def show_rules(desk: Dialogs, rules: Rules, names: tuple[str, str]) -> None:
    """The rules in play, scrollable inside the game's screen (never a pager)."""
    from tacocat.ui.draw.rules_text import RULES_WIDTH, rules_lines

    width, _ = desk.fit()
    lines = rules_lines(rules, min(width, RULES_WIDTH), names)
    desk.scroll("Rules", [Text(line, style="bold" if heading else "") for line, heading in lines])


def chat_line(line: str) -> str | None:
    """The text of a chat line (``say good luck``), or None if ``line`` is not one."""
    word, _, text = line.strip().partition(" ")
    if word.lower() != SAY or not text.strip():
        return None
    return text.strip()[:MAX_CHAT]


class ComputerSeat:
    """A computer player: thinks from its own view and plays at once.

    The human reads its move in the log; with ``--confirm-moves`` it first waits for
    :meth:`go_ahead`.  Nothing is timed: a seed gives the same game however fast anyone types.
    """

    human = False

    def __init__(self, agent: Agent, rng: random.Random) -> None:
        self.agent = agent
        self.rng = rng  # reseeded before each decision

    def play(self, game: Sitting, player: Player) -> None:
        if game.session.confirm and not self.go_ahead(game, other(player)):
            return  # the human took their move back: they play again
        game.apply(self.think(game, player))

    def think(self, game: Sitting, player: Player) -> Action:
        """Ask the agent, showing the human's own screen and a thinking status."""
        human = other(player)
        if game.headline_news():
            handover.reveal(game, human)
            game.table.news = []
        # The same words for the screen's note and the busy status: a line terminal
        # prints the status when the note was said just before (tacocat.ui.term.lineio).
        thinking = f"{game.names[player]} is thinking{game.glyphs.ellipsis}"
        game.show_own(human, thinking)
        # Its chance comes from the seed and the moves so far, not from a stream:
        # a resumed game plays on exactly as it would have without the break.
        self.rng.seed(f"tacocat-computer:{game.session.seed}:{len(game.state.history)}")
        with game.desks[human].io.busy(thinking, game.ascii):
            return self.agent.choose(game.state.view(player))

    def go_ahead(self, game: Sitting, human: Player) -> bool:
        """The confirm step: Enter lets the computer reply, ``u`` takes ``human``'s move back.

        Asked while that move may go back, on the table as it was before it
        (docs/security.md).  False if the move was taken back.
        """
        table = game.table
        if not table.can_take_back(human):
            return True
        computer = game.names[other(human)]
        moved = table.log[table.marks[-1][1] :] if table.marks else []  # the move's own lines
        note = f"Press Enter and {computer} replies, or type u to take your move back."
        prompt = Prompt(Kind.REPLY, f"Enter for {computer}'s reply, u to take back: ")
        desk = game.desks[human]
        message: str | None = None
        while True:
            before, log = table.before_take_back()
            view = before.view(human)
            screen = screens.decision_screen(
                view, game.names, log, keyed_hand(view.hand), [*moved, note], message, desk.frame()
            )
            desk.show_hand(human, screen)
            answer = desk.io.read(prompt).strip().lower()
            message = None
            if answer == "":
                return True
            if answer in TAKE_BACK_COMMANDS:
                takeback.take_back(game)
                return False
            if answer in ("q", "quit"):
                desk.confirm_quit()
            else:
                message = "Press Enter, or type u."
