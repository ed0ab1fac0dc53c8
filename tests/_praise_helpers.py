"""Checks shared by the trump-round, simple-scheme and three-hand tests (RULES.md §12)."""

from __future__ import annotations

import random
from collections.abc import Callable

from kinglib import CardSet, Phase, Rules, State
from kinglib.kit.trump_rounds import UNDEALT, Praise


def check_cards_conserved(state: State) -> None:
    """Every card of the pack lies in exactly one place, the hidden pile included."""
    places = [*state.hands_mask, *state.taken_mask, *(m for _, m in state.piles_mask)]
    for _, card in state.trick:
        places.append(card.mask)
    seen = 0
    for mask in places:
        assert not seen & mask, f"{CardSet.from_mask(seen & mask)} lies in two places"
        seen |= mask
    assert seen == state.rules.deck.mask, (
        f"cards lost: {CardSet.from_mask(seen ^ state.rules.deck.mask)}"
    )


def check_views(state: State) -> None:
    """No view holds a card its seat has not seen; nothing undealt is ever shown."""
    undealt = state.pile(UNDEALT).mask
    played = 0
    for t in state.tricks:
        played |= t.cards.mask
    for _, card in state.trick:
        played |= card.mask
    shown = 0
    praise = state.aux
    if isinstance(praise, Praise) and praise.declaration == "last":
        shown = praise.last_card.mask
    for seat in range(state.players):
        view = state.view(seat)
        allowed = state.hands_mask[seat] | played | shown
        extra_cards = view.seen_cards.mask & ~allowed
        assert not extra_cards, f"seat {seat} sees {CardSet.from_mask(extra_cards)}"
        assert not view.seen_cards.mask & undealt
        assert UNDEALT not in view.piles
        # Earlier deals' results name cards of the same pack; this deal's facts must not.
        public = {k: v for k, v in view.to_dict().items() if k != "results"}
        words = set(str(public).replace("'", " ").replace(",", " ").replace("]", " ").split())
        leaked = [str(c) for c in CardSet.from_mask(undealt) if str(c) in words]
        assert not leaked, f"seat {seat}'s view names undealt cards {leaked}"


def check_live(state: State) -> None:
    """A live state has exactly one seat to move and at least one legal move."""
    if state.is_over:
        assert state.to_move is None and state.legal_moves() == ()
        return
    assert state.to_move is not None
    assert state.legal_moves()
    if state.phase is Phase.DECLARE and isinstance(state.aux, Praise) and state.aux.buyer is None:
        # The three-card stage: the declarer holds three cards, the rest is hidden.
        assert state.to_move == state.aux.declarer
        assert all(m.bit_count() <= 3 for m in state.hands_mask)


def play_match(
    rules: Rules,
    seed: int,
    *,
    check: Callable[[State], None] | None = None,
) -> State:
    """Play a match with random legal moves, checking every state with ``check``."""
    rng = random.Random(seed)
    state = rules.new_match(seed=seed)
    while True:
        check_live(state)
        check_cards_conserved(state)
        if check is not None:
            check(state)
        if state.is_over:
            return state
        state = state.apply(rng.choice(state.legal_moves()))


def replayed(rules: Rules, final: State) -> State:
    """The final state of replaying ``final``'s moves from its seed."""
    assert final.seed is not None
    state = rules.new_match(seed=final.seed)
    for move in final.moves:
        state = state.apply(move)
    return state
