"""Move text: str(move) and parse_move(text, state) read each other back, for every move."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kinglib
from kinglib import (
    Bid,
    Card,
    CardSet,
    Choose,
    Declare,
    Discard,
    Draw,
    Keep,
    Move,
    NotationError,
    Pass,
    Play,
    Sell,
    State,
    Suit,
    parse_move,
)
from kinglib.values.moves import DECLARATIONS
from tests.support import VARIANTS, any_states, per_variant

FULL_PACK = (1 << 54) - 1
cards = st.integers(0, 53).map(lambda i: CardSet.from_mask(1 << i).__iter__().__next__())
card_sets = st.integers(0, FULL_PACK).map(CardSet.from_mask)
contract_ids = st.from_regex(r"[a-z][a-z0-9_]{0,15}", fullmatch=True)
trumps: st.SearchStrategy[Suit | str] = st.sampled_from([*Suit, *DECLARATIONS])

moves: st.SearchStrategy[Move] = st.one_of(
    cards.map(Play),
    st.just(Draw()),
    contract_ids.map(Choose),
    trumps.map(Declare),
    st.integers(0, 10**6).map(Bid),
    st.just(Pass()),
    st.just(Sell()),
    st.just(Keep()),
    card_sets.map(Discard),
)

# A state in each phase the built-in variants reach, to read moves in its light.
some_states = st.sampled_from(VARIANTS).flatmap(any_states)


@given(move=moves)
def test_every_move_reads_back_from_its_text(move: Move) -> None:
    text = str(move)
    assert text == text.strip() and "\n" not in text
    assert parse_move(text) == move
    assert parse_move(f"  {text.upper()} ") == move
    assert parse_move(text.lower()) == move


@given(move=moves, state=some_states)
def test_every_move_reads_back_in_any_state(move: Move, state: State) -> None:
    assert parse_move(str(move), state) == move


@pytest.mark.parametrize("variant", VARIANTS)
@per_variant
@given(data=st.data())
def test_every_legal_move_reads_back_in_its_state(variant: str, data: st.DataObject) -> None:
    state = data.draw(any_states(variant))
    for move in state.legal_moves():
        assert parse_move(str(move), state) == move


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Play(Card.parse("QS")), "QS"),
        (Play(Card.parse("10H")), "TH"),
        (Play(Card.parse("JK2")), "JK2"),
        (Draw(), "draw"),
        (Choose("no_girls"), "choose no_girls"),
        (Declare(Suit.HEARTS), "declare H"),
        (Declare("notrump"), "declare notrump"),
        (Declare("misere"), "declare misere"),
        (Declare("last"), "declare last"),
        (Declare("raspis"), "declare raspis"),
        (Bid(3), "bid 3"),
        (Bid(0), "bid 0"),
        (Pass(), "pass"),
        (Sell(), "sell"),
        (Keep(), "keep"),
        (Discard(CardSet.parse("KS AS")), "discard AS KS"),
        (Discard(CardSet()), "discard"),
    ],
)
def test_the_text_of_each_move(move: Move, text: str) -> None:
    assert str(move) == text
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("play qs", Play(Card.parse("QS"))),
        ("10h", Play(Card.parse("TH"))),
        ("Declare Hearts", Declare(Suit.HEARTS)),
        ("DECLARE s", Declare(Suit.SPADES)),
        ("BID 12", Bid(12)),
        ("discard   as   ks", Discard(CardSet.parse("AS KS"))),
    ],
)
def test_moves_are_read_leniently(text: str, move: Move) -> None:
    assert parse_move(text) == move


def test_short_forms_follow_the_phase() -> None:
    state = kinglib.load_rules("simple").new_match(seed=1)
    # In the play phase a bare word is a card, nothing else.
    assert parse_move("AS", state) == Play(Card.parse("AS"))
    with pytest.raises(NotationError):
        parse_move("no_king", state)
    with pytest.raises(NotationError):
        parse_move("3", state)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty text is not a move"),
        ("   ", "empty text is not a move"),
        ("ZZ", "not a move: 'ZZ'"),
        ("bid", "not a move: 'bid'"),
        ("bid x", "not a whole number in 'bid x': 'x'"),
        ("bid -1", "not a whole number in 'bid -1': '-1'"),
        ("bid ²", "not a whole number in 'bid ²': '²'"),
        ("bid 1 2", "not a move: 'bid 1 2'"),
        ("declare", "not a move: 'declare'"),
        ("declare purple", "purple"),
        ("discard AS XX", "XX"),
        ("play", "not a move: 'play'"),
        ("play 1S", "1S"),
        ("choose", "not a move: 'choose'"),
        ("QS KS", "not a move: 'QS KS'"),
    ],
)
def test_text_that_is_no_move_raises_a_notation_error_naming_it(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_move_is_read_from_text_only() -> None:
    with pytest.raises(NotationError, match="a move is written as text, not int"):
        parse_move(3)  # type: ignore[arg-type]


@given(text=st.text(max_size=20), state=st.none() | some_states)
def test_any_text_is_a_move_or_a_notation_error(text: str, state: State | None) -> None:
    try:
        move = parse_move(text, state)
    except NotationError as exc:
        assert str(exc)
        return
    assert parse_move(str(move), state) == move


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_contract_of_every_variant_can_be_chosen_in_text(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    for contract in rules.contracts:
        assert parse_move(str(Choose(contract))) == Choose(contract)
