"""The coach: hints during a game and reviews of finished ones, from ``ai.evaluator``'s chances."""
