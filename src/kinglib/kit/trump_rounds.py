"""Trump rounds in praise mode (отыгрыш, хвалёнка), shared by the variants.

A praise-mode deal runs through these stages:

1. **Three-card stage.** Every seat holds only its first three cards, the first three dealt to
   it, in dealing order; the rest of every hand waits in the hidden pile ``"undealt"`` (no view
   shows it, its size is public). The eldest is the **declarer** and is to move in
   :attr:`~kinglib.Phase.DECLARE`.
2. **Declaration**: ``Declare(suit)``, ``Declare("notrump")``, ``Declare("misere")``,
   ``Declare("last")`` (a blind choice: the trump is the suit of the **last card dealt to the
   declarer** when the rest of the cards are dealt, a card he has not seen when he declares;
   it is shown to everyone as it is dealt) or ``Declare("raspis")`` (the deal is not played and
   every seat is credited the same share of the tricks; only where the tricks divide evenly).
   The rest of the cards are then dealt.
3. **Buying** (option ``buying``, default true), :attr:`~kinglib.Phase.BID`: starting left of
   the declarer, each other seat offers ``Bid(n)`` tricks (1 up to the tricks of a deal, higher
   than the best offer so far) or ``Pass()``; a pass is final. The offers go round until every
   seat but the best offer's has passed (or all have).
4. **Answer**, :attr:`~kinglib.Phase.ANSWER`: the declarer sells to the best offer
   (``Sell()``), keeps his declaration (``Keep()``), or ``Declare("raspis")`` (where allowed).
   When nobody offered and raspis is not allowed, ``Keep`` would be the only answer, so the
   deal goes straight to play.
5. A **buyer** names his trump (a suit, ``notrump`` or ``misere``) in a second DECLARE, is the
   maker and leads; after play he hands the tricks he agreed to the seller (his count may go
   below zero). Otherwise the declarer is the maker and the eldest (the declarer) leads.

Every trick of the deal is worth the ``trumps`` contract's price (3 in the King schemes).
The trick rules are the core :class:`~kinglib.engine.tricks.TrickPlay`'s: must trump when void, only
the maker leads trumps (option ``only_maker_leads_trump``), misère ranks reversed.

Variants use this module through :func:`begin_trump_round`, :func:`praise_phases`,
:func:`score_trump_round`, :func:`trump_round_details`, :func:`trump_round_view` and
:data:`TRUMP_ROUND_OPTIONS`; :func:`new_praise_deal` starts a praise-mode deal from given hands
with the order the cards were dealt in: a hand given as text (or a list of cards) is dealt in
the order written, its first three cards before the declaration and its last card last; a
:class:`~kinglib.CardSet` has no order of its own and is dealt in display order.
:func:`praise_layout` says where a praise-mode deal's hidden cards lie, for
:meth:`View.sample <kinglib.engine.view.View.sample>` (this module answers ``kinglib_sample_hidden``
with it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from kinglib.engine.flow import finish_deal
from kinglib.engine.phases import PhaseRules, describe_moves
from kinglib.engine.rules import Rules
from kinglib.engine.sampling import (
    DealStart,
    HiddenLayout,
    dealt_sizes,
    hand_slot,
    known_cards,
    played_by,
    shuffled_indices,
    stock_layout,
)
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import start_play
from kinglib.engine.view import View
from kinglib.plugins.hookspecs import for_contracts
from kinglib.plugins.invariants import Invariants, shown_in_extras
from kinglib.values.cards import Card, CardSet, Rank, Suit, iter_indices
from kinglib.values.contracts import Contract
from kinglib.values.errors import RulesError
from kinglib.values.moves import Bid, Declare, Keep, Move, Pass, Sell
from kinglib.values.options import Option

__all__ = [
    "TRUMP_ROUND_OPTIONS",
    "UNDEALT",
    "Praise",
    "PraiseAnswer",
    "PraiseBid",
    "PraiseDeclare",
    "begin_trump_round",
    "best_offer",
    "check_trump_players",
    "new_praise_deal",
    "passed_seats",
    "praise_layout",
    "praise_phases",
    "raspis_allowed",
    "score_trump_round",
    "trump_round_details",
    "trump_round_view",
]

#: The hidden pile of the cards not yet dealt during the three-card stage.
UNDEALT = "undealt"
#: How many cards each seat holds before the declaration.
FIRST_CARDS = 3

#: The options of the trump rounds, for every variant that plays them.
TRUMP_ROUND_OPTIONS: tuple[Option, ...] = (
    Option(
        "buying",
        True,
        "in a trump round the other players may buy the declaration for a number of tricks",
        kind=bool,
    ),
    Option(
        "only_maker_leads_trump",
        True,
        "in a trump round only the maker may lead a trump while holding another suit",
        kind=bool,
    ),
)

_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_BUYER_DECLARATIONS: tuple[Declare, ...] = (
    *(Declare(s) for s in _SUITS),
    Declare("notrump"),
    Declare("misere"),
)
_LAST = Declare("last")
_RASPIS = Declare("raspis")
_PASS = Pass()
_SELL = Sell()
_KEEP = Keep()


def best_offer(offers: tuple[tuple[int, int | None], ...]) -> tuple[int, int] | None:
    """The highest offer of an auction as ``(seat, tricks)`` (the earlier on a tie), or ``None``.

    ``offers`` are ``(seat, tricks)`` in the order made, ``tricks`` ``None`` for a pass.
    """
    found: tuple[int, int] | None = None
    for seat, amount in offers:
        if amount is not None and (found is None or amount > found[1]):
            found = (seat, amount)
    return found


def passed_seats(offers: tuple[tuple[int, int | None], ...]) -> frozenset[int]:
    """The seats that have passed in an auction's ``(seat, tricks)`` offers (a pass is final)."""
    return frozenset(seat for seat, amount in offers if amount is None)


