"""Helpers for the tests of the open-ended variants (bidding, omnibus)."""

from __future__ import annotations

import random
from collections.abc import Callable

import kinglib
from kinglib import Card, CardSet, Move, Phase, State

Policy = Callable[[State, random.Random], Move]


def play(state: State, text: str) -> State:
    """Apply the moves written in ``text`` (``"AD TD 6D 2D"``, ``"bid 3"``, ``"pass"``), in turn."""
    for word in _split(text):
        state = state.apply(kinglib.parse_move(word, state))
    return state


def _split(text: str) -> list[str]:
    words = text.split()
    out: list[str] = []
    k = 0
    while k < len(words):
        if words[k] in ("bid", "declare") and k + 1 < len(words):
            out.append(f"{words[k]} {words[k + 1]}")
            k += 2
        else:
            out.append(words[k])
            k += 1
    return out


def random_policy(pass_rate: float = 0.0) -> Policy:
    """Random legal moves; in an auction, pass with ``pass_rate`` before choosing at random."""

    def choose(state: State, rng: random.Random) -> Move:
        moves = state.legal_moves()
        if state.phase is Phase.BID and rng.random() < pass_rate:
            return kinglib.Pass()
        return rng.choice(moves)

    return choose


def check_live_state(state: State) -> None:
    """The §12 invariants of a state: cards conserved, one seat to move with a legal move."""
    rules = state.rules
    seen = 0
    count = 0
    places = [*state.hands_mask, *state.taken_mask, *(m for _, m in state.piles_mask)]
    places.append(sum(card.mask for _, card in state.trick))
    for mask in places:
        assert not seen & mask, "a card is in two places"
        seen |= mask
        count += mask.bit_count()
    assert seen == rules.deck.mask, "cards are missing or foreign"
    assert count == len(rules.deck)
    if state.is_over:
        assert state.to_move is None
        assert state.legal_moves() == ()
        return
    assert state.to_move is not None and 0 <= state.to_move < rules.players
    assert state.legal_moves(), "a live state without a legal move"


def check_view(state: State) -> None:
    """Each view shows only its own hand and the cards on the table or already played."""
    played = sum(card.mask for _, card in state.trick)
    for trick in state.tricks:
        played |= trick.cards.mask
    for seat in range(state.players):
        view = state.view(seat)
        allowed = CardSet.from_mask(state.hands_mask[seat] | played)
        assert view.seen_cards <= allowed, f"seat {seat} sees {view.seen_cards - allowed}"
        view.to_dict()


def play_match(
    rules: kinglib.Rules,
    seed: int,
    policy: Policy,
    *,
    check: bool = True,
) -> State:
    """Play a whole match from ``seed`` with ``policy``, checking every state on the way."""
    rng = random.Random(seed)
    state = rules.new_match(seed=seed)
    steps = 0
    while not state.is_over:
        if check:
            check_live_state(state)
            if steps % 37 == 0:
                check_view(state)
        state = state.apply(policy(state, rng))
        steps += 1
        assert steps < 100_000, "the match does not end"
    check_live_state(state)
    return state


def replay(rules: kinglib.Rules, seed: int, moves: tuple[Move, ...]) -> State:
    """Replay ``moves`` from ``seed``."""
    state = rules.new_match(seed=seed)
    for move in moves:
        state = state.apply(move)
    return state


def running_totals(state: State) -> list[tuple[int, ...]]:
    """The match totals after each deal."""
    totals = [0] * state.players
    out = []
    for result in state.results:
        totals = [a + b for a, b in zip(totals, result.points)]
        out.append(tuple(totals))
    return out


def check_threshold(state: State, threshold: int) -> None:
    """The match ended at the first deal after which some total was ``threshold`` or lower."""
    after = running_totals(state)
    assert after[-1] == state.totals
    assert min(after[-1]) <= threshold
    for totals in after[:-1]:
        assert min(totals) > threshold
    best = max(state.totals)
    assert state.winners == tuple(s for s, t in enumerate(state.totals) if t == best)


def card(text: str) -> Card:
    """A card from its text."""
    return Card.parse(text)


def check_early_end(rules: kinglib.Rules, late: kinglib.Rules, seed: int) -> bool:
    """Play one random deal; if it ends early, finishing it under ``late`` changes no score.

    ``late`` are the same rules with ``early_end=False``. Returns whether the deal ended early.
    """
    rng = random.Random(seed)
    dealer = rng.randrange(rules.players)
    dealt = rules.deal(dealer, rng)
    contract = next(iter(rules.contracts))
    state = rules.new_deal(contract, list(dealt.hands), dealer=dealer)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    result = state.results[0]
    if not result.ended_early or not result.unplayed:
        return False
    full = late.new_deal(contract, list(dealt.hands), dealer=dealer)
    for move in state.moves:
        full = full.apply(move)
    while not full.is_over:
        full = full.apply(rng.choice(full.legal_moves()))
    assert not full.results[0].ended_early
    assert full.results[0].points == result.points, "the unplayed cards changed a score"
    assert full.results[0].details == result.details
    return True
