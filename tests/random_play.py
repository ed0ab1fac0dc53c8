"""Random legal play over every variant, for the record, move-text and view properties."""

from __future__ import annotations

import os
import random
from functools import cache

from hypothesis import settings
from hypothesis import strategies as st

import kinglib
from kinglib import Rules, State, Suit

#: Every installed variant; properties written over it hold for variants added later.
VARIANTS = kinglib.variant_names()

#: The settings of a property run once per variant: fewer examples each, so that the whole
#: suite stays fast as variants are added.
#: ``PER_VARIANT_EXAMPLES=500`` runs a longer search.
per_variant = settings(max_examples=int(os.environ.get("PER_VARIANT_EXAMPLES", "12")))

#: A very large step count: play on until the match is over.
TO_THE_END = 10**6


@cache
def rules_for(variant: str, players: int | None = None) -> Rules:
    return kinglib.load_rules(variant, players=players)


def player_counts(variant: str) -> tuple[int, ...]:
    return rules_for(variant).info.players


def play_randomly(state: State, steps: int, seed: int) -> State:
    """Up to ``steps`` random legal moves (fewer if the state ends first)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def given_deal(rules: Rules, seed: int, contract_index: int, dealer: int) -> State:
    """A single deal from hands dealt by the variant itself, with some contract."""
    rng = random.Random(seed)
    dealt = rules.deal(dealer, rng)
    contracts = sorted(rules.contracts)
    contract = contracts[contract_index % len(contracts)]
    trump: Suit | str | None = None
    if rules.contracts[contract].trump_round:
        trump = rng.choice(list(Suit))
    # new_deal takes these piles by name; any other pile of the deal starts empty.
    piles = {name: cards for name, cards in dealt.piles if name in ("widow", "stock", "kitty")}
    return rules.new_deal(contract, list(dealt.hands), dealer, trump=trump, **piles)


steps = st.one_of(st.integers(0, 40), st.integers(0, 400), st.just(TO_THE_END))


@st.composite
def match_states(draw: st.DrawFn, variant: str) -> State:
    """A reachable state of a seeded match: random players, seed and legal moves."""
    rules = rules_for(variant, draw(st.sampled_from(player_counts(variant))))
    state = rules.new_match(seed=draw(st.integers(0, 2**40)))
    return play_randomly(state, draw(steps), draw(st.integers(0, 2**32)))


@st.composite
def deal_states(draw: st.DrawFn, variant: str) -> State:
    """A reachable state of a single deal given in full (``Rules.new_deal``)."""
    rules = rules_for(variant, draw(st.sampled_from(player_counts(variant))))
    state = given_deal(
        rules,
        draw(st.integers(0, 2**32)),
        draw(st.integers(0, 100)),
        draw(st.integers(0, rules.players - 1)),
    )
    return play_randomly(state, draw(steps), draw(st.integers(0, 2**32)))


def any_states(variant: str) -> st.SearchStrategy[State]:
    return st.one_of(match_states(variant), deal_states(variant))
