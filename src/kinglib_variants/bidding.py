"""bidding — Кинг с торговлей: an auction for the right to name the penalty suit.

Three or four players, the 52-card pack (three players: without 2♣, 17 cards each). After the
deal comes a one-round auction (:attr:`~kinglib.Phase.BID`), from the eldest round to the
dealer: each player once passes (``Pass()``) or bids (``Bid(n)``) a whole number of points
higher than the best bid so far and at most 13, the number of cards in a suit. The highest
bidder writes his bid down as a penalty, names the penalty suit (``Declare(suit)``, in the
:attr:`~kinglib.Phase.DECLARE` phase) and leads to the first trick. Every card of the penalty
suit taken then costs its taker one point. Play is plain: any card may be led, and the others
follow suit when they can.

If everyone passes (option ``all_pass``):

* ``"hearts"`` (default): hearts is the penalty suit, nobody pays for it, and the eldest leads;
* ``"redeal"``: the cards are thrown in. The deal ends at once with zero points for everyone
  and no penalty suit (its :class:`~kinglib.DealResult` says ``ended_early``, lists every card
  as unplayed and has the detail ``redeal=True``); the next deal of the match follows, dealt by
  the next dealer as after any deal, so a throw-in never stalls the match. A single given deal
  (``Rules.new_deal``) is simply over.

Every deal is scored as the contract ``"bidding"``: its total is −13 (−12 when three play and
clubs is the penalty suit) minus the winning bid. The match runs until some total is −77 or
lower at the end of a deal; the highest total wins.

The auction is public: views carry it in their extras (``auction``: ``(seat, amount)`` pairs
with ``None`` for a pass; ``bidder`` and ``bid``: the best bid so far; ``penalty_suit`` once
named). The finished deal keeps the same facts in its details.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from kinglib.engine.flow import finish_deal
from kinglib.engine.phases import PhaseRules
from kinglib.engine.rules import Rules
from kinglib.engine.state import DealResult, Phase, State
from kinglib.engine.tricks import start_play
from kinglib.kit.full_pack import full_pack
from kinglib.plugins.invariants import Invariants
from kinglib.values.cards import SUIT_MASKS, CardSet, Suit
from kinglib.values.contracts import Contract
from kinglib.values.moves import Bid, Declare, Move, Pass
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib.values.trick_rules import TrickRules

__all__ = [
    "CONTRACT_ID",
    "MAX_BID",
    "THRESHOLD",
    "AuctionRecord",
    "BiddingAuction",
    "PenaltyDeclaration",
    "penalty_contracts",
]

#: The id of the single contract of the variant.
CONTRACT_ID = "bidding"
#: The highest bid: the number of cards in a suit.
MAX_BID = 13
#: The match ends when some total is at this or below at the end of a deal.
THRESHOLD = -77

_SUIT_NAMES = {
    Suit.SPADES: ("пики", "spades"),
    Suit.HEARTS: ("червы", "hearts"),
    Suit.DIAMONDS: ("бубны", "diamonds"),
    Suit.CLUBS: ("трефы", "clubs"),
}
_PASS = Pass()
_BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(MAX_BID + 1))
_DECLARES: tuple[Declare, ...] = tuple(Declare(s) for s in Suit)


@attrs.frozen
class AuctionRecord:
    """The auction of one deal: the calls so far and the penalty suit once it is named.

    Attributes:
        bids: ``(seat, amount)`` per call, in order; ``amount`` is ``None`` for a pass.
        suit: the penalty suit once named (hearts when everyone passed and hearts is the
            rule), else ``None``.

    """

    bids: tuple[tuple[int, int | None], ...] = ()
    suit: Suit | None = None

    @property
    def bidder(self) -> int | None:
        """The seat with the best bid so far, or ``None`` while nobody has bid.

        Each bid beats the one before, so that is the seat of the last bid.
        """
        best = None
        for seat, amount in self.bids:
            if amount is not None:
                best = seat
        return best

    @property
    def bid(self) -> int:
        """The best bid so far, the last one made (0 while nobody has bid)."""
        best = 0
        for _, amount in self.bids:
            if amount is not None:
                best = amount
        return best


def penalty_contracts(deck: int) -> dict[Suit, Contract]:
    """The ``"bidding"`` contract for each penalty suit: −1 a card of that suit taken."""
    built: dict[Suit, Contract] = {}
    for suit in Suit:
        mask = SUIT_MASKS[suit] & deck
        ru, en = _SUIT_NAMES[suit]
        built[suit] = Contract(
            id=CONTRACT_ID,
            name=f"Кинг с торговлей: не брать {ru}",
            title=f"bidding: no {en}",
            card_values=((mask, -1),),
            description=f"1 a card of the penalty suit ({en}), plus the winning bid",
            trick_rules=TrickRules(leader="maker"),  # the highest bidder, else the eldest
        )
    return built


class BiddingAuction(PhaseRules):
    """The BID phase: one round of calls from the eldest to the dealer.

    Args:
        rules: the rules being built; reads the option ``all_pass``.
        contracts: the contract of each penalty suit (:func:`penalty_contracts`).

    """

    def __init__(self, rules: Rules, contracts: Mapping[Suit, Contract]) -> None:
        """Resolve the options and contracts this phase needs."""
        self.redeal = rules.options["all_pass"] == "redeal"
        self.contracts = dict(contracts)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """A pass, then every bid above the best so far up to :data:`MAX_BID`."""
        record: AuctionRecord = state.aux
        return (_PASS, *_BIDS[record.bid + 1 :])

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say precisely why a call is refused."""
        if isinstance(move, Pass):
            return None
        if not isinstance(move, Bid):
            return f"the auction is on: bid a number of points or pass, not {move}"
        record: AuctionRecord = state.aux
        amount = move.amount
        if amount > MAX_BID:
            return f"a bid is at most {MAX_BID} points, the number of cards in a suit, not {amount}"
        if amount <= record.bid:
            if record.bidder is None:
                return f"a bid is at least 1 point, not {amount}"
            return (
                f"a bid must be higher than the best bid so far "
                f"({record.bid} by seat {record.bidder}), not {amount}"
            )
        return None

    def apply(self, state: State, move: Move) -> State:
        """Record the call; after the dealer's call, close the auction."""
        seat = state.to_move
        assert seat is not None
        record: AuctionRecord = state.aux
        amount = move.amount if isinstance(move, Bid) else None
        record = AuctionRecord(bids=(*record.bids, (seat, amount)))
        if seat != state.dealer:
            return state.after(move, aux=record, to_move=state.rules.next_seat(seat))
        bidder = record.bidder
        if bidder is not None:
            return state.after(move, aux=record, phase=Phase.DECLARE, to_move=bidder, maker=bidder)
        if self.redeal:
            return finish_deal(state.after(move, aux=record), ended_early=True)
        return start_play(
            state,
            move,
            aux=attrs.evolve(record, suit=Suit.HEARTS),
            contract_info=self.contracts[Suit.HEARTS],
        )


