"""View.sample: consistent, reachable, uniform worlds from what one seat sees."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import CardSet, Phase, State, Suit
from kinglib.engine.sampling import DealStart, HiddenLayout, SamplingError
from kinglib.testing import HandBuilt, deal_from_text, strategies
from kinglib.values.moves import Discard
from kinglib_variants._hidden import atomic_layout, domino_layout
from kinglib_variants.domino import DominoAux, stock_order

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("simple", {}),
    ("simple", {"scheme": "otygrysh"}),
    ("three-hand", {"scheme": "otygrysh"}),
    ("ordered", {"trumps": True}),
    ("atomic", {}),
    ("atomic", {"players": 4}),
    ("domino", {}),
    ("jokers", {}),
    ("jokers", {"players": 3}),
    ("bidding", {}),
    ("omnibus", {"players": 3}),
]


def _played_out(world: State, rng: random.Random, moves: int = 60) -> State:
    for _ in range(moves):
        if world.is_over:
            break
        world = world.apply(rng.choice(world.legal_moves()))
    return world


def _check_samples(state: State, seed: int) -> None:
    """Sample every seat's view of ``state`` once and check the sample against the view."""
    if state.is_over:
        return
    rules = state.rules
    rng = random.Random(seed)
    for seat in range(rules.players):
        view = state.view(seat)
        world = view.sample(rng)
        assert world.view(seat).to_dict() == view.to_dict()
        assert (world.deal_number, world.phase, world.to_move) == (
            state.deal_number,
            state.phase,
            state.to_move,
        )
        assert world.totals == state.totals and world.results == state.results
        # Every card of the pack is in exactly one place.
        places = [*world.hands_mask, *world.taken_mask, *(m for _, m in world.piles_mask)]
        places += [card.mask for _, card in world.trick]
        assert sum(m.bit_count() for m in places) == len(rules.deck)
        union = 0
        for mask in places:
            union |= mask
        assert union == rules.deck.mask
        # The deal's moves are the view's, hidden ones filled in, and play goes on legally.
        assert len(world.deal_moves) == len(view.deal_moves)
        for mine, theirs in zip(world.deal_moves, view.deal_moves):
            assert theirs is None or mine == theirs
        _played_out(world, rng)


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=lambda c: str(c))
def test_a_sample_shows_the_seat_exactly_its_view(variant: str, options: dict[str, Any]) -> None:
    rules = kinglib.load_rules(variant, **options)

    @settings(max_examples=10)
    @given(strategies.states(rules, max_moves=120), st.integers(0, 2**32))
    def check(state: State, seed: int) -> None:
        _check_samples(state, seed)

    check()


def bot_states(rules: kinglib.Rules, max_moves: int) -> st.SearchStrategy[State]:
    """States of a match played by heuristic bots, some seats by random bots instead.

    Bots keep cards that random play would throw away early (a domino player holds a suit it
    drew for and plays it deals later), so they reach positions random play rarely does.
    """

    @st.composite
    def build(draw: st.DrawFn) -> State:
        seed = draw(strategies.seeds())
        count = draw(st.integers(0, max_moves))
        randoms = draw(st.lists(st.booleans(), min_size=rules.players, max_size=rules.players))
        bots: list[kinglib.bots.Bot] = [
            kinglib.bots.RandomBot(seed=seed + s) if r else kinglib.bots.HeuristicBot()
            for s, r in enumerate(randoms)
        ]
        state = rules.new_match(seed=seed)
        for _ in range(count):
            if state.is_over:
                break
            seat = state.to_move
            assert seat is not None
            state = state.apply(bots[seat].choose_move(state.view(seat)))
        return state

    return build()


BOT_CONFIGS = [*CONFIGS, ("domino", {"players": 3, "deck": 52}), ("domino", {"players": 5})]


@pytest.mark.parametrize(("variant", "options"), BOT_CONFIGS, ids=lambda c: str(c))
def test_a_sample_shows_the_seat_its_view_in_matches_played_by_bots(
    variant: str, options: dict[str, Any]
) -> None:
    rules = kinglib.load_rules(variant, **options)

    @settings(max_examples=6)
    @given(bot_states(rules, max_moves=150), st.integers(0, 2**32))
    def check(state: State, seed: int) -> None:
        _check_samples(state, seed)

    check()


SIMPLE = kinglib.load_rules("simple")


def _samples(state: State, seat: int, count: int = 150) -> list[State]:
    rng = random.Random(7)
    view = state.view(seat)
    return [view.sample(rng) for _ in range(count)]


