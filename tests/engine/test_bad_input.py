"""Bad input: each raises the documented error with a message naming the problem."""

from __future__ import annotations

from typing import Any

import pytest

import kinglib
from kinglib import (
    Bid,
    Card,
    CardSet,
    Choose,
    Declare,
    Discard,
    Draw,
    IllegalMoveError,
    Keep,
    Pass,
    Play,
    RulesError,
    Sell,
    State,
    Suit,
    UnknownVariantError,
)
from kinglib.engine.tricks import TrickPlay
from kinglib.values.contracts import NEGATIVE_GAMES
from tests.support import HEART_LEAD, MIXED, VOID_CLUBS, play, snapshot

RULES = kinglib.load_rules("simple")

# ---------------------------------------------------------------------- rules


@pytest.mark.parametrize("name", ["", "Simple", "kingg", "three_hand", " simple"])
def test_unknown_variant(name: str) -> None:
    with pytest.raises(UnknownVariantError) as info:
        kinglib.load_rules(name)
    message = str(info.value)
    assert "unknown variant" in message
    assert repr(name) in message
    for known in kinglib.variant_names():
        assert known in message
    assert isinstance(info.value, LookupError)


def test_unknown_variant_that_is_not_text() -> None:
    with pytest.raises(UnknownVariantError, match="string"):
        kinglib.load_rules(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["boy", "scoring", "Players", "early-end"])
def test_unknown_option(name: str) -> None:
    with pytest.raises(RulesError) as info:
        options: dict[str, Any] = {name: "x"}
        kinglib.load_rules("simple", **options)
    message = str(info.value)
    assert f"unknown option {name!r}" in message
    for known in ("boys", "king_on_heart_lead", "king_forced", "order", "first_dealer"):
        assert known in message


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("boys", "queens", ["boys", "queens", "jacks+kings"]),
        ("boys", ["jacks"], ["boys", "text"]),
        ("boys", None, ["boys"]),
        ("king_on_heart_lead", "always", ["king_on_heart_lead", "always", "forced"]),
        ("king_on_heart_lead", True, ["king_on_heart_lead"]),
        ("king_forced", "maybe", ["king_forced", "true or false"]),
        ("king_forced", 1, ["king_forced", "true or false"]),
        ("king_forced", None, ["king_forced"]),
        ("early_end", "sometimes", ["early_end", "true or false"]),
        ("early_end", 0.5, ["early_end"]),
        ("first_dealer", 4, ["first_dealer", "0 to 3", "4"]),
        ("first_dealer", -1, ["first_dealer", "-1"]),
        ("first_dealer", "x", ["first_dealer", "whole number"]),
        ("first_dealer", 1.0, ["first_dealer", "whole number"]),
        ("first_dealer", True, ["first_dealer", "whole number"]),
        ("order", 5, ["order", "list"]),
        ("order", NEGATIVE_GAMES[:6], ["order", "exactly once"]),
        ("order", (*NEGATIVE_GAMES[:6], "no_fun"), ["order", "no_fun"]),
        ("order", (*NEGATIVE_GAMES[:6], 1), ["order"]),
        ("order", (*NEGATIVE_GAMES[:6], None), ["order"]),
        ("order", [[g] for g in NEGATIVE_GAMES], ["order"]),
        ("scheme", "modern", ["scheme", "modern", "classic"]),
        ("scheme", 3, ["scheme"]),
    ],
)
def test_bad_option_values(option: str, value: Any, words: list[str]) -> None:
    with pytest.raises(RulesError) as info:
        kinglib.load_rules("simple", **{option: value})
    for word in words:
        assert word in str(info.value)


def test_options_text_forms_are_accepted() -> None:
    rules = kinglib.load_rules("simple", king_forced="false", early_end="on", first_dealer="2")
    assert rules.options["king_forced"] is False
    assert rules.options["early_end"] is True
    assert rules.options["first_dealer"] == 2
    defaults = kinglib.load_rules("simple").options
    assert dict(defaults) == {
        "boys": "jacks",
        "king_on_heart_lead": "optional",
        "king_forced": True,
        "order": NEGATIVE_GAMES,
        "scheme": "classic",
        "plus_eralash_first": False,
        "buying": True,
        "only_maker_leads_trump": True,
        "first_dealer": 0,
        "early_end": True,
    }


