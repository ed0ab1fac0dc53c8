"""Moves: the small frozen values a player sends to :meth:`State.apply`.

Every move has a text form (``str(move)``) that :func:`parse_move` reads back:

======================  =====================
move                    text
======================  =====================
``Play(card)``          ``QS``
``Draw()``              ``draw``
``Choose("no_girls")``  ``choose no_girls``
``Declare(Suit.HEARTS)`` ``declare H``
``Declare("notrump")``  ``declare notrump``
``Declare(Rank.JACK)``  ``declare J``
``Double((0, 3))``      ``double 0 3``
``Redouble((1,))``      ``redouble 1``
``Bid(3)``              ``bid 3``
``Pass()``              ``pass``
``Sell()``              ``sell``
``Keep()``              ``keep``
``Discard(cards)``      ``discard AS KS``
======================  =====================

Reading is bounded: :func:`parse_move` refuses text over :data:`MOVE_TEXT_LIMIT` characters
and a bid of more than :data:`BID_DIGITS_LIMIT` digits before reading it. Every bad input, of
whatever type, raises :class:`~kinglib.values.errors.NotationError`; so do the move constructors
given a value that is no card, contract, trump, bid or set of cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import attrs

from kinglib.values.cards import Card, CardSet, Rank, Suit, iter_indices
from kinglib.values.deals import Phase
from kinglib.values.errors import NotationError
from kinglib.values.errors import short_repr as _shown

__all__ = [
    "BID_DIGITS_LIMIT",
    "DECLARATIONS",
    "MOVE_TEXT_LIMIT",
    "PLAYS",
    "Bid",
    "Choose",
    "Declare",
    "Discard",
    "Double",
    "Draw",
    "Keep",
    "Move",
    "MoveContext",
    "Pass",
    "Play",
    "Redouble",
    "Sell",
    "parse_move",
    "plays_of",
]

#: The longest move text :func:`parse_move` reads: a discard of a whole pack, with room.
MOVE_TEXT_LIMIT = 1_000
#: The most digits of a bid; the largest bid is ``10 ** BID_DIGITS_LIMIT - 1``.
BID_DIGITS_LIMIT = 6

#: The declarations that are not a suit.
DECLARATIONS: tuple[str, ...] = ("notrump", "misere", "last", "raspis")


def _check_card(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, Card):
        raise NotationError(f"Play takes a Card, not {_shown(value)}")


@attrs.frozen(repr=False)
class Play:
    """Play a card to the trick; :class:`~kinglib.values.errors.NotationError` for a non-card."""

    card: Card = attrs.field(validator=_check_card)

    def __str__(self) -> str:
        return str(self.card)

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


@attrs.frozen
class Draw:
    """Domino: draw from the stock until a card of the led suit comes (or the stock is empty)."""

    def __str__(self) -> str:
        return "draw"


def _check_contract(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, str) or not value:
        raise NotationError(f"Choose takes a contract id, not {_shown(value)}")


@attrs.frozen
class Choose:
    """Choose the contract of the deal (ordered, atomic).

    Raises :class:`~kinglib.values.errors.NotationError` for a contract id that is not text or
    empty.
    """

    contract: str = attrs.field(validator=_check_contract)

    def __str__(self) -> str:
        return f"choose {self.contract}"


_RANKS: dict[str, Rank] = {rank.letter.lower(): rank for rank in Rank}
_RANKS["10"] = Rank.TEN


def _convert_trump(value: object) -> Suit | Rank | str:
    if isinstance(value, (Suit, Rank)):
        return value
    if isinstance(value, str):
        key = value.strip().lower()
        if key in DECLARATIONS:
            return key
        if key in _RANKS:
            return _RANKS[key]
        return Suit.parse(key)
    raise NotationError(
        f"Declare takes a Suit, a Rank or one of {', '.join(DECLARATIONS)}: {_shown(value)}"
    )


def _declared_key(value: Suit | Rank | str) -> tuple[str, object]:
    # A Suit and a Rank are both whole numbers (clubs is 3, so is the three): the kind of the
    # declaration is compared too, so that "declare C" and "declare 3" differ.
    return (type(value).__name__, value)


@attrs.frozen
class Declare:
    """Declare a trump (a Suit), ``"notrump"``, ``"misere"``, ``"last"`` or ``"raspis"``.

    In bidding, the winner of the auction declares the penalty suit with it; in a fan-tan deal
    the declarer names its start rank (a :class:`~kinglib.values.cards.Rank`: ``"declare J"``).
    Raises :class:`~kinglib.values.errors.NotationError` for anything else.
    """

    trump: Suit | Rank | str = attrs.field(converter=_convert_trump, eq=_declared_key)

    @property
    def rank(self) -> Rank | None:
        """The rank declared, when it is one (a fan-tan start rank), else ``None``."""
        return self.trump if isinstance(self.trump, Rank) else None

    def __str__(self) -> str:
        return f"declare {self.trump}"


def _convert_seats(value: object) -> tuple[int, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,)
    if not isinstance(value, (tuple, list)) or not value:
        raise NotationError(f"a double names one seat or more, not {_shown(value)}")
    seats = []
    for seat in value:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 64:
            raise NotationError(f"a seat is a whole number from 0, not {_shown(seat)}")
        seats.append(seat)
    if len(set(seats)) != len(seats):
        raise NotationError(f"a double names each seat once, not {_shown(value)}")
    return tuple(sorted(seats))


@attrs.frozen
class Double:
    """Double the seats named (Barbu): a wager with each, settled on the deal's points.

    ``seats`` is one seat or a tuple of seats, kept in ascending order; the text form is
    ``double 0 3``. Raises :class:`~kinglib.values.errors.NotationError` for no seat, a seat that is
    no whole number, or a seat named twice.
    """

    seats: tuple[int, ...] = attrs.field(converter=_convert_seats)

    def __str__(self) -> str:
        return "double " + " ".join(str(seat) for seat in self.seats)


@attrs.frozen
class Redouble:
    """Redouble the seats named, who doubled this player (Barbu): ``redouble 1``."""

    seats: tuple[int, ...] = attrs.field(converter=_convert_seats)

    def __str__(self) -> str:
        return "redouble " + " ".join(str(seat) for seat in self.seats)


_MAX_BID = 10**BID_DIGITS_LIMIT - 1


def _check_bid(instance: Any, attribute: Any, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_BID:
        raise NotationError(f"a bid is a whole number from 0 to {_MAX_BID}, not {_shown(value)}")


@attrs.frozen
class Bid:
    """An offer: points in a bidding auction, tricks when buying a trump round.

    Raises :class:`~kinglib.values.errors.NotationError` for anything but a whole number from 0 to
    ``10 ** BID_DIGITS_LIMIT - 1``.
    """

    amount: int = attrs.field(validator=_check_bid)

    def __str__(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen
class Pass:
    """Pass in an auction."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Sell:
    """The declarer of a trump round sells it to the best offer."""

    def __str__(self) -> str:
        return "sell"


