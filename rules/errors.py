"""The one error the engine raises for a move that is not allowed."""


class IllegalAction(ValueError):
    """An action that is not legal in this state; the message is one sentence saying why."""