@pytest.mark.parametrize("players", [0, 1, 7, -4, "4", 4.0, True, None])
def test_bad_player_count(players: Any) -> None:
    if players is None:  # None means the default
        assert kinglib.load_rules("simple", players=players).players == 4
        return
    with pytest.raises(RulesError, match=r"players|whole number") as info:
        kinglib.load_rules("simple", players=players)
    if isinstance(players, int) and not isinstance(players, bool):
        assert "2, 3, 4, 5, 6" in str(info.value)


# ---------------------------------------------------------------------- given deals


def hands_with(seat: int, text: Any) -> list[Any]:
    hands: list[Any] = list(MIXED)
    hands[seat] = text
    return hands


@pytest.mark.parametrize(
    ("hands", "words"),
    [
        (hands_with(0, "AS KS QS JS AH 7H AD XX"), ["seat 0", "'XX'"]),
        (hands_with(2, "JH TH 9H 8H KD QD JD 1D"), ["seat 2", "'1D'"]),
        (hands_with(1, 7), ["seat 1"]),
        (hands_with(1, ["TS", 9]), ["seat 1"]),
        # a card twice in one hand
        (hands_with(0, "AS KS QS JS AH 7H AD AD"), ["seat 0", "AD", "twice"]),
        # a card in two hands (and another missing)
        (hands_with(0, "AS KS QS JS AH 7H AD KH"), ["KH", "twice", "seat 0", "seat 1"]),
        # a card that is not in the pack
        (hands_with(0, "AS KS QS JS AH 7H AD 6C"), ["seat 0", "6C", "32-card"]),
        (hands_with(3, "AC KC QC JC TC 9D 8D JK1"), ["seat 3", "JK1"]),
        # a card missing: seven cards
        (hands_with(0, "AS KS QS JS AH 7H AD"), ["seat 0", "7 cards", "8"]),
        # an extra card
        (hands_with(0, "AS KS QS JS AH 7H AD 7C 2C"), ["seat 0", "2C"]),
        # right cards, wrong sizes
        (
            ["AS KS QS JS AH 7H AD 7C TS", "9S 8S 7S KH QH 9C 8C", *MIXED[2:]],
            ["seat 0", "9 cards"],
        ),
        # wrong number of hands
        (MIXED[:3], ["4 hands", "not 3"]),
        ([*MIXED, ""], ["4 hands", "not 5"]),
        ([], ["4 hands", "not 0"]),
        (" ".join(MIXED), ["4 hands", "not 1"]),
        (None, ["hands"]),
        (5, ["hands"]),
    ],
)
def test_bad_hands(hands: Any, words: list[str]) -> None:
    with pytest.raises(RulesError) as info:
        RULES.new_deal("no_tricks", hands=hands, dealer=0)
    for word in words:
        assert word in str(info.value)


def test_hands_as_card_sets_or_lists_of_cards() -> None:
    as_sets = RULES.new_deal("no_tricks", hands=[CardSet.parse(h) for h in MIXED], dealer=3)
    as_lists = RULES.new_deal(
        "no_tricks", hands=[[Card.parse(c) for c in h.split()] for h in MIXED], dealer=3
    )
    as_text = RULES.new_deal("no_tricks", hands=[h.split() for h in MIXED], dealer=3)
    as_lower = RULES.new_deal("no_tricks", hands=[h.lower() for h in MIXED], dealer=3)
    assert as_lists == as_text == as_lower
    assert as_sets.hands == as_lists.hands == tuple(CardSet.parse(h) for h in MIXED)
    # A card set carries no dealing order: it equals the same hands written in display order.
    in_display_order = [str(CardSet.parse(h)) for h in MIXED]
    assert as_sets == RULES.new_deal("no_tricks", hands=in_display_order, dealer=3)


