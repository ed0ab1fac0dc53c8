"""The full 52-card pack of the penalty-race variants, and their threshold match end.

``bidding`` and ``omnibus`` share both: four players get 13 cards each
from the 52-card pack, three players 17 each from the pack without the two of clubs; and the
match runs deal after deal until some total falls to a threshold or below.
"""

from __future__ import annotations

from kinglib.values.cards import Card, CardSet, Rank, Suit, deck_mask

__all__ = ["TWO_OF_CLUBS", "full_pack", "threshold_reached"]

#: The card left out of the pack when three play.
TWO_OF_CLUBS = Card(Suit.CLUBS, Rank.TWO)


def full_pack(players: int) -> CardSet:
    """The 52-card pack for four players; without the two of clubs for three (51 cards)."""
    mask = deck_mask(Rank.TWO)
    if players == 3:
        mask &= ~TWO_OF_CLUBS.mask
    return CardSet.from_mask(mask)


def threshold_reached(totals: tuple[int, ...], threshold: int) -> bool:
    """Whether some total is at ``threshold`` or below (penalties are negative)."""
    return min(totals) <= threshold
