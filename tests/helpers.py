"""Small helpers shared by the tests: playing cards from text, snapshots of states."""

from __future__ import annotations

from typing import Any

from kinglib import Card, Play, State


def play(state: State, cards: str) -> State:
    """Play the cards named in ``cards`` (separated by spaces), each by the seat to move."""
    for word in cards.split():
        state = state.apply(Play(Card.parse(word)))
    return state


def legal_cards(state: State) -> str:
    """The legal cards of the seat to move, as text in display order."""
    return " ".join(str(m) for m in state.legal_moves())


def snapshot(state: State) -> tuple[Any, ...]:
    """Every public field of a state, as plain values (to prove that nothing changed)."""
    return (
        state.deal_number,
        state.dealer,
        state.phase,
        state.to_move,
        state.hands,
        tuple(state.taken(s) for s in range(state.players)),
        state.trick,
        state.tricks,
        state.contract,
        state.trump,
        state.totals,
        state.results,
        state.moves,
        state.legal_moves(),
        state.is_over,
    )


def replay(state: State) -> State:
    """An independent copy of a seeded state: its moves replayed from the seed."""
    assert state.seed is not None
    copy = state.rules.new_match(seed=state.seed)
    for move in state.moves:
        copy = copy.apply(move)
    return copy
