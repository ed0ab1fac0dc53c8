"""brazilian — Brazilian King: the dealer chooses and leads; the positive is auctioned.

Four players, the 52-card pack, 13 cards each, play clockwise; the deal passes left after every
deal. The **dealer** leads to the first trick of every deal, whoever named the trump.

The match has 10 deals: each of the six negative contracts once and four ``trumps``, the
positive. Option ``order``:

* ``"choice"`` (default): after the deal, his hand seen, the dealer chooses the contract
  (``Choose``): any negative not yet played, or ``trumps`` once in the match. Seat
  ``first_dealer`` and its left-hand neighbour deal three times, the others twice; a player who
  has not yet chosen ``trumps`` must choose it on his last turn, so each player chooses it once;
* ``"fixed"``: deals 1–6 are ``no_tricks``, ``no_hearts``, ``no_queens``, ``no_kings_jacks``,
  ``no_king_of_hearts``, ``no_last_two``; deals 7–10 are ``trumps``.

The contracts (Portuguese names): ``no_tricks`` (vazas, −20 a trick), ``no_hearts`` (copas, −20
a heart), ``no_queens`` (mulheres, −50 a queen), ``no_kings_jacks`` (homens, −30 a king or
jack), ``no_king_of_hearts`` (king, −160 for K♥), ``no_last_two`` (duas últimas, −90 for each of
tricks 12 and 13) and ``trumps`` (positiva, +25 a trick). The match is zero-sum (−1300 against
+1300).

Play rules: in ``no_hearts`` and ``no_king_of_hearts`` a heart may not be led while the leader
holds another suit; in ``no_king_of_hearts`` a player holding K♥ who cannot follow suit must play
it (not on a heart lead), and the deal ends when K♥ is taken. In ``trumps`` there is no duty to
trump: a player who cannot follow suit plays any card, and trumps may be led at any time.

The auction of a positive (*leilão*), in :attr:`~kinglib.Phase.BID`: the three others, from the
dealer's left, bid tricks (``Bid(n)``, 1 to 12 and above the best bid so far) or pass
(``Pass()``, final), round after round, until all have passed or all but one have passed and
that one holds the best bid. With no bid the dealer names the trump (``Declare(suit)``, in
:attr:`~kinglib.Phase.DECLARE`). With a bid he answers (:attr:`~kinglib.Phase.ANSWER`):
``Sell()`` (the best bidder, the buyer, names the trump) or ``Keep()`` (he names it himself).
``Declare("notrump")`` is allowed with option ``notrump``. After play the buyer pays 25 for
each trick he bid to the dealer (his total may go below zero); the deal still hands out +325.

Option ``renounce``: when nobody bid, or the best bid is 1, the dealer may instead declare
``Declare("raspis")``: the deal is not played, the dealer is credited 4 tricks (+100) and each
other seat 3 (+75).

A deal built by hand (``Rules.new_deal``): the dealer leads at once; ``"trumps"`` given with a
trump is a positive the dealer keeps (no auction), without one it opens with the first bid.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from functools import partial
from typing import Any

import attrs

from kinglib.engine.flow import finish_deal
from kinglib.engine.kernel import Draws
from kinglib.engine.phases import Opening, PhaseRules, describe_moves
from kinglib.engine.rules import Rules
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import start_play
from kinglib.kit.choosing import (
    ChoicePlan,
    ChooseContract,
    check_given_trump,
    trump_declarations,
)
from kinglib.kit.trump_rounds import best_offer, passed_seats
from kinglib.plugins.hookspecs import for_contracts
from kinglib.plugins.invariants import Invariants
from kinglib.values.cards import CardSet, Rank, deck_mask
from kinglib.values.contracts import Contract
from kinglib.values.moves import Bid, Choose, Declare, Keep, Move, Pass, Sell
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib.values.trick_rules import TrickRules
from kinglib_variants.turkish import FAMILY_CONTRACTS, family_contract

__all__ = [
    "FIXED_ORDER",
    "INFO",
    "MAX_BID",
    "PLAN",
    "PRICES",
    "Auction",
    "AuctionAnswer",
    "AuctionBid",
    "BrazilianChoice",
    "DealerChooses",
    "TrumpDeclaration",
    "auction_at_random",
    "auction_at_random_allowed",
]

#: Each contract's Portuguese name and signed price per item counted.
PRICES: dict[str, tuple[str, int]] = {
    "no_tricks": ("Vazas", -20),
    "no_hearts": ("Copas", -20),
    "no_queens": ("Mulheres", -50),
    "no_kings_jacks": ("Homens", -30),
    "no_king_of_hearts": ("King", -160),
    "no_last_two": ("Duas últimas", -90),
    "trumps": ("Positiva", 25),
}

#: The negative contracts, in the order of ``order="fixed"``.
NEGATIVES: tuple[str, ...] = tuple(c for c in FAMILY_CONTRACTS if c != "trumps")
#: The deals of ``order="fixed"``: the six negatives, then four positives.
FIXED_ORDER: tuple[str, ...] = (*NEGATIVES, *("trumps",) * 4)
#: The highest bid: every trick but one.
MAX_BID = 12
#: The tricks a renounced positive credits: the dealer, and each other seat.
RASPIS_TRICKS = (4, 3)

#: The marker of a deal whose contract the dealer chooses.
CHOOSE = "choose"
_PASS = Pass()
_BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(MAX_BID + 1))
_SELL = Sell()
_KEEP = Keep()
#: The dealer's answers to the best bid, in the order of the legal moves (raspis aside).
_ANSWERS: tuple[Move, ...] = (_SELL, _KEEP)
_RASPIS = Declare("raspis")


@attrs.frozen
class DealerChooses(ChoicePlan):
    """A choice plan whose chooser is each deal's dealer (not the eldest)."""

    def chooser_of(self, rules: Rules, deal_number: int) -> int:
        """The dealer of deal ``deal_number``."""
        return rules.dealer_for(deal_number)


