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
            ``until`` or the ``kinglib_match_over`` hook says so.
        until: for an open-ended match, the total at or below which it ends: the match is over
            at the end of a deal after which some seat's total is ``until`` or less (penalties
            are negative: ``until=-31`` ends a domino match).

    """

    deals: tuple[str, ...] = ()
    repeat: str | None = None
    until: int | None = None

    def over_after(self, deals: int, totals: tuple[int, ...] | list[int]) -> bool | None:
        """Whether the match is over after ``deals`` deals with these totals.

        ``None`` when the schedule cannot say: an open-ended match without ``until``.
        """
        if self.repeat is None:
            return deals >= len(self.deals)
        if self.until is None:
            return None
        return min(totals) <= self.until

    def contract_for(self, deal_number: int) -> str:
        """The contract id (or marker) of deal ``deal_number`` (counting from 1)."""
        if self.repeat is not None:
            return self.repeat
        return self.deals[deal_number - 1]

    @property
    def length(self) -> int | None:
        """The number of deals, or ``None`` for an open-ended match."""
        return None if self.repeat is not None else len(self.deals)
