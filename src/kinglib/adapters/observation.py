"""One seat's view as a fixed-size vector of floats: :class:`Observation`.

The encoding reads nothing but a :class:`~kinglib.View`, so it cannot show a card the seat has
not seen: two states that give a seat the same view give it the same observation. ``D`` is the
size of the pack, ``n`` the number of seats, ``C`` the number of contracts; seats are absolute
(seat 0 is always the first block of a per-seat field). The fields, in this order:

================  ==========  ==============================================================
field             size        value
================  ==========  ==============================================================
``seat``          n           1 at the observing seat
``phase``         7           1 at the phase (choose, declare, bid, answer, discard, play,
                              over)
``to_move``       n           1 at the seat to move (all 0 when the match is over)
``dealer``        n           1 at the dealer
``maker``         n           1 at the seat whose declaration is played, if any
``contract``      C           1 at the deal's contract, in catalogue order
``trump``         8           1 at the trump: S, H, D, C, notrump, misere, last, raspis
``hand``          D           1 for each card in the seat's hand
``trick``         n × D       for each seat, 1 at the card it has on the table
``leader``        n           1 at the seat that led the trick on the table
``played``        n × D       for each seat, 1 at each card it played to a finished trick of
                              this deal
``play_order``    D           for each card played in this deal, its position in the deal's
                              play order divided by ``D`` (0 for a card not played)
``tricks_won``    n           tricks each seat has won in this deal, divided by ``D / n``
``hand_sizes``    n           cards in each hand, divided by ``D``
``piles``         P × (1+D)   for each pile of the variant: its size divided by ``D``, then 1
                              at each of its cards that the seat may see
``shown``         D           1 at each card shown in the view's public extras (a widow
                              shown, the last card dealt, the seat's own drawn cards)
``numbers``       2 × K       for each whole-number extra of the variant (a declarer, a bid):
                              1 when present, then its value divided by ``D``
``suits``         4 × S       for each suit extra of the variant (a penalty suit): one-hot
``totals``        n           the match totals divided by 100
``deal_number``   1           the deal's number divided by 100
================  ==========  ==============================================================

``P``, ``K`` and ``S`` come from the variant: the piles are those its deal starts with, the
extras those its views show in the opening of a match (dealt from seed 0 and played at random
for a few hundred moves); an extra that never shows there stays in the dictionary form only.
:meth:`Observation.as_dict` is the view's own JSON-ready dictionary, for those who want every
detail (the auction, the offers, the contracts still owed).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from kinglib.cards import Card, CardSet, Suit
from kinglib.errors import NotationError
from kinglib.moves import DECLARATIONS
from kinglib.rules import Rules
from kinglib.state import Phase
from kinglib.view import View

__all__ = ["Observation"]

_TRUMPS: tuple[Suit | str, ...] = (*Suit, *DECLARATIONS)
_PHASES = tuple(Phase)
#: Random moves played to find a variant's extras.
_PROBE_MOVES = 400


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


class Observation:
    """The observation encoding of one rules object (the layout in the module's docstring).

    Attributes:
        rules: the rules it encodes views of.
        fields: ``(name, start, size)`` of each field of the vector, in order.
        size: the length of the vector.
        pile_names: the piles encoded, in order.
        number_extras: the whole-number extras encoded, in order.
        suit_extras: the suit extras encoded, in order.

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

    def field(self, vector: list[float], name: str) -> list[float]:
        """The part of ``vector`` that holds field ``name``."""
        for found, start, size in self.fields:
            if found == name:
                return vector[start : start + size]
        raise KeyError(f"no observation field {name!r}: {', '.join(f[0] for f in self.fields)}")

    def _cards(self, out: list[float], start: int, mask: int, value: float = 1.0) -> None:
        slot = self._slot
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            position = slot.get(index)
            if position is not None:
                out[start + position] = value
            mask ^= low

    def encode(self, view: View) -> list[float]:
        """The vector of ``view``: a list of :attr:`size` floats."""
        rules = self.rules
        n = rules.players
        d = len(self._slot)
        at = self._start
        out = [0.0] * self.size
        out[at["seat"] + view.seat] = 1.0
        out[at["phase"] + _PHASES.index(view.phase)] = 1.0
        if view.to_move is not None:
            out[at["to_move"] + view.to_move] = 1.0
        out[at["dealer"] + view.dealer] = 1.0
        if view.maker is not None:
            out[at["maker"] + view.maker] = 1.0
        if view.contract in self._contracts:
            out[at["contract"] + self._contracts[view.contract]] = 1.0
        if view.trump is not None and view.trump in _TRUMPS:
            out[at["trump"] + _TRUMPS.index(view.trump)] = 1.0
        self._cards(out, at["hand"], view.hand.mask)
        slot = self._slot
        trick_at, played_at, order_at = at["trick"], at["played"], at["play_order"]
        if view.trick:
            out[at["leader"] + view.trick[0][0]] = 1.0
        for seat, card in view.trick:
            out[trick_at + seat * d + slot[card.index]] = 1.0
        order = 0
        won = [0] * n
        for trick in view.tricks:
            won[trick.winner] += 1
            for seat, card in trick.plays:
                order += 1
                place = slot[card.index]
                out[played_at + seat * d + place] = 1.0
                out[order_at + place] = order / d
        for _, card in view.trick:
            order += 1
            out[order_at + slot[card.index]] = order / d
        per_seat = d / n
        for seat in range(n):
            out[at["tricks_won"] + seat] = won[seat] / per_seat
            out[at["hand_sizes"] + seat] = view.hand_sizes[seat] / d
            out[at["totals"] + seat] = view.totals[seat] / 100
        for i, name in enumerate(self.pile_names):
            start = at["piles"] + i * (1 + d)
            out[start] = view.pile_sizes.get(name, 0) / d
            pile = view.piles.get(name)
            if pile is not None:
                self._cards(out, start + 1, pile.mask)
        self._cards(out, at["shown"], _card_in(tuple(view.extra.values())))
        for i, name in enumerate(self.number_extras):
            number = view.extra.get(name)
            if isinstance(number, int):
                out[at["numbers"] + 2 * i] = 1.0
                out[at["numbers"] + 2 * i + 1] = number / d
        for i, name in enumerate(self.suit_extras):
            suit = view.extra.get(name)
            if isinstance(suit, Suit):
                out[at["suits"] + 4 * i + suit.value] = 1.0
        out[at["deal_number"]] = view.deal_number / 100
        return out

    def as_dict(self, view: View) -> dict[str, Any]:
        """The dictionary form: the view's own JSON-ready :meth:`~kinglib.View.to_dict`."""
        return view.to_dict()