def _apply(state: State, *cards: str) -> State:
    for text in cards:
        state = state.apply(kinglib.parse_move(text, state))
    return state


SPADES = CardSet.parse("AS KS QS JS TS 9S 8S 7S")
DIAMONDS = CardSet.parse("AD KD QD JD TD 9D 8D 7D")
HEARTS = CardSet.parse("AH KH QH JH TH 9H 8H 7H")


def test_a_seat_that_did_not_follow_holds_none_of_the_suit() -> None:
    state = deal_from_text(
        SIMPLE,
        """
            no_tricks dealer=3
            0: AS KS QS JS AH KH QH JH
            1: AD KD QD JD TD 9D 8D 7D
            2: TS 9S 8S 7S TH 9H 8H 7H
            3: AC KC QC JC TC 9C 8C 7C
        """,
    )
    state = _apply(state, "AS", "AD")
    worlds = _samples(state, 2)
    assert all(not w.hand(1).mask & SPADES.mask for w in worlds)
    # The other hidden cards are really dealt at random: seat 1 does not always get its own.
    assert any(w.hand(1) != state.hand(1) for w in worlds)
    assert any(w.hand(3).mask & SPADES.mask for w in worlds)


def test_a_seat_that_withheld_the_king_of_hearts_does_not_hold_it() -> None:
    state = deal_from_text(
        SIMPLE,
        """
            no_king dealer=3
            0: AD KD QD JD AS KS QS JS
            1: AC KC QC JC TC 9C 8C 7C
            2: TD 9D 8D 7D TS 9S 8S 7S
            3: AH KH QH JH TH 9H 8H 7H
        """,
    )
    state = _apply(state, "AD", "AC")
    worlds = _samples(state, 2)
    king = kinglib.Card.parse("KH").mask
    assert all(not w.hand(1).mask & (king | DIAMONDS.mask) for w in worlds)
    assert any(w.hand(3).mask & king for w in worlds)
    assert any(w.hand(1).mask & HEARTS.mask for w in worlds)


def test_a_seat_that_did_not_trump_holds_no_trump() -> None:
    rules = kinglib.load_rules("simple", scheme="otygrysh")
    state = deal_from_text(
        rules,
        """
            trumps dealer=3 trump=S
            0: AD KD QD JD AS KS QS JS
            1: AC KC QC JC TC 9C 8C 7C
            2: TD 9D 8D 7D TS 9S 8S 7S
            3: AH KH QH JH TH 9H 8H 7H
        """,
    )
    state = _apply(state, "AD", "AC")
    worlds = _samples(state, 2)
    assert all(not w.hand(1).mask & (SPADES.mask | DIAMONDS.mask) for w in worlds)
    assert any(w.hand(3).mask & SPADES.mask for w in worlds)


def test_a_heart_led_where_forbidden_means_a_hand_of_hearts() -> None:
    state = deal_from_text(
        SIMPLE,
        """
            no_hearts dealer=3
            0: AH KH QH JH TH 9H 8H 7H
            1: AC KC QC JC TC 9C 8C 7C
            2: TD 9D 8D 7D TS 9S 8S 7S
            3: AD KD QD JD AS KS QS JS
        """,
    )
    state = _apply(state, "7H")
    worlds = _samples(state, 1)
    assert all(w.hand(0).mask & ~HEARTS.mask == 0 for w in worlds)


def test_samples_are_uniform_over_the_consistent_deals() -> None:
    rules = kinglib.load_rules("simple", players=3)
    state = rules.new_match(seed=11)
    rng = random.Random(5)
    while state.tricks.__len__() < 6 or state.trick:
        state = state.apply(rng.choice(state.legal_moves()))
    seat = 0
    view = state.view(seat)
    hidden = state.hands_mask[1] | state.hands_mask[2]
    cards = [c for c in CardSet.from_mask(hidden)]
    played = [0] * 3
    for t in state.tricks:
        for s, c in t.plays:
            played[s] |= c.mask
    # Every split of the hidden cards, kept when the deal replays legally from it.
    consistent = set()
    for pick in itertools.combinations(cards, len(state.hand(1))):
        one = sum(c.mask for c in pick)
        two = hidden & ~one
        hands = [state.hands_mask[0] | played[0], one | played[1], two | played[2]]
        deal = rules.new_deal(
            state.contract or "", [CardSet.from_mask(h) for h in hands], dealer=state.dealer
        )
        try:
            for move in state.deal_moves:
                deal = deal.apply(move)
        except kinglib.IllegalMoveError:
            continue
        consistent.add(one)
    counts = Counter(view.sample(rng).hands_mask[1] for _ in range(120 * len(consistent)))
    assert set(counts) == consistent
    assert len(consistent) > 1
    for one in consistent:
        assert 70 <= counts[one] <= 170, (counts, len(consistent))


