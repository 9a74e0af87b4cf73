"""Tacocat Spelled Backwards, for two players at one terminal."""

__version__ = "0.1.0"
