"""The score sheet of a match played with real cards: :class:`ScoreSheet`.

The players report each deal: its contract, what was declared, the winning offer of an
auction, and what each seat took (:class:`~kinglib.io.sheet.entries.Entry`). The sheet keeps the
engine's own match alongside (:attr:`ScoreSheet.state`), dealt from a seed that nobody plays:

* where the schedule fixes the contract, the engine's deal names it; where a seat chooses, the
  choice is the engine's ``Choose`` move, legal or refused with the engine's reason; a trump,
  a penalty suit or an offer is the engine's ``Declare``, ``Bid``, ``Pass``, ``Sell`` or
  ``Keep``, so every rule of the schedule, the quotas and the auctions is the engine's;
* once the deal would be played, the counts are checked (:func:`~kinglib.io.sheet.entries.
  check_counts`), the cards the engine dealt are set aside, and the deal is finished with
  taken piles and tricks that give exactly the counts: the variant's ``kinglib_score_deal``
  scores it, and the engine moves on to the next deal or ends the match (with its end-of-match
  points), as it does after a deal played card by card;
* a fan-tan deal (:mod:`kinglib.kit.fan_tan`: the cards laid out in rows, scored by the order
  of going out) is entered as each seat's place (column ``place``: 1 for the first out, the
  seat left holding cards last), and scored by the variant as if the seats had gone out in
  that order.

A sheet is immutable: :meth:`ScoreSheet.add` returns a new sheet, or raises
:class:`~kinglib.values.errors.SheetError` and leaves the sheet as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from kinglib.engine.flow import after_deal, deal_result
from kinglib.engine.match_end import match_end_points
from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.engine.tricks import TrickPlay
from kinglib.io.sheet.entries import Column, Entry, check_counts, columns_of, trick_winners
from kinglib.kit.fan_tan import FanTanPlay, fan_tan_record
from kinglib.values.cards import Card, CardSet, Suit
from kinglib.values.deals import DealResult, Phase, Trick
from kinglib.values.errors import IllegalMoveError, KinglibError, NotationError, SheetError
from kinglib.values.moves import Bid, Choose, Declare, Double, Keep, Move, Pass, Redouble, Sell

__all__ = ["ScoreSheet", "declaration_of"]

#: The seed of the engine's match that a sheet keeps alongside; its cards are never shown.
_SEED = 0


def declaration_of(text: str) -> Suit | str:
    """A declaration as text read as the engine's: a suit letter, or a word (``notrump``)."""
    try:
        return Suit.parse(text)
    except NotationError:
        return text.lower()


def _is_card_free(value: Any) -> bool:
    """Whether a deal's detail says nothing about cards (a sheet knows no cards)."""
    if isinstance(value, (Card, CardSet)):
        return False
    if isinstance(value, (tuple, list)):
        return all(_is_card_free(v) for v in value)
    return True


