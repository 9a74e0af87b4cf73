"""``tacocat learn``: lessons as data, staged in the engine and played on the real table."""
