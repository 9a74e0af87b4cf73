"""Reading version 1 files: a record rewritten whole at every move, and a save holding the state.

Only what a re-play from the seed needs is read; a version 1 game resumed
is written anew in the current version.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tacocat.engine import Action, GameState, Player, Rules, StateFormatError
from tacocat.engine.actions import action_from_data
from tacocat.engine.errors import damaged, shown, whole
from tacocat.engine.events import event_from_data
from tacocat.storage.game_info import GameInfo, is_time
from tacocat.storage.journal import (
    Journal,
    TakenBack,
    as_dict,
    as_list,
    hint_counts,
    json_line,
)

VERSION = 1
STATE_FORMAT, STATE_VERSION = "tacocat-state", 1  # the engine state inside a version 1 save


@dataclass(frozen=True)
class Claims:
    """What a version 1 header says the moves give, checked by :func:`check_claims`."""

    finished: bool
    winner: Player | None
    rounds: int
    updated: str


def read_v1_record(
    header: dict[str, Any], event_lines: list[str], with_events: bool
) -> tuple[Journal, Claims]:
    info = GameInfo.from_data(header.get("game"))
    rules = Rules.from_dict(as_dict(header.get("rules"))).replace(keyboard_duel=False)
    actions = tuple(action_from_data(item) for item in as_list(header.get("actions")))
    lines = event_lines if with_events else []
    events = tuple(event_from_data(as_dict(json_line(line))) for line in lines)
    winner, rounds = header.get("winner"), header.get("rounds")
    if winner not in (None, 0, 1) or isinstance(winner, bool):
        raise damaged("the winner", winner)
    if not whole(rounds, 0, 10**6):
        raise damaged("the round count", rounds)
    updated = header.get("updated")
    if not is_time(updated):
        raise damaged("the time it was written", updated)
    hints = hint_counts(header.get("hints", [0, 0]))
    # Records written before take-backs existed have no such list.
    taken_back = tuple(TakenBack.from_data(item) for item in as_list(header.get("taken_back", [])))
    journal = Journal(info, rules, actions, events, hints, taken_back)
    return journal, Claims(header.get("finished") is True, winner, rounds, updated)


def check_claims(claims: Claims, state: GameState) -> None:
    """Raise StateFormatError if the header says other than the re-played moves give."""
    finished = state.is_terminal()
    if claims.finished and not finished:
        raise StateFormatError("it says the game is finished, but its moves do not finish it")
    if finished and not claims.finished:
        raise StateFormatError("it says the game is in progress, but its moves finish it")
    if claims.winner != state.winner:
        raise StateFormatError(f"its winner ({shown(claims.winner)}) is not what its moves give")
    if claims.rounds != state.round_number:
        raise StateFormatError(
            f"its round count ({shown(claims.rounds)}) is not what its moves give"
        )


@dataclass(frozen=True)
class OldSave:
    """What a version 1 save holds that resuming needs."""

    info: GameInfo
    rules: Rules
    actions: tuple[Action, ...]
    saved: str


def read_v1_save(data: dict[str, Any]) -> OldSave:
    """The game details, rules and moves of a version 1 save; raises StateFormatError."""
    state = as_dict(data.get("state"))
    if state.get("format") != STATE_FORMAT or state.get("version") != STATE_VERSION:
        raise OldStateVersion(shown(state.get("version")))
    info = GameInfo.from_data(data.get("game"))
    rules = Rules.from_dict(as_dict(state.get("rules")))
    actions = tuple(action_from_data(item) for item in as_list(state.get("history")))
    saved = data.get("saved")
    # Shown in the "resume it?" question: only a real time may reach the screen.
    if not is_time(saved):
        raise damaged("the time it was saved", saved)
    return OldSave(info, rules, actions, saved)


class OldStateVersion(StateFormatError):
    """A version 1 save whose engine state is of a version this tacocat cannot read."""
