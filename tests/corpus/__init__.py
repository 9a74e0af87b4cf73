"""Hostile files: damaged saves, records and rules files that once crashed or hung tacocat.

Small files live here as they are (``rules/``).  Saves and records are made
from a real game's file by a named change (:mod:`tests.corpus.hostile`), so
they keep up with the file formats; so are the large ones (deep nesting,
numbers of thousands of digits), which would only bloat the repository.
"""