@attrs.frozen
class Praise:
    """What a praise-mode deal has settled so far (the state's ``aux``).

    Attributes:
        declarer: the seat that declares on three cards (the eldest).
        rest: per seat, the mask of the cards not dealt yet (all zero once dealt).
        last_card: the last card dealt to the declarer, in the rest of the deal after the
            declaration: he has not seen it when he declares; ``Declare("last")`` makes its
            suit trump and shows it to everyone.
        declaration: what the declarer declared (a Suit, ``"notrump"``, ``"misere"``,
            ``"last"``, ``"raspis"``), or ``None`` before he has.
        offers: the auction so far, in order: ``(seat, tricks)``, ``tricks`` ``None`` for a pass.
        buyer: the seat that bought the deal, or ``None``.
        sold: the number of tricks the buyer hands to the seller.
        raspis: the deal was not played; every seat is credited an equal share of the tricks.

    """

    declarer: int
    rest: tuple[int, ...]
    last_card: Card
    declaration: Suit | str | None = None
    offers: tuple[tuple[int, int | None], ...] = ()
    buyer: int | None = None
    sold: int = 0
    raspis: bool = False

    @property
    def best(self) -> tuple[int, int] | None:
        """The best offer so far as ``(seat, tricks)``, or ``None``."""
        return best_offer(self.offers)

    @property
    def passed(self) -> frozenset[int]:
        """The seats that have passed (a pass is final)."""
        return passed_seats(self.offers)


def raspis_allowed(rules: Rules, contract: Contract) -> bool:
    """Whether raspis may be declared: the tricks of a deal divide evenly among the seats."""
    return len(contract.trick_values) % rules.players == 0


def _trick_price(contract: Contract) -> int:
    return contract.trick_values[0] if contract.trick_values else 0


# --------------------------------------------------------------------- opening a deal


