"""The engine's fast paths give exactly what the plain paths give.

A card play builds the next state in one step, checks the card against one legal mask, and
remembers the mask of the last state it listed moves for; the deal shuffles with an inlined
copy of ``random.shuffle``. Each is checked here against the slow, obvious form.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib import CardSet, IllegalMoveError, Phase, Play, State, Suit
from kinglib.engine.dealing import shuffle_cards as _shuffle
from kinglib.engine.state import carried_legal
from kinglib.engine.tricks import _SEAT_CARDS, PLAYS, TrickPlay, plays_of, seat_card_pairs
from kinglib.testing import deal_from_text
from kinglib.values.moves import Move
from tests.support import MIXED_DEAL, MIXED_PLAY, VOID_CLUBS_DEAL, snapshot

VARIANTS = ("simple", "jokers", "domino", "ordered", "bidding")
FIELDS = [
    "rules",
    "setup",
    "deal_number",
    "dealer",
    "phase",
    "to_move",
    "hands_mask",
    "taken_mask",
    "trick",
    "tricks",
    "contract_info",
    "trump",
    "maker",
    "piles_mask",
    "aux",
    "totals",
    "results",
    "past_moves",
]


@pytest.mark.parametrize("size", [0, 1, 2, 24, 32, 36, 53, 54])
def test_the_shuffle_is_random_shuffle(size: int) -> None:
    for seed in range(50):
        mine, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        _shuffle(mine, a)
        b.shuffle(theirs)
        assert mine == theirs
        assert a.random() == b.random()  # the generators were left in the same place


def test_the_shuffle_of_a_subclass_uses_its_own_methods() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    cards = [1, 2, 3]
    _shuffle(cards, Reversing(0))
    assert cards == [3, 2, 1]


def test_plays_of_lists_every_card_in_display_order() -> None:
    rng = random.Random(3)
    for _ in range(300):
        mask = rng.getrandbits(54)
        expected = tuple(PLAYS[i] for i in range(54) if mask >> i & 1)
        assert plays_of(mask) == expected
        assert plays_of(mask) == expected  # the second time from the cache
    assert plays_of(0) == ()


def _slow_after(state: State, move: Move) -> State:
    """What a card play should give, rebuilt field by field with the public ``evolve``."""
    fields = {name: getattr(state, name) for name in FIELDS}
    copy = state.evolve(**fields)
    assert copy == state and hash(copy) == hash(state) and copy is not state
    return copy


@settings(max_examples=15, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6))
def test_a_fast_play_equals_the_same_play_after_a_copy(variant: str, seed: int) -> None:
    rules = kinglib.load_rules(variant)
    rng = random.Random(seed)
    state = rules.new_match(seed)
    for _ in range(120):
        if state.is_over:
            break
        moves = state.legal_moves()
        move = rng.choice(moves)
        fast = state.apply(move)
        # A copy is another object: the remembered legal mask is not used for it.
        slow = _slow_after(state, move).apply(move)
        assert fast == slow and hash(fast) == hash(slow)
        assert fast.deal_moves == slow.deal_moves
        state = fast


def test_the_remembered_mask_belongs_to_its_state_only() -> None:
    rules = kinglib.load_rules("simple")
    a = rules.new_match(1)
    b = rules.new_match(2)
    legal_b = b.legal_moves()
    # Moves were last listed for b; a card legal in b but not held in a is refused in a.
    foreign = next(m for m in legal_b if m not in a.legal_moves())
    a.legal_moves()
    b.legal_moves()
    with pytest.raises(IllegalMoveError, match="does not hold"):
        a.apply(foreign)
    assert b.apply(foreign).deal_moves == (foreign,)


def test_evolve_refuses_a_name_that_is_no_field() -> None:
    state = kinglib.load_rules("simple").new_match(1)
    with pytest.raises(TypeError, match="no field 'hand'"):
        state.evolve(hand=0)
    with pytest.raises(TypeError, match="no field 'colour'"):
        state.after(Play(kinglib.Card.parse("AS")), colour=1)


def test_every_field_reads_back_what_evolve_set() -> None:
    state = kinglib.load_rules("simple").new_match(1)
    values = {
        "deal_number": 7,
        "dealer": 3,
        "phase": Phase.DECLARE,
        "to_move": 2,
        "hands_mask": (1, 2, 4, 8),
        "taken_mask": (16, 0, 0, 0),
        "trick": ((0, kinglib.Card.parse("AS")),),
        "tricks": (),
        "trump": "notrump",
        "maker": 1,
        "piles_mask": (("widow", 3),),
        "aux": ("x", 1),
        "totals": (1, -1, 0, 0),
        "results": (),
        "past_moves": ((),),
    }
    changed = state.evolve(**values)
    for name, value in values.items():
        assert getattr(changed, name) == value, name
    assert changed.rules is state.rules and changed.setup is state.setup
    assert changed.contract_info is state.contract_info
    assert state.deal_number == 1  # the original is untouched


def test_a_state_is_no_sequence_to_compare_or_order() -> None:
    state = kinglib.load_rules("simple").new_match(1)
    assert state != tuple(state)
    assert tuple(state) != state
    assert state.__eq__(tuple(state)) is False
    with pytest.raises(TypeError):
        assert state < state
    with pytest.raises(AttributeError):
        state.phase = Phase.OVER


class _OnlyAces(TrickPlay):
    """A phase that lists fewer moves than its mask: its own legal_moves decides."""

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        moves = super().legal_moves(state)
        aces = tuple(m for m in moves if isinstance(m, Play) and m.card.rank == 14)
        return aces or moves


def suited_deal(rules: kinglib.Rules) -> State:
    """A no_tricks deal of simple where each seat holds one whole suit; seat 0 to lead."""
    hands = ["AS KS QS JS 10S 9S 8S 7S", "AH KH QH JH 10H 9H 8H 7H"]
    hands += ["AD KD QD JD 10D 9D 8D 7D", "AC KC QC JC 10C 9C 8C 7C"]
    return rules.new_deal("no_tricks", hands).evolve(to_move=0)


def test_a_subclass_with_its_own_legal_moves_is_checked_by_why_illegal() -> None:
    assert TrickPlay.moves_are_mask and not _OnlyAces.moves_are_mask
    rules = kinglib.load_rules("simple")
    phase = _OnlyAces(rules)
    state = suited_deal(rules)
    king = Play(kinglib.Card.parse("KS"))
    ace = Play(kinglib.Card.parse("AS"))
    assert phase.legal_moves(state) == (ace,)
    assert phase.apply_if_legal(state, king) is None
    after = phase.apply_if_legal(state, ace)
    assert after is not None and after.trick == ((0, ace.card),)


def test_a_move_of_a_subclass_of_play_is_played_by_the_mask_path() -> None:
    class MarkedPlay(Play):
        """A Play with a mark of its own, as a program might define."""

    rules = kinglib.load_rules("simple")
    phase = TrickPlay(rules)
    state = suited_deal(rules)
    marked = MarkedPlay(kinglib.Card.parse("KS"))
    after = phase.apply_if_legal(state, marked)
    assert after is not None and after.trick == ((0, marked.card),)
    assert phase.apply_if_legal(state, MarkedPlay(kinglib.Card.parse("KH"))) is None


def _new_trick_plays() -> tuple[type[TrickPlay], type[TrickPlay]]:
    """A trick play that overrides nothing and one with its own mask, both new classes.

    Made as the test runs rather than at import, so that what kinglib works out (and remembers)
    of a class is worked out in the test.
    """

    class Plain(TrickPlay):
        """No override: the mask decides, the states carry it, the kernel plays whole deals."""

    class OwnMask(TrickPlay):
        """Its own mask: the moves are still the mask's, but the states do not carry it."""

        def legal_mask(self, state: State) -> int:
            return super().legal_mask(state)

    return Plain, OwnMask


