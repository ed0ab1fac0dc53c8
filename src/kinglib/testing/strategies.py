"""Hypothesis strategies for testing rules: seeds, reachable states, moves and given deals.

Use them in your own tests::

    from hypothesis import given
    from kinglib.testing import strategies

    rules = kinglib.load_rules("simple", plugins=[my_house_rules])

    @given(strategies.states(rules))
    def test_something(state): ...

This module needs ``hypothesis`` (``pip install kinglib[testing]``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import strategies as st

from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.values.cards import CardSet, Suit, iter_indices
from kinglib.values.errors import RulesError
from kinglib.values.moves import Move

__all__ = ["deals", "moves", "play_randomly", "seeds", "states"]

#: The largest seed :func:`seeds` draws.
MAX_SEED = 2**32 - 1


def seeds() -> st.SearchStrategy[int]:
    """Match seeds: whole numbers from 0 to 2**32 - 1."""
    return st.integers(min_value=0, max_value=MAX_SEED)


def play_randomly(state: State, count: int, rng: random.Random) -> State:
    """Make up to ``count`` random legal moves from ``state`` (fewer if the state ends)."""
    for _ in range(count):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def states(rules: Rules, *, max_moves: int = 400) -> st.SearchStrategy[State]:
    """States reachable in a match of ``rules``: a random seed, then random legal moves.

    Args:
        rules: the rules of the match.
        max_moves: the most moves made from the start of the match; the number of moves is
            drawn from 0 to that (a match that ends sooner gives its final state).

    """

    @st.composite
    def build(draw: st.DrawFn) -> State:
        seed = draw(seeds())
        count = draw(st.integers(min_value=0, max_value=max_moves))
        rng = draw(st.randoms(use_true_random=False))
        return play_randomly(rules.new_match(seed=seed), count, rng)

    return build()


def moves(state: State) -> st.SearchStrategy[Move]:
    """The legal moves of ``state``; raises :class:`ValueError` if it is over."""
    legal = state.legal_moves()
    if not legal:
        raise ValueError(f"{state!r} is over: it has no moves")
    return st.sampled_from(legal)


def _trump_choices() -> tuple[Suit | str, ...]:
    return (*Suit, "notrump", "misere")


def deals(rules: Rules, contracts: Sequence[str] | None = None) -> st.SearchStrategy[State]:
    """Single deals of ``rules`` from given hands (``Rules.new_deal``): any contract, any cards.

    The pack is shuffled by hypothesis and cut into hands and piles of the sizes the variant
    deals. A trump round gets a drawn trump (a suit, ``notrump`` or ``misere``); when the rules
    refuse that trump, the deal is given without one and decides it as the variant does.

    Args:
        rules: the rules.
        contracts: the contract ids to draw from; by default every contract of the rules.

    """
    ids = tuple(rules.contracts) if contracts is None else tuple(contracts)
    if not ids:
        raise ValueError("deals() needs at least one contract")
    cards = tuple(iter_indices(rules.deck.mask))

    @st.composite
    def build(draw: st.DrawFn) -> State:
        contract = draw(st.sampled_from(ids))
        dealer = draw(st.integers(min_value=0, max_value=rules.players - 1))
        order = draw(st.permutations(cards))
        shape = rules.deal(dealer, random.Random(0))
        pos = 0

        def take(size: int) -> CardSet:
            nonlocal pos
            taken = CardSet.from_mask(sum(1 << i for i in order[pos : pos + size]))
            pos += size
            return taken

        hands = [take(len(hand)) for hand in shape.hands]
        piles = {name: take(len(pile)) for name, pile in shape.piles}
        trump = None
        if rules.contracts[contract].trump_round:
            trump = draw(st.sampled_from(_trump_choices()))
        widow, stock, kitty = piles.get("widow"), piles.get("stock"), piles.get("kitty")
        if trump is not None:
            try:
                return rules.new_deal(
                    contract, hands, dealer, widow=widow, stock=stock, kitty=kitty, trump=trump
                )
            except RulesError:  # a trump these rules do not allow: the deal decides it
                pass
        return rules.new_deal(contract, hands, dealer, widow=widow, stock=stock, kitty=kitty)

    return build()
