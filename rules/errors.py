"""The errors the engine raises: a move that is not allowed, and a text that is no action."""


class IllegalAction(ValueError):
    """An action that is not legal in this state; the message is one sentence saying why."""


class Unreadable(ValueError):
    """A text that is not an action's notation. The message is one phrase, "cannot read TEXT:
    REASON"; `reason` is the part after the text, for a caller that quotes the text itself."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason
