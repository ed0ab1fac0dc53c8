"""The values a deal is made of: its phase, its tricks, its result, how a match was set up.

:class:`Phase`, :class:`Trick`, :class:`DealResult`, :class:`MatchSetup` and :class:`DealSpec`.

They hold cards and seats only; the :class:`~kinglib.State` of a match is built from them.
"""

from __future__ import annotations

import enum
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import attrs

from kinglib.values.cards import Card, CardSet, Suit

__all__ = ["DealResult", "DealSpec", "MatchSetup", "Phase", "Record", "Trick"]


_tuple_new = tuple.__new__
_tuple_eq = tuple.__eq__
_tuple_hash = tuple.__hash__


class Record(tuple[Any, ...]):
    """A value stored as a tuple of its fields, which is no sequence to compare or order.

    Subclasses define ``__eq__`` (equal only to their own kind) and ``__hash__``; ``!=``
    follows ``==``, and ordering is refused.
    """

    __slots__ = ()

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__


class Phase(enum.Enum):
    """What the player to move is asked to do."""

    CHOOSE = "choose"
    """Choose the deal's contract (ordered, atomic)."""
    DECLARE = "declare"
    """Declare a trump, a penalty suit, or another declaration."""
    BID = "bid"
    """Make an offer or pass (bidding auction, buying a trump round)."""
    ANSWER = "answer"
    """The declarer of a trump round answers the best offer: sell, keep or raspis."""
    DISCARD = "discard"
    """Lay cards away (the atomic widow)."""
    PLAY = "play"
    """Play a card to the trick (or draw, in domino; or lay a card out, in a fan-tan deal)."""
    OVER = "over"
    """The match (or the single deal) has ended."""
    DOUBLE = "double"
    """Double or redouble the other players, or pass (Barbu's doubling rounds)."""

    def __str__(self) -> str:
        return self.value

    # Phases are singletons: hashing by identity (in C) makes the phase-rules look-up of every
    # move cheaper than Enum's hash of the member's name.
    __hash__ = object.__hash__


class Trick(Record):
    """A completed trick: who played what, in play order, and who won it.

    ``Trick(plays, winner)``. A trick is immutable and compares equal to another trick of the
    same plays and winner; it is stored as a tuple, so that the engine builds one cheaply, but
    that is not part of the API: read it through the attributes below.

    Attributes:
        plays: ``(seat, Card)`` pairs in play order.
        winner: the seat that won the trick.

    """

    __slots__ = ()

    if TYPE_CHECKING:
        plays: tuple[tuple[int, Card], ...]
        winner: int

    def __new__(cls, plays: tuple[tuple[int, Card], ...], winner: int) -> Trick:
        """The trick of ``plays`` (``(seat, Card)`` pairs, in play order) won by ``winner``."""
        return _tuple_new(cls, (tuple(plays), winner))

    @property
    def cards(self) -> CardSet:
        """The cards of the trick."""
        mask = 0
        for _, card in self[0]:
            mask |= card.mask
        return CardSet.from_mask(mask)

    @property
    def leader(self) -> int:
        """The seat that led the trick."""
        leader: int = self[0][0][0]
        return leader

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Trick):
            return False
        return _tuple_eq(self, other)

    def __hash__(self) -> int:
        return _tuple_hash(self)

    def __repr__(self) -> str:
        return f"Trick(plays={self[0]!r}, winner={self[1]!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Trick is immutable")

    def __reduce__(self) -> Any:
        return (Trick, (self[0], self[1]))


for _i, _name, _doc in (
    (0, "plays", "``(seat, Card)`` pairs in play order."),
    (1, "winner", "The seat that won the trick."),
):
    setattr(Trick, _name, property(itemgetter(_i), doc=_doc))
del _i, _name, _doc


@attrs.frozen
class DealResult:
    """The outcome of one finished deal.

    Attributes:
        contract: the contract id played.
        points: signed points per seat.
        ended_early: the deal stopped before every card was played (early end: once the
            cards left can no longer change anyone's score).
        unplayed: the cards still in hands when the deal ended (empty unless it ended early).
        dealer: the seat that dealt.
        chooser: the seat that chose or declared the contract, when one did.
        trump: the trump of a trump round (a Suit, ``"notrump"``, ``"misere"``), else None.
        details: variant-specific facts, as sorted ``(key, value)`` pairs (e.g. a sale).

    """

    contract: str
    points: tuple[int, ...]
    ended_early: bool = False
    unplayed: CardSet = attrs.field(factory=CardSet)
    dealer: int = 0
    chooser: int | None = None
    trump: Suit | str | None = None
    details: tuple[tuple[str, Any], ...] = ()

    @property
    def total(self) -> int:
        """The signed sum of the deal's points."""
        return sum(self.points)

    def detail(self, key: str, default: Any = None) -> Any:
        """Look up one variant-specific detail of the deal."""
        for k, v in self.details:
            if k == key:
                return v
        return default


@attrs.frozen
class DealSpec:
    """A deal given in full instead of dealt from a seed (``Rules.new_deal``).

    Attributes:
        contract: the contract id to play.
        dealer: the dealing seat.
        hands: one mask per seat.
        piles: ``(name, mask)`` pairs for the widow, stock or kitty.
        trump: the trump of a trump round, when given.
        orders: ``(name, card indices)`` pairs giving each pile's cards in the order they were
            written, first card first, for variants where a pile's order matters (the domino
            stock is drawn in this order), and each hand's cards in the order they were dealt,
            under ``"hand:0"``, ``"hand:1"``... (the three-card stage of a trump round deals
            the first three). A pile or hand given as a :class:`CardSet` is in display order.

    """

    contract: str
    dealer: int
    hands: tuple[int, ...]
    piles: tuple[tuple[str, int], ...] = ()
    trump: Suit | str | None = None
    orders: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def order_of(self, name: str) -> tuple[int, ...] | None:
        """The card indices of pile ``name`` in the order given, or ``None`` if not recorded."""
        for key, order in self.orders:
            if key == name:
                return order
        return None


@attrs.frozen
class MatchSetup:
    """How a match was set up: a seed, one deal given in full, or every deal given in full.

    Attributes:
        seed: the seed of a match dealt at random.
        deal: the one deal of ``Rules.new_deal`` (its contract already chosen).
        deals: the deals of ``Rules.new_match(deals=...)``, in order: each deal's hands and
            piles (its dealer and contract come from the rules, as in a seeded match).

    """

    seed: int | None = None
    deal: DealSpec | None = None
    deals: tuple[DealSpec, ...] = ()
