"""What the tests of the family variants played with the 52-card pack share.

The contract ids of their negatives, a layout in which each seat holds one whole suit, whole
deals played by the first legal move, and random hands from a seed.
"""

from __future__ import annotations

import random

from kinglib import CardSet, State

#: The six negative contracts, in their usual order.
NEGATIVES = (
    "no_tricks",
    "no_hearts",
    "no_queens",
    "no_kings_jacks",
    "no_king_of_hearts",
    "no_last_two",
)

#: Each seat holds one whole suit: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs.
SUITED = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]


def play_out(state: State) -> State:
    """The first legal move until the deal (or the match) is over."""
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    return state


def play_out_deal(state: State) -> State:
    """The first legal move until the deal of ``state`` is over: the next deal's first state."""
    number = state.deal_number
    while state.deal_number == number and not state.is_over:
        state = state.apply(state.legal_moves()[0])
    return state


def shuffled_hands(rng: random.Random, deck: CardSet) -> list[CardSet]:
    """Four hands of 13 cards from ``deck`` shuffled by ``rng``."""
    cards = list(deck)
    rng.shuffle(cards)
    return [CardSet(cards[k * 13 : (k + 1) * 13]) for k in range(4)]
