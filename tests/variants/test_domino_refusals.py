"""Domino refusals name the reason exactly: drawing when one may not, playing when one must draw."""

from __future__ import annotations

import random
from typing import Any

import pytest

import kinglib
from kinglib import Draw, IllegalMoveError, Play, State
from kinglib.testing import deal_from_text
from kinglib.values.cards import SUIT_MASKS, CardSet
from kinglib_variants.domino import DominoPlay, stock_order
from tests.support import house_rules_sample

SUITS = {0: "spades", 1: "hearts", 2: "diamonds", 3: "clubs"}


def _can_follow(state: State) -> bool:
    seat, led = state.to_move, state.trick[0][1].suit
    assert seat is not None and led is not None
    return bool(state.hands_mask[seat] & SUIT_MASKS[led])


def _states() -> list[State]:
    """Every state of a few random domino matches (4 players, and 3 with a 52-card pack)."""
    states: list[State] = []
    configs: list[tuple[dict[str, Any], int]] = [({}, 1), ({}, 2), ({"players": 3, "deck": 52}, 3)]
    for options, seed in configs:
        rules = kinglib.load_rules("domino", **options)
        rng = random.Random(seed)
        state = rules.new_match(seed=seed)
        while not state.is_over and len(states) < 3000:
            states.append(state)
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
    return states


STATES = _states()


def _refusal(state: State, move: kinglib.Move) -> str:
    before = state
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert state == before
    return str(info.value)


def test_the_leader_may_not_draw() -> None:
    leading = [s for s in STATES if not s.trick and s.phase is kinglib.Phase.PLAY]
    assert leading
    for state in leading[:50]:
        assert _refusal(state, Draw()).endswith(
            "the leader plays any card; draw only when you cannot follow suit"
        )


def test_a_seat_that_can_follow_may_not_draw() -> None:
    following = [s for s in STATES if s.trick and s.to_move is not None and _can_follow(s)]
    assert following
    for state in following[:50]:
        led = state.trick[0][1]
        assert led.suit is not None
        message = _refusal(state, Draw())
        assert message.endswith(
            f"{led} was led and seat {state.to_move} can follow with {SUITS[led.suit]}"
        )


def test_no_draw_from_an_empty_stock() -> None:
    empty = [
        s
        for s in STATES
        if s.trick and s.to_move is not None and not stock_order(s) and not _can_follow(s)
    ]
    assert empty
    for state in empty[:50]:
        assert _refusal(state, Draw()).endswith("the stock is empty: play any card")


def test_a_seat_that_must_draw_may_not_play() -> None:
    drawing = [s for s in STATES if Draw() in s.legal_moves()]
    assert drawing
    for state in drawing[:50]:
        seat = state.to_move
        assert seat is not None
        led = state.trick[0][1]
        card = next(iter(CardSet.from_mask(state.hands_mask[seat])))
        assert _refusal(state, Play(card)).endswith(
            f"seat {seat} cannot follow {led} and must draw from the stock"
        )


def test_a_forced_draw_is_accepted_under_a_house_rule_and_only_then() -> None:
    """A seat that cannot follow while the stock holds cards must draw, house rule or not.

    With a house rule the phase's own reasons decide each move: a forced draw has none against
    it, and the same draw by a seat that can follow is refused.
    """
    rules = kinglib.load_rules("domino", plugins=[house_rules_sample])
    assert rules.legal_moves_filter is not None
    deal = """
        domino dealer=3
        0: AS KS QS JS TS 9S
        1: AD KD QD JD TD 9D
        2: AC KC QC JC TC 9C
        3: AH KH QH JH TH 9H
        stock: 8S 7S 8D 7D 8C 7C 8H 7H
    """
    led = deal_from_text(rules, deal).apply(Play(kinglib.Card.parse("KS")))  # no ace led
    phase = rules.phase_for(led)
    assert isinstance(phase, DominoPlay)
    assert phase.must_draw(led) is True
    assert phase.why_illegal(led, Draw()) is None
    drawn = led.apply(Draw())
    assert drawn.hand(1) == CardSet.parse("AD KD QD JD TD 9D 8S")
    assert phase.must_draw(drawn) is False
    assert _refusal(drawn, Draw()).endswith("KS was led and seat 1 can follow with spades")
