"""Helpers for the tests of the variants whose contracts are chosen (ordered, atomic)."""

from __future__ import annotations

import random
from collections.abc import Callable

from kinglib import CardSet, Rules, State
from kinglib.moves import Move
from kinglib.state import Phase

Policy = Callable[[State, tuple[Move, ...]], Move]


def random_policy(rng: random.Random) -> Policy:
    """Any legal move, at random."""

    def pick(state: State, moves: tuple[Move, ...]) -> Move:
        return rng.choice(moves)

    return pick


def check_state(state: State) -> None:
    """The §12 invariants that hold in every single state."""
    rules = state.rules
    places = [*state.hands_mask, *state.taken_mask, *(m for _, m in state.piles_mask)]
    places.append(sum(c.mask for _, c in state.trick))
    seen = 0
    for mask in places:
        assert not seen & mask, f"a card is in two places: {CardSet.from_mask(seen & mask)}"
        seen |= mask
    if not state.is_over:
        assert seen == rules.deck.mask, f"cards lost: {CardSet.from_mask(rules.deck.mask & ~seen)}"
        assert state.to_move is not None
        assert state.hands_mask[state.to_move] or state.phase is not Phase.PLAY
        assert state.legal_moves(), f"no legal move in {state!r}"
        for seat in range(rules.players):
            view = state.view(seat)
            assert view.hand == state.hand(seat)
            others = 0
            for other in range(rules.players):
                if other != seat:
                    others |= state.hands_mask[other]
            if seat != state.eldest:
                others |= state.pile("discard").mask
            shown = view.extra.get("widow", CardSet())
            leak = view.seen_cards.mask & others & ~shown.mask
            assert not leak, f"seat {seat} sees {CardSet.from_mask(leak)}"
            if state.phase in (Phase.CHOOSE, Phase.DECLARE):
                assert not view.seen_cards.mask & state.pile("widow").mask
            assert bool(view.legal_moves) == (seat == state.to_move)


def play_match(
    rules: Rules, seed: int, policy: Policy, *, check: bool = True, limit: int = 10_000
) -> State:
    """Play a whole match with ``policy``, checking the invariants after every move."""
    state = rules.new_match(seed)
    for _ in range(limit):
        if check:
            check_state(state)
        if state.is_over:
            return state
        deals = len(state.results)
        state = state.apply(policy(state, state.legal_moves()))
        if len(state.results) > deals:
            result = state.results[-1]
            assert result.total == rules.contracts[result.contract].total
    raise AssertionError("the match did not end")


def first_choice(state: State, moves: tuple[Move, ...]) -> Move:
    """The first legal move: the earliest contract of the plan, the first card."""
    return moves[0]


def last_choice(state: State, moves: tuple[Move, ...]) -> Move:
    """The last legal choice of a contract, the first legal move otherwise."""
    return moves[-1] if state.phase is Phase.CHOOSE else moves[0]
