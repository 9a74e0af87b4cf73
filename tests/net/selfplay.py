"""Networked games between computer players, to check what the wire carries.

:func:`play_networked` hosts a real game (the one table, :mod:`tacocat.net.host`,
on its join socket, a computer at the host's seat) and joins it from a
thread as a player who types at the screens it is sent, with a spectator
beside it.  It returns every screen each of them received, and beside
each the cards that terminal may know at that moment, so that a test (or
``benchmarks/net_privacy.py``) can check that no other card crossed the
wire.  Each card of the deck carries its own palindrome (38 cards, 41
palindromes), so a palindrome on a screen names exactly one card.

The player at the other terminal picks its moves with a computer level
from its own seat's view, and types them as a person would (the keys on
its cards): it reads nothing of the state but that view.
"""

from __future__ import annotations

import random
import threading
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tacocat.ai import make_agent
from tacocat.engine import WOW, YAY, Player, PlayerView, Rules, other
from tacocat.engine.cards import PALINDROMES
from tacocat.net import protocol, wire
from tacocat.net.host import hosted_game
from tacocat.net.lobby import Lobby
from tacocat.ui.draw.advice import typed_keys
from tacocat.ui.draw.cards import keyed_hand
from tacocat.ui.play.game import Game, Session
from tacocat.ui.term.io import Kind, Prompt
from tacocat.ui.term.signals import RestoredOnExit, SignalGuard

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import RenderableType

    from tacocat.ai.base import Agent


class QuietIo(RestoredOnExit):
    """An :class:`~tacocat.ui.term.io.Io` nobody looks at: the host's screen of a headless game."""

    on_resume: Callable[[bool], None] | None = None

    def __init__(self, confirm: str = "") -> None:
        self.guard = SignalGuard()
        self.shown = 0
        self.confirm = confirm  # the answer to every yes-or-no question (a take-back)

    size = (80, 24)
    is_terminal = False
    ascii_only = True

    def show(self, *renderables: RenderableType, secret: bool = False) -> None:
        self.shown += 1

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        if prompt.kind is Kind.CONFIRM:
            return self.confirm
        return "n" if prompt.kind is Kind.AGAIN else ""  # one game, then stop

    def flush_input(self) -> None:
        pass

    def busy(self, text: str, ascii_only: bool) -> AbstractContextManager[object]:
        return nullcontext()

    def show_text(self, text: str, secret: bool = False) -> None:
        pass

    def ask_as(self, owner: object, prompt: str) -> str:
        return ""

    def farewell(self, *renderables: RenderableType) -> None:
        pass


class TypingIo(QuietIo):
    """The host's keyboard typed by a computer (``level``): a person's seat, a bot's moves."""

    def __init__(self, level: str, seed: int, confirm: str = "") -> None:
        super().__init__(confirm)
        self.agent = make_agent(level, random.Random(seed))
        self.seat: tuple[Game, Player] | None = None  # whose moves it types, once seated

    def read(self, prompt: Prompt, settle: float = 0.0) -> str:
        if prompt.kind is Kind.DECISION and self.seat is not None:
            game, player = self.seat
            return typed_move(self.agent, game.state.view(player))
        return super().read(prompt, settle)


def typed_move(agent: Agent, view: PlayerView) -> str:
    """What a person types for the move ``agent`` picks from ``view`` (the keys on the cards).

    A question that came late (the game moved on) gets a line as late keys would.
    """
    if not view.legal_actions:
        return ""
    return typed_keys(agent.choose(view), keyed_hand(view.hand))


@dataclass
class Transcript:
    """What crossed the wire in one networked game."""

    seed: int
    remote: Player  # the joined player's seat
    # Every screen sent, as text, with the ids of the cards its terminal may know then.
    screens: list[tuple[str, frozenset[int]]] = field(default_factory=list)
    watched: list[tuple[str, frozenset[int]]] = field(default_factory=list)
    received: list[dict[str, Any]] = field(default_factory=list)  # by the joined player
    actions: list[Any] = field(default_factory=list)  # the game as played, from the host