class PenaltyDeclaration(PhaseRules):
    """The DECLARE phase: the winner of the auction names the penalty suit, then leads.

    Args:
        contracts: the contract of each penalty suit (:func:`penalty_contracts`).

    """

    def __init__(self, contracts: Mapping[Suit, Contract]) -> None:
        """Keep the contract of each suit."""
        self.contracts = dict(contracts)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Each of the four suits."""
        return _DECLARES

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Only a suit may be named."""
        if not isinstance(move, Declare):
            return f"the auction is won: name the penalty suit (declare S, H, D or C), not {move}"
        if not isinstance(move.trump, Suit):
            return f"the penalty suit is one of S, H, D or C, not {move.trump}"
        return None

    def apply(self, state: State, move: Move) -> State:
        """Set the penalty suit; the bidder leads to the first trick."""
        assert isinstance(move, Declare) and isinstance(move.trump, Suit)
        record: AuctionRecord = state.aux
        return start_play(
            state,
            move,
            aux=attrs.evolve(record, suit=move.trump),
            contract_info=self.contracts[move.trump],
        )


INFO = VariantInfo(
    name="bidding",
    title="Кинг с торговлей",
    english_title="King with bidding",
    players=(3, 4),
    default_players=4,
    options=(
        Option(
            "all_pass",
            "hearts",
            "when everyone passes: hearts is the penalty suit and nobody pays (hearts), "
            "or the cards are thrown in and the next deal follows (redeal)",
            choices=("hearts", "redeal"),
            kind=str,
        ),
    ),
    description=(
        "A one-round auction for the right to name the penalty suit: the highest bidder pays "
        "his bid, names the suit and leads; each card of that suit taken costs one point. "
        "The match ends when some total reaches -77."
    ),
)