#: The choosing plan of ``order="choice"``: each negative once, ``trumps`` once by each.
PLAN = DealerChooses(
    deals=len(FIXED_ORDER),
    shared=tuple((cid, 1) for cid in NEGATIVES),
    per_player=(("trumps", 1),),
)

INFO = VariantInfo(
    name="brazilian",
    title="King",
    english_title="Brazilian King",
    players=(4,),
    default_players=4,
    options=(
        Option(
            "order",
            "choice",
            "choice: the dealer chooses each deal's contract (each negative once, trumps once "
            "by each player, on his last turn at the latest); fixed: the six negatives in order, "
            "then four trumps",
            choices=("choice", "fixed"),
            kind=str,
        ),
        Option(
            "notrump",
            False,
            "the player naming the trump of a positive may name notrump",
            kind=bool,
        ),
        Option(
            "renounce",
            False,
            "when nobody bid, or the best bid is 1, the dealer may declare raspis: no play, he "
            "is credited 4 tricks and each other player 3",
            kind=bool,
        ),
    ),
    description=(
        "Brazilian King with the 52-card pack: in 10 deals the dealer chooses each of the six "
        "negatives once and, once in the match, the positive, which the others bid for in "
        "tricks; the dealer leads every deal."
    ),
)


# --------------------------------------------------------------------- contracts and schedule


def brazilian_trick_rules(cid: str) -> TrickRules:
    """The trick rules of contract ``cid``: the dealer leads, hearts and K♥ as in the rules."""
    if cid == "trumps":
        return TrickRules(lead={"trump": "free"}, void="discard", leader="dealer")
    if cid == "no_king_of_hearts":
        return TrickRules(lead={"hearts": "never"}, void_duty="KH", leader="dealer")
    if cid == "no_hearts":
        return TrickRules(lead={"hearts": "never"}, leader="dealer")
    return TrickRules(leader="dealer")


