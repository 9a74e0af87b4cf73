"""A hand-built finished game with a known blunder, and records to analyse."""

from __future__ import annotations

from tacocat.engine import Action, Answer, Attack, Duel, GameState, Replace, new_game
from tacocat.storage.autosave import AutoSave

# Seed 382, both sides playing by the `normal` rules of thumb, except at step
# 60: Bob (WOW) holds a 3 and a 10 on the last trick of a round and must
# answer Ann's 4.  Defending with the 10 keeps the 3 for the showdown, where
# the lower card wins; answering with the 3 sacrifices his only low card and
# leaves him the 10.  That is the blunder the analysis must find.
SEED = 382
BLUNDER_STEP = 60
MOVES = (
    "replace 8 8 / replace 8 9 9 12 / duel 11 / duel 10 / attack 6 6 / answer 2 6 / "
    "attack 7 / answer 2 / attack 4 / answer 4 / attack 5 / answer 2 / replace 12 / "
    "replace 10 10 11 12 / duel 8 / duel 8 / duel 5 / duel 6 / attack 3 4 5 6 / "
    "answer 2 3 4 5 / replace 8 9 11 / replace 9 / duel 7 / duel 10 / attack 7 / answer 2 / "
    "attack 5 / answer 5 / attack 6 6 / answer 1 2 / keep / keep / duel 5 / duel 12 / "
    "attack 7 8 9 / answer 1 2 2 / attack 5 / answer 4 / replace 8 10 12 / replace 10 / "
    "duel 4 / duel 8 / attack 4 5 6 / answer 1 2 3 / keep / keep / duel 8 / duel 12 / "
    "attack 9 9 / answer 2 2 / attack 4 / answer 6 / replace 8 9 / replace 9 10 / duel 8 / "
    "duel 11 / attack 6 6 / answer 7 7 / attack 4 / answer 3 / keep / keep / duel 11 / "
    "duel 12 / attack 11 / answer 1 / attack 7 / answer 7"
)
KINDS: dict[str, type[Replace] | type[Attack] | type[Answer]] = {
    "replace": Replace,
    "attack": Attack,
    "answer": Answer,
}


def parse_moves(text: str) -> list[Action]:
    """'duel 10 / attack 6 6 / keep' as actions."""
    actions: list[Action] = []
    for move in text.split("/"):
        word, *values = move.split()
        if word == "keep":
            actions.append(Replace(()))
        elif word == "duel":
            actions.append(Duel(int(values[0])))
        else:
            actions.append(KINDS[word](tuple(int(value) for value in values)))
    return actions


def blunder_game() -> tuple[GameState, list[Action]]:
    actions = parse_moves(MOVES)
    state = new_game(SEED)
    for action in actions:
        state.apply_action(action)
    return state, actions


def record_game(
    seed: int, actions: list[Action], names: tuple[str, str] = ("Ann", "Bob")
) -> AutoSave:
    """Play ``actions`` from ``seed`` with an autosave, so the game is recorded."""
    state = new_game(seed)
    autosave = AutoSave.start(state, names, seed)
    for action in actions:
        autosave.after_action(state.apply_action(action))
    return autosave