@attrs.frozen
class Keep:
    """The declarer of a trump round refuses every offer and plays his own declaration."""

    def __str__(self) -> str:
        return "keep"


def _convert_cards(value: object) -> CardSet:
    if isinstance(value, CardSet):
        return value
    if isinstance(value, str):
        return CardSet.parse(value)
    raise NotationError(f"Discard takes a CardSet, not {_shown(value)}")


@attrs.frozen
class Discard:
    """Lay cards away face down (the atomic widow).

    Takes a :class:`CardSet` or its text; :class:`~kinglib.values.errors.NotationError` otherwise.
    """

    cards: CardSet = attrs.field(converter=_convert_cards)

    def __str__(self) -> str:
        return f"discard {self.cards}" if self.cards else "discard"


#: Any move.
Move = Play | Draw | Choose | Declare | Bid | Pass | Sell | Keep | Discard | Double | Redouble

_SIMPLE: dict[str, Move] = {"draw": Draw(), "pass": Pass(), "sell": Sell(), "keep": Keep()}


class MoveContext(Protocol):
    """What :func:`parse_move` reads of a state: its phase and its rules' contracts."""

    @property
    def phase(self) -> Phase:
        """The phase of the deal."""

    @property
    def rules(self) -> _WithContracts:
        """The rules, with their contracts by id."""


