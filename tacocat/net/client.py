"""``tacocat join``'s side: the same screens as at the table, drawn from what the host sends.

The client knows only what the wire carries (:mod:`tacocat.net.protocol`):
its seat's view, the public events and, once the game is over, the hands.
It draws the decision screen with :func:`tacocat.ui.screens.decision_screen`,
reads a line through the same :func:`~tacocat.ui.prompts.parse_line` as
hot seat, and sends only the action it means (the host's engine checks it
and may refuse it, in the engine's own words).  Help, the rules, the log
and hints are worked out here, from this seat's own view: asking for them
tells the host nothing.  A spectator (``--watch``) is drawn by
:mod:`tacocat.net.watch`.

Everything received is checked; a host that sends what this protocol
never sends is left, with a message, rather than trusted.
"""

from __future__ import annotations

import random
from typing import Any

from rich.text import Text

from tacocat.engine import Event, PlayerView, Rules
from tacocat.engine.actions import list_values
from tacocat.names import name_problem
from tacocat.net import protocol, watch
from tacocat.net.protocol import ProtocolError
from tacocat.net.wire import Connection
from tacocat.sanitize import visible
from tacocat.ui import screens
from tacocat.ui.cards import keyed_hand
from tacocat.ui.curtain import Curtain
from tacocat.ui.dialogs import Dialogs, QuitGame
from tacocat.ui.glyphs import glyphs
from tacocat.ui.io import Io, Kind, Prompt
from tacocat.ui.prompts import (
    HELP,
    HINT,
    HINTS_OFF,
    LOG,
    QUIT,
    RULES,
    UNDO,
    Command,
    Problem,
    help_text,
    hints,
    instruction,
    parse_line,
    sacrifice_answer,
)
from tacocat.ui.seats import drew_line
from tacocat.ui.signals import Stopped

BACK = Prompt(Kind.BACK, "Press Enter to go back to the game: ")
# The last line of a hint here: the host hears nothing of it, so nothing counts it.
NOT_COUNTED = "Hints at this terminal are not counted: the host is not told of them."
SAY = "say "  # a chat line: "say good luck"


class HostGone(Exception):
    """The host ended the game, refused this terminal or went away; the text says which."""