def test_a_subclass_keeps_the_fast_paths_only_while_it_keeps_the_stock_legality() -> None:
    Plain, OwnMask = _new_trick_plays()

    class OwnMoves(TrickPlay):
        """Its own moves: neither fast path."""

        def legal_moves(self, state: State) -> tuple[Move, ...]:
            return super().legal_moves(state)

    flags = {
        cls.__name__: (cls.moves_are_mask, cls.fills_legal) for cls in (Plain, OwnMask, OwnMoves)
    }
    assert flags == {
        "Plain": (True, True),
        "OwnMask": (True, False),
        "OwnMoves": (False, False),
    }
    assert all(type(flag) is bool for pair in flags.values() for flag in pair)


def test_states_share_what_a_card_play_did_not_change() -> None:
    rules = kinglib.load_rules("simple")
    a = rules.new_match(3)
    b = a.apply(a.legal_moves()[0])
    assert b.rules is a.rules and b.setup is a.setup and b.contract_info is a.contract_info
    assert b.totals is a.totals and b.results is a.results and b.past_moves is a.past_moves
    assert b.taken_mask is a.taken_mask and b.tricks is a.tricks
    assert b.hands_mask is not a.hands_mask


def test_every_state_of_a_match_kept_alive_takes_under_a_megabyte() -> None:
    import tracemalloc

    rules = kinglib.load_rules("simple")
    rng = random.Random(5)
    warm = rules.new_match(4)  # fill the move caches first
    while not warm.is_over:
        warm = warm.apply(rng.choice(warm.legal_moves()))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        states = [rules.new_match(5)]
        while not states[-1].is_over:
            states.append(states[-1].apply(rng.choice(states[-1].legal_moves())))
        used = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(states[-1].results) == 14
    assert used < 1_000_000, f"{len(states)} states take {used} bytes"
    assert len(kinglib.to_json(states[-1]).encode()) < 8 * 1024


