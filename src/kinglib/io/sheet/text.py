"""The text of a score sheet: an entry's compact form, and what the next deal asks for.

An entry is one line, words separated by spaces::

    [CONTRACT] [DECLARATION ...] [bid=SEAT:AMOUNT] [double=SEAT:SEATS ...] COUNTS

* ``CONTRACT``: the contract id (``no_hearts``); left out, it is the one the schedule gives
  the deal.
* ``DECLARATION``: what was declared, in order: a trump (``S``, ``H``, ``D``, ``C``,
  ``notrump``, ``misere``), a bidding deal's penalty suit, ``raspis``, the trump a buyer named.
* ``bid=SEAT:AMOUNT``: the winning offer of the deal's auction (the seat that bought the trump
  round and for how many tricks, the bidder and his bid); left out when everyone passed.
* ``double=SEAT:SEATS``, ``redouble=SEAT:SEATS``: who doubled (redoubled) whom in a doubling
  round (Barbu: ``double=1:0,3 double=3:0 redouble=3:1``); a seat not named passed.
* ``COUNTS``: the contract's columns (:func:`~kinglib.io.sheet.entries.columns_of`), in order,
  one number per seat each, or one seat for a single card (``KH``): ``no_hearts 2 3 1 2``,
  ``no_king 3``, ``trumps S 4 3 3 3``. A column may be named instead, with its counts joined
  by commas (``hearts=2,3,1,2``, ``KH=3``, ``king=3``), and single cards may be given by seat
  (``0:AH,KH 2:QH``); named columns and seats first or last, the numbers fill the others.

:func:`parse_entry` reads a line for the sheet's next deal, :func:`entry_text` writes one,
:func:`next_deal_text` says what is asked (the running sheet is drawn by
:func:`kinglib.apps.sheet_cli.sheet_table`).
"""

from __future__ import annotations

from collections.abc import Sequence

from kinglib.io.sheet.entries import Column, Entry, column_named
from kinglib.io.sheet.score_sheet import PLACE, ScoreSheet
from kinglib.values.errors import SheetError

__all__ = [
    "columns_text",
    "entry_text",
    "next_deal_text",
    "parse_entry",
]