class _WithContracts(Protocol):
    @property
    def contracts(self) -> Mapping[str, object]:
        """The contracts by id."""


def parse_move(text: str, state: MoveContext | None = None) -> Move:
    """Read a move from its text form (see the table above).

    With a ``state``, short forms are read in the light of its phase: a bare suit or
    ``notrump`` when a declaration is due, a bare contract id when a contract is chosen, a bare
    number when a bid is due. The move is not checked for legality: :meth:`State.apply` does
    that. Raises :class:`~kinglib.values.errors.NotationError` for text that is no move (too long, a
    number of too many digits) and for anything that is not text.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text, not {type(text).__name__}")
    if len(text) > MOVE_TEXT_LIMIT:
        raise NotationError(
            f"a move is at most {MOVE_TEXT_LIMIT:,} characters of text, not {len(text):,}"
        )
    words = text.strip().split()
    if not words:
        raise NotationError("empty text is not a move")
    head = words[0].lower()
    rest = words[1:]
    if head in _SIMPLE and not rest:
        return _SIMPLE[head]
    if head == "bid" and len(rest) == 1:
        return Bid(_number(rest[0], text))
    if head == "choose" and len(rest) == 1:
        return Choose(rest[0].lower())
    if head == "declare" and len(rest) == 1:
        return Declare(rest[0])
    if head == "discard":
        return Discard(CardSet.parse(" ".join(rest)))
    if head in ("double", "redouble") and rest:
        seats = tuple(_seat(word, text) for word in rest)
        return Double(seats) if head == "double" else Redouble(seats)
    if head == "play" and len(rest) == 1:
        return Play(Card.parse(rest[0]))
    if len(words) == 1:
        short = _short_form(head, state)
        if short is not None:
            return short
        try:
            return Play(Card.parse(head))
        except NotationError:
            pass
    raise NotationError(
        f"not a move: {text.strip()!r} (a card such as 'QS', or draw, pass, sell, keep, "
        "'bid N', 'choose CONTRACT', 'declare TRUMP', 'discard CARDS', 'double SEATS', "
        "'redouble SEATS')"
    )


def _seat(word: str, text: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 2:
        raise NotationError(f"not a seat in {text.strip()!r}: {word!r}")
    return int(word)


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word.lstrip("0")) <= BID_DIGITS_LIMIT


def _number(word: str, text: str) -> int:
    if not (word.isascii() and word.isdigit()):
        raise NotationError(f"not a whole number in {text.strip()!r}: {word!r}")
    if not _is_number(word):
        raise NotationError(f"a bid has at most {BID_DIGITS_LIMIT} digits, not {len(word):,}")
    return int(word)


def _short_form(word: str, state: MoveContext | None) -> Move | None:
    if state is None:
        return None
    phase = state.phase
    if phase is Phase.DECLARE:
        try:
            return Declare(word)
        except NotationError:
            return None
    if phase is Phase.CHOOSE and word in state.rules.contracts:
        return Choose(word)
    if phase is Phase.BID and _is_number(word):
        return Bid(int(word))
    return None


#: The ``Play`` move of every card, by card index.
PLAYS: tuple[Play, ...] = tuple(Play(Card.from_index(i)) for i in range(54))


#: The Play moves of the cards of one 13-bit suit chunk of a mask, by that chunk (shifted in
#: place): at most 4 * 8191 + 3 entries, filled by :func:`plays_of` as they are first asked for.
PLAYS_BY_MASK: dict[int, tuple[Move, ...]] = {}
_CHUNKS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39, 0b11 << 52)


def _chunk_plays(part: int) -> tuple[Move, ...]:
    found = PLAYS_BY_MASK.get(part)
    if found is None:
        found = PLAYS_BY_MASK[part] = tuple(PLAYS[i] for i in iter_indices(part))
    return found


def plays_of(mask: int) -> tuple[Move, ...]:
    """The ``Play`` moves of every card in ``mask``, in display order."""
    get = PLAYS_BY_MASK.get
    found = get(mask)
    if found is not None:
        return found
    out: tuple[Move, ...] = ()
    for chunk in _CHUNKS:
        part = mask & chunk
        if part:
            found = get(part)
            out += found if found is not None else _chunk_plays(part)
    return out