class _NoAceLeads:
    """A house rule: an ace may not be led while the leader holds another card."""

    @kinglib.hookimpl
    def kinglib_legal_moves(self, state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        if state.trick:
            return moves
        kept = tuple(m for m in moves if not (isinstance(m, Play) and m.card.rank == 14))
        return kept or moves


def test_house_rules_that_filter_moves_take_the_checked_path() -> None:
    plain = kinglib.load_rules("simple")
    house = kinglib.load_rules("simple", plugins=[_NoAceLeads()])
    deal = """
        no_tricks dealer=1
        0: AS KS QS JS 10S 9S 8S 7S
        1: AH KH QH JH 10H 9H 8H 7H
        2: AD KD QD JD 10D 9D 8D 7D
        3: AC KC QC JC 10C 9C 8C 7C
    """
    ace = Play(kinglib.Card.parse("AD"))
    king = Play(kinglib.Card.parse("KD"))
    free = deal_from_text(plain, deal)  # seat 2 leads diamonds
    ruled = deal_from_text(house, deal)
    assert ace in free.legal_moves() and ace not in ruled.legal_moves()
    assert free.apply(ace).trick == ((2, ace.card),)
    with pytest.raises(IllegalMoveError) as refused:
        ruled.apply(ace)
    assert str(refused.value) == (
        "seat 2 may not play AD: AD is not allowed by the house rules of "
        "tests.engine.test_fast_paths._NoAceLeads"
    )
    assert ruled.apply(king).trick == ((2, king.card),)
    with pytest.raises(IllegalMoveError, match="does not hold"):
        ruled.apply(Play(kinglib.Card.parse("AS")))


class JokersUnder:
    """A house rule of jokers: a heart that beats none in the trick may not be withheld.

    The follower's legal cards then depend on the cards already in the trick, with jokers.
    """

    @staticmethod
    @kinglib.hookimpl(wrapper=True)
    def kinglib_contracts(rules: kinglib.Rules) -> Any:
        contracts = dict((yield))
        jokers = contracts["jokers"]
        hearts = CardSet(c for c in rules.deck if c.suit is Suit.HEARTS)
        play = attrs.evolve(jokers.trick_rules, under_duty=hearts)
        contracts["jokers"] = attrs.evolve(jokers, trick_rules=play)
        return contracts


#: The rules whose carried legal cards are checked, by a name for the test's report.
CARRYING = {
    **{v: (v, ()) for v in (*VARIANTS, "atomic", "omnibus")},
    "jokers, no withholding a heart": ("jokers", (JokersUnder,)),
}


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(sorted(CARRYING)), seed=st.integers(0, 10**6))
def test_the_legal_cards_a_state_carries_are_those_its_phase_lists(name: str, seed: int) -> None:
    # A card play works out the next player's legal cards with the new state; they must be
    # what the phase's own rules list for that state, and a copy (which forgets them) must
    # still equal the state.
    variant, plugins = CARRYING[name]
    rules = kinglib.load_rules(variant, plugins=list(plugins))
    rng = random.Random(seed)
    state = rules.new_match(seed)
    carried = 0
    for _ in range(150):
        if state.is_over:
            break
        listed = rules.phases[state.phase].legal_moves(state)
        assert state.legal_moves() == listed
        if carried_legal(state) is not None:
            carried += 1
            copy = state.evolve()
            assert carried_legal(copy) is None
            assert copy == state and hash(copy) == hash(state)
            assert copy.legal_moves() == listed
        state = state.apply(rng.choice(listed))
    if variant in ("simple", "ordered", "omnibus", "jokers"):
        assert carried > 0  # the stock trick play carries them


