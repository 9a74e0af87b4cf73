"""Taking a move back: rewound through the engine and the record (docs/architecture.md).

Which moves may go back is the table's rule (:func:`~tacocat.ui.play.table.may_take_back`);
at two terminals the other player is asked first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tacocat.engine import Player, other

if TYPE_CHECKING:
    from tacocat.ui.play.sitting import Sitting


def take_back(game: Sitting) -> bool:
    """Rewind the last move and log it; the mover's hand shows again behind a hand-over,
    unless the mover still has the keyboard.  False if, at two terminals, the other
    player (asked first) refuses: the move stands."""
    mover = game.table.undo_mover
    if game.two_terminals:
        names = game.names
        question = f"{names[mover]} asks to take back their last move. Allow it? (y/n) "
        game.show_own(mover, f"Asking {names[other(mover)]}{game.glyphs.ellipsis}")
        if not ask(game, other(mover), question):
            game.table.undoable = None
            game.log.append(f"{names[other(mover)]} did not agree: the move stands.")
            game.changed()
            return False
    with game.io.guard.held():
        action = game.state.undo()
        if game.autosave is not None:
            game.autosave.after_undo(mover, action)
    game.table.forget_move(f"{game.names[mover]} took back their move")
    curtain = game.desks[mover].curtain
    if not curtain.is_open_for(mover):
        curtain.close()
    game.changed()
    return True


def ask(game: Sitting, player: Player, question: str) -> bool:
    """Ask ``player``, at their own terminal, a yes-or-no ``question``; True for yes."""
    desk = game.desks[player]
    lines = [question.split(" Allow")[0], "Type y to agree, or n (or just Enter) to refuse."]
    # It comes unannounced: keys typed as it appears (a move typed ahead) answer nothing.
    return desk.yes("A question", lines, question, settle=desk.curtain.seconds)


def why_not(game: Sitting, player: Player) -> str:
    """Why ``u`` takes nothing back now, in words (a lesson says its own)."""
    if game.session.no_take_back:
        return game.session.no_take_back
    table = game.table
    if game.two_terminals:
        return (
            "nothing to take back: only your own last move, while no other move followed "
            "it and it revealed nothing, and the other player must agree"
        )
    if table.undoable is not None and table.undo_mover != player:
        return "only the player who made a move can take it back"
    if not game.hot_seat:
        confirm = "" if game.session.confirm else " (--confirm-moves: it waits for Enter)"
        return (
            "nothing to take back: a move stands once the computer has replied "
            f"or it revealed cards{confirm}"
        )
    return (
        "nothing to take back: a move stands once the next player has the keyboard, "
        "the computer has replied, or it revealed cards"
    )