def kinglib_contracts() -> dict[str, Contract]:
    """The seven contracts at the Brazilian prices."""
    return {
        cid: family_contract(cid, price, name, brazilian_trick_rules(cid))
        for cid, (name, price) in PRICES.items()
    }


def kinglib_schedule(rules: Rules) -> Schedule:
    """Ten deals: chosen by the dealer, or in the fixed order."""
    if rules.options["order"] == "fixed":
        return Schedule(deals=FIXED_ORDER)
    return Schedule(deals=(CHOOSE,) * PLAN.deals)


# --------------------------------------------------------------------- the auction


@attrs.frozen
class Auction:
    """The auction of a positive deal (the state's ``aux``).

    Attributes:
        dealer: the dealer, the deal's beneficiary (*beneficiado*), who sells or keeps.
        offers: the bids so far, in order: ``(seat, tricks)``, ``tricks`` ``None`` for a pass.
        buyer: the seat that bought the positive, or ``None``.
        sold: the tricks the buyer pays for (25 each, to the dealer).
        raspis: the dealer renounced: the deal is not played.

    """

    dealer: int
    offers: tuple[tuple[int, int | None], ...] = ()
    buyer: int | None = None
    sold: int = 0
    raspis: bool = False

    def next_bidder(self, rules: Rules, seat: int) -> int | None:
        """The next seat to bid after ``seat``, or ``None`` when the auction is over.

        It is over when every bidder has passed, or when all but one have and that one holds
        the best bid. The dealer never bids, and a pass is final.
        """
        return _next_bidder(
            rules, self.dealer, passed_seats(self.offers), best_offer(self.offers), seat
        )


def _next_bidder(
    rules: Rules,
    dealer: int,
    passed: Set[int],
    best: tuple[int, int] | None,
    seat: int,
) -> int | None:
    """:meth:`Auction.next_bidder` from the seats ``passed`` and the ``best`` bid so far."""
    active = [s for s in range(rules.players) if s != dealer and s not in passed]
    if not active or (len(active) == 1 and best is not None and best[0] == active[0]):
        return None
    nxt = rules.next_seat(seat)
    while nxt == dealer or nxt in passed:
        nxt = rules.next_seat(nxt)
    return nxt


def _auction(state: State) -> Auction:
    aux = state.aux
    assert isinstance(aux, Auction)
    return aux


def open_auction(rules: Rules, state: State, move: Move | None = None) -> State:
    """Open the auction of the positive of ``state``'s deal: the dealer's left bids first.

    The dealer is the deal's maker (its chooser) whoever buys. ``move`` (the choice of the
    positive) is recorded when given.
    """
    auction = Auction(dealer=state.dealer)
    changes: dict[str, Any] = {
        "phase": Phase.BID,
        "contract_info": rules.contracts["trumps"],
        "trump": None,
        "maker": state.dealer,
        "to_move": rules.next_seat(state.dealer),
        "aux": auction,
    }
    return state.evolve(**changes) if move is None else state.after(move, **changes)


def _renounce(state: State, move: Move) -> State:
    """End the deal unplayed: the dealer is credited 4 tricks, each other seat 3."""
    auction = attrs.evolve(_auction(state), raspis=True)
    return finish_deal(state.after(move, aux=auction, trump=None), ended_early=True)