def _first_three_seeded(state: State) -> tuple[tuple[int, ...], Card]:
    """Each seat's first three cards and the declarer's last card, for a seeded deal.

    A generator seeded from the match seed and the deal number picks each seat's first three
    cards in order, then the declarer's last card among the cards he gets after them.
    """
    seed = state.setup.seed
    rng = random.Random(f"kinglib/{seed}/{state.deal_number}/praise")
    firsts: list[int] = []
    for hand in state.hands_mask:
        order = rng.sample(list(iter_indices(hand)), min(FIRST_CARDS, hand.bit_count()))
        firsts.append(sum(1 << i for i in order))
    eldest = state.eldest
    later = list(iter_indices(state.hands_mask[eldest] & ~firsts[eldest]))
    if not later:  # no card after the first three: the last dealt is among them
        later = list(iter_indices(firsts[eldest]))
    return tuple(firsts), Card.from_index(rng.choice(later))


def _first_three_given(state: State) -> tuple[tuple[int, ...], Card]:
    """Each seat's first three cards of a given deal, and the declarer's last card.

    A hand is dealt in the order it was written: its first three cards, then the rest, the
    last written card last.
    """
    spec = state.deal_spec
    assert spec is not None
    firsts: list[int] = []
    last: Card | None = None
    for seat, hand in enumerate(state.hands_mask):
        order = spec.order_of(f"hand:{seat}") or tuple(iter_indices(hand))
        firsts.append(sum(1 << i for i in order[:FIRST_CARDS]))
        if seat == state.eldest and order:
            last = Card.from_index(order[-1])
    if last is None:
        raise RulesError(f"seat {state.eldest}, the declarer, has no cards")
    return tuple(firsts), last


def begin_trump_round(rules: Rules, state: State) -> State | None:
    """Open a ``"trumps"`` deal; ``None`` when the deal is something else.

    A given deal with a trump (``rules.new_deal("trumps", hands, trump=Suit.SPADES)``) is
    played at once with that trump, the eldest as maker and leader. Any other trump round
    opens in praise mode at the three-card stage. For a given deal without a trump, each hand
    is dealt in the order written: its first three cards before the declaration, the rest
    after it, so the last card written for the eldest's hand is his last card.
    """
    spec = state.setup.deal
    cid = spec.contract if spec is not None else rules.schedule.contract_for(state.deal_number)
    if cid != "trumps":
        return None
    contract = rules.contracts[cid]
    eldest = state.eldest
    if spec is not None and spec.trump is not None:
        return start_play(state, contract_info=contract, trump=spec.trump, maker=eldest)
    if state.deal_spec is None:
        firsts, last = _first_three_seeded(state)
    else:
        firsts, last = _first_three_given(state)
    piles = state.piles_mask
    rest = tuple(h & ~f for h, f in zip(state.hands_mask, firsts))
    undealt = 0
    for m in rest:
        undealt |= m
    return state.evolve(
        phase=Phase.DECLARE,
        contract_info=contract,
        trump=None,
        maker=None,
        to_move=eldest,
        hands_mask=firsts,
        piles_mask=tuple(sorted((*piles, (UNDEALT, undealt)))),
        aux=Praise(declarer=eldest, rest=rest, last_card=last),
    )


def new_praise_deal(
    rules: Rules, hands: Sequence[str | CardSet | Sequence[Card]], dealer: int = 0
) -> State:
    """One praise-mode trump round from given hands, dealt in the order written.

    Each hand lists its cards in the order they are dealt: the first three are dealt before
    the declaration and the rest after it, so the last card of the eldest's hand is his last
    card (the trump of ``Declare("last")``). A :class:`CardSet` has no order of its own: it is
    dealt in display order. This is ``rules.new_deal("trumps", hands, dealer)``.

    Raises :class:`~kinglib.values.errors.RulesError` naming the problem for bad hands, or when the
    variant has no ``"trumps"`` contract.
    """
    if "trumps" not in rules.contracts:
        raise RulesError(f"{rules.variant} has no trump rounds")
    return rules.new_deal("trumps", hands, dealer)