def _number(text: str, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise SheetError(f"{what}: {text!r} is not a whole number") from None
    return value


def _is_number(word: str) -> bool:
    return word.lstrip("-").isdigit()


def _seat_values(column: Column, text: str, players: int) -> tuple[int, ...]:
    """``hearts=2,3,1,2`` per seat; ``KH=3`` (one number) names the seat of a single card."""
    parts = [p for p in text.split(",") if p.strip()]
    numbers = [_number(p.strip(), column.name) for p in parts]
    if column.single and len(numbers) == 1 and players != 1:
        return _one_seat(column, numbers[0], players)
    return tuple(numbers)


def _one_seat(column: Column, seat: int, players: int) -> tuple[int, ...]:
    if not 0 <= seat < players:
        raise SheetError(
            f"{column.name}: seat {seat} is not a seat (the seats are 0 to {players - 1})"
        )
    return tuple(1 if s == seat else 0 for s in range(players))


def parse_entry(sheet: ScoreSheet, text: str) -> Entry:
    """The :class:`~kinglib.io.sheet.entries.Entry` that ``text`` gives for the sheet's next deal.

    Raises :class:`~kinglib.values.errors.SheetError` for text that is not an entry (an unknown
    column, a number that is not one, too many or too few numbers), and for a contract,
    declaration or offer that the rules refuse, as :meth:`ScoreSheet.add` does. The counts
    themselves are checked by :meth:`ScoreSheet.add`. Every message starts with the deal's
    number.
    """
    try:
        return _parse_entry(sheet, text)
    except SheetError as exc:
        message = str(exc)
        if message.startswith("deal "):
            raise
        raise SheetError(f"deal {sheet.deal_number}: {message}") from None


def _parse_entry(sheet: ScoreSheet, text: str) -> Entry:
    words = text.split()
    if not words:
        raise SheetError("an empty entry: give the contract and the counts (see help)")
    players = sheet.rules.players
    first = words[0]
    if _is_number(first) or "=" in first or ":" in first:
        contract = sheet.scheduled
        if contract is None:
            choices = ", ".join(sheet.choices) or "none"
            raise SheetError(f"name the contract first (one of: {choices})")
    else:
        contract = first.lower().replace("-", "_")
        words = words[1:]
    declarations: list[str] = []
    bid: tuple[int, int] | None = None
    wagers: dict[str, list[tuple[int, tuple[int, ...]]]] = {"double": [], "redouble": []}
    named: list[tuple[str, str]] = []
    seats: list[tuple[int, str]] = []
    numbers: list[int] = []
    for word in words:
        key, eq, value = word.partition("=")
        seat_text, colon, cards = word.partition(":")
        if eq and key.lower() in ("bid", "sold"):
            who, sep, amount = value.partition(":")
            if not sep:
                raise SheetError(f"an offer is written bid=SEAT:AMOUNT, not {word!r}")
            bid = (_number(who, "bid"), _number(amount, "bid"))
        elif eq and key.lower() in wagers:
            who, sep, targets = value.partition(":")
            if not sep or not targets:
                raise SheetError(f"a double is written {key.lower()}=SEAT:SEATS, not {word!r}")
            seats_doubled = tuple(_number(t, key.lower()) for t in targets.split(","))
            wagers[key.lower()].append((_number(who, key.lower()), seats_doubled))
        elif eq:
            named.append((key, value))
        elif colon and _is_number(seat_text):
            seats.append((_number(seat_text, "seat"), cards))
        elif _is_number(word):
            numbers.append(int(word))
        else:
            declarations.append(word)
    columns = sheet.columns(contract, declarations, bid, wagers["double"], wagers["redouble"])
    counts: dict[str, tuple[int, ...]] = {}
    for key, value in named:
        column = column_named(columns, key)
        if column is None:
            known = ", ".join(c.name for c in columns) or "nothing"
            raise SheetError(f"{contract} does not count {key!r} (it counts: {known})")
        if column.name in counts:
            raise SheetError(f"{column.name}: counted twice (as {key!r} too)")
        counts[column.name] = _seat_values(column, value, players)
    for seat, cards in seats:
        for card in (c for c in cards.split(",") if c):
            column = column_named(columns, card.upper())
            if column is None or not column.single or not column.cards:
                singles = ", ".join(c.name for c in columns if c.single and c.cards) or "none"
                raise SheetError(
                    f"{contract} does not count the card {card!r} alone (its cards: {singles})"
                )
            if column.name in counts:
                raise SheetError(f"{column.name}: counted twice (as {card!r} too)")
            counts[column.name] = _one_seat(column, seat, players)
    rest = [c for c in columns if c.name not in counts]
    wanted = sum(1 if c.single else players for c in rest)
    if numbers and len(numbers) != wanted:
        raise SheetError(f"{len(numbers)} numbers given; {columns_text(rest, players)}")
    at = 0
    if numbers:
        for column in rest:
            if column.single:
                counts[column.name] = _one_seat(column, numbers[at], players)
                at += 1
            else:
                counts[column.name] = tuple(numbers[at : at + players])
                at += players
    return Entry(
        contract,
        counts,
        declarations=tuple(declarations),
        bid=bid,
        doubles=wagers["double"],
        redoubles=wagers["redouble"],
    )


def columns_text(columns: Sequence[Column], players: int) -> str:
    """What an entry of these columns gives: ``give hearts (8 in all, one number per seat)``."""
    if not columns:
        return "no counts are needed"
    parts = []
    for column in columns:
        title = "" if column.title == column.name else f"{column.title}, "
        if column.name == PLACE:
            parts.append(f"{PLACE} (each seat's place going out, 1 first to {players} last)")
        elif column.single:
            parts.append(f"{column.name} ({title}the seat that took it)")
        else:
            parts.append(f"{column.name} ({title}{column.total} in all, one number per seat)")
    return "give " + "; then ".join(parts)


def entry_text(sheet: ScoreSheet, entry: Entry) -> str:
    """The compact form of ``entry`` (every column named), which :func:`parse_entry` reads."""
    words = [entry.contract, *entry.declarations]
    if entry.bid is not None:
        words.append(f"bid={entry.bid[0]}:{entry.bid[1]}")
    for kind, wagers in (("double", entry.doubles), ("redouble", entry.redoubles)):
        words.extend(f"{kind}={seat}:{','.join(map(str, seats))}" for seat, seats in wagers)
    for name, counts in entry.counts:
        if sum(counts) == 1 and 1 in counts and len(counts) > 1:
            words.append(f"{name}={counts.index(1)}")
        else:
            words.append(f"{name}={','.join(str(c) for c in counts)}")
    return " ".join(words)


def next_deal_text(sheet: ScoreSheet) -> str:
    """One line saying what the next deal asks for: its number, dealer, contract or choice."""
    if sheet.is_over:
        return f"The match is over after {len(sheet.entries)} deals."
    names = sheet.names
    length = sheet.rules.schedule.length
    of = f" of {length}" if length else ""
    dealer = sheet.dealer
    head = f"Deal {sheet.deal_number}{of}"
    if dealer is not None:
        head += f", dealt by {names[dealer]}"
    scheduled = sheet.scheduled
    if scheduled is not None:
        title = sheet.rules.contracts[scheduled].title
        label = scheduled if title.replace(" ", "_") == scheduled else f"{scheduled} ({title})"
        try:
            columns = sheet.columns(scheduled)
        except SheetError as exc:
            reason = str(exc).partition(": ")[2]
            return f"{head}: {label}; {reason}, then the counts."
        return f"{head}: {label}; {columns_text(columns, len(names))}."
    chooser = sheet.chooser
    who = names[chooser] if chooser is not None else "the chooser"
    return f"{head}: {who} chooses one of {', '.join(sheet.choices)}."