class BrazilianChoice(ChooseContract):
    """The CHOOSE phase of ``order="choice"``: the dealer chooses; the positive is auctioned."""

    def apply(self, state: State, move: Move) -> State:
        """Fix the contract; ``trumps`` opens its auction instead of a declaration."""
        assert isinstance(move, Choose)
        if self.rules.contracts[move.contract].trump_round:
            return open_auction(self.rules, state, move)
        return super().apply(state, move)

    def open_at_random(self, state: State, draws: Sequence[Draws]) -> Opening | None:
        """The choice drawn at random: a negative opens the card play, ``trumps`` its auction.

        That is when the choice goes on through this class's own :meth:`apply` (else ``None``).
        """
        if type(self).apply is not BrazilianChoice.apply or self.proceed is not start_play:
            return None
        seat, choice, contract = self.draw_choice(state, draws)
        if not contract.trump_round:
            return Opening((choice,), contract, None, seat)
        if not auction_at_random_allowed(self.rules):
            return Opening((choice,))
        return auction_at_random(self.rules, contract, seat, draws, (choice,))

    def opens_every_deal(self) -> bool:
        """Whether :meth:`open_deal_at_random` may open every deal of a random match.

        It may when the choice and the auction are drawn as :meth:`open_at_random` draws them:
        this class's own choice, followed by the card play or the auction's own phases, and no
        raspis (option ``renounce`` off).
        """
        return (
            type(self).apply is BrazilianChoice.apply
            and type(self).legal_moves is ChooseContract.legal_moves
            and self.proceed is start_play
            and auction_at_random_allowed(self.rules)
        )

    def open_deal_at_random(
        self, deal_number: int, openings: Sequence[Opening], draws: Sequence[Draws]
    ) -> Opening:
        """The dealer's choice of deal ``deal_number``, and the auction of a positive chosen."""
        seat, choice, contract = self.draw_choice_after(deal_number, openings, draws)
        if not contract.trump_round:
            return Opening((choice,), contract, None, seat)
        return auction_at_random(self.rules, contract, seat, draws, (choice,))


class AuctionBid(PhaseRules):
    """The BID phase: the others bid tricks for the positive (1 to 12), or pass for good."""

    def __init__(self, rules: Rules) -> None:
        """Keep the rules (the direction of the bidding)."""
        self.rules = rules

    def open_at_random(self, state: State, draws: Sequence[Draws]) -> Opening | None:
        """The whole auction drawn at random, from its first bid, with the trump it comes to.

        That is when the auction's phases are their classes' own and raspis is not played
        (else ``None``, as it is once a bid is made).
        """
        if _auction(state).offers or not auction_at_random_allowed(self.rules):
            return None
        assert state.contract_info is not None
        return auction_at_random(self.rules, state.contract_info, state.dealer, draws, ())

    def opens_every_deal(self) -> bool:
        """Whether :meth:`open_deal_at_random` may open every deal: in ``order="fixed"``.

        The positives' auctions are then the only moves that open a deal, drawn as
        :meth:`open_at_random` draws them.
        """
        return self.rules.options["order"] == "fixed" and auction_at_random_allowed(self.rules)

    def open_deal_at_random(
        self, deal_number: int, openings: Sequence[Opening], draws: Sequence[Draws]
    ) -> Opening:
        """Deal ``deal_number`` of the fixed order opened: a negative at once, a positive's auction.

        The auction is drawn as :meth:`open_at_random` draws it for the deal's state.
        """
        rules = self.rules
        contract = rules.contracts[rules.schedule.contract_for(deal_number)]
        if not contract.trump_round:
            return Opening((), contract)
        return auction_at_random(rules, contract, rules.dealer_for(deal_number), draws, ())

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Pass, then every bid above the best so far, lowest first."""
        return (_PASS, *_bids_above(best_offer(_auction(state).offers)))

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why a bid is refused."""
        if isinstance(move, Pass):
            return None
        if not isinstance(move, Bid):
            return f"the positive is being auctioned: bid a number of tricks or pass, not {move}"
        best = best_offer(_auction(state).offers)
        if move.amount < 1:
            return f"a bid is at least 1 trick, not {move.amount}"
        if move.amount > MAX_BID:
            return f"a bid is at most {MAX_BID} tricks, not {move.amount}"
        if best is not None and move.amount <= best[1]:
            return (
                f"a bid must be higher than the best bid so far ({best[1]} by seat {best[0]}), "
                f"not {move.amount}"
            )
        return None

    def apply(self, state: State, move: Move) -> State:
        """Record the bid or pass; once the auction is over the dealer answers or names."""
        seat = state.to_move
        assert seat is not None
        before = _auction(state)
        amount = move.amount if isinstance(move, Bid) else None
        # Nothing is sold or renounced while the bidding goes on.
        auction = Auction(dealer=before.dealer, offers=(*before.offers, (seat, amount)))
        nxt = auction.next_bidder(self.rules, seat)
        if nxt is not None:
            return state.after(move, to_move=nxt, aux=auction)
        phase = Phase.DECLARE if best_offer(auction.offers) is None else Phase.ANSWER
        return state.after(move, phase=phase, to_move=auction.dealer, aux=auction)


