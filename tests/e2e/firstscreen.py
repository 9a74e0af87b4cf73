"""A ``tacocat play`` that writes down the modules its name screen needed.

Shared by the start's pty test and ``benchmarks/startup.py --modules``:
run ``python -c SNAPSHOT LISTING`` and, once the first name screen shows,
LISTING holds one module name a line.  The background import that play
starts there is replaced by the snapshot, so nothing test-only lives in the
game's code.
"""

SNAPSHOT = """
import sys
import tacocat.ui.term.start as start

listing = sys.argv[1]

def snapshot(terminal, modules):
    loaded = sorted(sys.modules)
    with open(listing, "w") as out:
        out.write("\\n".join(loaded))

start._load_meanwhile = snapshot
sys.argv[1:] = ["play"]
from tacocat.cli import main
main()
"""
