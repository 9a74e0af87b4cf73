"""Terminal input and output: the full screen (rich), the line mode, keys, signals."""