def test_a_duplicate_in_a_list_of_cards_is_named() -> None:
    hand = [Card.parse(c) for c in MIXED[0].split()]
    hand[-1] = hand[0]
    with pytest.raises(RulesError, match=r"seat 0.*AS.*twice"):
        RULES.new_deal("no_tricks", hands=[hand, *MIXED[1:]], dealer=0)


@pytest.mark.parametrize("contract", ["no_fun", "No_King", "", "domino", None, 3, ["no_king"]])
def test_unknown_contract(contract: Any) -> None:
    with pytest.raises(RulesError, match="unknown contract") as info:
        RULES.new_deal(contract, hands=MIXED, dealer=0)
    assert "no_king" in str(info.value) and "eralash" in str(info.value)


@pytest.mark.parametrize("dealer", [-1, 4, 10, "1", 1.0, True, None])
def test_bad_dealer(dealer: Any) -> None:
    with pytest.raises(RulesError, match="dealer") as info:
        RULES.new_deal("no_tricks", hands=MIXED, dealer=dealer)
    assert "0 to 3" in str(info.value)


def test_bad_piles() -> None:
    with pytest.raises(RulesError, match="no widow"):
        RULES.new_deal("no_tricks", hands=MIXED, dealer=0, widow="AS KS")


@pytest.mark.parametrize("contract", ["no_king", "eralash", "tricks"])
@pytest.mark.parametrize("trump", ["S", "notrump", "misere"])
def test_a_trump_for_a_king_game_is_refused(contract: str, trump: str) -> None:
    """A King game has no trump: a given one would change who wins the tricks."""
    with pytest.raises(RulesError, match=f"{contract} is not a trump round"):
        RULES.new_deal(contract, hands=MIXED, dealer=3, trump=trump)


@pytest.mark.parametrize(
    ("trump", "words"),
    [("X", ["trump", "'x'"]), ("last", ["last", "suit"]), ("raspis", ["raspis", "suit"])],
)
def test_bad_trumps_are_refused(trump: str, words: list[str]) -> None:
    with pytest.raises(RulesError) as info:
        RULES.new_deal("trumps", hands=MIXED, dealer=3, trump=trump)
    for word in words:
        assert word in str(info.value)


def test_a_given_trump_round() -> None:
    state = RULES.new_deal("trumps", hands=MIXED, dealer=3, trump="D")
    assert state.trump is kinglib.Suit.DIAMONDS
    state = play(state, "AS 7S")
    # seats 2 and 3 have no spade and must trump
    assert state.legal_moves() == tuple(Play(c) for c in CardSet.parse("KD QD JD TD"))
    state = play(state, "KD")
    assert state.legal_moves() == tuple(Play(c) for c in CardSet.parse("9D 8D 7D"))
    state = play(state, "7D")
    assert state.tricks[-1].winner == 2  # the highest trump wins


@pytest.mark.parametrize("seed", ["7", 1.5, None, True, [1]])
def test_bad_seed(seed: Any) -> None:
    with pytest.raises(RulesError, match="seed"):
        RULES.new_match(seed=seed)


def test_big_and_negative_seeds_are_fine() -> None:
    assert RULES.new_match(seed=-3).seed == -3
    assert RULES.new_match(seed=2**80).hands != RULES.new_match(seed=2**80 + 1).hands


# ---------------------------------------------------------------------- illegal moves


def refused(state: State, move: Any, *words: str) -> None:
    """Assert that ``move`` is refused with a message holding ``words``, changing nothing."""
    before = snapshot(state)
    digest = hash(state)
    copy = state.evolve()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert isinstance(info.value, ValueError)
    assert snapshot(state) == before
    assert hash(state) == digest
    assert state == copy
    assert not state.is_legal(move) if isinstance(move, Play) else True