class ScoreSheet:
    """The score sheet of a match whose deals are reported, not played: immutable.

    ``ScoreSheet(rules, entries=(), names=())`` checks every entry in order (raising
    :class:`~kinglib.values.errors.SheetError` for the first refused). ``names`` are the players'
    names by seat, for display (``"seat 0"``... when left out).

    Attributes:
        rules: the rules of the match (:func:`kinglib.load_rules`).
        entries: the deals entered so far, in order.
        names: a name for each seat.

    """

    __slots__ = ("_states", "entries", "names", "rules")

    rules: Rules
    entries: tuple[Entry, ...]
    names: tuple[str, ...]
    _states: tuple[State, ...]

    def __init__(
        self, rules: Rules, entries: Sequence[Entry] = (), names: Sequence[str] = ()
    ) -> None:
        """Start a sheet for ``rules`` and enter ``entries`` in order."""
        if not isinstance(rules, Rules):
            raise TypeError(f"a score sheet takes kinglib Rules, not {type(rules).__name__}")
        names = tuple(str(n) for n in names) or tuple(f"seat {s}" for s in range(rules.players))
        if len(names) != rules.players:
            raise SheetError(f"{len(names)} names for {rules.players} seats")
        states = [rules.new_match(seed=_SEED)]
        for entry in entries:
            states.append(_enter(states[-1], entry))
        self._set(rules, tuple(entries), names, tuple(states))

    def _set(
        self, rules: Rules, entries: tuple[Entry, ...], names: tuple[str, ...], states: Any
    ) -> None:
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "entries", entries)
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "_states", states)

    def _with(self, entries: tuple[Entry, ...], states: tuple[State, ...]) -> ScoreSheet:
        sheet = object.__new__(ScoreSheet)
        sheet._set(self.rules, entries, self.names, states)
        return sheet

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ScoreSheet is immutable: add() returns a new sheet")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreSheet):
            return NotImplemented
        return (self.rules, self.entries, self.names) == (other.rules, other.entries, other.names)

    def __hash__(self) -> int:
        return hash((self.rules, self.entries, self.names))

    def __repr__(self) -> str:
        return (
            f"ScoreSheet({self.rules.variant!r}, {len(self.entries)} deals, totals={self.totals})"
        )

    # ------------------------------------------------------------------ entering deals

    def add(self, entry: Entry) -> ScoreSheet:
        """The sheet with ``entry`` as its next deal.

        Raises :class:`~kinglib.values.errors.SheetError` saying why when the rules refuse it: the
        match is over, a contract that is not this deal's (or may not be chosen now, by the
        engine's reason), a missing or refused declaration or offer, counts that are not one
        whole number per seat, that do not add up to what the pack holds, or that do not fit
        together. The sheet itself is unchanged.
        """
        if not isinstance(entry, Entry):
            raise TypeError(f"add takes an Entry, not {type(entry).__name__}")
        after = _enter(self.state, entry)
        return self._with((*self.entries, entry), (*self._states, after))

    def undo(self) -> ScoreSheet:
        """The sheet without its last deal; :class:`SheetError` when it has none."""
        if not self.entries:
            raise SheetError("the sheet has no deal to take back")
        return self._with(self.entries[:-1], self._states[:-1])

    def columns(
        self,
        contract: str,
        declarations: Sequence[str] = (),
        bid: tuple[int, int] | None = None,
        doubles: Sequence[tuple[int, Sequence[int]]] = (),
        redoubles: Sequence[tuple[int, Sequence[int]]] = (),
    ) -> tuple[Column, ...]:
        """What an entry of ``contract`` (with these declarations, offer and doubles) counts now.

        Empty for a deal that the declarations end unplayed (raspis). Raises
        :class:`~kinglib.values.errors.SheetError` as :meth:`add` does for the contract, the
        declarations, the offer and the doubles.
        """
        entry = Entry(
            contract, declarations=declarations, bid=bid, doubles=doubles, redoubles=redoubles
        )
        opened = _open(self.state, entry)
        if opened.deal_number != self.state.deal_number or opened.is_over:
            return ()
        if _is_fan_tan(opened):
            return (_place_column(opened.rules.players),)
        if opened.phase is not Phase.PLAY:
            return ()
        return _columns(opened)

    # ------------------------------------------------------------------ reading the sheet

    @property
    def state(self) -> State:
        """The engine's match after the deals entered: the next deal opened, or the end."""
        return self._states[-1]

    @property
    def is_over(self) -> bool:
        """Whether the match is over (the rules' own ``kinglib_match_over``)."""
        return self.state.is_over

    @property
    def deal_number(self) -> int:
        """The number of the next deal to enter, from 1 (one past the last when over)."""
        return len(self.entries) + 1

    @property
    def results(self) -> tuple[DealResult, ...]:
        """Every deal's result (its contract, points, dealer, chooser and trump)."""
        return self.state.results

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total: the deals' points, and the end-of-match points once over."""
        return self.state.totals

    @property
    def match_end(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The end-of-match points, by the name of the rule that scored them (when over)."""
        return match_end_points(self.state)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over (by the rules), else empty."""
        return self.state.winners if self.is_over else ()

    @property
    def dealer(self) -> int | None:
        """The seat that deals the next deal (``None`` once over)."""
        return None if self.is_over else self.state.dealer

    @property
    def scheduled(self) -> str | None:
        """The contract the schedule gives the next deal, or ``None`` where a seat chooses it."""
        state = self.state
        if state.is_over or state.phase is Phase.CHOOSE or state.contract_info is None:
            return None
        return state.contract_info.id

    @property
    def chooser(self) -> int | None:
        """The seat that chooses the next deal's contract, where one does."""
        state = self.state
        return state.to_move if state.phase is Phase.CHOOSE else None

    @property
    def choices(self) -> tuple[str, ...]:
        """The contracts the next deal may be: the chooser's legal choices, or the scheduled."""
        state = self.state
        if state.is_over:
            return ()
        if state.phase is Phase.CHOOSE:
            return tuple(m.contract for m in state.legal_moves() if isinstance(m, Choose))
        scheduled = self.scheduled
        return () if scheduled is None else (scheduled,)


# ---------------------------------------------------------------------- the engine's deal


def _refused(state: State, message: str) -> SheetError:
    return SheetError(f"deal {state.deal_number}: {message}")


def _open(state: State, entry: Entry) -> State:
    """The engine's deal once the entry's contract, declarations and offer are made.

    The result is in trick play (or the deal is over, for a deal that the declarations end
    unplayed). Every move is the engine's, so a refused one is refused with its reason.
    """
    if state.is_over:
        raise SheetError(
            f"the match is over after {len(state.results)} deals: no deal is left to enter"
        )
    rules = state.rules
    if entry.contract not in rules.contracts:
        known = ", ".join(rules.contracts)
        raise _refused(state, f"{entry.contract!r} is not a contract of {rules.variant} ({known})")
    declarations = list(entry.declarations)
    bid = entry.bid
    if bid is not None:
        seat = bid[0]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
            raise _refused(state, f"the offer's seat {seat!r} is not a seat of {rules.players}")
    bid_made = False
    wagered: set[tuple[str, int]] = set()
    number = state.deal_number
    while (
        state.deal_number == number
        and not state.is_over
        and isinstance(state.phase, Phase)
        and state.phase is not Phase.PLAY
    ):
        phase = state.phase
        legal = state.legal_moves()
        move: Move
        if phase is Phase.CHOOSE:
            move = Choose(entry.contract)
        elif phase is Phase.DECLARE:
            if not declarations:
                allowed = ", ".join(str(m.trump) for m in legal if isinstance(m, Declare))
                raise _refused(
                    state,
                    f"{state.contract or entry.contract} needs a declaration by seat "
                    f"{state.to_move} (one of: {allowed})",
                )
            text = declarations.pop(0)
            try:
                move = Declare(declaration_of(text))
            except NotationError as exc:
                raise _refused(state, str(exc)) from None
            if move.trump == "last":
                raise _refused(
                    state,
                    "a sheet knows no cards: declare the suit that the last card set, not 'last'",
                )
        elif phase is Phase.BID:
            if bid is not None and not bid_made and state.to_move == bid[0]:
                try:
                    move = Bid(bid[1])
                except NotationError as exc:
                    raise _refused(state, str(exc)) from None
                bid_made = True
            else:
                move = Pass()
        elif phase is Phase.ANSWER:
            if declarations and declarations[0].lower() == "raspis":
                move = Declare(declarations.pop(0).lower())
            else:
                move = Sell() if bid is not None else Keep()
        elif phase is Phase.DOUBLE:
            move = _wager_move(state, legal, entry, wagered)
        elif phase is Phase.DISCARD:
            # The cards are the engine's own, never shown: any discard it allows will do.
            move = legal[0]
        else:
            raise _refused(
                state,
                f"{rules.variant} asks for a {phase} phase here, which a score sheet cannot enter",
            )
        try:
            state = state.apply(move)
        except IllegalMoveError as exc:
            raise _refused(state, str(exc)) from None
    for kind, wagers in (("double", entry.doubles), ("redouble", entry.redoubles)):
        for seat, _ in wagers:
            if (kind, seat) not in wagered:
                raise _refused(state, f"seat {seat} was not asked to {kind}")
    if bid is not None and not bid_made:
        raise _refused(state, f"no offer was asked for, so seat {bid[0]} made none")
    if declarations:
        extra = " ".join(declarations)
        raise _refused(state, f"{entry.contract} takes no further declaration ({extra})")
    if state.deal_number == number and not state.is_over:
        played = state.contract
        if played != entry.contract:
            raise _refused(
                state, f"the deal is {played} by the rules of {rules.variant}, not {entry.contract}"
            )
    return state


def _wager_move(
    state: State, legal: Sequence[Move], entry: Entry, wagered: set[tuple[str, int]]
) -> Move:
    """The seat's move of a doubling or redoubling round: what the entry says it did, or Pass."""
    redoubling = any(isinstance(m, Redouble) for m in legal)
    kind, wagers = ("redouble", entry.redoubles) if redoubling else ("double", entry.doubles)
    seat = state.to_move
    assert seat is not None  # a doubling round always has a seat to speak
    wagered.add((kind, seat))
    for who, targets in wagers:
        if who == seat:
            return Redouble(targets) if redoubling else Double(targets)
    return Pass()


def _columns(opened: State) -> tuple[Column, ...]:
    rules = opened.rules
    contract = opened.contract_info
    assert contract is not None
    play = rules.phase_for(opened)
    if not isinstance(play, TrickPlay) or not isinstance(opened.phase, Phase):
        raise _refused(
            opened,
            f"{contract.id} of {rules.variant} is not played in tricks, so its points cannot "
            "be entered as counts",
        )
    try:
        return columns_of(contract, rules.deck.mask)
    except SheetError as exc:
        raise _refused(opened, f"{rules.variant}: {exc}") from None


#: The column of a fan-tan deal: each seat's place in the order of going out.
PLACE = "place"


def _place_column(players: int) -> Column:
    return Column(PLACE, "place out", total=players * (players + 1) // 2)


def _is_fan_tan(opened: State) -> bool:
    """Whether the deal is laid out in fan-tan rows, by the kit's fan-tan play."""
    return isinstance(opened.rules.phase_for(opened), FanTanPlay)


def _places(opened: State, entry: Entry) -> tuple[int, ...]:
    """The seats in the order they went out, checked: each seat's place once, 1 to N."""
    players = opened.rules.players
    others = [name for name, _ in entry.counts if name != PLACE]
    if others:
        raise _refused(
            opened,
            f"{entry.contract} is laid out, not played in tricks: it counts each seat's place "
            f"going out ({PLACE}=...), not {', '.join(others)}",
        )
    places = entry.count(PLACE)
    if places is None:
        raise _refused(
            opened,
            f"{entry.contract} needs each seat's place going out: {PLACE}=... with one "
            f"number per seat, 1 for the first out and {players} for the seat left with cards",
        )
    if len(places) != players:
        raise _refused(opened, f"{PLACE}: {len(places)} places for {players} seats")
    if sorted(places) != list(range(1, players + 1)):
        shown = ",".join(str(p) for p in places)
        raise _refused(
            opened,
            f"{PLACE}: each seat has its own place from 1 to {players}, not {shown}",
        )
    return tuple(sorted(range(players), key=lambda seat: places[seat]))


def _enter_fan_tan(opened: State, entry: Entry) -> State:
    """A fan-tan deal finished as if the seats had gone out in the order entered."""
    order = _places(opened, entry)
    record = fan_tan_record(opened)
    players = opened.rules.players
    finished = opened.evolve(
        hands_mask=(0,) * players,
        aux=attrs.evolve(record, out=order[:-1]),
        to_move=None,
    )
    return _finish(opened, finished)


def _enter(state: State, entry: Entry) -> State:
    """The engine's match after ``entry``: the next deal opened, or the end of the match."""
    opened = _open(state, entry)
    if opened.deal_number != state.deal_number or opened.is_over:
        if entry.counts:
            raise _refused(state, f"{entry.contract} as declared is not played: it takes no counts")
        return opened
    if _is_fan_tan(opened):
        return _enter_fan_tan(opened, entry)
    columns = _columns(opened)
    players = opened.rules.players
    active = [seat for seat, hand in enumerate(opened.hands_mask) if hand]
    tricks = len(opened.contract_info.trick_values) if opened.contract_info else 0
    trick_size = max(1, len(active))
    try:
        piles, counts = check_counts(entry, columns, players, active=active, trick_size=trick_size)
    except SheetError as exc:
        raise _refused(opened, str(exc)) from None
    winners = trick_winners(columns, counts, tricks, active) if tricks else ()
    finished = opened.evolve(
        hands_mask=(0,) * players,
        taken_mask=tuple(t | p for t, p in zip(opened.taken_mask, piles)),
        trick=(),
        tricks=tuple(Trick((), w) for w in winners),
    )
    return _finish(opened, finished)


def _finish(opened: State, finished: State) -> State:
    """Score ``finished`` by the variant's rules and go on to the next deal (or the end)."""
    try:
        result = deal_result(finished, ended_early=False)
    except KinglibError as exc:
        raise _refused(opened, str(exc)) from None
    details = tuple((k, v) for k, v in result.details if _is_card_free(v))
    result = DealResult(
        contract=result.contract,
        points=result.points,
        dealer=result.dealer,
        chooser=result.chooser,
        trump=result.trump,
        details=details,
    )
    return after_deal(finished, result)
