"""The engine's vectors as numpy arrays, for both adapters (numpy is in both extras)."""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from tacocat.engine.observation import (
    INFORMATION_STATE_SIZE,
    OBSERVATION_SIZE,
    Recall,
    information_state,
    observation,
    write_information_state,
    write_observation,
)
from tacocat.engine.view import PlayerView

# An explicit alias: without the extras installed numpy is Any to mypy, and so is this.
Floats: TypeAlias = npt.NDArray[np.float32]


def observation_array(view: PlayerView) -> Floats:
    """:func:`~tacocat.engine.observation.observation` as a float32 array."""
    written = bytearray(OBSERVATION_SIZE)
    try:
        write_observation(view, written)
    except ValueError:  # a number above 255 (a long game's round number)
        return np.asarray(observation(view), dtype=np.float32)
    return np.frombuffer(written, np.uint8).astype(np.float32)


def information_state_array(view: PlayerView, recall: Recall) -> Floats:
    """:func:`~tacocat.engine.observation.information_state` as a float32 array.

    Written into bytes, which numpy reads at once, when every number fits in
    one, as nearly all do: numpy converts a list of ints number by number,
    and even ``bytes(list)`` costs more than the whole vector's writing.
    """
    written = bytearray(INFORMATION_STATE_SIZE)
    try:
        write_information_state(view, recall, written)
    except ValueError:  # a number outside 0-255
        return np.asarray(information_state(view, recall), dtype=np.float32)
    return np.frombuffer(written, np.uint8).astype(np.float32)
