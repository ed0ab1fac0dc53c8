"""Every public parse function and move constructor, fed every kind of junk.

Each entry point may raise only its documented error (``NotationError`` for notation, moves and
cards; ``RecordError`` for records), whatever the type of what it is given, and refuses text
over its length limit without reading it.
"""

from __future__ import annotations

from collections.abc import Callable
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
    NotationError,
    Play,
    RecordError,
    State,
    Suit,
    from_json,
    parse_move,
)
from kinglib.engine.random_match import random_match
from kinglib.values.cards import CARD_TEXT_LIMIT, CARDS_TEXT_LIMIT
from kinglib.values.moves import BID_DIGITS_LIMIT, MOVE_TEXT_LIMIT


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class _BadStr(str):
    """Text whose methods are those of str: it must be read like any other text."""


#: Junk of every kind: other types, huge, empty, unicode, control characters.
JUNK: list[Any] = [
    None,
    0,
    -1,
    1,
    True,
    3.5,
    float("nan"),
    10**5000,
    -(10**5000),
    "",
    " ",
    "\x00",
    "\t\n\r\x0b\x0c",
    "\u202e QS",
    "Ｑ♠",
    "q\u0301s",
    "٣",
    "²",
    "9" * 5000,
    "bid " + "9" * 4301,
    "bid ٣",
    "bid 0000000000000000000001",
    "discard " + "AS " * 400,
    "QS" * 10_000,
    "x" * 1_000_000,
    "\ud800",
    b"QS",
    bytearray(b"QS"),
    [],
    ["QS"],
    {},
    {"QS": 1},
    (1, 2),
    {1, 2},
    object(),
    _BadRepr(),
    _BadStr("QS"),
    Suit.SPADES,
    Card.parse("QS"),
    CardSet.parse("QS KS"),
    Play(Card.parse("QS")),
    type,
    Ellipsis,
]

AUCTION: State = kinglib.load_rules("bidding").new_match(seed=1)
DECLARING: State = kinglib.load_rules("simple").new_match(seed=1)

#: The notation entry points: each raises only NotationError.
NOTATION: dict[str, Callable[[Any], Any]] = {
    "Suit.parse": Suit.parse,
    "Card.parse": Card.parse,
    "Card.from_index": Card.from_index,
    "Card.joker": Card.joker,
    "Card(suit, rank)": lambda v: Card(v, v),
    "CardSet": CardSet,
    "CardSet.parse": CardSet.parse,
    "CardSet.from_mask": CardSet.from_mask,
    "CardSet.deck": CardSet.deck,
    "parse_move": parse_move,
    "parse_move in an auction": lambda v: parse_move(v, AUCTION),
    "parse_move in a declaration": lambda v: parse_move(v, DECLARING),
    "Play": Play,
    "Choose": Choose,
    "Declare": Declare,
    "Bid": Bid,
    "Discard": Discard,
}


def _ids(values: list[Any]) -> list[str]:
    out = []
    for k, value in enumerate(values):
        kind = type(value).__name__
        size = len(value) if isinstance(value, (str, bytes, list)) else ""
        out.append(f"{k}-{kind}{size}")
    return out


@pytest.mark.parametrize("name", list(NOTATION))
@pytest.mark.parametrize("junk", JUNK, ids=_ids(JUNK))
def test_notation_entry_points_raise_only_notation_errors(name: str, junk: Any) -> None:
    parse = NOTATION[name]
    try:
        result = parse(junk)
    except NotationError as exc:
        message = str(exc)
        assert message and len(message) < 2_000, message[:200]
    else:
        # What is accepted is a real value of kinglib, never the junk passed through.
        assert result is not None
        assert type(result).__module__.startswith("kinglib"), (name, junk, result)


def test_the_junk_that_is_read_is_read_as_what_it_says() -> None:
    # The few junk values that are valid notation give the expected values, not something else.
    assert Suit.parse("\t\n\r\x0b\x0c".join(["", "s", ""])) is Suit.SPADES
    assert parse_move("bid 0000000000000000000001") == Bid(1)
    assert CardSet([Card.parse("QS")]) == CardSet.parse("QS")
    assert Card.from_index(0) == Card.parse("AS")
    assert CardSet.from_mask(1) == CardSet.parse("AS")


@pytest.mark.parametrize(
    ("parse", "word", "limit"),
    [
        (Suit.parse, "S", CARD_TEXT_LIMIT),
        (Card.parse, "QS", CARD_TEXT_LIMIT),
        (CardSet.parse, "QS", CARDS_TEXT_LIMIT),
        (parse_move, "QS", MOVE_TEXT_LIMIT),
    ],
)
def test_text_over_the_limit_is_refused_naming_the_limit(
    parse: Callable[[str], Any], word: str, limit: int
) -> None:
    # Within the limit, padding with spaces changes nothing: the text is read.
    padded = " " * (limit - len(word)) + word
    assert parse(padded) == parse(word)
    with pytest.raises(
        NotationError, match=f"at most {limit:,} characters of text, not {limit + 1:,}"
    ):
        parse(" " + padded)


def test_a_bid_of_too_many_digits_is_refused_before_conversion() -> None:
    biggest = "9" * BID_DIGITS_LIMIT
    assert parse_move(f"bid {biggest}") == Bid(int(biggest))
    assert parse_move(biggest, AUCTION) == Bid(int(biggest))
    with pytest.raises(NotationError, match=f"at most {BID_DIGITS_LIMIT} digits, not 7"):
        parse_move("bid " + "9" * (BID_DIGITS_LIMIT + 1))
    # Python refuses to convert more than 4,300 digits: such text never reaches int().
    with pytest.raises(NotationError, match="at most 1,000 characters"):
        parse_move("bid " + "9" * 4301)
    with pytest.raises(NotationError, match="at most 6 digits, not 900"):
        parse_move("bid " + "9" * 900)
    with pytest.raises(NotationError, match="a bid is a whole number from 0 to 999999"):
        Bid(10**BID_DIGITS_LIMIT)
    # In an auction a bare number is a bid; one of too many digits is no move at all.
    with pytest.raises(NotationError, match="not a move"):
        parse_move("9" * (BID_DIGITS_LIMIT + 1), AUCTION)


def test_messages_of_values_that_cannot_be_written_name_their_type() -> None:
    with pytest.raises(NotationError, match="not a card mask: a int"):
        CardSet.from_mask(10**5000)
    with pytest.raises(NotationError, match="Play takes a Card, not a _BadRepr"):
        Play(_BadRepr())  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"not a card index: 'x'"):
        Card.from_index("x")  # type: ignore[arg-type]


RECORD = kinglib.to_json(random_match(kinglib.load_rules("simple"), 1))


@pytest.mark.parametrize("junk", JUNK, ids=_ids(JUNK))
def test_from_json_raises_only_record_errors(junk: Any) -> None:
    with pytest.raises(RecordError):
        from_json(junk)


@pytest.mark.parametrize("junk", JUNK, ids=_ids(JUNK))
def test_a_junk_move_in_a_record_is_a_record_error(junk: Any) -> None:
    import json

    data = json.loads(RECORD)
    data["moves"].insert(3, junk if isinstance(junk, (str, int, float, list, dict)) else None)
    try:
        text = json.dumps(data)
    except ValueError:  # NaN is written; a number too long to write is not
        return
    with pytest.raises(RecordError):
        from_json(text)
