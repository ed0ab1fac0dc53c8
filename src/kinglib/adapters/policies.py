"""The opponents a batch plays: the greedy player of :mod:`kinglib.players.playouts`, over a batch.

:func:`greedy_batch` is :func:`kinglib.players.playouts.greedy_card` for every game at once (a test
compares the two over random hands and tricks); the random player is
:func:`kinglib.adapters.draws.random_pick_batch`.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kinglib.adapters.batch_rules import Masks, high_bit, low_bit
from kinglib.values.cards import RANK_MASKS, Rank

__all__ = ["OPPONENTS", "greedy_batch", "strongest", "weakest"]

#: The opponents a batch can play, by name.
OPPONENTS = ("random", "greedy")

_U0 = np.uint64(0)
_U1 = np.uint64(1)
# The cards of each rank, from the ace (the lowest bit of its suit) down.
_RANKS = np.array([RANK_MASKS[r] for r in sorted(Rank, reverse=True)], np.uint64)


def strongest(mask: Masks) -> Masks:
    """The highest-ranked card of each mask, the first suit on a tie (``_strongest``)."""
    cards = mask[:, None] & _RANKS[None, :]
    rank = np.argmax(cards != _U0, axis=1)
    return low_bit(cards[np.arange(len(mask)), rank])


def weakest(mask: Masks) -> Masks:
    """The lowest-ranked card of each mask, the last suit on a tie (``_weakest``)."""
    cards = mask[:, None] & _RANKS[None, :]
    rank = len(_RANKS) - 1 - np.argmax((cards != _U0)[:, ::-1], axis=1)
    return high_bit(cards[np.arange(len(mask)), rank])


def _or_else(first: Masks, second: Masks) -> Masks:
    return np.where(first != _U0, first, second)


def greedy_batch(
    legal: Masks,
    wins: Masks,
    trick_mask: Masks,
    led: Masks,
    last: npt.NDArray[np.bool_],
    positive: npt.NDArray[np.bool_],
    scoring: Masks,
) -> Masks:
    """The card :func:`kinglib.players.playouts.greedy_card` picks, for every game at once."""
    loses = legal & ~wins
    lead = np.where(positive, strongest(legal), weakest(_or_else(legal & ~scoring, legal)))
    gain = np.where(
        wins != _U0,
        np.where(last, weakest(wins), strongest(wins)),
        weakest(_or_else(loses & ~scoring, loses)),
    )
    duck = np.where(
        (legal & led) != _U0, strongest(loses), strongest(_or_else(loses & scoring, loses))
    )
    shed = np.where(loses != _U0, duck, strongest(_or_else(wins & scoring, wins)))
    follow = np.where(positive, gain, shed)
    picked = np.where(trick_mask == _U0, lead, follow)
    single = (legal & (legal - _U1)) == _U0
    return np.where(single, legal, picked)
