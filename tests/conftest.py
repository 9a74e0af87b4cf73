"""Shared test settings."""

from hypothesis import settings

# Games vary in length; a per-example deadline would only make tests flaky.
settings.register_profile("tacocat", deadline=None)
settings.load_profile("tacocat")
