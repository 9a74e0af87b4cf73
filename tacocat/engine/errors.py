"""The engine's exceptions: each message is meant for a person to read."""


class TacocatError(Exception):
    """Base class of every error the engine raises on purpose."""


class RulesError(TacocatError, ValueError):
    """A rules value or rules file that cannot make a playable game."""


class IllegalActionError(TacocatError, ValueError):
    """An action the rules do not allow now; the state is left unchanged."""


class StateFormatError(TacocatError, ValueError):
    """Saved state that is damaged, foreign or from an unknown format version."""