def test_sampling_a_finished_match_or_a_hand_built_view_is_refused() -> None:
    rules = kinglib.load_rules("jokers")
    final = kinglib.play(rules, [kinglib.bots.RandomBot(seed=s) for s in range(4)], seed=1)
    with pytest.raises(SamplingError, match="over"):
        final.view(0).sample(random.Random(0))
    import attrs

    bare = attrs.evolve(rules.new_match(1).view(0), rules=None)
    with pytest.raises(SamplingError, match="without rules"):
        bare.sample(random.Random(0))


def test_cards_hidden_without_a_place_get_an_error_naming_the_hook() -> None:
    state = kinglib.load_rules("simple").new_match(2)
    hands = list(state.hands_mask)
    hands[1] &= hands[1] - 1  # one card of seat 1 vanishes face down, in no pile
    broken = state.evolve(hands_mask=tuple(hands))
    with pytest.raises(SamplingError, match="kinglib_sample_hidden"):
        broken.view(0).sample(random.Random(0))


def test_the_phase_of_the_view_is_kept_in_every_phase_of_a_trump_round() -> None:
    rules = kinglib.load_rules("simple", scheme="otygrysh")
    state = deal_from_text(
        rules,
        """
            trumps dealer=3
            0: AS KS QS JS TS 9S 8S 7S
            1: AH KH QH JH TH 9H 8H 7H
            2: AD KD QD JD TD 9D 8D 7D
            3: AC KC QC JC TC 9C 8C 7C
        """,
    )
    rng = random.Random(3)
    seen = set()
    while not state.is_over:
        for seat in range(4):
            view = state.view(seat)
            assert view.sample(rng).view(seat).to_dict() == view.to_dict()
        seen.add(state.phase)
        moves = [m for m in state.legal_moves() if "raspis" not in str(m)]
        state = state.apply(rng.choice(moves))
    assert Phase.DECLARE in seen and Phase.PLAY in seen


