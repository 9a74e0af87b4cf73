"""The engine's vectors as numpy arrays, for both adapters (numpy is in both extras)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt


def float_vector(values: Sequence[int]) -> npt.NDArray[np.float32]:
    """``values`` (small whole numbers, from the encoding) as a float32 array.

    Through bytes when every value fits in one, as nearly all do: numpy
    converts a list of Python ints element by element, several times slower.
    """
    try:
        small = bytes(values)
    except ValueError:  # a number above 255 (a long game's round number)
        return np.asarray(values, dtype=np.float32)
    return np.frombuffer(small, np.uint8).astype(np.float32)
