"""Two terminals, one game: ``tacocat host`` and ``tacocat join`` (docs/architecture.md)."""
