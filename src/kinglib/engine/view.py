"""What one seat may know: :class:`View`.

A view holds the seat's own hand, its legal moves when it is to move, and the public
information: the tricks played (who played what), the trick on the table, contract, trump,
totals, results, the dealer, how many cards each hand and pile holds, the piles the variant
shows to this seat, and the variant's public extras. It holds nothing else. Bots and remote
players receive only views.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from kinglib.engine.match_end import match_end_points
from kinglib.values.cards import Card, CardSet, Suit
from kinglib.values.deals import DealResult, Phase, Trick
from kinglib.values.errors import SamplingError
from kinglib.values.moves import Discard, Move

if TYPE_CHECKING:
    import random

    from kinglib.engine.rules import Rules
    from kinglib.engine.state import State

__all__ = ["View"]


def _trump_text(trump: Suit | str | None) -> str | None:
    return None if trump is None else str(trump)


def _jsonable(value: Any) -> Any:
    if isinstance(value, (Card, CardSet, Suit, Phase)) or hasattr(value, "__attrs_attrs__"):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (tuple, list, frozenset, set)):
        return [_jsonable(v) for v in value]
    return value


@attrs.frozen
class View:
    """One seat's information set in a state.

    Attributes:
        seat: whose view this is.
        variant: the variant name.
        players: the number of seats.
        deal_number: the current deal, counting from 1.
        dealer: the dealing seat.
        phase: the phase of the state.
        to_move: the seat to act, or ``None`` when over.
        contract: the current contract id, or ``None``.
        trump: the trump of a trump round, or ``None``.
        maker: the seat whose declaration is played, or ``None``.
        hand: this seat's cards.
        legal_moves: this seat's legal moves (empty when another seat is to move).
        trick: the cards on the table, as ``(seat, Card)``.
        tricks: the completed tricks of this deal.
        hand_sizes: how many cards each seat holds.
        pile_sizes: how many cards each pile holds, by name.
        piles: the piles this seat may see, by name.
        totals: the match totals.
        results: the finished deals' results.
        extra: the variant's public information (auction, declarations, shown cards...), from
            the ``kinglib_view_extra`` hook while a deal is in progress. Once the match is
            over the hook is no longer asked (a deal's facts are in ``results``, each with its
            ``details``); ``extra`` then holds only ``"match_end"``, the end-of-match points
            by plugin name (``{name: points per seat}``), when some plugin scored them.
        deal_moves: the moves of the current deal in order, as this seat saw them: ``None``
            for a move whose content it may not see (a discard laid face down by another
            seat: a :class:`~kinglib.values.moves.Discard` is shown only to a seat that sees the
            pile it went to).
        rules: the rules of the match (public knowledge: the pack, the contracts and their
            prices, the options); ``None`` for a view built by hand. Not part of equality.

    """

    seat: int
    variant: str
    players: int
    deal_number: int
    dealer: int
    phase: Phase
    to_move: int | None
    contract: str | None
    trump: Suit | str | None
    maker: int | None
    hand: CardSet
    legal_moves: tuple[Move, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    hand_sizes: tuple[int, ...]
    pile_sizes: Mapping[str, int]
    piles: Mapping[str, CardSet]
    totals: tuple[int, ...]
    results: tuple[DealResult, ...]
    extra: Mapping[str, Any] = attrs.field(factory=dict)
    deal_moves: tuple[Move | None, ...] = ()
    rules: Rules | None = attrs.field(default=None, eq=False, repr=False)

    @classmethod
    def of(cls, state: State, seat: int) -> View:
        """Build ``seat``'s view of ``state``."""
        rules = state.rules
        visible: set[str] = set()
        extra: dict[str, Any] = {}
        if state.phase is not Phase.OVER:
            for names in rules.hook.kinglib_visible_piles(rules=rules, state=state, seat=seat):
                visible.update(names)
            for found in reversed(
                rules.hook.kinglib_view_extra(rules=rules, state=state, seat=seat)
            ):
                extra.update(found)
        else:
            bonuses = match_end_points(state)
            if bonuses:
                extra["match_end"] = dict(bonuses)
        piles = {k: CardSet.from_mask(m) for k, m in state.piles_mask if k in visible}
        shown = 0
        for pile in piles.values():
            shown |= pile.mask
        deal_moves = tuple(
            None if move.__class__ is Discard and move.cards.mask & ~shown else move
            for move in state.deal_moves
        )
        return cls(
            seat=seat,
            variant=rules.variant,
            players=rules.players,
            deal_number=state.deal_number,
            dealer=state.dealer,
            phase=state.phase,
            to_move=state.to_move,
            contract=state.contract,
            trump=state.trump,
            maker=state.maker,
            hand=state.hand(seat),
            legal_moves=state.legal_moves() if state.to_move == seat else (),
            trick=state.trick,
            tricks=state.tricks,
            hand_sizes=tuple(m.bit_count() for m in state.hands_mask),
            pile_sizes={k: m.bit_count() for k, m in state.piles_mask},
            piles=piles,
            totals=state.totals,
            results=state.results,
            extra=extra,
            deal_moves=deal_moves,
            rules=rules,
        )

    @property
    def is_over(self) -> bool:
        """Whether the match (or single deal) has ended."""
        return self.phase is Phase.OVER

    @property
    def seen_cards(self) -> CardSet:
        """Every card this view shows: the hand, the trick, the tricks and the visible piles."""
        mask = self.hand.mask
        for _, card in self.trick:
            mask |= card.mask
        for t in self.tricks:
            mask |= t.cards.mask
        for pile in self.piles.values():
            mask |= pile.mask
        for value in self.extra.values():
            if isinstance(value, (Card, CardSet)):
                mask |= value.mask
        return CardSet.from_mask(mask)

    def sample(self, rng: random.Random) -> State:
        """A full state of this match whose hidden cards are dealt at random.

        The state has the same rules, totals, results, deal number, phase and seat to move,
        and ``sample(rng).view(self.seat).to_dict() == self.to_dict()``: the seat's own hand,
        every card played or shown, the hand and pile sizes, the public moves and extras are
        the view's. The cards the seat cannot see are dealt uniformly at random among the
        deals consistent with all of that, including what play has revealed (a seat that did
        not follow a suit holds none of it, and so on for every rule that forces a card), and
        the current deal is rebuilt from its start by replaying its moves, so it is reachable.
        Earlier deals' moves are not part of a view: the sample's ``past_moves`` are empty,
        and later deals are dealt from a seed drawn from ``rng``.

        Variants with their own hidden places (a widow, a stock) describe them with the hook
        ``kinglib_sample_hidden`` (see :mod:`kinglib.engine.sampling`). Raises
        :class:`~kinglib.engine.sampling.SamplingError` (a ``ValueError``) for a view of a finished
        match, a view built without rules, or a variant whose hidden cards cannot be placed.
        """
        if self.rules is None:
            raise SamplingError("this view was built by hand without rules: nothing to sample from")
        return self.rules.sample(self, rng)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form: cards and moves as text, results as plain dictionaries."""
        return {
            "seat": self.seat,
            "variant": self.variant,
            "players": self.players,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "to_move": self.to_move,
            "contract": self.contract,
            "trump": _trump_text(self.trump),
            "maker": self.maker,
            "hand": str(self.hand),
            "legal_moves": [str(m) for m in self.legal_moves],
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [
                {"plays": [[s, str(c)] for s, c in t.plays], "winner": t.winner}
                for t in self.tricks
            ],
            "hand_sizes": list(self.hand_sizes),
            "pile_sizes": dict(self.pile_sizes),
            "piles": {k: str(v) for k, v in self.piles.items()},
            "totals": list(self.totals),
            "results": [
                {
                    "contract": r.contract,
                    "points": list(r.points),
                    "ended_early": r.ended_early,
                    "unplayed": str(r.unplayed),
                    "dealer": r.dealer,
                    "chooser": r.chooser,
                    "trump": _trump_text(r.trump),
                    "details": {k: _jsonable(v) for k, v in r.details},
                }
                for r in self.results
            ],
            "extra": {k: _jsonable(v) for k, v in self.extra.items()},
            "deal_moves": [None if m is None else str(m) for m in self.deal_moves],
        }
