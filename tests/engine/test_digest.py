"""Same seed, same actions, same game: the 300-game digest stays as docs/performance.md gives it.

``benchmarks/throughput.py --digest`` fingerprints 300 seeded random games
(every final state, saved as JSON).  A change to the engine that keeps the
rules keeps the digest; one that changes a game must say why in the docs and
change this pin with them.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

THROUGHPUT = Path(__file__).resolve().parents[2] / "benchmarks" / "throughput.py"
DIGEST_300 = "2a8dddcf217ed3f9"


def test_the_300_game_digest_is_unchanged() -> None:
    spec = importlib.util.spec_from_file_location("throughput", THROUGHPUT)
    assert spec is not None and spec.loader is not None
    throughput = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(throughput)
    assert throughput.digest(300) == DIGEST_300


def test_the_pin_is_the_one_the_docs_give() -> None:
    performance = (THROUGHPUT.parents[1] / "docs" / "performance.md").read_text(encoding="utf-8")
    assert f"`{DIGEST_300}`" in performance
