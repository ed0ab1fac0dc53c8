"""Cards: :class:`Suit`, :class:`Rank`, :class:`Card` and :class:`CardSet`.

A card is one bit of an integer. The bits run in display order: the spades from the ace down
to the two, then hearts, diamonds and clubs, then the two jokers. A :class:`CardSet` is an
immutable wrapper around such an integer, so ``hand & SUIT_MASKS[suit]`` is "the cards of that
suit in the hand", and iterating from the lowest bit lists cards sorted by suit, then rank.

Notation: a rank (``A K Q J T 9 8 7 6 5 4 3 2``, ten also ``10``) followed by a suit letter
(``S H D C``, or one of ``♠ ♥ ♦ ♣``); jokers are ``JK1`` and ``JK2`` (``JK`` alone is ``JK1``).
Parsing accepts lower case and surrounding spaces; anything else raises
:class:`~kinglib.values.errors.NotationError`, whatever its type: text that is too long (over
:data:`CARD_TEXT_LIMIT` characters for one card or suit, :data:`CARDS_TEXT_LIMIT` for a set),
something that is not text, an index or a mask that is not a whole number in range.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import ClassVar

from kinglib.values.errors import NotationError
from kinglib.values.errors import short_repr as _shown

__all__ = [
    "ALL_CARDS_MASK",
    "CARDS_TEXT_LIMIT",
    "CARD_TEXT_LIMIT",
    "JOKERS_MASK",
    "RANK_MASKS",
    "SUIT_MASKS",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "deck_mask",
    "iter_indices",
]

_SUIT_SPAN = 13

#: The longest text :meth:`Card.parse` and :meth:`Suit.parse` read; longer text is refused
#: unread.
CARD_TEXT_LIMIT = 32
#: The longest text :meth:`CardSet.parse` reads: every card of a 54-card pack, with room.
CARDS_TEXT_LIMIT = 1_000


def _checked_text(text: object, what: str, limit: int) -> str:
    """``text`` if it is text of at most ``limit`` characters; else :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(f"{what} written as text, not {type(text).__name__}")
    if len(text) > limit:
        raise NotationError(f"{what} at most {limit:,} characters of text, not {len(text):,}")
    return text


class Suit(enum.IntEnum):
    """A suit. The value is the suit's position in display order (spades first)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card notation: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self.value]

    @property
    def symbol(self) -> str:
        """The suit's symbol, for display: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter, symbol or English name (``"S"``, ``"♠"``, ``"spades"``).

        Raises :class:`~kinglib.values.errors.NotationError` for anything else, text or not.
        """
        key = _checked_text(text, "a suit is", CARD_TEXT_LIMIT).strip().lower()
        suit = _SUIT_NAMES.get(key)
        if suit is None:
            raise NotationError(f"not a suit: {text!r} (expected one of S, H, D, C)")
        return suit

    def __str__(self) -> str:
        return self.letter


_SUIT_NAMES: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_NAMES[_suit.letter.lower()] = _suit
    _SUIT_NAMES[_suit.symbol] = _suit
    _SUIT_NAMES[_suit.name.lower()] = _suit
    _SUIT_NAMES[_suit.name.lower().rstrip("s")] = _suit


class Rank(enum.IntEnum):
    """A rank, valued as the card game counts it: two is 2 … ace is 14."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The rank's character in card notation (ten is ``T``)."""
        return "23456789TJQKA"[self.value - 2]

    def __str__(self) -> str:
        return self.letter


_RANK_BY_TEXT: dict[str, Rank] = {r.letter.lower(): r for r in Rank}
_RANK_BY_TEXT["10"] = Rank.TEN


def _bit(suit: Suit, rank: Rank) -> int:
    return suit.value * _SUIT_SPAN + (Rank.ACE.value - rank.value)


