"""The exceptions kinglib raises.

Every error is a :class:`KinglibError`; most are also :class:`ValueError` or
:class:`LookupError`, so callers that only know the standard library still catch them.
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "KinglibError",
    "NotationError",
    "RecordError",
    "RulesError",
    "UnknownVariantError",
]


class KinglibError(Exception):
    """Base class of every error kinglib raises on purpose."""


class NotationError(KinglibError, ValueError):
    """Text that is not a card, a set of cards or a move in kinglib's notation."""


class RulesError(KinglibError, ValueError):
    """Bad rules: an unknown option, a bad option value, a bad player count or bad hands."""


class UnknownVariantError(KinglibError, LookupError):
    """A variant name that is neither built in nor installed as a plugin."""

    def __str__(self) -> str:
        # LookupError (via KeyError-like repr) would quote the message; keep it plain.
        return str(self.args[0]) if self.args else ""


class IllegalMoveError(KinglibError, ValueError):
    """A move that the rules do not allow in this state; the message says why."""


class RecordError(KinglibError, ValueError):
    """A game record that is malformed, of an unknown version, or whose moves are illegal."""