def test_every_card_of_a_deal_carries_the_next_players_legal_cards() -> None:
    # After each card but the deal's last, mid-trick and when a trick is won alike, the new
    # state carries the legal cards of the seat to move: the mask its phase works out.
    rules = kinglib.load_rules("simple")
    phase = rules.phases[Phase.PLAY]
    assert isinstance(phase, TrickPlay)
    state = deal_from_text(rules, MIXED_DEAL)
    cards = " ".join(MIXED_PLAY).split()
    for text in cards[:-1]:
        state = state.apply(Play(kinglib.Card.parse(text)))
        assert carried_legal(state) is not None and carried_legal(state) == phase.legal_mask(
            state
        ), text
    state = state.apply(Play(kinglib.Card.parse(cards[-1])))
    assert state.deal_number == 2 or state.is_over


def test_the_winner_of_a_trump_trick_carries_the_leads_he_may_make() -> None:
    # Seat 1 trumps the first trick and leads the next; not the maker, he may not lead a trump
    # while holding another suit: the legal cards the state carries say so.
    rules = kinglib.load_rules("simple")
    state = deal_from_text(rules, VOID_CLUBS_DEAL, trump=kinglib.Suit.HEARTS)
    for text in ("AC", "JH", "7C", "7H"):
        state = state.apply(Play(kinglib.Card.parse(text)))
    assert state.to_move == 1 and not state.trick
    assert carried_legal(state) == kinglib.CardSet.parse("TD 9D 8D 7D").mask


def test_house_rules_that_filter_moves_keep_filtering_after_a_trick() -> None:
    house = kinglib.load_rules("simple", plugins=[_NoAceLeads()])
    assert not house.phases[Phase.PLAY].fills_legal  # type: ignore[attr-defined]
    deal = """
        no_tricks dealer=1
        0: AS KS QS JS 10S 9S 8S 7S
        1: AH KH QH JH 10H 9H 8H 7H
        2: AD KD QD JD 10D 9D 8D 7D
        3: AC KC QC JC 10C 9C 8C 7C
    """
    state = deal_from_text(house, deal)  # seat 2 leads diamonds
    for text in ("KD", "AC", "AS", "AH"):
        state = state.apply(Play(kinglib.Card.parse(text)))
    # Seat 2 won with KD and leads again: the ace lead is still refused.
    assert state.to_move == 2 and carried_legal(state) is None
    ace = Play(kinglib.Card.parse("AD"))
    assert ace not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"not allowed by the house rules of tests\."):
        state.apply(ace)


class _DoubleScores:
    """A new-style wrapper around scoring: every deal's points doubled."""

    @kinglib.hookimpl(wrapper=True)
    def kinglib_score_deal(self, rules: kinglib.Rules, state: State) -> Any:
        points = yield
        return tuple(2 * p for p in points)


class _StateOnlyScores:
    """Scores from the state alone (an implementation may take fewer arguments)."""

    def __init__(self) -> None:
        self.calls = 0

    @kinglib.hookimpl(tryfirst=True)
    def kinglib_score_deal(self, state: State) -> tuple[int, ...] | None:
        self.calls += 1
        if state.contract != "no_tricks":
            return None  # the next implementation decides
        return tuple(-len([t for t in state.tricks if t.winner == s]) for s in range(4))


