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


class InvalidPosition(OlympusError):
    """A position (position.py) that cannot be set up. `path` names the field at fault in
    the position's own terms ("players[1].hand[3]", "tiles[0].space"); it is also passed on
    as `details["path"]`."""

    code = "invalid_position"

    def __init__(self, path: str, message: str, *, code: str | None = None) -> None:
        super().__init__(f"{path or 'position'}: {message}", code=code, details={"path": path})
        self.path = path


class UnknownCard(InvalidPosition):
    """No such card, or not a card of this game's modules, or the wrong kind for its place."""

    code = "unknown_card"


class DuplicateCard(InvalidPosition):
    """The same card in two places (two hands, the deck and a tableau, twice in the deck)."""

    code = "duplicate_card"


class BadCount(InvalidPosition):
    """A number of things that cannot be: negative resources, production below its floor,
    the wrong number of players, too many milestones."""

    code = "bad_count"


class BadSpace(InvalidPosition):
    """A tile on a space the map lacks, on a space already taken, or on a space of the wrong
    kind (an ocean on land, a greenery off Mars)."""

    code = "bad_space"


class OutOfRange(InvalidPosition):
    """A global parameter, generation or seat outside what the game allows."""

    code = "out_of_range"


class UnknownRules(InvalidPosition):
    """A position of a rules version (engine/version.py) this engine does not play: set up
    under other rules it would be another game, so it is refused, never played by these."""

    code = "unknown_rules"

    def __init__(self, found: int, served: frozenset[int]) -> None:
        known = ", ".join(str(v) for v in sorted(served))
        super().__init__("rules", f"this engine plays rules versions {known}, not {found}")
        self.details.update(found=str(found), served=known)
        self.found = found


class UnsupportedDecision(InvalidPosition):
    """A pending decision that a position cannot name (the middle of a card's effects): see
    docs/positions.md for the kinds a position may start from."""

    code = "unsupported_decision"