# --------------------------------------------------------------------- moving on


def _deal_rest(state: State, praise: Praise) -> tuple[tuple[int, ...], tuple[tuple[str, int], ...]]:
    hands = tuple(h | r for h, r in zip(state.hands_mask, praise.rest))
    piles = tuple((k, m) for k, m in state.piles_mask if k != UNDEALT)
    return hands, piles


def _resolve(declaration: Suit | str, praise: Praise) -> Suit | str:
    if declaration == "last":
        suit = praise.last_card.suit
        assert suit is not None
        return suit
    return declaration


def _play(state: State, move: Move, praise: Praise, maker: int, trump: Suit | str) -> State:
    # The maker (the buyer, or the declarer) leads, as the trump round's trick rules say.
    return start_play(state, move, trump=trump, maker=maker, aux=praise)


def _raspis(state: State, move: Move, praise: Praise) -> State:
    """End the deal unplayed: every card stays in the hands; each seat gets an equal share.

    The record names the declarer as the deal's chooser, and no trump.
    """
    hands, piles = _deal_rest(state, praise)
    done = attrs.evolve(praise, rest=(0,) * len(hands), raspis=True)
    after = state.after(
        move, hands_mask=hands, piles_mask=piles, trump=None, maker=praise.declarer, aux=done
    )
    return finish_deal(after, ended_early=True)


def _next_bidder(praise: Praise, players: int, seat: int, step: int = 1) -> int | None:
    """The next seat to offer after ``seat`` (``step`` on), or ``None`` when it is over."""
    passed = praise.passed
    active = [s for s in range(players) if s != praise.declarer and s not in passed]
    best = praise.best
    if not active or (len(active) == 1 and best is not None and best[0] == active[0]):
        return None
    nxt = (seat + step) % players
    while nxt == praise.declarer or nxt in passed:
        nxt = (nxt + step) % players
    return nxt


def _after_auction(state: State, move: Move, praise: Praise, allowed_raspis: bool) -> State:
    if praise.best is None and not allowed_raspis:
        assert praise.declaration is not None
        return _play(state, move, praise, praise.declarer, _resolve(praise.declaration, praise))
    return state.after(move, phase=Phase.ANSWER, to_move=praise.declarer, aux=praise)


class _PraisePhase(PhaseRules):
    """Common parts of the praise-mode phases."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.buying = bool(rules.options.get("buying", True)) and rules.players > 1

    @staticmethod
    def praise(state: State) -> Praise:
        """The praise-mode record of the deal."""
        aux = state.aux
        assert isinstance(aux, Praise)
        return aux

    def raspis_ok(self, state: State) -> bool:
        """Whether raspis may be declared in this deal."""
        contract = state.contract_info
        assert contract is not None
        return len(contract.trick_values) % self.players == 0


class PraiseDeclare(_PraisePhase):
    """DECLARE in praise mode: the declarer's declaration on three cards, or a buyer's trump."""

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """A suit, notrump, misère; for the declarer also last, and raspis where allowed."""
        praise = self.praise(state)
        if praise.buyer is not None:
            return _BUYER_DECLARATIONS
        moves: tuple[Move, ...] = (*_BUYER_DECLARATIONS, _LAST)
        if self.raspis_ok(state):
            moves = (*moves, _RASPIS)
        return moves

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why a declaration is refused."""
        if not isinstance(move, Declare):
            who = (
                "the buyer names his trump"
                if self.praise(state).buyer is not None
                else ("the declarer declares on his first three cards")
            )
            return f"{who}: declare a suit, notrump or misere, not {move}"
        if move in self.legal_moves(state):
            return None
        if self.praise(state).buyer is not None:
            return f"a buyer names a suit, notrump or misere, not {move.trump}"
        return f"raspis is allowed only where the tricks divide evenly among {self.players}"

    def apply(self, state: State, move: Move) -> State:
        """Record the declaration: deal the rest and open the auction, or play."""
        assert isinstance(move, Declare)
        declared = move.trump
        assert not isinstance(declared, Rank)  # a rank is never among the declarations here
        praise = self.praise(state)
        if praise.buyer is not None:
            return _play(state, move, praise, praise.buyer, declared)
        if declared == "raspis":
            return _raspis(state, move, attrs.evolve(praise, declaration="raspis"))
        hands, piles = _deal_rest(state, praise)
        praise = attrs.evolve(praise, declaration=declared, rest=(0,) * len(hands))
        trump = _resolve(declared, praise)
        state = state.evolve(hands_mask=hands, piles_mask=piles, trump=trump)
        if not self.buying:
            return _play(state, move, praise, praise.declarer, trump)
        first = _next_bidder(praise, self.players, praise.declarer, self.rules.step)
        assert first is not None
        return state.after(move, phase=Phase.BID, to_move=first, aux=praise)