def test_a_card_not_held() -> None:
    state = RULES.new_deal("no_tricks", hands=MIXED, dealer=3)
    refused(state, Play(Card.parse("KH")), "seat 0", "does not hold", "KH")
    refused(state, Play(Card.parse("2S")), "does not hold", "2S")
    refused(state, Play(Card.parse("JK1")), "does not hold", "JK1")
    state = play(state, "AS")
    refused(state, Play(Card.parse("AS")), "seat 1", "does not hold", "AS")


def test_not_following_suit() -> None:
    state = play(RULES.new_deal("no_tricks", hands=MIXED, dealer=3), "AS")
    for card in ("KH", "QH", "9C"):
        refused(state, Play(Card.parse(card)), "seat 1", card, "AS was led", "follow", "spades")


@pytest.mark.parametrize("contract", ["no_tricks", "no_king"])
def test_not_following_a_heart_lead_with_kh_the_only_heart(contract: str) -> None:
    """K♥ is then the only legal card because hearts must be followed, not by the K♥ rule."""
    state = RULES.new_deal(contract, hands=HEART_LEAD, dealer=3)
    state = play(state, "AS KS JS AC AD KD 9D KC AH 7H 7S 7C QH")
    assert state.legal_moves() == (Play(Card.parse("KH")),)
    refused(state, Play(Card.parse("QS")), "QS", "QH was led", "follow", "hearts")
    with pytest.raises(IllegalMoveError) as info:
        state.apply(Play(Card.parse("QD")))
    assert "holder of KH" not in str(info.value)


def test_leading_a_heart() -> None:
    state = RULES.new_deal("no_hearts", hands=MIXED, dealer=3)
    for card in ("AH", "7H"):
        refused(state, Play(Card.parse(card)), card, "heart may not be led", "no_hearts")


def test_not_playing_a_forced_kh() -> None:
    state = play(RULES.new_deal("no_king", hands=MIXED, dealer=3), "AD")
    for card in ("QH", "TS", "9C"):
        refused(state, Play(Card.parse(card)), card, "AD was led", "must play KH")
    forced = kinglib.load_rules("simple", king_on_heart_lead="forced")
    state = play(forced.new_deal("no_king", hands=HEART_LEAD, dealer=3), "AS KS JS AC")
    state = play(state, "AD KD 9D KC AH")
    refused(state, Play(Card.parse("7H")), "7H", "hearts were led", "must play", "KH")


@pytest.mark.parametrize(
    "move",
    [
        Pass(),
        Bid(1),
        Draw(),
        Sell(),
        Keep(),
        Choose("no_king"),
        Declare("notrump"),
        Discard(CardSet.parse("AS")),
        "AS",
        None,
    ],
    ids=str,
)
def test_a_move_that_is_not_a_card(move: Any) -> None:
    state = RULES.new_deal("no_tricks", hands=MIXED, dealer=3)
    refused(state, move, "play a card", str(move))
    refused(play(state, "AS 7S"), move, "play a card")


def test_any_move_after_the_end() -> None:
    state = play(RULES.new_deal("no_king", hands=MIXED, dealer=3), "AD KH TD 7D")
    assert state.is_over
    for move in (Play(Card.parse("AS")), Play(Card.parse("7C")), Pass(), Bid(2), None):
        refused(state, move, "over", str(move))


def test_any_move_after_the_end_of_a_match() -> None:
    import random

    state = RULES.new_match(seed=11)
    rng = random.Random(0)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    refused(state, Play(Card.parse("AS")), "match is over")


class NoSpadeLeads:
    """A house rule for the test: spades may not be led while another suit is held."""

    @kinglib.hookimpl
    def kinglib_legal_moves(
        self, state: State, moves: tuple[kinglib.Move, ...]
    ) -> tuple[kinglib.Move, ...] | None:
        if state.trick:
            return None
        kept = tuple(m for m in moves if isinstance(m, Play) and m.card.suit is not Suit.SPADES)
        return kept or None


