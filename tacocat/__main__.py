"""``python -m tacocat`` runs the same command line as ``tacocat``."""

from tacocat.cli import main

# Guarded: where worker processes are spawned (macOS, Windows), each worker
# imports this module again, and must not run the command a second time.
if __name__ == "__main__":
    main()
