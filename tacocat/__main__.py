"""``python -m tacocat`` runs the same command line as ``tacocat``."""

from tacocat.cli import main

main()
