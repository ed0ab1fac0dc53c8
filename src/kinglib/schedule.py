"""The shape of a match: :class:`Schedule`."""

from __future__ import annotations

import attrs

__all__ = ["Schedule"]


@attrs.frozen
class Schedule:
    """Which contract each deal plays.

    Attributes:
        deals: the contract id of each deal, in order; a variant may use its own marker for
            a deal whose contract is chosen or declared during the deal (``"choose"``).
        repeat: for an open-ended match, the contract of every deal; the match then ends when
            the ``kinglib_match_over`` hook says so.

    """

    deals: tuple[str, ...] = ()
    repeat: str | None = None

    def contract_for(self, deal_number: int) -> str:
        """The contract id (or marker) of deal ``deal_number`` (counting from 1)."""
        if self.repeat is not None:
            return self.repeat
        return self.deals[deal_number - 1]

    @property
    def length(self) -> int | None:
        """The number of deals, or ``None`` for an open-ended match."""
        return None if self.repeat is not None else len(self.deals)