def hosted_computer_game(
    seed: int, level: str, remote: Player, lobby: Lobby, confirm: str = ""
) -> Game:
    """A hosted game whose host types the moves of a computer (``level``); ``remote`` joins."""
    session = Session(("Yay", "Wow"), Rules(), seed, None, True)
    keyboard = TypingIo(level, seed, confirm)
    game = hosted_game(session, keyboard, lobby)
    keyboard.seat = (game, other(remote))
    return game


def play_networked(seed: int, level: str = "easy", remote: Player = WOW) -> Transcript:
    """Host and play one game between two computers over the join socket."""
    code = wire.new_code()
    lobby = Lobby(wire.listen(code), code, remote, ("Yay", "Wow"))
    transcript = Transcript(seed, remote)
    game = hosted_computer_game(seed, level, remote, lobby)
    _record(game, lobby, transcript)
    watcher = joined(code, True)
    player = joined(code, False)
    threads = [
        threading.Thread(target=_drain, args=(watcher,), daemon=True),
        threading.Thread(
            target=answer_reads, args=(player, game, remote, level, seed, transcript.received)
        ),
    ]
    for thread in threads:
        thread.start()
    try:
        game.run()
    finally:
        lobby.close("The host has ended the game.")
        wire.socket_path(code).unlink(missing_ok=True)
    for thread in threads:
        thread.join(timeout=30)
    transcript.actions = list(game.state.history)
    return transcript


def _record(game: Game, lobby: Lobby, transcript: Transcript) -> None:
    """Note every screen the lobby sends, with the cards its terminal may know at that moment."""
    send_player, draw_watchers = lobby.to_player, lobby.draw_watchers

    def to_player(message: dict[str, Any]) -> None:
        if message["type"] == "screen":
            view = game.state.view(transcript.remote)
            known = frozenset((*view.hand_ids, *view.table_ids, *view.discard_ids))
            transcript.screens.append((screen_text(message), known))
        send_player(message)

    def watchers(watch: Any, note: str | None = None) -> None:
        if watch is not None:
            public = watch.public
            known = frozenset((*public.table_ids, *public.discard_ids))
            over = public.winner is not None
            text = str(protocol.screen_of(protocol.screen_data((watch(80, 24),), 80)))
            transcript.watched.append((text, known if not over else frozenset(range(38))))
        draw_watchers(watch, note)

    lobby.to_player = to_player  # type: ignore[method-assign]
    lobby.draw_watchers = watchers  # type: ignore[method-assign]


def screen_text(message: dict[str, Any]) -> str:
    return str(protocol.screen_of(message["lines"]))


def leaks(screens: list[tuple[str, frozenset[int]]], rules: Rules) -> list[str]:
    """The palindromes of cards shown on a screen whose terminal may not know them."""
    found = []
    for text, known in screens:
        flat = " ".join(text.split())
        for card_id in range(rules.deck_size):
            phrase = PALINDROMES[card_id % len(PALINDROMES)]
            if card_id not in known and phrase in flat:
                found.append(phrase)
    return found


def joined(code: str, watch: bool) -> wire.Connection:
    connection = wire.connect(code)
    hello = {"type": "join", "version": protocol.VERSION, "watch": watch}
    connection.send(hello | {"size": [80, 24], "ascii": True})
    return connection


def _drain(connection: wire.Connection) -> None:
    while connection.receive(timeout=60) is not None:
        pass


def answer_reads(
    connection: wire.Connection,
    game: Game,
    seat: Player,
    level: str,
    seed: int,
    received: list[dict[str, Any]],
    pick: Callable[[Game, Player], str] | None = None,
) -> None:
    """A computer at the other terminal: it types its moves at the questions it is asked.

    Its moves come from ``level`` playing ``seat``'s own view (``pick``
    instead, if given); every other question gets Enter.
    """
    agent = make_agent(level, random.Random(seed))
    while (message := connection.receive(timeout=60)) is not None:
        received.append(message)
        if message["type"] != "read":
            continue
        line = ""
        if message["kind"] == Kind.DECISION.value:
            if pick is not None:
                line = pick(game, seat)
            else:
                # The host waits for this line: its state stands still meanwhile.
                line = typed_move(agent, game.state.view(seat))
        reply = {"type": "line", "id": message["id"], "text": line, "size": [80, 24]}
        connection.send(reply)
    connection.close()


__all__ = ["YAY", "QuietIo", "Transcript", "TypingIo", "answer_reads", "leaks", "play_networked"]
