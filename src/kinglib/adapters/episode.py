"""Where an episode of an adapter ends: the match, or its first ``deals`` deals."""

from __future__ import annotations

from kinglib.errors import RulesError
from kinglib.state import State

__all__ = ["check_deals", "episode_over"]


def check_deals(deals: int) -> int:
    """``deals`` if it is 0 (the whole match) or more; else :class:`~kinglib.RulesError`."""
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise RulesError(f"deals must be 0 (the whole match) or more, not {deals!r}")
    return deals


def episode_over(state: State, deals: int) -> bool:
    """Whether the match is over, or (``deals`` > 0) that many deals have been played."""
    return state.is_over or (deals > 0 and len(state.results) >= deals)
