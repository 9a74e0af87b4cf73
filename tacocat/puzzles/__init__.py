"""Puzzles: decisions from real games, kept as their player's view, with one clearly best move."""