class Card:
    """One playing card, or one of the two jokers.

    Cards are interned: ``Card(Suit.SPADES, Rank.QUEEN) is Card.parse("QS")``. They compare,
    sort and hash by their position in display order.

    Attributes:
        index: the card's bit position (0 = A♠ … 51 = 2♣, 52 and 53 the jokers).
        mask: ``1 << index``.
        suit: the suit, or ``None`` for a joker.
        rank: the rank, or ``None`` for a joker.

    """

    __slots__ = ("_text", "index", "mask", "rank", "suit")

    index: int
    mask: int
    suit: Suit | None
    rank: Rank | None
    _text: str

    _BY_INDEX: ClassVar[list[Card]] = []

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        """Return the card of that suit and rank.

        Raises :class:`~kinglib.values.errors.NotationError` for a suit or a rank that is none.
        """
        try:
            return cls._BY_INDEX[_bit(Suit(suit), Rank(rank))]
        except Exception as exc:  # not a suit or a rank, whatever went wrong in reading it
            raise NotationError(f"not a card: suit {_shown(suit)}, rank {_shown(rank)}") from exc

    @classmethod
    def _make(cls, index: int, suit: Suit | None, rank: Rank | None, text: str) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "mask", 1 << index)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "_text", text)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    @classmethod
    def joker(cls, number: int = 1) -> Card:
        """Return joker 1 or joker 2; :class:`NotationError` for another number."""
        if type(number) is not int or number not in (1, 2):
            raise NotationError(f"there are jokers 1 and 2, not {_shown(number)}")
        return cls._BY_INDEX[51 + number]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """Return the card at bit position ``index`` (0 to 53).

        Raises :class:`~kinglib.values.errors.NotationError` for anything else (another number, or
        something that is not a whole number).
        """
        if type(index) is not int or not 0 <= index < len(cls._BY_INDEX):
            raise NotationError(f"not a card index: {_shown(index)}")
        return cls._BY_INDEX[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``"QS"``, ``"10h"``, ``" th "``, ``"Q♠"``, ``"JK1"``.

        Raises :class:`~kinglib.values.errors.NotationError` naming the text when it is not a card
        (whatever its type).
        """
        card = _CARD_BY_TEXT.get(_checked_text(text, "a card is", CARD_TEXT_LIMIT).strip().lower())
        if card is None:
            raise NotationError(f"not a card: {text!r} (write rank then suit, e.g. 'QS', 'TH')")
        return card

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.suit is None

    @property
    def symbol(self) -> str:
        """The card for display, with a suit symbol: ``"Q♠"``, ``"10♥"``, ``"🃏1"``."""
        if self.suit is None:
            return "🃏" + self._text[-1]
        assert self.rank is not None
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return rank + self.suit.symbol

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self._text,))


_CARD_BY_TEXT: dict[str, Card] = {}
for _suit in Suit:
    for _rank in sorted(Rank, reverse=True):
        _card = Card._make(_bit(_suit, _rank), _suit, _rank, _rank.letter + _suit.letter)
        Card._BY_INDEX.append(_card)
        for _rtext, _r in _RANK_BY_TEXT.items():
            if _r is _rank:
                for _stext in (_suit.letter.lower(), _suit.symbol):
                    _CARD_BY_TEXT[_rtext + _stext] = _card
for _n in (1, 2):
    _card = Card._make(51 + _n, None, None, f"JK{_n}")
    Card._BY_INDEX.append(_card)
    _CARD_BY_TEXT[f"jk{_n}"] = _card
_CARD_BY_TEXT["jk"] = Card._BY_INDEX[52]

#: One mask per suit, indexed by ``Suit`` value.
SUIT_MASKS: tuple[int, ...] = tuple(((1 << _SUIT_SPAN) - 1) << (s * _SUIT_SPAN) for s in range(4))
#: One mask per rank, indexed by rank value (indices 0 and 1 are empty).
RANK_MASKS: tuple[int, ...] = tuple(
    sum(1 << _bit(s, Rank(r)) for s in Suit) if r >= 2 else 0 for r in range(15)
)
#: Both jokers.
JOKERS_MASK = (1 << 52) | (1 << 53)
#: Every card, jokers included.
ALL_CARDS_MASK = (1 << 54) - 1


def deck_mask(lowest: Rank | int = Rank.TWO, *, jokers: int = 0) -> int:
    """The mask of a pack that holds every rank from ``lowest`` up to the ace, plus jokers.

    ``deck_mask(Rank.SEVEN)`` is the 32-card pack, ``deck_mask(6)`` the 36-card pack.
    """
    low = int(lowest)
    mask = 0
    for r in range(low, 15):
        mask |= RANK_MASKS[r]
    if jokers:
        mask |= (1 << 52) if jokers == 1 else JOKERS_MASK
    return mask


def iter_indices(mask: int) -> Iterator[int]:
    """Yield the bit positions set in ``mask``, lowest first (display order)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_BY_INDEX = Card._BY_INDEX


class CardSet:
    """An immutable set of cards, stored as a bitmask.

    ``CardSet.parse("AS KS 7H")``, ``CardSet([card, ...])`` and ``CardSet.from_mask(m)`` build
    one. It supports ``len``, ``in``, iteration in display order, ``|``, ``&``, ``-``, ``^``,
    ``<=`` (subset), equality and hashing, and ``str`` gives text that ``parse`` reads back.
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        """Build a set from cards.

        Raises :class:`~kinglib.values.errors.NotationError` for something that is not an iterable
        of cards.
        """
        mask = 0
        try:
            items = iter(cards)
        except TypeError:
            raise NotationError(f"CardSet takes cards, not {type(cards).__name__}") from None
        for card in items:
            if not isinstance(card, Card):
                raise NotationError(f"not a card: {_shown(card)}")
            mask |= card.mask
        object.__setattr__(self, "mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        """Wrap a bitmask (bit ``i`` set means the card of index ``i`` is in the set).

        Raises :class:`~kinglib.values.errors.NotationError` for anything but a whole number whose
        bits are cards.
        """
        if type(mask) is not int or mask < 0 or mask > ALL_CARDS_MASK:
            raise NotationError(f"not a card mask: {_shown(mask)}")
        cs = _object_new(cls)
        _set_mask(cs, mask)
        return cs

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas: ``"AS KS 7H JK1"``.

        Raises :class:`~kinglib.values.errors.NotationError` for a bad card, a card named twice,
        text over :data:`CARDS_TEXT_LIMIT` characters, or something that is not text.
        """
        text = _checked_text(text, "cards are", CARDS_TEXT_LIMIT)
        mask = 0
        for word in text.replace(",", " ").split():
            card = Card.parse(word)
            if mask & card.mask:
                raise NotationError(f"card {card} appears twice in {text.strip()!r}")
            mask |= card.mask
        return cls.from_mask(mask)

    @classmethod
    def deck(cls, size: int = 32) -> CardSet:
        """A standard pack without jokers: 32 (7..A), 36 (6..A) or 52 cards (2..A).

        Raises :class:`~kinglib.values.errors.NotationError` for any other size.
        """
        lowest = {32: 7, 36: 6, 52: 2}.get(size) if type(size) is int else None
        if lowest is None:
            raise NotationError(f"no standard pack of {_shown(size)} cards (32, 36 or 52)")
        return cls.from_mask(deck_mask(lowest))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("CardSet is immutable")

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __iter__(self) -> Iterator[Card]:
        by_index = _BY_INDEX
        mask = self.mask
        while mask:
            low = mask & -mask
            yield by_index[low.bit_length() - 1]
            mask ^= low

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __or__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_mask(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_mask(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_mask(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.from_mask(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask & ~other.mask == 0

    def __ge__(self, other: CardSet) -> bool:
        if not isinstance(other, CardSet):
            return NotImplemented
        return other.mask & ~self.mask == 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and self.mask == other.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (CardSet.parse, (str(self),))

    @property
    def symbols(self) -> str:
        """The cards for display, with suit symbols: ``"A♠ K♠ 7♥"``."""
        return " ".join(c.symbol for c in self)

    def of_suit(self, suit: Suit) -> CardSet:
        """The cards of one suit in this set."""
        return CardSet.from_mask(self.mask & SUIT_MASKS[suit])

    def isdisjoint(self, other: CardSet) -> bool:
        """Whether the two sets have no card in common."""
        return not self.mask & other.mask


_object_new = object.__new__
# The slot's own setter (CardSet refuses attribute assignment).
_set_mask = CardSet.__dict__["mask"].__set__