def test_a_move_a_house_rule_forbids() -> None:
    rules = kinglib.load_rules("simple", plugins=[NoSpadeLeads()])
    state = rules.new_deal("no_tricks", hands=MIXED, dealer=3)
    assert state.legal_moves() == tuple(Play(c) for c in CardSet.parse("AH 7H AD 7C"))
    refused(state, Play(Card.parse("AS")), "AS", "house rules")
    refused(state, Play(Card.parse("KH")), "KH", "does not hold")
    state = play(state, "AD")
    assert state.legal_moves() == tuple(Play(c) for c in CardSet.parse("TS 9S 8S 7S KH QH 9C 8C"))


# ------------------------------------------------------ exact trick-play refusals


def refusal_message(state: State, move: Play | Pass) -> str:
    """The message of the error that refuses ``move`` in ``state``."""
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    return str(info.value)


def test_a_move_that_is_no_card_and_a_card_not_held() -> None:
    state = RULES.new_deal("no_tricks", hands=MIXED, dealer=3)
    assert refusal_message(state, Pass()) == (
        "seat 0 may not play pass: cards are being played: play a card, not pass"
    )
    assert (
        refusal_message(state, Play(Card.parse("KH")))
        == "seat 0 may not play KH: seat 0 does not hold KH"
    )


def test_leading_a_heart_while_holding_another_suit() -> None:
    state = RULES.new_deal("no_hearts", hands=MIXED, dealer=3)
    assert refusal_message(state, Play(Card.parse("AH"))) == (
        "seat 0 may not play AH: a heart may not be led in no_hearts while holding another suit"
    )


def test_the_exact_message_for_not_following_suit() -> None:
    state = play(RULES.new_deal("no_tricks", hands=MIXED, dealer=3), "AS")
    assert refusal_message(state, Play(Card.parse("KH"))) == (
        "seat 1 may not play KH: AS was led and seat 1 must follow with a card of spades"
    )


def test_keeping_the_king_of_hearts_when_void_in_the_led_suit() -> None:
    state = play(RULES.new_deal("no_king", hands=MIXED, dealer=3), "AD")
    assert refusal_message(state, Play(Card.parse("QH"))) == (
        "seat 1 may not play QH: AD was led, seat 1 has none of its suit and must play KH"
    )


def test_keeping_the_king_of_hearts_on_a_heart_lead() -> None:
    forced = kinglib.load_rules("simple", king_on_heart_lead="forced")
    state = play(forced.new_deal("no_king", hands=HEART_LEAD, dealer=3), "AS KS JS AC")
    state = play(state, "AD KD 9D KC AH")
    assert refusal_message(state, Play(Card.parse("7H"))) == (
        "seat 1 may not play 7H: hearts were led and the holder of KH must play it"
    )


def test_not_trumping_when_void_and_leading_a_trump_when_not_the_maker() -> None:
    state = RULES.new_deal("trumps", VOID_CLUBS, dealer=3, trump=Suit.HEARTS)
    assert refusal_message(play(state, "AC"), Play(Card.parse("7D"))) == (
        "seat 1 may not play 7D: seat 1 cannot follow AC and must play a trump (H)"
    )
    assert refusal_message(play(state, "AC JH 7C 7H"), Play(Card.parse("AH"))) == (
        "seat 1 may not play AH: only the maker may lead a trump (H) while holding another suit"
    )


def test_the_winner_of_a_trick_and_of_a_trick_that_no_card_wins() -> None:
    phase = TrickPlay(RULES)
    state = RULES.new_deal("no_tricks", hands=MIXED, dealer=3)
    trick = tuple((seat, Card.parse(text)) for seat, text in enumerate(("9S", "KS", "AH", "7S")))
    assert phase.trick_winner(state, trick) == 1
    # A trick led by a joker has no led suit: without trumps no card of it wins.
    with pytest.raises(AssertionError) as info:
        phase.trick_winner(state, ((0, Card.parse("JK1")), (1, Card.parse("AS"))))
    assert str(info.value) == "a trick without a winner"