class AuctionAnswer(PhaseRules):
    """The ANSWER phase: the dealer sells to the best bid, keeps, or (option) renounces."""

    def __init__(self, rules: Rules) -> None:
        """Read the option ``renounce``."""
        self.renounce = bool(rules.options["renounce"])

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Sell, keep, and raspis when the option allows it and the best bid is 1."""
        best = best_offer(_auction(state).offers)
        if self.renounce and best is not None and best[1] == 1:
            return (*_ANSWERS, _RASPIS)
        return _ANSWERS

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why an answer is refused."""
        legal = self.legal_moves(state)
        if move in legal:
            return None
        if move == _RASPIS:
            if not self.renounce:
                return "raspis is not played here (option renounce is off)"
            return "raspis is allowed only when nobody bid or the best bid is 1"
        return f"the dealer answers the best bid: {describe_moves(legal)}, not {move}"

    def apply(self, state: State, move: Move) -> State:
        """Sell (the buyer names the trump), keep (the dealer does), or renounce."""
        auction = _auction(state)
        if isinstance(move, Sell):
            best = best_offer(auction.offers)
            assert best is not None
            sold = attrs.evolve(auction, buyer=best[0], sold=best[1])
            return state.after(move, phase=Phase.DECLARE, to_move=best[0], aux=sold)
        if isinstance(move, Keep):
            return state.after(move, phase=Phase.DECLARE, to_move=auction.dealer)
        return _renounce(state, move)


