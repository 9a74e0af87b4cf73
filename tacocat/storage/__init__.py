"""Game records, the save naming the game in progress, the one-game lock and replay."""