class PraiseBid(_PraisePhase):
    """BID in praise mode: the other players offer tricks for the declaration, or pass."""

    def tricks(self, state: State) -> int:
        """The tricks of a deal: the highest offer."""
        contract = state.contract_info
        assert contract is not None
        return len(contract.trick_values)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Pass, then every offer above the best one, lowest first."""
        best = self.praise(state).best
        low = 1 if best is None else best[1] + 1
        return (_PASS, *(Bid(n) for n in range(low, self.tricks(state) + 1)))

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why an offer is refused."""
        if isinstance(move, Pass):
            return None
        if not isinstance(move, Bid):
            return (
                f"the buying auction is on: offer a number of tricks ('bid N') or pass, not {move}"
            )
        tricks = self.tricks(state)
        best = self.praise(state).best
        if move.amount < 1:
            return "an offer is at least 1 trick"
        if move.amount > tricks:
            return f"an offer is at most {tricks} tricks, the tricks in a deal"
        if best is not None and move.amount <= best[1]:
            return (
                f"an offer must be higher than the best offer so far ({best[1]} by seat {best[0]})"
            )
        return None

    def apply(self, state: State, move: Move) -> State:
        """Record the offer or pass; end the auction once only the best offer is left."""
        seat = state.to_move
        assert seat is not None
        praise = self.praise(state)
        amount = move.amount if isinstance(move, Bid) else None
        praise = attrs.evolve(praise, offers=(*praise.offers, (seat, amount)))
        nxt = _next_bidder(praise, self.players, seat, self.rules.step)
        if nxt is not None:
            return state.after(move, to_move=nxt, aux=praise)
        return _after_auction(state, move, praise, self.raspis_ok(state))


class PraiseAnswer(_PraisePhase):
    """ANSWER in praise mode: the declarer sells to the best offer, keeps, or declares raspis."""

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Sell (when there is an offer), keep, and raspis where allowed."""
        moves: tuple[Move, ...] = (_KEEP,)
        if self.praise(state).best is not None:
            moves = (_SELL, *moves)
        if self.raspis_ok(state):
            moves = (*moves, _RASPIS)
        return moves

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why an answer is refused."""
        legal = self.legal_moves(state)
        if move in legal:
            return None
        if isinstance(move, Sell):
            return "there is no offer to sell to"
        if move == _RASPIS:
            return f"raspis is allowed only where the tricks divide evenly among {self.players}"
        return f"the declarer answers the offers: {describe_moves(legal)}, not {move}"

    def apply(self, state: State, move: Move) -> State:
        """Sell, keep, or end the deal in raspis."""
        praise = self.praise(state)
        if isinstance(move, Sell):
            best = praise.best
            assert best is not None
            praise = attrs.evolve(praise, buyer=best[0], sold=best[1])
            return state.after(move, phase=Phase.DECLARE, to_move=best[0], trump=None, aux=praise)
        if isinstance(move, Keep):
            assert praise.declaration is not None
            return _play(state, move, praise, praise.declarer, _resolve(praise.declaration, praise))
        return _raspis(state, move, praise)


