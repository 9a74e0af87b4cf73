"""Screens as pure functions of what one seat may see (a view, the log) and a frame."""
