"""One seat's view as a fixed-size vector: :class:`Observation`, its fields and their ranges.

The encoding reads nothing but what the seat may see (a :class:`~kinglib.View`, or the same
facts read straight from a state's masks by :meth:`Observation.encode_state`), so it cannot
show a card the seat has not seen: two states that give a seat the same view give it the same
observation. Every adapter (OpenSpiel's tensors, PettingZoo, Gymnasium and the batched
environments of :mod:`kinglib.adapters.vector`) uses this one layout.

``D`` is the size of the pack, ``n`` the number of seats, ``C`` the number of contracts; seats
are absolute (seat 0 is always the first block of a per-seat field); a card's place in a card
field is its place in the pack's display order (spades ace down, hearts, diamonds, clubs,
jokers). Every value lies in ``[0, 1]`` except the totals, in ``(-1, 1)``;
:meth:`Observation.table` lists every field with its offset, size, range and meaning (the
table in the documentation is generated from it). The fields, in this order: ``seat``,
``phase``, ``to_move``, ``dealer``, ``maker``, ``contract``, ``trump``, ``hand``, ``trick``,
``leader``, ``played``, ``play_order``, ``tricks_won``, ``hand_sizes``, ``piles``, ``shown``,
``numbers``, ``suits``, ``totals``, ``deal_number``.

``P``, ``K`` and ``S`` (the sizes of ``piles``, ``numbers`` and ``suits``) come from the
variant: the piles are those its deal starts with, the extras those its views show in the
opening of a match (dealt from seed 0 and played at random for a few hundred moves); an extra
that never shows there stays in the dictionary form only. :meth:`Observation.as_dict` is the
view's own JSON-ready dictionary, for those who want every detail (the auction, the offers,
the contracts still owed).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from kinglib.engine.rules import Rules
from kinglib.engine.state import Phase, State
from kinglib.engine.view import View
from kinglib.values.cards import Card, CardSet, Suit
from kinglib.values.errors import NotationError
from kinglib.values.moves import DECLARATIONS

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["FIELD_MEANINGS", "Entries", "Observation", "deal_bound"]

#: What a view shows besides the cards: the visible piles (masks by name), the extras, and the
#: mask of the cards the extras show.
Public = tuple[dict[str, int], dict[str, Any], int]
#: The entries of a vector that are not 0: the places of its 1s, the places of its other
#: values, and those values.
Entries = tuple[list[int], list[int], list[float]]

_TRUMPS: tuple[Suit | str, ...] = (*Suit, *DECLARATIONS)
_TRUMP_INDEX: dict[Any, int] = {t: i for i, t in enumerate(_TRUMPS)}
_PHASES = tuple(Phase)
_PHASE_INDEX = {p: i for i, p in enumerate(_PHASES)}
#: Random moves played to find a variant's extras.
_PROBE_MOVES = 400
#: The deal count that scales ``deal_number`` for a match of no fixed length.
OPEN_MATCH_DEALS = 100

#: What each field holds, with its range: the table of the documentation is made of these.
FIELD_MEANINGS: dict[str, tuple[str, str]] = {
    "seat": ("0/1", "1 at the observing seat"),
    "phase": (
        "0/1",
        "1 at the phase: choose, declare, bid, answer, discard, play, over",
    ),
    "to_move": ("0/1", "1 at the seat to move (all 0 when the match is over)"),
    "dealer": ("0/1", "1 at the dealer"),
    "maker": ("0/1", "1 at the seat whose declaration is played, if any"),
    "contract": ("0/1", "1 at the deal's contract, in catalogue order"),
    "trump": ("0/1", "1 at the trump: S, H, D, C, notrump, misere, last, raspis"),
    "hand": ("0/1", "1 for each card in the seat's hand"),
    "trick": ("0/1", "for each seat, 1 at the card it has on the table"),
    "leader": ("0/1", "1 at the seat that led the trick on the table"),
    "played": (
        "0/1",
        "for each seat, 1 at each card it played to a finished trick of this deal",
    ),
    "play_order": (
        "[0, 1]",
        "for each card played in this deal, its place in the deal's play order (1 for the "
        "first card) divided by D; 0 for a card not played",
    ),
    "tricks_won": ("[0, 1]", "tricks each seat has won in this deal, divided by D / n (at most 1)"),
    "hand_sizes": ("[0, 1]", "cards in each hand, divided by D"),
    "piles": (
        "[0, 1]",
        "for each pile of the variant: its size divided by D, then 1 at each of its cards "
        "that the seat may see",
    ),
    "shown": (
        "0/1",
        "1 at each card shown in the view's public extras (a widow shown, the last card "
        "dealt, the seat's own drawn cards)",
    ),
    "numbers": (
        "[0, 1]",
        "for each whole-number extra of the variant (a declarer, a bid): 1 when present, then "
        "its value divided by D (at most 1)",
    ),
    "suits": ("0/1", "for each suit extra of the variant (a penalty suit): one-hot"),
    "totals": (
        "(-1, 1)",
        "each seat's match total t as t / (|t| + B), B the most points one deal can hand out "
        "(deal_bound): 0 for 0, ±0.5 for ±B",
    ),
    "deal_number": (
        "[0, 1]",
        "the deal's number divided by the match's length (100 for a match of no fixed "
        "length, at most 1)",
    ),
}


@cache
def _extra_kinds(rules: Rules) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The whole-number and the suit extras that the opening of a match shows."""
    numbers: set[str] = set()
    suits: set[str] = set()
    rng = random.Random(0)
    state = rules.new_match(seed=0)
    for _ in range(_PROBE_MOVES):
        if state.is_over or state.to_move is None:
            break
        for key, value in state.view(state.to_move).extra.items():
            if isinstance(value, Suit):
                suits.add(key)
            elif isinstance(value, int) and not isinstance(value, bool):
                numbers.add(key)
        state = state.apply(rng.choice(state.legal_moves()))
    return tuple(sorted(numbers)), tuple(sorted(suits - numbers))


