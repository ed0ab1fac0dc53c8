"""Properties of the engine over random seeds, random options and random play."""

from __future__ import annotations

import contextlib
import itertools
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kinglib
from kinglib import Card, CardSet, IllegalMoveError, Phase, Play, Rules, State
from kinglib.values.contracts import NEGATIVE_GAMES, POSITIVE_GAMES
from tests.support import replay, snapshot

ALL_PLAYS = [Play(Card.from_index(i)) for i in range(54)]


@st.composite
def simple_options(draw: st.DrawFn) -> dict[str, Any]:
    """Any combination of the options of simple."""
    players = draw(st.integers(min_value=2, max_value=6))
    return {
        "players": players,
        "boys": draw(st.sampled_from(["jacks", "jacks+kings"])),
        "king_on_heart_lead": draw(st.sampled_from(["optional", "forced"])),
        "king_forced": draw(st.booleans()),
        "early_end": draw(st.booleans()),
        "first_dealer": draw(st.integers(min_value=0, max_value=players - 1)),
        "order": tuple(draw(st.permutations(NEGATIVE_GAMES))),
    }


seeds = st.integers(min_value=0, max_value=2**32)


def places_mask(state: State) -> tuple[int, int]:
    """The union of every place a card can be, and the number of cards found in them."""
    masks = [*state.hands_mask, *state.taken_mask, *(m for _, m in state.piles_mask)]
    masks.extend(card.mask for _, card in state.trick)
    union = 0
    for m in masks:
        union |= m
    return union, sum(m.bit_count() for m in masks)


def check_conserved(state: State) -> None:
    deck = state.rules.deck.mask
    union, count = places_mask(state)
    assert union == deck, "a card is lost or foreign"
    assert count == len(state.rules.deck), "a card is in two places"


def check_live(state: State) -> tuple[kinglib.Move, ...]:
    assert not state.is_over
    assert state.phase is Phase.PLAY
    seat = state.to_move
    assert isinstance(seat, int) and 0 <= seat < state.players
    assert state.hand(seat), "the seat to move has no card"
    legal = state.legal_moves()
    assert legal, "a live state without a legal move"
    assert len(set(legal)) == len(legal)
    hand = state.hand(seat)
    for move in legal:
        assert isinstance(move, Play) and move.card in hand
        assert kinglib.parse_move(str(move), state) == move
    assert legal == state.legal_moves()  # deterministic
    if state.trick:
        assert len(state.trick) < state.players
        assert seat not in {s for s, _ in state.trick}
    return legal


def check_moves(state: State, legal: tuple[kinglib.Move, ...]) -> None:
    """Every legal move is accepted; every other card is refused and changes nothing."""
    before = snapshot(state)
    digest = hash(state)
    for move in legal:
        assert state.is_legal(move)
        after = state.apply(move)
        assert after is not state
    legal_set = set(legal)
    for move in ALL_PLAYS:
        if move in legal_set:
            continue
        assert not state.is_legal(move)
        try:
            state.apply(move)
        except IllegalMoveError as exc:
            assert str(move.card) in str(exc)
        else:
            raise AssertionError(f"{move} was accepted but is not legal")
    assert snapshot(state) == before
    assert hash(state) == digest


def cards_named_in(value: Any) -> int:
    """The mask of every card written anywhere in a JSON-ready value."""
    mask = 0
    if isinstance(value, str):
        for word in value.split():
            with contextlib.suppress(kinglib.NotationError):
                mask |= Card.parse(word).mask
    elif isinstance(value, dict):
        for v in value.values():
            mask |= cards_named_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            mask |= cards_named_in(v)
    return mask


def check_views(state: State) -> None:
    """No view shows a card of another seat's hand; each shows the seat's own hand."""
    for seat in range(state.players):
        view = state.view(seat)
        hidden = 0
        for other, mask in enumerate(state.hands_mask):
            if other != seat:
                hidden |= mask
        assert view.hand == state.hand(seat)
        assert not view.seen_cards.mask & hidden
        public = view.to_dict()
        del public["results"]  # the cards named there are of finished deals
        assert not cards_named_in(public) & hidden
        if state.to_move == seat:
            assert view.legal_moves == state.legal_moves()
        else:
            assert view.legal_moves == ()
        assert view.hand_sizes == tuple(len(h) for h in state.hands)


def play_match(
    rules: Rules, seed: int, play_seed: int, *, check_all: bool, thorough: bool = True
) -> State:
    """Play a random match, checking the invariants at every step (some only if thorough)."""
    rng = random.Random(play_seed)
    state = rules.new_match(seed=seed)
    limit = 14 * len(rules.deck) + 1
    contracts = rules.contracts
    for _ in range(limit):
        check_conserved(state)
        if state.is_over:
            break
        legal = check_live(state)
        if check_all:
            check_moves(state, legal)
        move = rng.choice(legal)
        if thorough:
            if len(state.tricks) % 3 == 1 and not state.trick:
                check_views(state)
            before = snapshot(state)
            digest = hash(state)
            after = state.apply(move)
            assert snapshot(state) == before, "apply() changed the state it was called on"
            assert hash(state) == digest
        else:
            after = state.apply(move)
        if len(after.results) > len(state.results):
            result = after.results[-1]
            contract = contracts[result.contract]
            assert result.contract == state.contract
            assert sum(result.points) == contract.total
            assert result.dealer == state.dealer
            if result.ended_early:
                assert rules.options["early_end"]
                assert not any(contract.trick_values)
                assert result.unplayed
                assert not result.unplayed.mask & contract.scoring_mask
            else:
                assert result.unplayed == CardSet()
        state = after
    assert state.is_over, "the match did not end"
    return state