def praise_phases(rules: Rules) -> dict[Phase, PhaseRules]:
    """The DECLARE, BID and ANSWER phases of praise mode, for a variant's ``kinglib_phases``."""
    return {
        Phase.DECLARE: PraiseDeclare(rules),
        Phase.BID: PraiseBid(rules),
        Phase.ANSWER: PraiseAnswer(rules),
    }


# --------------------------------------------------------------------- scoring and views


def score_trump_round(rules: Rules, state: State) -> tuple[int, ...] | None:
    """The points of a finished praise-mode deal, or ``None`` for any other deal.

    Each trick taken is worth the contract's price; a raspis credits every seat an equal
    share of the tricks; a buyer then hands the tricks he agreed on to the seller, so his score
    may fall below zero while the deal still totals its full value.
    """
    praise = state.aux
    if not isinstance(praise, Praise):
        return None
    contract = state.contract_info
    assert contract is not None
    price = _trick_price(contract)
    n = rules.players
    if praise.raspis:
        return (price * (len(contract.trick_values) // n),) * n
    points = [price * t for t in state.tricks_taken]
    if praise.buyer is not None:
        points[praise.buyer] -= price * praise.sold
        points[praise.declarer] += price * praise.sold
    return tuple(points)


def _trump_card(praise: Praise) -> Card | None:
    """The card whose suit is the trump played: the last card, for ``last`` not sold."""
    if praise.declaration == "last" and praise.buyer is None:
        return praise.last_card
    return None


def trump_round_details(state: State) -> tuple[tuple[str, Any], ...]:
    """The facts of a finished praise-mode deal for its :class:`~kinglib.DealResult`.

    ``declarer``, ``declaration`` (as text), ``last_card`` (for ``last``: the last card dealt
    to the declarer, shown to everyone), ``trump_card`` (the card that set the trump played:
    the last card, unless a buyer named his own trump), ``raspis``, and for a sale ``buyer``,
    ``seller`` and ``tricks_sold``.
    """
    praise = state.aux
    if not isinstance(praise, Praise):
        return ()
    out: list[tuple[str, Any]] = [("declarer", praise.declarer)]
    if praise.declaration is not None:
        out.append(("declaration", str(praise.declaration)))
    if praise.declaration == "last":
        out.append(("last_card", praise.last_card))
    card = _trump_card(praise)
    if card is not None:
        out.append(("trump_card", card))
    if praise.raspis:
        out.append(("raspis", True))
    if praise.buyer is not None:
        out += [("buyer", praise.buyer), ("seller", praise.declarer), ("tricks_sold", praise.sold)]
    return tuple(out)


def trump_round_view(state: State) -> Mapping[str, Any]:
    """The public facts of a praise-mode deal for every seat's view.

    ``declarer``; ``declaration`` once made; ``last_card`` once ``last`` is declared and the
    rest dealt (the last card dealt to the declarer, shown to everyone); ``trump_card``, the
    same card while its suit is the trump (until a buyer names his own); ``offers`` as
    ``(seat, tricks or "pass")`` pairs; ``sale`` as ``{"buyer", "seller", "tricks"}``. Nothing
    here is a card a seat has not been shown.
    """
    praise = state.aux
    if not isinstance(praise, Praise):
        return {}
    out: dict[str, Any] = {"declarer": praise.declarer}
    if praise.declaration is not None:
        out["declaration"] = str(praise.declaration)
    if praise.declaration == "last":
        out["last_card"] = praise.last_card
    card = _trump_card(praise)
    if card is not None:
        out["trump_card"] = card
    if praise.offers:
        out["offers"] = tuple((s, "pass" if a is None else a) for s, a in praise.offers)
    if praise.buyer is not None:
        out["sale"] = {"buyer": praise.buyer, "seller": praise.declarer, "tricks": praise.sold}
    return out


def check_trump_players(scheme: str, players: int, allowed: tuple[int, ...]) -> None:
    """Refuse a scheme with trump rounds for a player count it is not played by."""
    if players not in allowed:
        counts = " or ".join(str(p) for p in allowed)
        raise ValueError(
            f"scheme {scheme!r} plays trump rounds in praise mode for {counts} players, "
            f"not {players}"
        )


# --------------------------------------------------------------------- the hooks
# This module is a plugin: a variant whose trump rounds are played in praise mode names it in
# its VariantInfo.parts (simple and three-hand do), and load_rules registers it just before
# the variant.


def trump_round_invariants(rules: Rules) -> Invariants:
    """What holds in every match with trump rounds in praise mode.

    The match is zero-sum, every deal hands out its contract's total, the match has the
    schedule's fixed length, and the card that a ``last`` declaration shows is among the
    shown cards (the view extras ``"last_card"`` and ``"trump_card"``).
    """
    return Invariants(
        zero_sum=True,
        deals=rules.schedule.length,
        shown_cards=shown_in_extras("last_card", "trump_card"),
    )


# Each hook of this plugin is one of the building blocks above; the scoped ones answer only
# for trump rounds, so the other deals of a match keep kinglib's fastest paths.
kinglib_phases = praise_phases
kinglib_begin_deal = for_contracts("trumps")(begin_trump_round)
kinglib_score_deal = for_contracts("trumps")(score_trump_round)
kinglib_deal_details = for_contracts("trumps")(trump_round_details)
kinglib_view_extra = for_contracts("trumps")(trump_round_view)
kinglib_invariants = trump_round_invariants


# ----------------------------------------------------------------------- sampling


def praise_layout(rules: Rules, view: View) -> HiddenLayout:
    """A trump round in praise mode: three cards each first, the rest once declared.

    While the rest is undealt, each seat's undealt cards are hidden (from itself too). Once
    dealt, the hands are as in trick play; the declarer's last card, if shown, is his, and the
    last dealt to him.
    """
    if view.contract != "trumps" or "declarer" not in view.extra:
        return stock_layout(rules, view)
    seat = view.seat
    declarer = int(view.extra["declarer"])
    played = played_by(view)
    pool = rules.deck.mask & ~known_cards(view, played)
    staged = view.pile_sizes.get(UNDEALT, 0) > 0
    slots = [(hand_slot(s), n) for s, n in enumerate(view.hand_sizes) if s != seat and n]
    if staged:
        sizes = dealt_sizes(rules, view)
        slots += [
            (f"rest:{s}", sizes[s] - view.hand_sizes[s])
            for s in range(view.players)
            if sizes[s] > view.hand_sizes[s]
        ]
    last = view.extra.get("last_card")
    last_mask = last.mask if isinstance(last, Card) else 0
    excluded = [(hand_slot(s), last_mask) for s in range(view.players) if s != declarer]

    def start(placed: Mapping[str, int], rng: random.Random) -> DealStart:
        hands = []
        orders = []
        for s in range(view.players):
            held = (view.hand.mask if s == seat else placed.get(hand_slot(s), 0)) | played[s]
            rest = placed.get(f"rest:{s}", 0)
            # The declarer's shown last card is the last one dealt to him.
            shown_last = last_mask if s == declarer else 0
            if staged:
                first = shuffled_indices(held, rng)
            else:
                first = shuffled_indices(held & ~shown_last, rng)[:FIRST_CARDS]
            tail = [i for i in shuffled_indices((held | rest) & ~shown_last, rng) if i not in first]
            if held & shown_last:
                tail.append(shown_last.bit_length() - 1)
            hands.append(held | rest)
            orders.append((f"hand:{s}", (*first, *tail)))
        return DealStart(hands=tuple(hands), orders=tuple(orders))

    return HiddenLayout(pool=pool, slots=tuple(slots), start=start, excluded=tuple(excluded))


kinglib_sample_hidden = praise_layout
