"""What a deal of a score sheet records: :class:`Entry`, the :class:`Column` counts, their checks.

A contract counts what its prices name (:mod:`kinglib.values.contracts`): its ``trick_values`` give
the trick columns, its ``card_values`` the card columns. :func:`columns_of` reads them:

* ``tricks``: the tricks each seat took, when every trick is priced alike (``no_tricks``, a
  trump round; eralash too);
* ``last_two`` (``last_trick``, ``last_3``, ...): how many of the last tricks each seat took,
  when those are priced apart from the others (``no_last_two``, eralash); other tricks priced
  apart alike are named by their numbers (``tricks_7_13``: kierki's ``no_seventh_and_last``);
* one column per priced group of cards: ``hearts`` (a whole suit is named for it), ``queens``,
  ``boys`` (jacks, or jacks and kings), a single card by its notation (``KH``), any other group
  ``cards``, ``cards2``, ...

Every column holds one count per seat. :func:`check_counts` checks a deal's counts against the
pack: whole numbers, one per seat, adding up to what the pack holds (13 tricks, 8 hearts of a
32-card pack, one K♥), no seat with cards but no tricks to hold them, and groups that overlap
(a heart that is also a queen) counted alike in every group. It returns one pile of taken
cards per seat that gives exactly those counts, for the engine to score.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from kinglib.values.cards import RANK_MASKS, SUIT_MASKS, Card, CardSet, Rank, Suit, iter_indices
from kinglib.values.contracts import Contract
from kinglib.values.errors import SheetError

__all__ = [
    "ALIASES",
    "Column",
    "Entry",
    "check_counts",
    "column_named",
    "columns_of",
    "trick_winners",
]


def _counts_of(value: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    out: dict[str, tuple[int, ...]] = {}
    for name, counts in items:
        if isinstance(counts, (str, bytes)) or not isinstance(counts, Sequence):
            raise SheetError(f"{name}: the counts are one whole number per seat, not {counts!r}")
        out[str(name)] = tuple(counts)
    return tuple(sorted(out.items()))


def _declarations_of(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, Sequence):
        raise SheetError(f"the declarations are a list of words, not {value!r}")
    return tuple(str(v) for v in value)


def _bid_of(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 2:
        raise SheetError(f"an offer is (seat, amount), not {value!r}")
    seat, amount = value
    for what, number in (("seat", seat), ("amount", amount)):
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise SheetError(f"the offer's {what} {number!r} is not a whole number from 0")
    return (seat, amount)


def _wagers_of(value: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
    if isinstance(value, Mapping):
        value = tuple(value.items())
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise SheetError(f"doubles are (seat, seats) pairs, not {value!r}")
    wagers = []
    for pair in value:
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise SheetError(f"a double is (seat, seats), not {pair!r}")
        seat, targets = pair
        if isinstance(targets, int):
            targets = (targets,)
        if isinstance(targets, (str, bytes)) or not isinstance(targets, Sequence) or not targets:
            raise SheetError(f"seat {seat!r} doubles at least one seat, not {targets!r}")
        for number in (seat, *targets):
            if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                raise SheetError(f"the seat {number!r} of a double is not a whole number from 0")
        wagers.append((seat, tuple(sorted(targets))))
    return tuple(wagers)


@attrs.frozen
class Entry:
    """One deal as the players report it: the contract, its declarations and what each seat took.

    Attributes:
        contract: the contract id (``"no_hearts"``); the one the schedule names, or the one
            chosen where the players choose.
        counts: ``(column name, one count per seat)`` pairs, sorted by name; a mapping may be
            given (``{"hearts": (2, 3, 1, 2)}``). The columns are the contract's
            (:func:`columns_of`).
        declarations: what was declared, in order: the trump of a trump round (``"S"``,
            ``"notrump"``, ``"misere"``), the penalty suit of a bidding auction, the trump a
            buyer named after buying the declaration; empty where nothing is declared.
        bid: ``(seat, amount)``: the winning offer of the deal's auction, where there was
            one (a bidding deal's bid, the tricks a trump round was bought for); ``None`` when
            everyone passed.
        doubles: ``(seat, seats)`` pairs: who doubled whom in a doubling round (Barbu's
            ``Double``), in the order the seats spoke; a seat not named passed.
        redoubles: the same for the redoubling round (``Redouble``).

    """

    contract: str
    counts: tuple[tuple[str, tuple[int, ...]], ...] = attrs.field(default=(), converter=_counts_of)
    declarations: tuple[str, ...] = attrs.field(default=(), converter=_declarations_of)
    bid: tuple[int, int] | None = attrs.field(default=None, converter=_bid_of)
    doubles: tuple[tuple[int, tuple[int, ...]], ...] = attrs.field(default=(), converter=_wagers_of)
    redoubles: tuple[tuple[int, tuple[int, ...]], ...] = attrs.field(
        default=(), converter=_wagers_of
    )

    def count(self, name: str) -> tuple[int, ...] | None:
        """The counts of column ``name``, or ``None`` when the entry does not give it."""
        for key, counts in self.counts:
            if key == name:
                return counts
        return None


@attrs.frozen
class Column:
    """One thing a contract counts, per seat.

    Attributes:
        name: the name an entry gives it under (``"hearts"``, ``"tricks"``, ``"KH"``).
        title: how the sheet shows it (``"hearts"``, ``"the last two tricks"``, ``"K♥"``).
        total: what the counts of every seat add up to in a deal.
        cards: the mask of the cards counted (0 for a trick column).
        tricks: the tricks counted, by their number in the deal from 0 (empty for a card column).

    """

    name: str
    title: str
    total: int
    cards: int = 0
    tricks: tuple[int, ...] = ()

    @property
    def single(self) -> bool:
        """Exactly one seat takes what the column counts (a single card, the last trick)."""
        return self.total == 1


#: Other names an entry may give a column under: ``girls`` for ``queens``, ``king`` for ``KH``.
ALIASES: dict[str, str] = {"girls": "queens", "king": "KH", "jacks": "boys", "kings_jacks": "boys"}


def column_named(columns: Sequence[Column], name: str) -> Column | None:
    """The column of ``columns`` called ``name`` (or one of its :data:`ALIASES`), if any."""
    wanted = ALIASES.get(name.lower(), name)
    for column in columns:
        if column.name.lower() == wanted.lower():
            return column
    return None


_SUIT_NAMES = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}

_LAST_NAMES = {1: ("last_trick", "the last trick"), 2: ("last_two", "the last two tricks")}


def _card_column_name(mask: int, deck: int, taken: set[str]) -> tuple[str, str]:
    """The name and title of a column of cards ``mask`` from a pack ``deck``."""
    if mask.bit_count() == 1:
        card = Card.from_index(mask.bit_length() - 1)
        return str(card), card.symbol
    for suit, name in _SUIT_NAMES.items():
        if mask == SUIT_MASKS[suit] & deck:
            return name, name
    ranks = {rank for rank in Rank if RANK_MASKS[rank] & mask}
    if mask == sum(RANK_MASKS[r] for r in ranks) & deck:
        if ranks == {Rank.QUEEN}:
            return "queens", "queens"
        if ranks == {Rank.JACK}:
            return "boys", "jacks"
        if ranks == {Rank.JACK, Rank.KING}:
            return "boys", "jacks and kings"
    name = "cards"
    k = 2
    while name in taken:
        name = f"cards{k}"
        k += 1
    return name, str(CardSet.from_mask(mask))


def _trick_column(tricks: list[int], count: int, alone: bool) -> Column:
    """The column of the tricks priced apart at one price (``tricks`` from 0, of ``count``)."""
    m = len(tricks)
    if alone and tricks == list(range(count - m, count)):
        name, title = _LAST_NAMES.get(m, (f"last_{m}", f"the last {m} tricks"))
    elif m == 1:  # a trick with a price of its own (barbu's 12th and 13th)
        name, title = f"trick_{tricks[0] + 1}", f"trick {tricks[0] + 1}"
    else:  # tricks apart that are not the last ones (kierki's 7th and 13th)
        numbers = [str(k + 1) for k in tricks]
        name = "tricks_" + "_".join(numbers)
        title = "tricks " + ", ".join(numbers[:-1]) + " and " + numbers[-1]
    return Column(name, title, m, tricks=tuple(tricks))


def columns_of(contract: Contract, deck: int) -> tuple[Column, ...]:
    """The columns an entry of ``contract`` gives, trick columns first, for a pack ``deck``.

    Tricks priced alike are one column (``tricks``); tricks priced apart get a column for each
    price of their own (``last_two``, ``tricks_7_13``, ``trick_12``). Raises
    :class:`~kinglib.values.errors.SheetError` for a contract that counts nothing (every
    price 0).
    """
    columns: list[Column] = []
    values = contract.trick_values
    if values:
        base = values[0]
        special = [k for k, v in enumerate(values) if v != base]
        if base:
            columns.append(
                Column("tricks", "tricks", len(values), tricks=tuple(range(len(values))))
            )
        groups: dict[int, list[int]] = {}
        for k in special:
            groups.setdefault(values[k], []).append(k)
        for tricks in groups.values():
            columns.append(_trick_column(tricks, len(values), alone=len(groups) == 1))
    taken: set[str] = set()
    seen: set[int] = set()
    for mask, value in contract.card_values:
        group = mask & deck
        if not value or not group or group in seen:
            continue
        seen.add(group)
        name, title = _card_column_name(group, deck, taken)
        taken.add(name)
        columns.append(Column(name, title, group.bit_count(), cards=group))
    if not columns:
        raise SheetError(f"{contract.id}: its prices count nothing a seat takes")
    return tuple(columns)


def _check_column(column: Column, counts: Sequence[Any], players: int) -> tuple[int, ...]:
    name = column.name
    if len(counts) != players:
        raise SheetError(f"{name}: {players} counts are needed, one per seat, not {len(counts)}")
    for seat, count in enumerate(counts):
        if isinstance(count, bool) or not isinstance(count, int):
            raise SheetError(f"{name}: seat {seat}'s count {count!r} is not a whole number")
        if count < 0:
            raise SheetError(f"{name}: seat {seat}'s count {count} is below 0")
    total = sum(counts)
    if column.single:
        takers = [seat for seat, c in enumerate(counts) if c]
        if len(takers) != 1 or counts[takers[0]] != 1:
            found = (
                "no seat"
                if not takers
                else " and ".join(f"seat {s}" for s in takers)
                if len(takers) > 1
                else f"seat {takers[0]} {counts[takers[0]]} times"
            )
            raise SheetError(f"{name}: {column.title} is taken by exactly one seat, not by {found}")
    elif total != column.total:
        raise SheetError(
            f"{name}: the counts add up to {total}, but a deal has {column.total} ({column.title})"
        )
    return tuple(counts)


def check_counts(
    entry: Entry,
    columns: Sequence[Column],
    players: int,
    *,
    active: Sequence[int],
    trick_size: int,
) -> tuple[tuple[int, ...], dict[str, tuple[int, ...]]]:
    """Check an entry's counts against its columns; taken cards per seat that give them.

    Returns the piles (one mask per seat) and the counts by column name (aliases resolved).

    ``active`` are the seats that hold cards in the deal, ``trick_size`` the cards of a trick.
    Raises :class:`~kinglib.values.errors.SheetError` saying which count is wrong and why.
    """
    given_counts: dict[str, tuple[int, ...]] = {}
    for name, values in entry.counts:
        column = column_named(columns, name)
        if column is None:
            known = ", ".join(c.name for c in columns)
            raise SheetError(f"{entry.contract} does not count {name!r} (it counts: {known})")
        if column.name in given_counts:
            raise SheetError(f"{column.name}: counted twice (as {name!r} too)")
        given_counts[column.name] = values
    counts: dict[str, tuple[int, ...]] = {}
    for column in columns:
        given = given_counts.get(column.name)
        if given is None:
            raise SheetError(f"{entry.contract}: the count of {column.title} is missing")
        counts[column.name] = _check_column(column, given, players)
    for name, values in counts.items():
        for seat, value in enumerate(values):
            if value and seat not in active:
                raise SheetError(f"{name}: seat {seat} holds no cards this deal but took {value}")
    tricks = counts.get("tricks")
    if tricks is not None:
        for column in columns:
            if column.tricks and column.name != "tricks":
                for seat, value in enumerate(counts[column.name]):
                    if value > tricks[seat]:
                        raise SheetError(
                            f"{column.name}: seat {seat} took {value} of {column.title} but "
                            f"{tricks[seat]} tricks in all"
                        )
    card_columns = [c for c in columns if c.cards]
    room: tuple[int, ...] | None = None
    if tricks is not None:
        room = tuple(n * trick_size for n in tricks)
        for column in card_columns:
            for seat, value in enumerate(counts[column.name]):
                if value > room[seat]:
                    raise SheetError(
                        f"{column.name}: seat {seat} took {value} of {column.title} in "
                        f"{tricks[seat]} tricks, which hold {room[seat]} cards"
                    )
    piles = _share_cards(card_columns, counts, players, room)
    if piles is None:
        names = ", ".join(c.title for c in card_columns)
        fit = " within each seat's tricks" if room is not None else ""
        raise SheetError(
            f"the counts of {names} do not fit together: no share of the cards gives every "
            f"seat its counts{fit} (a card in two groups counts in both)"
        )
    return piles, counts


def _share_cards(
    columns: Sequence[Column],
    counts: Mapping[str, tuple[int, ...]],
    players: int,
    room: tuple[int, ...] | None = None,
) -> tuple[int, ...] | None:
    """One pile per seat of the columns' cards with each seat's counts, or ``None``.

    ``room`` is the most cards each seat's tricks hold, when the deal counts tricks.
    """
    union = 0
    for column in columns:
        union |= column.cards
    # Cards in the same columns are alike: share each such kind out in numbers.
    kinds: dict[tuple[bool, ...], list[int]] = {}
    for index in iter_indices(union):
        key = tuple(bool(c.cards >> index & 1) for c in columns)
        kinds.setdefault(key, []).append(index)
    order = sorted(kinds.items(), key=lambda kv: -sum(kv[0]))
    need = [list(counts[c.name]) for c in columns]
    space = list(room) if room is not None else [union.bit_count()] * players
    shares: list[tuple[int, ...]] = []

    def splits(size: int, seats: int) -> Iterator[tuple[int, ...]]:
        if seats == 1:
            yield (size,)
            return
        for first in range(size, -1, -1):
            for rest in splits(size - first, seats - 1):
                yield (first, *rest)

    def place(k: int) -> bool:
        if k == len(order):
            return all(v == 0 for row in need for v in row)
        key, cards = order[k]
        rows = [i for i, inside in enumerate(key) if inside]
        for split in splits(len(cards), players):
            if any(need[i][s] < split[s] for i in rows for s in range(players)):
                continue
            if any(space[s] < split[s] for s in range(players)):
                continue
            for s in range(players):
                space[s] -= split[s]
                for i in rows:
                    need[i][s] -= split[s]
            shares.append(split)
            if place(k + 1):
                return True
            shares.pop()
            for s in range(players):
                space[s] += split[s]
                for i in rows:
                    need[i][s] += split[s]
        return False

    if not place(0):
        return None
    piles = [0] * players
    for (_, cards), split in zip(order, shares):
        at = 0
        for seat, n in enumerate(split):
            for index in cards[at : at + n]:
                piles[seat] |= 1 << index
            at += n
    return tuple(piles)


def trick_winners(
    columns: Sequence[Column],
    counts: Mapping[str, tuple[int, ...]],
    tricks: int,
    active: Sequence[int],
) -> tuple[int, ...]:
    """A winner for each of a deal's ``tricks`` tricks that gives the trick columns' counts.

    The tricks a column counts apart (the last two) go to the seats that took them; the others
    go to the seats by their ``tricks`` counts less those, or round the active seats when the
    deal does not count them.
    """
    winners: list[int | None] = [None] * tricks
    left = list(counts["tricks"]) if "tricks" in counts else None
    for column in columns:
        if not column.tricks or column.name == "tricks":
            continue
        slots = iter(column.tricks)
        for seat, n in enumerate(counts[column.name]):
            for _ in range(n):
                winners[next(slots)] = seat
                if left is not None:
                    left[seat] -= 1
    if left is not None:
        pool = [seat for seat, n in enumerate(left) for _ in range(max(n, 0))]
    else:
        free = sum(1 for w in winners if w is None)
        pool = [active[k % len(active)] for k in range(free)]
    it = iter(pool)
    return tuple(w if w is not None else next(it) for w in winners)
