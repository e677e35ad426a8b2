"""Errors raised by the game protocol. All are ``ValueError``s with messages a person can act on."""

from __future__ import annotations


class StoneworkError(ValueError):
    """Base class of every error the protocol raises for bad input."""


class InvalidAction(StoneworkError):
    """An action that is malformed: unparsable notation, a value of the wrong type or range."""


class IllegalAction(StoneworkError):
    """A well-formed action that the rules do not allow in this state (wrong phase, seat, cell...)."""


class UnknownGame(StoneworkError):
    """A game name that is not registered."""


class UnknownOption(StoneworkError):
    """An option name the game does not have, or a value the option does not allow."""


class InvalidPosition(StoneworkError):
    """A position string that cannot be read or describes an impossible position."""


class RecordError(StoneworkError):
    """A game record that is malformed, or whose entries do not replay (names the first bad entry)."""