def kinglib_contracts(rules: Rules) -> dict[str, Contract]:
    """The catalogue: the one contract ``"bidding"``, shown with hearts as the penalty suit.

    Hearts is the penalty suit when everyone passes; once a suit is named the deal plays the
    contract of that suit (:func:`penalty_contracts`).
    """
    hearts = penalty_contracts(rules.deck.mask)[Suit.HEARTS]
    generic = attrs.evolve(
        hearts,
        name="Кинг с торговлей",
        title="bidding",
        description=(
            "1 a card of the penalty suit named by the highest bidder, who also pays his bid "
            "(hearts, and no bid, when everyone passes)"
        ),
    )
    return {CONTRACT_ID: generic}


def kinglib_schedule() -> Schedule:
    """The contract ``"bidding"`` deal after deal, until the match is over."""
    return Schedule(repeat=CONTRACT_ID, until=THRESHOLD)


def kinglib_phases(rules: Rules) -> dict[Phase, PhaseRules]:
    """The auction (BID) and the naming of the penalty suit (DECLARE)."""
    contracts = penalty_contracts(rules.deck.mask)
    return {
        Phase.BID: BiddingAuction(rules, contracts),
        Phase.DECLARE: PenaltyDeclaration(contracts),
    }


def kinglib_begin_deal(rules: Rules, state: State) -> State:
    """Open a deal with an empty auction, no trump and no maker; the eldest calls first."""
    return state.evolve(
        phase=Phase.BID,
        contract_info=rules.contracts[CONTRACT_ID],
        trump=None,
        maker=None,
        aux=AuctionRecord(),
        to_move=state.eldest,
    )


def kinglib_score_deal(rules: Rules, state: State) -> tuple[int, ...]:
    """−1 a card of the penalty suit taken; the bidder also pays his bid; a throw-in is 0."""
    record: AuctionRecord = state.aux
    if record.suit is None:
        return (0,) * rules.players
    contract = state.contract_info
    assert contract is not None
    points = [contract.card_points(taken) for taken in state.taken_mask]
    bidder = record.bidder
    if bidder is not None:
        points[bidder] -= record.bid
    return tuple(points)


def kinglib_deal_details(state: State) -> tuple[tuple[str, Any], ...]:
    """The auction, the winning bid and bidder, the penalty suit, and whether it was a redeal.

    A redeal is a deal with no penalty suit (everyone passed, option ``all_pass="redeal"``).
    """
    record: AuctionRecord = state.aux
    return (
        ("auction", record.bids),
        ("bid", record.bid),
        ("bidder", record.bidder),
        ("penalty_suit", record.suit),
        ("redeal", record.suit is None),
    )


def kinglib_view_extra(state: State) -> dict[str, Any]:
    """The public auction: every call, the best bid and bidder, the penalty suit once named.

    Nothing before the auction's record exists.
    """
    record = state.aux
    if not isinstance(record, AuctionRecord):
        return {}
    return {
        "auction": record.bids,
        "bidder": record.bidder,
        "bid": record.bid,
        "penalty_suit": record.suit,
    }


def deal_total(result: DealResult, rules: Rules) -> int:
    """What a bidding deal hands out: −1 a card of the penalty suit, plus the bidder's bid.

    A throw-in (everyone passed, option ``all_pass="redeal"``) hands out nothing.
    """
    suit = result.detail("penalty_suit")
    if suit is None:
        return 0
    bid: int = result.detail("bid") or 0
    cards: int = (SUIT_MASKS[suit] & rules.deck.mask).bit_count()
    return -cards - bid


def kinglib_invariants() -> Invariants:
    """Not zero-sum: each deal hands out :func:`deal_total`; the match ends at :data:`THRESHOLD`."""
    return Invariants(deal_total=deal_total, threshold=THRESHOLD)


# --------------------------------------------------------------------- the hooks


def kinglib_variant_info() -> VariantInfo:
    """Describe bidding King."""
    return INFO


def kinglib_deck(rules: Rules) -> CardSet:
    """52 cards; without 2♣ for three players."""
    return full_pack(rules.players)
