"""The errors of the ``kinglib`` command and their exit statuses."""

from __future__ import annotations

__all__ = ["FAILURE", "USAGE_ERROR", "CommandError"]

#: The exit status of a usage error (unknown variant, bad option or seat, bad arguments).
USAGE_ERROR = 2
#: The exit status of any other error (a file, a record).
FAILURE = 1


class CommandError(Exception):
    """An error that ends the command with a one-line message and an exit status."""

    def __init__(self, message: str, status: int = FAILURE) -> None:
        """Keep the message and the status."""
        super().__init__(message)
        self.status = status