class Client:
    """One terminal joined to a hosted game, as its remote player or a spectator."""

    def __init__(self, connection: Connection, io: Io, ascii_only: bool = False) -> None:
        self.connection = connection
        self.io = io
        self.glyphs = glyphs(ascii_only)
        self.curtain = Curtain(io)
        self.dialogs = Dialogs(io, self.curtain, self.glyphs)
        self.names: tuple[str, str] = ("Yay", "Wow")
        self.rules = Rules()
        self.seat: int | None = None  # None: a spectator
        self.hints = True  # the host's --no-hints turns them off here too
        self.events: list[Event] = []
        self.log: list[str] = []
        self.view: PlayerView | None = None
        self.public: Any = None
        self.step = 0
        self.status = "Connecting..."
        self.message: str | None = None
        self.hands: list[list[int]] | None = None  # both hands, once the game is over
        self.new: frozenset[int] = frozenset()  # cards just drawn, marked until a decision
        self.asked = False  # the host waits for this player's decision
        # Chat lines this player sent and saw at once, whose echo from the host is not
        # shown again (the host echoes them to everyone, this terminal included).
        self.own_chats = 0
        self.exit_code = 0  # 1 once the host refused or broke the protocol

    def run(self, watch_only: bool) -> str:
        """Play (or watch) until the host ends the game; the goodbye line."""
        self.connection.send({"type": "join", "version": protocol.VERSION, "watch": watch_only})
        try:
            while True:
                message = self.connection.receive()
                if message is None:
                    raise HostGone("The host has gone: the game stopped (the host can resume it).")
                self.handle(message)
        except HostGone as gone:
            return str(gone)
        except QuitGame:
            self.connection.send({"type": "bye"})
            return "You left the game; join again with the same code to go on."
        except ProtocolError as error:
            self.exit_code = 1
            return f"The host sent something this game does not understand ({error})."
        except (Stopped, EOFError, OSError):
            raise  # this terminal's own end (a signal, Ctrl-D, a closed terminal)
        except Exception as error:  # a lie no check foresaw: this terminal leaves, and says so
            self.exit_code = 1
            return f"The host sent something this game cannot show ({type(error).__name__})."

    def handle(self, message: dict[str, Any]) -> None:
        """Take one message from the host: remember it, and draw or ask what it calls for."""
        kind = message["type"]
        if kind == "welcome":
            self.welcome(message)
        elif kind == "log":
            self.take_log(message)
        elif kind == "view":
            self.take_view(message)
        elif kind == "public":
            self.public = protocol.public_of(message.get("view"), self.rules)
            self.status = protocol.text_field(message, "status")
            self.hands = None
            self.draw()
        elif kind == "over":
            self.take_hands(message)
            self.draw()
        elif kind in ("chat", "note"):
            sender = self.wire_name(message.get("name")) if kind == "chat" else None
            text = visible(protocol.text_field(message, "text"))
            if self.own_chats and self.seat is not None and sender == self.names[self.seat]:
                self.own_chats -= 1  # this terminal's own line, shown when it was sent
                return
            self.log.append(f"{sender} says: {text}" if sender is not None else text)
            self.draw()
        elif kind == "refused":
            text = visible(protocol.text_field(message, "text"))
            if message.get("final") is True:
                self.exit_code = 1  # not let in, or cut off
                raise HostGone(text)
            self.message = text
            if self.asked and self.view is not None:
                self.decide(self.view)  # the same decision, with the host's reason
            else:
                self.draw()
        elif kind == "ask":
            self.answer(visible(protocol.text_field(message, "text")))
        elif kind == "bye":
            raise HostGone(visible(protocol.text_field(message, "message")))

    def welcome(self, message: dict[str, Any]) -> None:
        names = message.get("names")
        if not isinstance(names, list) or len(names) != 2:
            raise ProtocolError("names: wrong type")
        self.names = (self.wire_name(names[0]), self.wire_name(names[1]))
        self.rules = protocol.rules_of(message.get("rules"))
        seat = message.get("seat")
        if seat is not None and (type(seat) is not int or seat not in (0, 1)):
            raise ProtocolError("seat: not a player")
        self.seat = seat
        hints = message.get("hints", True)  # a host of before this field: hints on
        if type(hints) is not bool:
            raise ProtocolError("hints: not true or false")
        self.hints = hints
        if seat is not None:
            self.curtain.open(seat)  # one person at this keyboard: nobody to hide from
        self.status = "Joined: waiting for the host."
        self.draw()

    def wire_name(self, name: Any) -> str:
        if not isinstance(name, str) or name_problem(name) is not None:
            raise ProtocolError("a name that is not one")
        return name

    def take_log(self, message: dict[str, Any]) -> None:
        start = protocol.field(message, "start", int)
        if not 0 <= start <= len(self.events):
            raise ProtocolError("log: a gap")
        if start == 0:
            self.log = []  # a new game, or the whole log again after a rejoin
        events = protocol.events_of(message.get("events"))
        del self.events[start:]
        self.events.extend(events)
        self.log.extend(event.text(self.names) for event in events)

    def take_view(self, message: dict[str, Any]) -> None:
        if self.seat is None:
            raise ProtocolError("a player's view sent to a spectator")
        view = protocol.view_of(message.get("view"), self.rules)
        if view.player != self.seat:
            raise ProtocolError("another seat's view")
        before, step = self.view, protocol.field(message, "step", int)
        if before is not None and before.round_number == view.round_number and step > self.step:
            # Cards in the hand now and not before were drawn (ids are unique).
            self.new = frozenset(view.hand_ids) - set(before.hand_ids) or self.new
        else:
            # A new deal, or a move taken back (a card back in hand was not drawn).
            self.new = frozenset()
        self.view, self.hands = view, None
        self.step = step
        self.asked = bool(view.legal_actions) and message.get("ask") is True
        self.status = visible(protocol.text_field(message, "status"))
        self.message = None
        if self.asked:
            self.decide(view)
        else:
            self.draw()

    def take_hands(self, message: dict[str, Any]) -> None:
        hands = message.get("hands")
        deck = self.rules.deck_size
        if not (
            isinstance(hands, list)
            and len(hands) == 2
            and all(isinstance(hand, list) for hand in hands)
            and all(type(i) is int and 0 <= i < deck for hand in hands for i in hand)
        ):
            raise ProtocolError("hands: wrong type")
        self.hands = hands

    # -- the screens ------------------------------------------------------------------

    def draw(self) -> None:
        """The screen for what is known now (a player's waiting screen, or a spectator's)."""
        frame = self.dialogs.frame()
        if self.seat is None:
            if self.public is not None:
                screen = watch.watch_screen(
                    self.public, self.names, self.log, self.status, self.hand_lines(), frame
                )
                self.io.show(screen)
            return
        view = self.view
        if view is None:
            self.io.show(screens.notice_screen("tacocat join", [self.status], self.glyphs))
            return
        if self.hands is not None:
            screen = screens.game_over_screen(
                view, self.names, self.log, frame, notes=self.hand_lines()
            )
            self.io.show(screen)
            return
        tips = [self.status, *drew_line(view.hand, self.new)]
        tips.append("Ctrl-C leaves (join again with the same code).")
        keyed = keyed_hand(view.hand)
        screen = screens.decision_screen(
            view, self.names, self.log, keyed, tips, self.message, frame, self.new
        )
        self.dialogs.show_hand(view.player, screen)

    def hand_lines(self) -> list[str]:
        """Both hands at the end of the game (as replay shows them), else nothing."""
        if self.hands is None:
            return []
        values = self.rules.card_values
        return [
            f"{self.names[player]} held {list_values(tuple(sorted(values[i] for i in hand)))}."
            if hand
            else f"{self.names[player]} held no cards."
            for player, hand in enumerate(self.hands)
        ]

    def decide(self, view: PlayerView) -> None:
        """Ask until a line is an action or a chat line, then send it (the host may refuse it)."""
        keyed = keyed_hand(view.hand)
        attack = view.table_values
        legal = view.legal_actions
        can_sacrifice = sacrifice_answer(legal, attack) is not None
        tips = [
            instruction(view.phase, len(attack), view.replace_limit, can_sacrifice, len(keyed)),
            *drew_line(view.hand, self.new),
            *hints(view, keyed),
        ]
        new, self.new = self.new, frozenset()  # marked on this screen, then seen
        name = self.names[view.player]
        while True:
            frame = self.dialogs.frame()
            screen = screens.decision_screen(
                view, self.names, self.log, keyed, tips, self.message, frame, new
            )
            self.dialogs.show_hand(view.player, screen)
            line = self.io.read(Prompt(Kind.DECISION, f"{name}> ", owner=name))
            if line.lower().startswith(SAY):
                text = line[len(SAY) :].strip()[: protocol.MAX_TEXT]
                self.connection.send({"type": "chat", "text": text})
                # Shown at once: the host's echo would wait until this decision is made.
                self.log.append(f"{name} says: {visible(text)}")
                self.own_chats += 1
                self.message = None
                continue
            parsed = parse_line(
                line, keyed, view.phase, len(attack), view.replace_limit, legal, attack
            )
            if isinstance(parsed, Command) and parsed.name == UNDO:
                self.connection.send({"type": "take_back"})  # asked of the other player
                self.message = None
                return  # the host answers with the decision before, or a refusal
            if isinstance(parsed, Command):
                self.message = self.command(parsed.name, view)
            elif isinstance(parsed, Problem):
                self.message = parsed.message
            else:
                data = protocol.action_data(parsed)
                self.connection.send({"type": "act", "step": self.step, "action": data})
                self.message = None
                return  # the host answers with the next view, or a refusal

    def command(self, name: str, view: PlayerView) -> str | None:
        """Carry out a command typed at a decision, here; a message for the screen, or None."""
        frame = self.dialogs.frame()
        keyed = keyed_hand(view.hand)
        if name == HELP:
            hint = "" if self.hints else None  # nothing counts a hint asked here
            screen = screens.help_screen(view, help_text(view, self.names, hint=hint), keyed, frame)
            self.dialogs.wait(screen, BACK, owner=view.player)
        elif name == RULES:
            from tacocat.ui.rules_text import RULES_WIDTH, rules_lines

            width, _ = self.dialogs.fit()
            lines = rules_lines(self.rules, min(width, RULES_WIDTH), self.names)
            texts = [Text(line, style="bold" if heading else "") for line, heading in lines]
            self.dialogs.scroll("Rules", texts)
        elif name == LOG:
            from tacocat.ui.logview import log_view_lines

            width, _ = self.dialogs.fit()
            log = log_view_lines(self.events, view, self.names, width, self.glyphs)
            self.dialogs.scroll("Game log", log, at_end=True)
        elif name == QUIT:
            self.dialogs.confirm_quit()
        elif name == HINT:
            if not self.hints:
                return HINTS_OFF
            self.hint(view, frame.width)
        return None

    def answer(self, question: str) -> None:
        """The other player asks something (a take-back): y or n goes back to the host."""
        lines = [question.split(" Allow")[0], "Type y to agree, or n (or just Enter) to refuse."]
        self.io.show(screens.notice_screen("A question", lines, self.glyphs))
        # It comes unannounced: keys typed as it appears (a move typed ahead) answer nothing.
        reply = self.io.read(Prompt(Kind.CONFIRM, question), settle=self.curtain.seconds)
        reply = reply.strip().lower()
        self.connection.send({"type": "answer", "yes": reply in ("y", "yes")})
        self.draw()

    def hint(self, view: PlayerView, width: int) -> None:
        """The coach's advice from this seat's own view: the host is not asked."""
        from tacocat.coach.advice import advise
        from tacocat.ui.advice import hint_screen

        # The same position gets the same hint; the host's seed is not known here.
        rng = random.Random(f"tacocat-hint:{view.hand_ids}:{len(self.events)}")
        with self.io.busy(f"Looking for the best moves{self.glyphs.ellipsis}", False):
            advice = advise(view, rng)
        screen = hint_screen(advice, keyed_hand(view.hand), NOT_COUNTED, width, self.glyphs)
        self.dialogs.wait(screen, BACK, owner=view.player)
