"""A small house rule for the record tests: nobody leads an ace while holding another card."""

from __future__ import annotations

from kinglib import Move, Play, Rank, State, hookimpl


@hookimpl
def kinglib_legal_moves(state: State, moves: tuple[Move, ...]) -> tuple[Move, ...] | None:
    if state.trick:
        return None
    kept = tuple(m for m in moves if not (isinstance(m, Play) and m.card.rank is Rank.ACE))
    return kept or None


class NoKingLeads:
    """The same kind of rule as an object without a name: nobody leads a king."""

    @hookimpl
    def kinglib_legal_moves(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...] | None:
        if state.trick:
            return None
        kept = tuple(m for m in moves if not (isinstance(m, Play) and m.card.rank is Rank.KING))
        return kept or None