@given(simple_options(), seeds, seeds)
def test_random_matches_keep_every_invariant(options: dict[str, Any], seed: int, play: int) -> None:
    rules = kinglib.load_rules("simple", **options)
    final = play_match(rules, seed, play, check_all=False)
    assert len(final.results) == 14
    assert sum(final.totals) == 0
    assert final.totals == tuple(
        sum(r.points[s] for r in final.results) for s in range(rules.players)
    )
    order = options["order"]
    assert [r.contract for r in final.results][:7] == list(order)
    assert final.legal_moves() == ()
    assert final.to_move is None
    assert final.winners and all(final.totals[w] == max(final.totals) for w in final.winners)
    # the same seed and moves give an equal state, with equal rules built afresh
    again = replay(final.evolve(rules=kinglib.load_rules("simple", **options)))
    assert again == final
    assert hash(again) == hash(final)


@given(simple_options(), seeds, seeds)
def test_every_legal_move_is_accepted_and_every_other_card_refused(
    options: dict[str, Any], seed: int, play: int
) -> None:
    rules = kinglib.load_rules("simple", **options)
    state = rules.new_match(seed=seed)
    rng = random.Random(play)
    # every position of the first three deals (fewer when a deal ends early: more deals)
    for _ in range(3 * len(rules.deck)):
        if state.is_over:
            break
        legal = check_live(state)
        check_moves(state, legal)
        state = state.apply(rng.choice(legal))
        check_conserved(state)


@given(simple_options(), seeds)
def test_the_same_seed_and_moves_give_an_equal_state(options: dict[str, Any], seed: int) -> None:
    rules = kinglib.load_rules("simple", **options)
    rng = random.Random(seed)
    state = rules.new_match(seed=seed)
    assert state == rules.new_match(seed=seed)
    assert hash(state) == hash(rules.new_match(seed=seed))
    for _ in range(rng.randrange(1, 3 * len(rules.deck))):
        state = state.apply(rng.choice(state.legal_moves()))
    again = replay(state)
    assert again == state
    assert hash(again) == hash(state)
    assert again.moves == state.moves
    if not state.is_over:
        other = list(state.legal_moves())
        if len(other) > 1:
            a, b = state.apply(other[0]), state.apply(other[1])
            assert a != b


@given(
    simple_options(),
    st.sampled_from(NEGATIVE_GAMES + POSITIVE_GAMES),
    st.randoms(use_true_random=False),
)
def test_any_given_deal_distributes_its_total(
    options: dict[str, Any], contract: str, rng: random.Random
) -> None:
    rules = kinglib.load_rules("simple", **options)
    cards = list(rules.deck)
    rng.shuffle(cards)
    n = rules.players
    hands = [CardSet(cards[k::n]) for k in range(n)]
    dealer = rng.randrange(n)
    state = rules.new_deal(contract, hands=hands, dealer=dealer)
    assert state.to_move == (dealer + 1) % n
    assert state.hands == tuple(hands)
    while not state.is_over:
        check_conserved(state)
        legal = check_live(state)
        state = state.apply(rng.choice(legal))
    [result] = state.results
    assert sum(result.points) == rules.contracts[contract].total
    assert state.totals == result.points
    if not rules.options["early_end"]:
        assert not result.ended_early
        assert len(state.tricks) == 8


COMBINATIONS = list(
    itertools.product(
        [2, 3, 4, 5, 6],
        ["jacks", "jacks+kings"],
        ["optional", "forced"],
        [True, False],
        [True, False],
    )
)


@pytest.mark.parametrize(
    ("players", "boys", "on_lead", "king_forced", "early_end"),
    COMBINATIONS,
    ids=["-".join(str(v) for v in combo) for combo in COMBINATIONS],
)
def test_every_combination_of_options_plays_a_whole_match(
    players: int, boys: str, on_lead: str, king_forced: bool, early_end: bool
) -> None:
    """One random match for each combination, besides the random combinations above."""
    k = COMBINATIONS.index((players, boys, on_lead, king_forced, early_end))
    rules = kinglib.load_rules(
        "simple",
        players=players,
        boys=boys,
        king_on_heart_lead=on_lead,
        king_forced=king_forced,
        early_end=early_end,
        first_dealer=k % players,
        order=NEGATIVE_GAMES[k % 7 :] + NEGATIVE_GAMES[: k % 7],
    )
    final = play_match(rules, seed=k, play_seed=k, check_all=False, thorough=False)
    assert len(final.results) == 14
    assert sum(final.totals) == 0
    assert final.results[0].dealer == k % players
    assert final.results[0].contract == NEGATIVE_GAMES[k % 7]
