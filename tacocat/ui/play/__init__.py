"""The table: the loop, its seats and desks, the curtain, the dialogs between moves."""
