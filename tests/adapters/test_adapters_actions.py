"""The action numbering and the observation encoding: round trips, masks, and no leaks."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import Bid, Card, Choose, IllegalMoveError, Play, State
from kinglib.adapters.actions import ActionSpace
from kinglib.adapters.observation import Observation
from kinglib.testing import strategies
from tests.support import ADAPTER_VARIANTS


@pytest.mark.parametrize("variant", ADAPTER_VARIANTS)
@settings(max_examples=12)
@given(data=st.data())
def test_every_legal_move_round_trips(variant: str, data: st.DataObject) -> None:
    rules = kinglib.load_rules(variant)
    space = ActionSpace(rules)
    state = data.draw(strategies.states(rules, max_moves=200))
    legal = state.legal_moves()
    numbers = space.actions(legal)
    assert len(set(numbers)) == len(legal)
    for move in legal:
        assert space.move(space.action(move)) == move
    mask = space.mask(legal)
    assert [i for i, bit in enumerate(mask) if bit] == numbers


@pytest.mark.parametrize("variant", ADAPTER_VARIANTS)
def test_the_numbering_is_a_bijection_laid_out_in_blocks(variant: str) -> None:
    space = ActionSpace(kinglib.load_rules(variant))
    assert len(set(space.moves)) == len(space)
    assert [space.action(m) for m in space.moves] == list(range(len(space)))
    end = 0
    for _, start, size in space.blocks:
        assert start == end
        end = start + size
    assert end == len(space)


def test_the_sizes_follow_the_pack_and_the_contracts() -> None:
    simple = ActionSpace(kinglib.load_rules("simple"))
    assert len(simple) == 32 + 4 + 33 + 15 + 8
    atomic = ActionSpace(kinglib.load_rules("atomic"))
    assert len(atomic) == 32 + 4 + 33 + 7 + 8 + 32 + 32 * 31 // 2
    assert simple.action(Play(Card.parse("AS"))) == 0
    assert simple.move(32 + 4 + 3) == Bid(3)


def test_moves_outside_the_rules_and_numbers_outside_the_space_are_refused() -> None:
    space = ActionSpace(kinglib.load_rules("simple"))
    with pytest.raises(IllegalMoveError, match="2C has no action number"):
        space.action(Play(Card.parse("2C")))
    with pytest.raises(IllegalMoveError, match="never make it"):
        space.action(Choose("omnibus"))
    with pytest.raises(IllegalMoveError, match="the simple actions are 0 to 91"):
        space.move(92)
    with pytest.raises(IllegalMoveError, match="no action -1"):
        space.move(-1)


def _swapped_world(state: State, rng: random.Random) -> State | None:
    """The same deal with unplayed cards of one suit swapped between seats 1 to 3, replayed.

    Seat 0's view is the same in both deals; ``None`` when the replay is not legal.
    """
    rules = state.rules
    plays = [p for t in state.tricks for p in t.plays] + list(state.trick)
    hands = [set(state.hand(s)) for s in range(state.players)]
    others = list(range(1, state.players))
    for _ in range(6):
        a, b = rng.sample(others, 2)
        pairs = [(x, y) for x in hands[a] for y in hands[b] if x.suit is y.suit]
        if pairs:
            x, y = rng.choice(pairs)
            hands[a] ^= {x, y}
            hands[b] ^= {x, y}
    start = [set(h) for h in hands]
    for seat, card in plays:
        start[seat].add(card)
    assert state.contract is not None
    world = rules.new_deal(state.contract, hands=[list(h) for h in start], dealer=state.dealer)
    try:
        for _, card in plays:
            world = world.apply(Play(card))
    except IllegalMoveError:
        return None
    return world


@pytest.mark.parametrize("variant", ["simple", "jokers", "omnibus", "three-hand"])
@settings(max_examples=12)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(0, 20), swap=st.randoms())
def test_states_with_the_same_view_give_the_same_observation(
    variant: str, seed: int, count: int, swap: random.Random
) -> None:
    rules = kinglib.load_rules(variant)
    encoder = Observation(rules)
    rng = random.Random(seed)
    state = rules.new_match(seed=seed)
    for _ in range(count):
        state = state.apply(rng.choice(state.legal_moves()))
    world = _swapped_world(state, swap)
    assume(world is not None)
    assert world is not None
    assume(any(world.hand(s) != state.hand(s) for s in range(1, state.players)))
    assert world.view(0) == state.view(0)
    assert encoder.encode(world.view(0)) == encoder.encode(state.view(0))
    changed = next(s for s in range(1, state.players) if world.hand(s) != state.hand(s))
    assert encoder.encode(world.view(changed)) != encoder.encode(state.view(changed))


@pytest.mark.parametrize("variant", ADAPTER_VARIANTS)
@settings(max_examples=12)
@given(data=st.data())
def test_the_observation_holds_the_hand_and_the_trick(variant: str, data: st.DataObject) -> None:
    rules = kinglib.load_rules(variant)
    encoder = Observation(rules)
    state = data.draw(strategies.states(rules, max_moves=120))
    seat = data.draw(st.integers(0, rules.players - 1))
    view = state.view(seat)
    vector = encoder.encode(view)
    assert len(vector) == encoder.size
    pack = list(rules.deck)
    hand = encoder.field(vector, "hand")
    assert {c for c, bit in zip(pack, hand) if bit} == set(view.hand)
    table = encoder.field(vector, "trick")
    on_table = {
        (s, pack[i % len(pack)])
        for s in range(rules.players)
        for i in range(s * len(pack), (s + 1) * len(pack))
        if table[i]
    }
    assert on_table == set(view.trick)
    assert encoder.field(vector, "seat")[seat] == 1.0
    assert encoder.as_dict(view) == view.to_dict()
