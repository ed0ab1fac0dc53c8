"""States and rules are immutable values, and the deals they start from are the shuffle's.

Equality, hashing and refusal to be changed; the cards ``deal_evenly`` hands out for a seed.
"""

from __future__ import annotations

import pickle
import random

import pytest

import kinglib
from kinglib import Card, CardSet, Phase, Play
from kinglib.engine import dealing
from kinglib.engine.dealing import Deal, deal_evenly, deal_rng
from kinglib.testing import deal_from_text
from tests.support import MIXED, MIXED_DEAL, play, replay


def test_rules_are_equal_values() -> None:
    a = kinglib.load_rules("simple", boys="jacks+kings")
    b = kinglib.load_rules("simple", players=4, boys="jacks+kings", early_end=True)
    assert a == b and hash(a) == hash(b)
    assert a != kinglib.load_rules("simple")
    assert a != kinglib.load_rules("simple", players=5, boys="jacks+kings")
    assert a.variant == "simple" and a.players == 4
    assert "boys='jacks+kings'" in repr(a)
    with pytest.raises(AttributeError):
        a.players = 5
    with pytest.raises(TypeError):
        a.options["boys"] = "jacks"  # type: ignore[index]
    with pytest.raises(TypeError, match="load_rules"):
        kinglib.Rules()
    with pytest.raises(TypeError):
        pickle.dumps(a)


def test_states_are_equal_values() -> None:
    rules = kinglib.load_rules("simple")
    state = rules.new_match(seed=4)
    assert state == kinglib.load_rules("simple").new_match(seed=4)
    assert state != rules.new_match(seed=5)
    moved = state.apply(state.legal_moves()[0])
    assert moved != state
    assert replay(moved) == moved and hash(replay(moved)) == hash(moved)
    assert {state, rules.new_match(seed=4), moved} == {state, moved}
    with pytest.raises(AttributeError, match="immutable"):
        state.to_move = 2
    with pytest.raises(AttributeError):
        del state.phase
    with pytest.raises(TypeError, match="record"):
        pickle.dumps(state)


def test_a_given_deal_reads_back() -> None:
    rules = kinglib.load_rules("simple")
    state = deal_from_text(rules, MIXED_DEAL, contract="no_girls")
    assert state.seed is None
    assert state.phase is Phase.PLAY
    assert state.contract == "no_girls"
    assert state.contract_info is rules.contracts["no_girls"]
    assert state.hands == tuple(CardSet.parse(h) for h in MIXED)
    assert state.hand(2) == CardSet.parse(MIXED[2])
    assert all(state.taken(s) == CardSet() for s in range(4))
    assert state.totals == (0, 0, 0, 0)
    assert state.results == ()
    assert state == deal_from_text(rules, MIXED_DEAL, contract="no_girls")
    assert state != deal_from_text(rules, MIXED_DEAL, contract="no_girls", dealer=2)
    assert state != deal_from_text(rules, MIXED_DEAL, contract="no_boys")
    after = play(state, "AS 7S KD AC")
    assert after.taken(0) == CardSet.parse("AS 7S KD AC")
    assert after.tricks_taken == (1, 0, 0, 0)
    assert after.moves == tuple(Play(Card.parse(c)) for c in ["AS", "7S", "KD", "AC"])
    assert after.deal_moves == after.moves
    assert state.moves == ()
    with pytest.raises(ValueError, match="seat"):
        state.hand(4)


# ----------------------------------------------------------------------------- dealing


def shuffled_bits(deck: CardSet, rng: random.Random) -> list[int]:
    """The pack as card bits in index order, shuffled by ``rng.shuffle``."""
    cards = [card.mask for card in sorted(deck, key=lambda card: card.index)]
    rng.shuffle(cards)
    return cards


@pytest.mark.parametrize("size", [32, 36, 52])
def test_an_even_deal_hands_out_the_shuffled_pack_in_turn(size: int) -> None:
    deck = CardSet.deck(size)
    for seed in range(5):
        cards = shuffled_bits(deck, random.Random(seed))
        deal = deal_evenly(deck, 4, random.Random(seed))
        per = size // 4
        expected = tuple(CardSet.from_mask(sum(cards[k : k + per])) for k in range(0, size, per))
        assert deal == Deal(hands=expected)
        assert deal.piles == ()