def _card_in(value: Any) -> int:
    """The mask of every card held in an extra's value (cards, card sets, card texts)."""
    if isinstance(value, (Card, CardSet)):
        return value.mask
    if isinstance(value, str):
        try:
            return Card.parse(value).mask
        except NotationError:
            return 0
    if isinstance(value, Mapping):
        value = tuple(value.values())
    if isinstance(value, (tuple, list, frozenset, set)):
        mask = 0
        for item in value:
            mask |= _card_in(item)
        return mask
    return 0


def _codes(plays: Sequence[tuple[int, Card]]) -> list[int]:
    """The codes (``seat << 6 | card index``) of ``(seat, card)`` plays."""
    return [seat << 6 | card.index for seat, card in plays]


def deal_bound(rules: Rules) -> int:
    """The most points (in absolute value) that one deal of ``rules`` can hand out.

    The sum over every contract's prices of their absolute values, the largest of the
    catalogue (at least 1): the scale of the ``totals`` field.
    """
    best = 1
    for contract in rules.contracts.values():
        bound = sum(abs(v) for v in contract.trick_values)
        bound += sum(abs(value) * mask.bit_count() for mask, value in contract.card_values)
        best = max(best, bound)
    return best


_STEADY = {"kinglib.plugins.defaults", "kinglib.kit.trump_rounds"}


def _only_plugins(rules: Rules, hook: str, names: set[str]) -> bool:
    """Whether no plugin but those ``names`` answers ``hook``."""
    manager = rules.plugin_manager
    impls = getattr(manager.hook, hook).get_hookimpls()
    return all(manager.get_name(impl.plugin) in names for impl in impls)


def _only_defaults(rules: Rules, hook: str) -> bool:
    """Whether no plugin but kinglib's defaults answers ``hook`` (its answer is then empty)."""
    manager = rules.plugin_manager
    impls = getattr(manager.hook, hook).get_hookimpls()
    return all(manager.get_name(impl.plugin) == "kinglib.plugins.defaults" for impl in impls)


