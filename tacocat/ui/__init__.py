"""The table: play/ (the loop, seats, curtain), draw/ (screens), term/ (terminals)."""
