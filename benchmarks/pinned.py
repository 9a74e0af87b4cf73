"""A computer level as it was at a git revision: the yardstick a new level is measured against.

    python benchmarks/pinned.py            # extract the pinned expert and print where it lives

A level keeps changing; a measurement needs an opponent that does not.
Instead of a copy of the expert kept by hand in the tree, the yardstick is
the expert of one commit, :data:`PINNED`: its ``tacocat/ai`` is taken from
git (``git archive``) into a directory of its own, once, and imported under
another package name (``tacocat_at_<revision>.ai``), so it sits beside
today's levels in the same process.  Its modules import today's engine
(``tacocat.engine``), which the computer players only read through views
and actions, so both sides play the same game with the same actions.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from importlib import import_module
from pathlib import Path
from typing import Any

# The expert of the commit issue 38's work started from (the reference of its figures).
PINNED = "580dc44"
# Engine names the pinned code imports from where they have moved since (its text is
# rewritten on extraction; the copy's directory names this list's version).
MOVED = {
    "from tacocat.engine.state import shuffle": "from tacocat.engine.rounds import shuffle",
    "world.hand_values(1 - me)": "world.hand_values[1 - me]",  # a pair now, not a method
}
COPY = 3  # bump when MOVED changes, so an older extraction is not reused
ROOT = Path(__file__).resolve().parent.parent


def full_revision(revision: str) -> str:
    """The commit's full hash (fails loudly if the repository does not have it)."""
    found = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{revision}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    )
    return found.stdout.strip()


def extract(revision: str = PINNED) -> tuple[Path, str]:
    """The directory holding the revision's ``tacocat/ai`` renamed, and the package's name.

    Extracted once per revision into the temporary directory; a finished
    extraction is renamed into place, so processes starting together never
    import half a copy.
    """
    commit = full_revision(revision)
    package = f"tacocat_at_{commit[:12]}"
    home = Path(tempfile.gettempdir()) / f"tacocat-pinned-{commit[:12]}-{COPY}"
    if (home / package / "ai" / "expert.py").exists():
        return home, package
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "tacocat/ai"],
        check=True,
        capture_output=True,
    ).stdout
    staging = Path(tempfile.mkdtemp(prefix="tacocat-pinned-"))
    ai = staging / package / "ai"
    ai.mkdir(parents=True)
    (staging / package / "__init__.py").write_text(f'"""tacocat/ai at {commit}."""\n')
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if not member.isfile() or not member.name.endswith(".py"):
                continue
            source = tar.extractfile(member)
            assert source is not None
            text = source.read().decode("utf-8")
            for old, new in MOVED.items():
                text = text.replace(old, new)
            text = text.replace("tacocat.ai", f"{package}.ai")
            (ai / Path(member.name).name).write_text(text, encoding="utf-8")
    with contextlib.suppress(OSError):  # another process got there first: the same copy
        os.rename(staging, home)
    return home, package


def pinned_module(name: str, revision: str = PINNED) -> Any:
    """The module ``tacocat.ai.<name>`` as it was at ``revision``."""
    home, package = extract(revision)
    if str(home) not in sys.path:
        sys.path.append(str(home))
    return import_module(f"{package}.ai.{name}")


def pinned_expert(rng: random.Random, revision: str = PINNED) -> Any:
    """The expert level of ``revision``, with its default budget, drawing from ``rng``."""
    return pinned_module("expert", revision).ExpertAgent(rng)


if __name__ == "__main__":
    where, name = extract(sys.argv[1] if len(sys.argv) > 1 else PINNED)
    print(f"{name} in {where}")