class TrumpDeclaration(PhaseRules):
    """The DECLARE phase of a positive: the dealer or the buyer names the trump.

    The dealer may renounce instead (``Declare("raspis")``, option ``renounce``) when nobody
    bid. A positive given by hand without a trump has no auction of its own to end.
    """

    def __init__(self, rules: Rules) -> None:
        """Read the options ``notrump`` and ``renounce``."""
        self.declarations = trump_declarations(bool(rules.options["notrump"]))
        self.moves: tuple[Move, ...] = tuple(Declare(d) for d in self.declarations)
        self.renounce = bool(rules.options["renounce"])

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """The suits (and notrump where allowed); raspis too after an auction without a bid."""
        if self.renounce and best_offer(_auction(state).offers) is None:
            return (*self.moves, _RASPIS)
        return self.moves

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why a declaration is refused."""
        if not isinstance(move, Declare):
            return f"the trump of the positive is being named: declare it, not {move}"
        if move in self.legal_moves(state):
            return None
        if move == _RASPIS:
            if not self.renounce:
                return "raspis is not played here (option renounce is off)"
            return "raspis is allowed only when nobody bid or the best bid is 1"
        allowed = ", ".join(str(d) for d in self.declarations)
        return f"{move.trump} may not be named as the trump of the positive (allowed: {allowed})"

    def apply(self, state: State, move: Move) -> State:
        """Fix the trump; the dealer leads. Raspis ends the deal unplayed."""
        assert isinstance(move, Declare)
        if move == _RASPIS:
            return _renounce(state, move)
        return start_play(state, move, trump=move.trump)


def auction_at_random_allowed(rules: Rules) -> bool:
    """Whether :func:`auction_at_random` draws the auction as its phases of ``rules`` do.

    That is when the phases of the auction are :class:`AuctionBid`, :class:`AuctionAnswer` and
    :class:`TrumpDeclaration` themselves, and raspis is not played (option ``renounce`` off:
    a raspis ends the deal unplayed).
    """
    phases = rules.phases
    return (
        not rules.options["renounce"]
        and type(phases.get(Phase.BID)) is AuctionBid
        and type(phases.get(Phase.ANSWER)) is AuctionAnswer
        and type(phases.get(Phase.DECLARE)) is TrumpDeclaration
    )


def auction_at_random(
    rules: Rules,
    contract: Contract,
    dealer: int,
    draws: Sequence[Draws],
    before: tuple[Move, ...],
) -> Opening:
    """The auction of a positive dealt by ``dealer``, drawn at random, and the trump it names.

    Each seat draws its move among the legal moves of its phase, in their order, as a random
    player does move by move: the bids from the dealer's left, the dealer's answer, the trump
    named by the buyer or the dealer. ``before`` are the deal's moves already made (the
    choice of the positive). The opening's ``settle`` pays the tricks sold to the dealer, and
    its ``details`` are the auction's (:func:`kinglib_deal_details`). Only where
    :func:`auction_at_random_allowed`.
    """
    declaration = rules.phases[Phase.DECLARE]
    assert isinstance(declaration, TrumpDeclaration)
    seat: int | None = rules.next_seat(dealer)
    moves = list(before)
    offers: list[tuple[int, int | None]] = []
    passed: set[int] = set()
    # A bid is above every bid before it: the last one is the best.
    best: tuple[int, int] | None = None
    while seat is not None:
        bids = _bids_above(best)
        pick = draws[seat].below(1 + len(bids))
        if pick:
            bid = bids[pick - 1]
            moves.append(bid)
            best = (seat, bid.amount)
            offers.append(best)
        else:
            moves.append(_PASS)
            offers.append((seat, None))
            passed.add(seat)
        seat = _next_bidder(rules, dealer, passed, best, seat)
    auction = Auction(dealer=dealer, offers=tuple(offers))
    declarer = dealer
    if best is not None:
        answer = _ANSWERS[draws[dealer].below(len(_ANSWERS))]
        moves.append(answer)
        if answer is _SELL:
            declarer = best[0]
            auction = attrs.evolve(auction, buyer=best[0], sold=best[1])
    named = declaration.moves[draws[declarer].below(len(declaration.moves))]
    assert isinstance(named, Declare) and not isinstance(named.trump, Rank)
    moves.append(named)
    settle = partial(_paid_sale, auction, contract.trick_values[0])
    return Opening(
        tuple(moves), contract, named.trump, dealer, None, settle, _auction_details(auction)
    )


def _bids_above(best: tuple[int, int] | None) -> tuple[Bid, ...]:
    """The bids above the ``best`` so far (every bid, from 1, when there is none)."""
    return _BIDS[1 if best is None else best[1] + 1 :]


def _paid_sale(auction: Auction, price: int, points: tuple[int, ...]) -> tuple[int, ...]:
    """``points`` after the buyer of ``auction`` paid the dealer ``price`` a trick sold."""
    if auction.buyer is None:
        return points
    paid = list(points)
    paid[auction.buyer] -= price * auction.sold
    paid[auction.dealer] += price * auction.sold
    return tuple(paid)


def kinglib_phases(rules: Rules) -> dict[Phase, PhaseRules]:
    """The auction's phases, and the dealer's choice in ``order="choice"``."""
    phases: dict[Phase, PhaseRules] = {
        Phase.BID: AuctionBid(rules),
        Phase.ANSWER: AuctionAnswer(rules),
        Phase.DECLARE: TrumpDeclaration(rules),
    }
    if rules.options["order"] == "choice":
        phases[Phase.CHOOSE] = BrazilianChoice(rules, PLAN, start_play)
    return phases


# --------------------------------------------------------------------- deals and scores


@for_contracts(CHOOSE, "trumps")
def kinglib_begin_deal(rules: Rules, state: State) -> State:
    """Open a deal: the dealer chooses, or the positive of the fixed order is auctioned.

    A positive given by hand with a trump is the dealer's, played at once; without one its
    auction opens.
    """
    spec = state.setup.deal
    if spec is None and rules.schedule.contract_for(state.deal_number) == CHOOSE:
        return state.evolve(phase=Phase.CHOOSE, to_move=state.dealer)
    if spec is not None:
        allowed = trump_declarations(bool(rules.options["notrump"]))
        check_given_trump(rules, spec.contract, spec.trump, allowed)
        if spec.trump is not None:
            return start_play(
                state, contract_info=rules.contracts["trumps"], trump=spec.trump, maker=state.dealer
            )
    return open_auction(rules, state)


@for_contracts("trumps")
def kinglib_score_deal(state: State) -> tuple[int, ...] | None:
    """The points of a positive that was auctioned: its tricks, the price paid, or raspis.

    ``None`` for a positive given by hand with its trump (no auction): its tricks as usual.
    """
    auction = state.aux
    if not isinstance(auction, Auction):
        return None
    contract = state.contract_info
    assert contract is not None
    price = contract.trick_values[0]
    if auction.raspis:
        mine, others = RASPIS_TRICKS
        return tuple(
            price * (mine if seat == auction.dealer else others)
            for seat in range(state.rules.players)
        )
    return _paid_sale(auction, price, tuple(price * taken for taken in state.tricks_taken))


@for_contracts("trumps")
def kinglib_deal_details(state: State) -> tuple[tuple[str, Any], ...]:
    """The auction of a positive: its bids, the sale (buyer, seller, tricks), raspis."""
    auction = state.aux
    if not isinstance(auction, Auction):
        return ()
    return _auction_details(auction)


def _auction_details(auction: Auction) -> tuple[tuple[str, Any], ...]:
    out: list[tuple[str, Any]] = [("offers", auction.offers)]
    if auction.buyer is not None:
        out += [("buyer", auction.buyer), ("seller", auction.dealer), ("tricks_sold", auction.sold)]
    if auction.raspis:
        out.append(("raspis", True))
    return tuple(out)


def kinglib_view_extra(rules: Rules, state: State) -> dict[str, Any]:
    """The public facts of a deal: its chooser and the score sheet, the auction of a positive.

    ``chooser`` is the dealer (``order="choice"``); ``pool_left`` and ``owed`` say what is
    still to be chosen (finished deals only); ``offers`` lists the bids of a positive as
    ``(seat, tricks)`` or ``(seat, "pass")`` pairs, in order; ``sale`` is ``{"buyer", "seller",
    "tricks"}`` once the dealer has sold.
    """
    out: dict[str, Any] = {}
    if rules.options["order"] == "choice":
        out["chooser"] = state.dealer
        out.update(PLAN.sheet(state))
    auction = state.aux
    if isinstance(auction, Auction):
        out["offers"] = tuple((s, "pass" if a is None else a) for s, a in auction.offers)
        if auction.buyer is not None:
            out["sale"] = {"buyer": auction.buyer, "seller": auction.dealer, "tricks": auction.sold}
    return out


# --------------------------------------------------------------------- the hooks


def kinglib_variant_info() -> VariantInfo:
    """Describe Brazilian King."""
    return INFO


def kinglib_deck(rules: Rules) -> CardSet:
    """The 52-card pack."""
    return CardSet.from_mask(deck_mask(Rank.TWO))


def kinglib_invariants(rules: Rules) -> Invariants:
    """Zero-sum, 10 deals, every deal hands out its contract's total."""
    return Invariants(zero_sum=True, deals=PLAN.deals)