def test_piles_are_set_aside_first_and_kept_in_name_order() -> None:
    deck = CardSet.deck(32)
    cards = shuffled_bits(deck, random.Random(9))
    deal = deal_evenly(deck, 3, random.Random(9), piles={"widow": 2})
    assert deal.piles == (("widow", CardSet.from_mask(cards[0] | cards[1])),)
    assert deal.hands == tuple(CardSet.from_mask(sum(cards[k : k + 10])) for k in (2, 12, 22))
    two = deal_evenly(deck, 2, random.Random(9), piles={"widow": 2, "kitty": 4})
    assert [name for name, _ in two.piles] == ["kitty", "widow"]
    assert two.piles[1][1] == CardSet.from_mask(cards[0] | cards[1])
    assert two.piles[0][1] == CardSet.from_mask(sum(cards[2:6]))
    assert two.hands == (CardSet.from_mask(sum(cards[6:19])), CardSet.from_mask(sum(cards[19:])))
    assert Deal(hands=(), piles={"b": CardSet(), "a": deck}).piles == (
        ("a", deck),
        ("b", CardSet()),
    )


def test_only_the_seats_named_are_dealt_to_in_their_order() -> None:
    deck = CardSet.deck(32)
    cards = shuffled_bits(deck, random.Random(4))
    deal = deal_evenly(deck, 4, random.Random(4), seats=(3, 1))
    assert deal.hands == (
        CardSet(),
        CardSet.from_mask(sum(cards[16:])),
        CardSet(),
        CardSet.from_mask(sum(cards[:16])),
    )
    three = deal_evenly(deck, 4, random.Random(4), seats=(2, 0, 3), piles={"widow": 2})
    assert three.hands == (
        CardSet.from_mask(sum(cards[12:22])),
        CardSet(),
        CardSet.from_mask(sum(cards[2:12])),
        CardSet.from_mask(sum(cards[22:])),
    )


def test_a_generator_with_its_own_shuffle_is_asked_to_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    deck = CardSet.deck(32)
    deal = deal_evenly(deck, 4, Reversing(1))
    indices = sorted((card.index for card in deck), reverse=True)
    assert deal.hands[0] == CardSet.from_mask(sum(1 << i for i in indices[:8]))


def test_a_pack_never_dealt_before_is_dealt_as_a_known_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A pack of its own (the aces and kings), and the table of packs dealt so far emptied, so
    # that the first deal meets the pack for the first time.
    monkeypatch.setattr(dealing, "_PACKS", {})
    deck = CardSet.parse("AS KS AH KH AD KD AC KC")
    for seed in range(3):
        cards = shuffled_bits(deck, random.Random(seed))
        deal = deal_evenly(deck, 2, random.Random(seed))
        assert deal.hands == (CardSet.from_mask(sum(cards[:4])), CardSet.from_mask(sum(cards[4:])))


def test_a_deal_that_does_not_divide_is_refused_by_its_numbers() -> None:
    with pytest.raises(ValueError) as info:
        deal_evenly(CardSet.deck(32), 3, random.Random(0))
    assert str(info.value) == "32 cards do not divide among 3 hands"
    with pytest.raises(ValueError) as info:
        deal_evenly(CardSet.deck(32), 4, random.Random(0), seats=(), piles={"widow": 2})
    assert str(info.value) == "30 cards do not divide among 0 hands"


def test_each_deal_of_a_match_has_its_own_generator() -> None:
    assert deal_rng(5, 2).random() == random.Random("kinglib/5/2").random()
    assert deal_rng(5, 2).random() != deal_rng(5, 3).random()


def test_after_moves_is_after_one_move_at_a_time() -> None:
    """Several moves added in one step: the same state as adding them one after the other."""
    state = deal_from_text(kinglib.load_rules("simple"), MIXED_DEAL, contract="no_tricks", dealer=3)
    first, second = (Play(Card.parse(c)) for c in ("7S", "8S"))
    assert state.after_moves((first, second), to_move=2) == state.after(first).after(
        second, to_move=2
    )
    assert state.after_moves((first, second)).deal_moves == (*state.deal_moves, first, second)
    assert state.after_moves((), to_move=1) == state.evolve(to_move=1)
    with pytest.raises(TypeError, match="State has no field 'colour'"):
        state.after_moves((first,), colour=1)
