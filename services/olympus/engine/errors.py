"""One error hierarchy for the engine.

Every refusal names its reason with a stable machine-readable `code` and a human message, so a
service can map it to a protocol status and a client can show it. An engine call that raises
one of these has left the game untouched.
"""

from __future__ import annotations


class OlympusError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "error"

    def __init__(
        self, message: str, *, code: str | None = None, details: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        # What the refusal is about, for a program (e.g. {"card": "009"}): a service passes it
        # on as the ErrorInfo's metadata.
        self.details: dict[str, str] = dict(details or {})

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class MalformedAction(OlympusError):
    """The answer could not be understood at all (bad notation, wrong shape, unknown names)."""

    code = "malformed"


class IllegalAction(OlympusError):
    """The answer is well formed but the rules do not allow it now."""

    code = "illegal"


class NotYourDecision(IllegalAction):
    """The player asked to act has nothing to decide right now."""

    code = "not_your_decision"


class GameFinished(IllegalAction):
    """The game is over; nothing more can be answered."""

    code = "game_finished"


class UndoOff(IllegalAction):
    """The table was created without the undo option."""

    code = "undo_off"


class UndoNotAllowed(IllegalAction):
    """Fewer answers can be taken back than asked (another seat answered since, an answer
    revealed something, or there is nothing to take back)."""

    code = "undo_not_allowed"


class InvalidOptions(OlympusError):
    """Game options that cannot make a game (player count, unknown map, ...)."""

    code = "invalid_options"


class CorruptState(OlympusError):
    """A serialized game could not be loaded."""

    code = "corrupt_state"