class Observation:
    """The observation encoding of one rules object (the layout in the module's docstring).

    Attributes:
        rules: the rules it encodes views of.
        fields: ``(name, start, size)`` of each field of the vector, in order.
        size: the length of the vector.
        low: the lowest value of each entry (0, or -1 for the totals).
        high: the highest value of each entry (1).
        pile_names: the piles encoded, in order.
        number_extras: the whole-number extras encoded, in order.
        suit_extras: the suit extras encoded, in order.
        bound: the scale of the totals (:func:`deal_bound`).
        length: the deal count that scales ``deal_number``.

    """

    def __init__(self, rules: Rules) -> None:
        """Lay out the observation of ``rules``."""
        self.rules = rules
        n = rules.players
        pack = list(rules.deck)
        d = len(pack)
        self._slot = {c.index: i for i, c in enumerate(pack)}
        self._contracts = {c: i for i, c in enumerate(rules.contracts)}
        self.pile_names = tuple(sorted(rules.new_match(seed=0).view(0).pile_sizes))
        self.number_extras, self.suit_extras = _extra_kinds(rules)
        self.bound = deal_bound(rules)
        self.length = rules.schedule.length or OPEN_MATCH_DEALS
        sizes = [
            ("seat", n),
            ("phase", len(_PHASES)),
            ("to_move", n),
            ("dealer", n),
            ("maker", n),
            ("contract", len(self._contracts)),
            ("trump", len(_TRUMPS)),
            ("hand", d),
            ("trick", n * d),
            ("leader", n),
            ("played", n * d),
            ("play_order", d),
            ("tricks_won", n),
            ("hand_sizes", n),
            ("piles", len(self.pile_names) * (1 + d)),
            ("shown", d),
            ("numbers", 2 * len(self.number_extras)),
            ("suits", 4 * len(self.suit_extras)),
            ("totals", n),
            ("deal_number", 1),
        ]
        fields: list[tuple[str, int, int]] = []
        start = 0
        for name, size in sizes:
            fields.append((name, start, size))
            start += size
        self.fields = tuple(fields)
        self.size = start
        self._start = {name: begin for name, begin, _ in fields}
        totals = self._start["totals"]
        self.low = tuple(-1.0 if totals <= i < totals + n else 0.0 for i in range(start))
        self.high = (1.0,) * start
        # The hooks a state's encoding asks only when some plugin answers them.
        self._asks_piles = not _only_defaults(rules, "kinglib_visible_piles")
        self._asks_extra = not _only_defaults(rules, "kinglib_view_extra")
        # When only kinglib's defaults and the praise-mode trump rounds answer the view hooks,
        # their answer depends on the deal's aux alone (the trump round's auction): kept.
        self._steady: dict[int, tuple[Any, Public]] | None = None
        self._played: tuple[Any, Entries, list[int], int] | None = None
        if not self._asks_piles and _only_plugins(rules, "kinglib_view_extra", _STEADY):
            self._steady = {}

    # ------------------------------------------------------------------ the layout

    def field(self, vector: Sequence[float], name: str) -> Sequence[float]:
        """The part of ``vector`` that holds field ``name``."""
        for found, start, size in self.fields:
            if found == name:
                return vector[start : start + size]
        raise KeyError(f"no observation field {name!r}: {', '.join(f[0] for f in self.fields)}")

    def start(self, name: str) -> int:
        """The offset of field ``name`` (:class:`KeyError` naming the fields for another)."""
        found = self._start.get(name)
        if found is None:
            raise KeyError(f"no observation field {name!r}: {', '.join(f[0] for f in self.fields)}")
        return found

    def table(self) -> list[tuple[str, int, int, str, str]]:
        """``(name, offset, size, range, meaning)`` of every field, in order."""
        return [(name, start, size, *FIELD_MEANINGS[name]) for name, start, size in self.fields]

    @property
    def slots(self) -> Mapping[int, int]:
        """The place of each card index of the pack in a card field."""
        return self._slot

    @property
    def contract_numbers(self) -> Mapping[str, int]:
        """The place of each contract id in the ``contract`` field."""
        return self._contracts

    @staticmethod
    def trump_number(trump: Suit | str | None) -> int | None:
        """The place of a trump in the ``trump`` field (``None`` for no trump)."""
        return None if trump is None else _TRUMP_INDEX.get(trump)

    @staticmethod
    def phase_number(phase: Phase) -> int:
        """The place of a phase in the ``phase`` field."""
        return _PHASE_INDEX[phase]

    def total_value(self, total: int) -> float:
        """The ``totals`` entry of a match total: ``t / (|t| + bound)``."""
        return total / (abs(total) + self.bound)

    def deal_value(self, deal_number: int) -> float:
        """The ``deal_number`` entry of a deal's number."""
        return min(deal_number, self.length) / self.length

    # ------------------------------------------------------------------ encoding

    def entries(
        self,
        seat: int,
        phase: Phase,
        to_move: int | None,
        dealer: int,
        maker: int | None,
        contract: str | None,
        trump: Suit | str | None,
        hand: int,
        trick: Sequence[int],
        tricks: Sequence[tuple[Sequence[int], int]],
        hand_sizes: Sequence[int],
        pile_sizes: Mapping[str, int],
        piles: Mapping[str, int],
        shown: int,
        extra: Mapping[str, Any],
        totals: Sequence[int],
        deal_number: int,
    ) -> Entries:
        """The entries of the vector that are not 0: the places of the 1s, and the others'.

        Returns the places of the 1s, then the places and the values of the other entries.
        ``trick`` holds the codes (``seat << 6 | card index``) of the cards on the table, in
        play order; ``tricks`` the codes and the winner of each finished trick of the deal.
        The three parts are :meth:`fixed_entries`, :meth:`played_entries` and
        :meth:`moving_entries`, joined.
        """
        ones, places, values = self.fixed_entries(
            seat, phase, dealer, maker, contract, trump, pile_sizes, piles, shown, extra
        )
        won = [0] * self.rules.players
        order = self.played_entries(tricks, 0, won, ones, places, values)
        self.moving_entries(
            to_move, hand, trick, order, won, hand_sizes, totals, deal_number, ones, places, values
        )
        return ones, places, values

    def fixed_entries(
        self,
        seat: int,
        phase: Phase,
        dealer: int,
        maker: int | None,
        contract: str | None,
        trump: Suit | str | None,
        pile_sizes: Mapping[str, int],
        piles: Mapping[str, int],
        shown: int,
        extra: Mapping[str, Any],
    ) -> Entries:
        """The entries that stay the same through a deal's trick play (no kitty taken)."""
        d = len(self._slot)
        at = self._start
        ones = [at["seat"] + seat, at["phase"] + _PHASE_INDEX[phase], at["dealer"] + dealer]
        places: list[int] = []
        values: list[float] = []
        if maker is not None:
            ones.append(at["maker"] + maker)
        number = self._contracts.get(contract) if contract is not None else None
        if number is not None:
            ones.append(at["contract"] + number)
        place = _TRUMP_INDEX.get(trump) if trump is not None else None
        if place is not None:
            ones.append(at["trump"] + place)
        step = 1 / d
        for i, name in enumerate(self.pile_names):
            start = at["piles"] + i * (1 + d)
            size = pile_sizes.get(name, 0)
            if size:
                places.append(start)
                values.append(size * step)
            self._card_ones(ones, start + 1, piles.get(name, 0))
        if shown:
            self._card_ones(ones, at["shown"], shown)
        if extra:
            for i, name in enumerate(self.number_extras):
                found = extra.get(name)
                if isinstance(found, int) and not isinstance(found, bool):
                    ones.append(at["numbers"] + 2 * i)
                    if found:
                        places.append(at["numbers"] + 2 * i + 1)
                        values.append(min(1.0, found * step))
            for i, name in enumerate(self.suit_extras):
                suit = extra.get(name)
                if isinstance(suit, Suit):
                    ones.append(at["suits"] + 4 * i + suit.value)
        return ones, places, values

    def played_entries(
        self,
        tricks: Sequence[tuple[Sequence[int], int]],
        order: int,
        won: list[int],
        ones: list[int],
        places: list[int],
        values: list[float],
    ) -> int:
        """Add the entries of finished ``tricks`` (codes, winner) to the lists.

        ``order`` cards were played before them; ``won`` counts the tricks each seat won, and
        is counted on. Returns the cards played after them.
        """
        played_at = self._start["played"]
        for codes, winner in tricks:
            won[winner] += 1
            order = self._plays(codes, played_at, order, ones, places, values)
        return order

    def _plays(
        self,
        codes: Sequence[int],
        field_at: int,
        order: int,
        ones: list[int],
        places: list[int],
        values: list[float],
    ) -> int:
        """Add the cards ``codes`` to a per-seat card field and to the play order."""
        d = len(self._slot)
        slot = self._slot
        order_at = self._start["play_order"]
        step = 1 / d
        for code in codes:
            order += 1
            position = slot[code & 63]
            ones.append(field_at + (code >> 6) * d + position)
            places.append(order_at + position)
            values.append(order * step)
        return order

    def moving_entries(
        self,
        to_move: int | None,
        hand: int,
        trick: Sequence[int],
        order: int,
        won: Sequence[int],
        hand_sizes: Sequence[int],
        totals: Sequence[int],
        deal_number: int,
        ones: list[int],
        places: list[int],
        values: list[float],
    ) -> None:
        """Add the entries that change card by card to the lists.

        The seat to move, the hand, the trick on the table (its cards after ``order`` played
        before), the tricks won, the hand sizes, the totals and the deal's number.
        """
        n = self.rules.players
        d = len(self._slot)
        at = self._start
        step = 1 / d
        if to_move is not None:
            ones.append(at["to_move"] + to_move)
        self._card_ones(ones, at["hand"], hand)
        if trick:
            ones.append(at["leader"] + (trick[0] >> 6))
            self._plays(trick, at["trick"], order, ones, places, values)
        per_seat = n / d
        won_at, sizes_at, totals_at = at["tricks_won"], at["hand_sizes"], at["totals"]
        bound = self.bound
        for s in range(n):
            if won[s]:
                places.append(won_at + s)
                values.append(min(1.0, won[s] * per_seat))
            if hand_sizes[s]:
                places.append(sizes_at + s)
                values.append(hand_sizes[s] * step)
            total = totals[s]
            if total:
                places.append(totals_at + s)
                values.append(total / (abs(total) + bound))
        places.append(at["deal_number"])
        values.append(self.deal_value(deal_number))

    def _card_ones(self, ones: list[int], start: int, mask: int) -> None:
        slot = self._slot
        while mask:
            low = mask & -mask
            position = slot.get(low.bit_length() - 1)
            if position is not None:
                ones.append(start + position)
            mask ^= low

    def _view_entries(self, view: View) -> Entries:
        return self.entries(
            view.seat,
            view.phase,
            view.to_move,
            view.dealer,
            view.maker,
            view.contract,
            view.trump,
            view.hand.mask,
            _codes(view.trick),
            [(_codes(t.plays), t.winner) for t in view.tricks],
            view.hand_sizes,
            view.pile_sizes,
            {k: v.mask for k, v in view.piles.items()},
            _card_in(tuple(view.extra.values())),
            view.extra,
            view.totals,
            view.deal_number,
        )

    def public(self, state: State, seat: int) -> Public:
        """What ``state.view(seat)`` shows besides the cards: visible piles, extras, shown cards.

        The piles the seat may see (name to mask), the view's extras, and the mask of the
        cards those extras show; the hooks are asked only when a plugin answers them.
        """
        rules = self.rules
        piles: dict[str, int] = {}
        extra: dict[str, Any] = {}
        steady = self._steady
        if steady is not None and state.phase is not Phase.OVER:
            # The hooks read nothing but the deal's aux: the answer of the same aux is known.
            found = steady.get(seat)
            if found is not None and found[0] is state.aux:
                return found[1]
        if state.phase is Phase.OVER:
            # As View.of: once the match is over only the end-of-match points are extras.
            extra = dict(state.view(seat).extra)
        else:
            if self._asks_piles:
                visible: set[str] = set()
                for names in rules.hook.kinglib_visible_piles(rules=rules, state=state, seat=seat):
                    visible.update(names)
                piles = {k: m for k, m in state.piles_mask if k in visible}
            if self._asks_extra:
                for found in reversed(
                    rules.hook.kinglib_view_extra(rules=rules, state=state, seat=seat)
                ):
                    extra.update(found)
        answer: Public = (piles, extra, _card_in(tuple(extra.values())) if extra else 0)
        if steady is not None and state.phase is not Phase.OVER:
            steady[seat] = (state.aux, answer)
        return answer

    def _state_entries(self, state: State, seat: int) -> Entries:
        piles, extra, shown = self.public(state, seat)
        ones, places, values = self.fixed_entries(
            seat,
            state.phase,
            state.dealer,
            state.maker,
            state.contract,
            state.trump,
            {k: m.bit_count() for k, m in state.piles_mask},
            piles,
            shown,
            extra,
        )
        # The finished tricks change once a trick: their entries are kept for the tricks of the
        # state last asked (the states of a trick share their tuple of tricks).
        tricks = state.tricks
        played = self._played
        if played is None or played[0] is not tricks:
            entries: Entries = ([], [], [])
            won = [0] * self.rules.players
            codes = [(_codes(t.plays), t.winner) for t in tricks]
            order = self.played_entries(codes, 0, won, *entries)
            played = self._played = (tricks, entries, won, order)
        _, (more_ones, more_places, more_values), won, order = played
        ones += more_ones
        places += more_places
        values += more_values
        self.moving_entries(
            state.to_move,
            state.hands_mask[seat],
            _codes(state.trick),
            order,
            won,
            [m.bit_count() for m in state.hands_mask],
            state.totals,
            state.deal_number,
            ones,
            places,
            values,
        )
        return ones, places, values

    def write_entries(self, out: npt.NDArray[Any], entries: Entries) -> npt.NDArray[Any]:
        """Fill the numpy array ``out`` with the vector of these entries; return it."""
        ones, places, values = entries
        out.fill(0)
        out[ones] = 1
        out[places] = values
        return out

    def _as_list(self, entries: Entries) -> list[float]:
        out = [0.0] * self.size
        ones, places, values = entries
        for place in ones:
            out[place] = 1.0
        for place, value in zip(places, values):
            out[place] = value
        return out

    def encode(self, view: View) -> list[float]:
        """The vector of ``view``: a list of :attr:`size` floats."""
        return self._as_list(self._view_entries(view))

    def encode_state(self, state: State, seat: int) -> list[float]:
        """The vector of ``state.view(seat)``, read from the state's masks (no view is built)."""
        return self._as_list(self._state_entries(state, seat))

    def write(self, out: npt.NDArray[Any], state: State, seat: int) -> npt.NDArray[Any]:
        """Fill the numpy array ``out`` with the vector of ``state.view(seat)``; return it."""
        return self.write_entries(out, self._state_entries(state, seat))

    def write_view(self, out: npt.NDArray[Any], view: View) -> npt.NDArray[Any]:
        """Fill the numpy array ``out`` with the vector of ``view``; return it."""
        return self.write_entries(out, self._view_entries(view))

    def as_dict(self, view: View) -> dict[str, Any]:
        """The dictionary form: the view's own JSON-ready :meth:`~kinglib.View.to_dict`."""
        return view.to_dict()
