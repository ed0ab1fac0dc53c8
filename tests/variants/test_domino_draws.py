"""Domino draws, move by move: where a draw stops, what it takes, and what each view shows.

Every draw of random matches is checked against the stock before it: the drawer takes the
cards in stock order up to and including the first card of the led suit (or the whole stock),
and the view of the drawer lists every card it drew in the deal, across all its draws.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import kinglib
from kinglib import Card, CardSet, Draw, State
from kinglib_variants.domino import stock_order

CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 3, "deck": 52},
    {"players": 5, "deck": 52},
    {"players": 6, "deck": 52},
    {"players": 6},
]


def _expected_draw(state: State) -> tuple[Card, ...]:
    led = state.trick[0][1].suit
    stock = stock_order(state)
    for k, card in enumerate(stock):
        if card.suit is led:
            return stock[: k + 1]
    return stock


def _check_match(rules: kinglib.Rules, seed: int) -> tuple[int, int]:
    """Play a match at random, checking every draw; (draws, seats that drew twice in a deal)."""
    rng = random.Random(seed)
    state = rules.new_match(seed=seed)
    drawn = [CardSet() for _ in range(rules.players)]
    deal = state.deal_number
    draws = twice = 0
    while not state.is_over:
        if state.deal_number != deal:
            deal = state.deal_number
            drawn = [CardSet() for _ in range(rules.players)]
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        if move != Draw():
            state = state.apply(move)
            continue
        seat = state.to_move
        assert seat is not None
        taken = _expected_draw(state)
        after = state.apply(move)
        draws += 1
        twice += bool(drawn[seat])
        drawn[seat] = drawn[seat] | CardSet(taken)
        # The draw stops at the first card of the led suit: exactly those cards move.
        assert after.hand(seat) == state.hand(seat) | CardSet(taken)
        assert stock_order(after) == stock_order(state)[len(taken) :]
        assert after.aux.draws[-1] == (seat, len(taken))
        # Each seat's view shows the cards it drew this deal, all of them, and no one else's.
        for other in range(rules.players):
            assert after.view(other).extra["drawn"] == drawn[other], (seat, other)
        state = after
    return draws, twice


@pytest.mark.parametrize(
    "options", CONFIGS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items())
)
def test_every_draw_takes_the_stock_up_to_the_first_card_of_the_led_suit(
    options: dict[str, Any],
) -> None:
    rules = kinglib.load_rules("domino", **options)
    draws = twice = 0
    for seed in range(6):
        made, again = _check_match(rules, seed)
        draws += made
        twice += again
    # The matches did draw, and some seat drew twice in one deal (its view adds both draws).
    assert draws > 10
    assert twice > 0