@pytest.mark.parametrize(
    ("variant", "scheme"), [("simple", "otygrysh"), ("three-hand", "otygrysh"), ("simple", "short")]
)
def test_samples_keep_the_shown_last_card_last_dealt_to_the_declarer(
    variant: str, scheme: str
) -> None:
    """Declarers who always declare ``last``: the card that set the trump was the last dealt to
    them, and every sample deals it so."""
    import random

    from kinglib import load_rules

    rules = load_rules(variant, scheme=scheme)
    checked = shown = 0
    for seed in range(20):
        state = rules.new_match(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and checked < 60:
            moves = state.legal_moves()
            lasts = [m for m in moves if str(m).endswith("last")]
            state = state.apply(lasts[0] if lasts else rng.choice(moves))
            if state.is_over or rng.random() > 0.15 or state.to_move is None:
                continue
            view = state.view(state.to_move)
            shown += "last_card" in view.extra
            world = view.sample(random.Random(checked))
            assert world.view(view.seat).to_dict() == view.to_dict()
            checked += 1
    assert checked == 60 and shown > 0


def _domino_deal(hands: list[str], stock: str, moves: list[str]) -> State:
    rules = kinglib.load_rules("domino", players=3)
    state = rules.new_deal("domino", hands, dealer=2, stock=stock)
    return _apply(state, *moves)


def _drew_for_spades_then_drew_a_spade() -> State:
    """Seat 1 draws for spades (7H, then 8S which it plays), later draws 9S with TC for clubs,
    and leads 9S: it cannot have held 9S (nor any spade) when it first drew."""
    return _domino_deal(
        ["AS KS QS JS TS 7C", "AD KD QD JD TD 9D", "AH KH QH JH TH 9C"],
        "7H 8S 7S 9S TC 8H 8D 7D 8C QC KC JC AC 9H",
        ["AS", "draw", "8S", "draw", "7S", "7C", "draw", "TC", "9C", "9S"],
    )


def _drawn(world: State, seat: int) -> CardSet:
    aux = world.aux
    assert isinstance(aux, DominoAux)
    return CardSet.from_mask(aux.drawn[seat])


def test_a_domino_card_played_in_a_suit_its_seat_drew_for_came_from_a_later_draw() -> None:
    state = _drew_for_spades_then_drew_a_spade()
    assert state.view(0).extra["draws"] == ((1, 2), (2, 1), (1, 2))
    known = CardSet.parse("8S 9S TC")
    for seat in range(3):
        view = state.view(seat)
        rng = random.Random(seat)
        worlds = [view.sample(rng) for _ in range(150)]
        assert all(w.view(seat).to_dict() == view.to_dict() for w in worlds)
        # 9S was drawn, with TC, not dealt to seat 1; its first draw was 8S and a card that
        # is no spade, unseen by the other seats.
        for world in worlds:
            drawn = _drawn(world, 1)
            assert known.mask & ~drawn.mask == 0 and len(drawn) == 4
            (first,) = drawn - known
            assert first.suit is not Suit.SPADES
        if seat != 1:
            assert len({_drawn(w, 1) for w in worlds}) > 3


def test_a_domino_seat_knows_which_of_its_draws_each_card_came_from() -> None:
    """Seat 1 draws 7H and 8S for spades, plays 7H, then draws 8D and TC for clubs: in every
    sample of its own view 7H came in the first draw (it played 7H before the second)."""
    state = _domino_deal(
        ["AS KS QS JS AH 7C", "AD KD QD JD TD 9D", "KH QH JH TH 9C 8C"],
        "7H 8S 7S 8D TC TS 9S 9H 8H 7D AC KC QC JC",
        ["AS", "draw", "8S", "draw", "7S", "AH", "7H", "KH", "7C", "draw", "TC", "9C"],
    )
    view = state.view(1)
    assert view.extra["drawn"] == CardSet.parse("8S 7H 8D TC")
    rng = random.Random(1)
    for _ in range(200):
        world = view.sample(rng)
        assert world.view(1).to_dict() == view.to_dict()
        assert world.hand(1) == state.hand(1)


def test_sampling_learns_a_domino_draw_void_from_the_replay_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the layout's inference from draws, replaying the deal teaches it: a seat that
    drew held no card of the led suit, even one it plays later."""
    from kinglib_variants import _hidden

    monkeypatch.setattr(_hidden, "_draw_voids", lambda *args: [])
    state = _drew_for_spades_then_drew_a_spade()
    view = state.view(0)
    rng = random.Random(0)
    for _ in range(150):
        world = view.sample(rng)
        assert world.view(0).to_dict() == view.to_dict()
        assert _drawn(world, 1) >= CardSet.parse("9S")


# ----------------------------------------------------------------- the layouts themselves


def _as_sampled(
    layout: HiddenLayout,
) -> tuple[CardSet, tuple[tuple[str, int], ...], dict[str, str]]:
    """A layout as the sampler reads it: the pool, the slots, and per slot the cards of the
    pool that may not lie there (exclusions of other names or of cards outside the pool are
    ignored, as :mod:`kinglib.engine.sampling` ignores them)."""
    excluded = dict.fromkeys((name for name, _ in layout.slots), 0)
    for name, mask in layout.excluded:
        if name in excluded:
            excluded[name] |= mask & layout.pool
    shown = {name: str(CardSet.from_mask(mask)) for name, mask in excluded.items()}
    return CardSet.from_mask(layout.pool), layout.slots, shown


def _mask(text: str) -> int:
    return CardSet.parse(text).mask


DOMINO_HANDS = ["KS QS JS TS 7C 8C", "AD KD QD JD TD 9D", "AS 9S 7S AH KH 9C"]
DOMINO_STOCK = "7H 8D 8S QH JH TH 9H 8H 7D AC KC QC JC TC"


def _spade_draw_pending() -> State:
    """Seat 0 leads KS, seat 1 (no spade) draws 7H, 8D and 8S, and has not played 8S yet."""
    return _domino_deal(DOMINO_HANDS, DOMINO_STOCK, ["KS", "draw"])


def test_domino_layout_of_a_draw_whose_last_card_is_not_played_yet() -> None:
    state = _spade_draw_pending()
    view = state.view(0)
    assert view.extra["draws"] == ((1, 3),)
    rules = state.rules
    layout = domino_layout(rules, view)
    pool, slots, excluded = _as_sampled(layout)
    assert pool == CardSet.from_mask(rules.deck.mask & ~_mask(DOMINO_HANDS[0]))
    assert slots == (("dealt:1", 6), ("dealt:2", 6), ("draw:0", 2), ("last:0", 1), ("stock", 11))
    not_spades = CardSet.from_mask(pool.mask & ~_mask("AS KS QS JS TS 9S 8S 7S"))
    assert excluded == {
        # Seat 1 drew for spades after KS: it was dealt none of the others.
        "dealt:1": "AS 9S 8S 7S",
        "dealt:2": "",
        # The cards drawn before the last are of another suit; the last one stopped the draw.
        "draw:0": "AS 9S 8S 7S",
        "last:0": str(not_spades),
        "stock": "",
    }
    # The deal as it began for the true placement: the drawn cards first, in an order the
    # generator picks within the draw, the stopper at its own position, then the stock left.
    placed = {
        "dealt:1": _mask(DOMINO_HANDS[1]),
        "dealt:2": _mask(DOMINO_HANDS[2]),
        "draw:0": _mask("7H 8D"),
        "last:0": _mask("8S"),
        "stock": _mask("QH JH TH 9H 8H 7D AC KC QC JC TC"),
    }
    start = layout.start(placed, random.Random(0))
    assert start.hands == tuple(_mask(h) for h in DOMINO_HANDS)
    assert start.piles == (("stock", _mask(DOMINO_STOCK)),)
    assert start.orders is not None
    ((name, order),) = start.orders
    assert name == "stock" and len(order) == 14
    assert {order[0], order[1]} == {c.index for c in CardSet.parse("7H 8D")}
    assert kinglib.Card.from_index(order[2]) == kinglib.Card.parse("8S")
    assert CardSet.from_mask(sum(1 << i for i in order[3:])) == CardSet.from_mask(placed["stock"])


def test_domino_layout_once_the_card_that_stopped_the_draw_is_played() -> None:
    """8S, played by the drawer, is known to have been the third card of the stock; the two
    cards before it form the draw's only hidden place. 9S, played by seat 2, was its own."""
    state = _apply(_spade_draw_pending(), "8S", "9S")
    view = state.view(0)
    layout = domino_layout(state.rules, view)
    pool, slots, excluded = _as_sampled(layout)
    assert pool == CardSet.from_mask(state.rules.deck.mask & ~_mask(DOMINO_HANDS[0] + " 8S"))
    assert slots == (("dealt:1", 6), ("dealt:2", 6), ("draw:0", 2), ("stock", 11))
    assert excluded == {
        "dealt:1": "AS 9S 7S",
        "dealt:2": "",
        "draw:0": "AS 9S 7S",
        "stock": "9S",
    }


def test_domino_layout_and_samples_of_a_draw_that_emptied_the_stock() -> None:
    """Seat 1 draws the whole stock for spades without finding one: the last card drawn may
    be of any suit (it would have stopped the draw there too), the others hold no spade."""
    hands = ["KS QS JS TS 7C 8C", "AD KD QD JD TD 9D", "AS 9S 8S 7S AH KH"]
    stock = "QH JH TH 9H 8H 7H 8D 7D AC KC QC JC TC 9C"
    state = _domino_deal(hands, stock, ["KS", "draw"])
    view = state.view(0)
    assert view.extra["draws"] == ((1, 14),) and view.pile_sizes["stock"] == 0
    pool, slots, excluded = _as_sampled(domino_layout(state.rules, view))
    assert pool == CardSet.from_mask(state.rules.deck.mask & ~_mask(hands[0]))
    assert slots == (("dealt:1", 6), ("dealt:2", 6), ("draw:0", 13), ("last:0", 1))
    assert excluded == {
        "dealt:1": "AS 9S 8S 7S",
        "dealt:2": "",
        "draw:0": "AS 9S 8S 7S",
        "last:0": "",
    }
    rng = random.Random(4)
    worlds = [view.sample(rng) for _ in range(60)]
    assert all(w.view(0).to_dict() == view.to_dict() for w in worlds)
    spades = _mask("AS 9S 8S 7S")
    held = [w.hand(1).mask & spades for w in worlds]
    # The last card of the stock was a spade in some deals (AS among them), in others not.
    assert all(h.bit_count() <= 1 for h in held)
    assert any(h == _mask("AS") for h in held)
    assert any(h == 0 for h in held)


def test_domino_blame_names_the_places_a_seat_held_cards_from_at_a_move() -> None:
    """Seat 1 drew twice (draws 0 and 2, seat 2 drew in between). At move 6 of the deal, its
    second draw (two draws made before it), its cards came from its dealt hand or its first
    draw, not from the second; at move 9, after it, from any of the three."""
    state = _drew_for_spades_then_drew_a_spade()
    layout = domino_layout(state.rules, state.view(0))
    assert [name for name, _ in layout.slots] == ["dealt:1", "dealt:2", "draw:0", "draw:2", "stock"]
    assert layout.blame(1, 0) == ("dealt:1",)
    assert layout.blame(1, 2) == ("dealt:1", "draw:0")
    assert layout.blame(1, 6) == ("dealt:1", "draw:0")
    assert layout.blame(1, 9) == ("dealt:1", "draw:0", "draw:2")
    assert layout.blame(2, 9) == ("dealt:2",)


def test_a_domino_sample_before_any_draw_has_the_stock_of_its_order() -> None:
    state = _domino_deal(DOMINO_HANDS, DOMINO_STOCK, ["KS"])
    view = state.view(1)
    rng = random.Random(2)
    for _ in range(20):
        world = view.sample(rng)
        assert world.view(1).to_dict() == view.to_dict()
        order = stock_order(world)
        assert len(order) == 14
        assert world.pile("stock") == CardSet.from_mask(sum(c.mask for c in order))


ATOMIC_HANDS_DEAL = """
    no_hearts dealer=2
    0: KS QS JS TS 9S 8S 7S AD KD QD
    1: AS AH KH QH JH AC KC QC JC TC
    2: TH 9H 8H 7H JD TD 9D 8D 7D 9C
    widow: 8C 7C
"""
#: The hands of ``ATOMIC_HANDS_DEAL``, seat 0 first.
ATOMIC_HANDS = list(HandBuilt.parse(ATOMIC_HANDS_DEAL).hands)


def _atomic_no_hearts() -> State:
    """Seat 0 declares no_hearts and takes the widow 8C 7C; seat 1 holds AS."""
    rules = kinglib.load_rules("atomic")
    return deal_from_text(rules, ATOMIC_HANDS_DEAL)


def test_atomic_layout_before_the_declarer_discards() -> None:
    state = _atomic_no_hearts()
    assert state.phase is Phase.DISCARD and state.to_move == 0
    view = state.view(1)
    layout = atomic_layout(state.rules, view)
    pool, slots, excluded = _as_sampled(layout)
    assert pool == CardSet.from_mask(state.rules.deck.mask & ~_mask(ATOMIC_HANDS[1]))
    # No discard yet: the declarer holds the widow, nobody else does.
    assert slots == (("hand:0", 12), ("hand:2", 10))
    assert excluded == {"hand:0": "", "hand:2": "8C 7C"}
    placed = {"hand:0": state.hands_mask[0], "hand:2": state.hands_mask[2]}
    assert layout.start(placed, random.Random(0)) == DealStart(
        hands=tuple(_mask(h) for h in ATOMIC_HANDS),
        piles=(("discard", 0), ("widow", _mask("8C 7C"))),
    )
    rng = random.Random(6)
    for _ in range(30):
        world = view.sample(rng)
        assert world.view(1).to_dict() == view.to_dict()
        assert world.hand(0).mask & _mask("8C 7C") == _mask("8C 7C")


def test_atomic_layout_and_samples_after_a_hidden_discard() -> None:
    state = _apply(_atomic_no_hearts(), "discard KS QS")
    view = state.view(1)
    layout = atomic_layout(state.rules, view)
    pool, slots, excluded = _as_sampled(layout)
    assert pool == CardSet.from_mask(state.rules.deck.mask & ~_mask(ATOMIC_HANDS[1]))
    assert slots == (("hand:0", 10), ("hand:2", 10), ("discard", 2))
    # The discard holds no heart (they score in no_hearts); the widow is not seat 2's.
    assert excluded == {"hand:0": "", "hand:2": "8C 7C", "discard": "TH 9H 8H 7H"}
    placed = {
        "hand:0": state.hands_mask[0],
        "hand:2": state.hands_mask[2],
        "discard": _mask("KS QS"),
    }
    assert layout.start(placed, random.Random(0)) == DealStart(
        hands=tuple(_mask(h) for h in ATOMIC_HANDS),
        piles=(("discard", 0), ("widow", _mask("8C 7C"))),
        hidden_moves=(Discard(CardSet.parse("KS QS")),),
    )
    rng = random.Random(8)
    discards = set()
    for _ in range(100):
        world = view.sample(rng)
        assert world.view(1).to_dict() == view.to_dict()
        discard = world.pile("discard").mask
        assert discard.bit_count() == 2 and not discard & HEARTS.mask
        widow = _mask("8C 7C")
        assert (world.hand(0).mask | discard) & widow == widow
        discards.add(discard)
    assert len(discards) > 5