def _first_deal_points(rules: kinglib.Rules) -> tuple[int, ...]:
    rng = random.Random(3)
    state = rules.new_match(11)
    while not state.results:
        state = state.apply(rng.choice(state.legal_moves()))
    return state.results[0].points


def test_hooks_called_once_a_deal_honour_wrappers_order_and_none() -> None:
    plain = _first_deal_points(kinglib.load_rules("simple"))
    assert plain != (0, 0, 0, 0)
    doubled = _first_deal_points(kinglib.load_rules("simple", plugins=[_DoubleScores()]))
    assert doubled == tuple(2 * p for p in plain)
    mine = _StateOnlyScores()
    rules = kinglib.load_rules("simple", plugins=[mine])
    assert rules.schedule.contract_for(1) == "no_tricks"
    points = _first_deal_points(rules)
    assert mine.calls == 1
    assert points == tuple(p // 2 for p in plain)  # one point a trick instead of two
    # A None from the first implementation hands the deal on to the others.
    state = rules.new_match(11)
    rng = random.Random(3)
    while len(state.results) < 2:
        state = state.apply(rng.choice(state.legal_moves()))
    assert state.results[1].contract != "no_tricks"
    assert sum(state.results[1].points) == rules.contracts[state.results[1].contract].total


def test_a_dealt_state_built_in_one_step_equals_the_one_built_by_name() -> None:
    rules = kinglib.load_rules("simple")
    first = rules.new_match(5)
    args = dict(
        rules=rules,
        setup=first.setup,
        deal_number=3,
        dealer=2,
        hands_mask=first.hands_mask,
        piles_mask=(("widow", 3),),
        totals=(1, -1, 2, -2),
        results=(),
        past_moves=(),
    )
    quick = State._dealt(**args)  # type: ignore[arg-type]
    named = State(phase=Phase.PLAY, to_move=None, taken_mask=(0, 0, 0, 0), **args)  # type: ignore[arg-type]
    assert quick == named and hash(quick) == hash(named)
    for field in FIELDS:
        assert getattr(quick, field) == getattr(named, field), field
    assert State._dealt(**{**args, "totals": ()}).totals == (0, 0, 0, 0)  # type: ignore[arg-type]


def test_the_seat_card_pairs_are_built_once_for_each_number_of_seats() -> None:
    # Nine seats: a number no rules use; forgotten first, so that the pairs are built here.
    _SEAT_CARDS.pop(9, None)
    pairs = seat_card_pairs(9)
    assert len(pairs) == 9
    for seat in range(9):
        assert pairs[seat] == tuple((seat, kinglib.Card.from_index(i)) for i in range(54))
    assert seat_card_pairs(9) is pairs


def test_the_kernel_plays_whole_deals_of_a_trick_play_only_while_it_keeps_the_rules() -> None:
    Plain, OwnMask = _new_trick_plays()

    # Its own mask, with the promise that the kernel's rules are still its rules.
    OwnMaskPromised = type("OwnMaskPromised", (OwnMask,), {"whole_deals": True})

    class PlainRefused(TrickPlay):
        """No override, and whole deals refused all the same."""

        whole_deals = False

    rules = kinglib.load_rules("simple")
    kinds = (Plain, OwnMask, OwnMaskPromised, PlainRefused)
    for _ in range(2):  # worked out, then remembered: the same answers
        answers = {kind.__name__: kind(rules).plays_whole_deals for kind in kinds}
        assert answers == {
            "Plain": True,
            "OwnMask": False,
            "OwnMaskPromised": True,
            "PlainRefused": False,
        }
        assert all(type(answer) is bool for answer in answers.values())


def test_the_kernel_is_handed_no_stock_and_a_kitty_only_before_the_first_trick() -> None:
    simple = kinglib.load_rules("simple")
    state = suited_deal(simple)
    assert TrickPlay(simple).kernel_start(state) == ([], 0)
    jokers = kinglib.load_rules("jokers", players=3)
    deal = deal_from_text(
        jokers,
        """
        jokers dealer=2
        0: JK1 AH KH AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AD
        1: JK2 QH JH TH KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC
        2: 9H 8H 7H 6H 5H 4H 3H KC QC JC TC 9C 8C 7C 6C 5C 4C
        kitty: 2H
        """,
    )
    phase = jokers.phase_for(deal)
    assert isinstance(phase, TrickPlay)
    start = phase.kernel_start(deal)
    assert start == ([], kinglib.Card.parse("2H").mask)
    after = deal
    for text in ("AS", "JK2", "9H"):
        after = after.apply(Play(kinglib.Card.parse(text)))
    assert phase.kernel_start(after) == ([], 0)


# A card play keeps the rules of the last deal it played (contract, trump and maker) on the
# phase; deals of one rules object played in turn must each see their own.
IN_TURN = {
    # Dealer 3: seat 0 is the maker, and 0 is also the value of Suit.SPADES.
    "another trump": (("trumps", 3, Suit.SPADES), ("trumps", 3, Suit.HEARTS)),
    "another contract": (("no_hearts", 0, None), ("no_tricks", 0, None)),
    # The maker is the eldest: another dealer, another maker (only he leads a trump).
    "another maker": (("trumps", 0, Suit.SPADES), ("trumps", 1, Suit.SPADES)),
}


def _deal(rules: kinglib.Rules, spec: tuple[str, int, Suit | None], seed: int) -> State:
    contract, dealer, trump = spec
    cards = list(rules.deck)
    random.Random(seed).shuffle(cards)
    hands = [CardSet(cards[k * 8 : (k + 1) * 8]) for k in range(4)]
    return rules.new_deal(contract, hands, dealer, trump=trump)


@pytest.mark.parametrize("specs", IN_TURN.values(), ids=IN_TURN.keys())
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_deals_played_in_turn_on_one_rules_object_play_as_each_alone(
    specs: tuple[tuple[str, int, Suit | None], ...], deal_seed: int, move_seed: int
) -> None:
    rng = random.Random(move_seed)
    moves: list[list[Move]] = []
    seen: list[list[tuple[Any, ...]]] = []
    for k, spec in enumerate(specs):
        # Alone: each deal under rules of its own.
        state = _deal(kinglib.load_rules("simple", scheme="otygrysh"), spec, deal_seed + k)
        moves.append([])
        seen.append([snapshot(state)])
        while state.phase is Phase.PLAY:
            move = rng.choice(state.legal_moves())
            state = state.apply(move)
            moves[k].append(move)
            seen[k].append(snapshot(state))
    # In turn: a card of one deal, then a card of the other, under one rules object.
    shared = kinglib.load_rules("simple", scheme="otygrysh")
    states = [_deal(shared, spec, deal_seed + k) for k, spec in enumerate(specs)]
    for step in range(max(map(len, moves))):
        for k in range(len(specs)):
            if step < len(moves[k]):
                states[k] = states[k].apply(moves[k][step])
                assert snapshot(states[k]) == seen[k][step + 1], (k, step)


class KittyStays:
    """A house rule of jokers: the kitty stays aside instead of going to the first trick."""

    @staticmethod
    @kinglib.hookimpl(wrapper=True)
    def kinglib_contracts(rules: kinglib.Rules) -> Any:
        contracts = dict((yield))
        jokers = contracts["jokers"]
        play = attrs.evolve(jokers.trick_rules, kitty="stays")
        contracts["jokers"] = attrs.evolve(jokers, trick_rules=play)
        return contracts


def test_a_kitty_that_stays_is_neither_handed_to_the_kernel_nor_won() -> None:
    rules = kinglib.load_rules("jokers", players=3, plugins=[KittyStays])
    deal = deal_from_text(
        rules,
        """
        jokers dealer=2
        0: JK1 AH KH AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AD
        1: JK2 QH JH TH KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC
        2: 9H 8H 7H 6H 5H 4H 3H KC QC JC TC 9C 8C 7C 6C 5C 4C
        kitty: 2H
        """,
    )
    phase = rules.phase_for(deal)
    assert isinstance(phase, TrickPlay)
    assert phase.kernel_start(deal) == ([], 0)
    after = deal
    for text in ("AS", "JK2", "9H"):
        after = after.apply(Play(kinglib.Card.parse(text)))
    assert after.tricks[0].winner == 1
    assert str(after.taken(1)) == "AS 9H JK2"
    assert str(after.pile("kitty")) == "2H"
