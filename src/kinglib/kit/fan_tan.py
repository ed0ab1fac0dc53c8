"""Fan-tan (Barbu's "domino", Kierki's "układanka"): a deal laid out, not played in tricks.

A *start rank* is fixed for the deal. The layout has one row per suit: a row is opened by that
suit's card of the start rank and grows one rank at a time, downwards to the lowest rank of the
pack and upwards to the ace. At his turn a player must play a card that opens a row or extends
one (the next card below a row's lowest or above its highest); only when he has none he plays
``Pass()``, which is refused while he can play. A player out of cards is passed over. The deal
ends when all players but one are out of cards; the players score by the order they went out,
the one left holding cards last.

A variant plays a contract this way by naming the phase in its trick rules
(``TrickRules(phase="fan_tan", leader=...)``: the leader is the first to play) and by naming this
module in its ``VariantInfo.parts`` (it answers ``kinglib_phases`` with :class:`FanTanPlay`
under the name ``"fan_tan"``, and the per-deal hooks of its deals). The contract's
``trick_values`` are the prices by place of going out: the first out scores ``trick_values[0]``,
the last ``trick_values[-1]`` (so the deal's total is their sum). The start rank is the option
``fan_tan_start`` when the variant declares it: a rank letter (``"7"``, ``"J"``), ``"any"`` (the
first card played sets it) or ``"declare"`` (a declaration names it before the deal is played:
:func:`begin_fan_tan` with the rank declared); without the option it is the seven.

The cards laid out lie in the pile ``"layout"``, which every seat sees; ``state.aux`` is a
:class:`FanTan` that says the start rank and who went out in which order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from kinglib.engine.flow import finish_deal
from kinglib.engine.kernel import Draws, lay_out, layout_playable
from kinglib.engine.phases import Opening, PhaseRules
from kinglib.engine.rules import Rules
from kinglib.engine.sampling import DealStart, HiddenLayout, dealt_sizes, hand_slot
from kinglib.engine.state import State
from kinglib.engine.tricks import first_leader
from kinglib.engine.view import View
from kinglib.plugins.hookspecs import for_contracts, hookimpl
from kinglib.values.cards import RANK_MASKS, SUIT_MASKS, Card, CardSet, Rank, Suit
from kinglib.values.moves import PLAYS, Declare, Move, Pass, Play

__all__ = [
    "FAN_TAN",
    "LAYOUT",
    "FanTan",
    "FanTanPlay",
    "begin_fan_tan",
    "fan_tan_layout",
    "fan_tan_points",
    "fan_tan_record",
    "playable_mask",
    "start_rank_option",
]

#: The name of the play phase (and, by convention, of the contract).
FAN_TAN = "fan_tan"
#: The pile of the cards laid out.
LAYOUT = "layout"

_PASS = Pass()
_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds"}
_SUIT_NAMES[Suit.CLUBS] = "clubs"


@attrs.frozen
class FanTan:
    """The public record of a fan-tan deal, kept in ``state.aux``.

    Attributes:
        start: the start rank, or ``None`` until the first card sets it (``"any"``).
        out: the seats that have gone out of cards, in the order they did.

    """

    start: Rank | None
    out: tuple[int, ...] = ()


def start_rank_option(value: object) -> str:
    """Check the option ``fan_tan_start``: a rank letter, ``"any"`` or ``"declare"``."""
    if isinstance(value, str):
        word = value.strip().upper()
        if word in ("ANY", "DECLARE"):
            return word.lower()
        letters = {rank.letter: rank for rank in Rank}
        letters["10"] = Rank.TEN
        if word in letters:
            return letters[word].letter
    raise ValueError(
        f"option 'fan_tan_start' is a rank (2 to 9, T, J, Q, K, A), 'any' or 'declare', "
        f"not {value!r}"
    )


def _fixed_start(rules: Rules) -> Rank | None:
    """The start rank the rules fix (``None`` for ``"any"`` and ``"declare"``)."""
    value = rules.options.get("fan_tan_start", "7")
    if value in ("any", "declare"):
        return None
    letter = str(value)
    return next(rank for rank in Rank if rank.letter == letter)


def begin_fan_tan(state: State, start: Rank | None = None) -> State:
    """The fan-tan record of a deal about to be laid out, with the layout empty.

    ``start`` is the declared start rank; without it, the one the rules fix (``None`` for
    ``"any"``). Call it as the deal opens (before :func:`kinglib.engine.tricks.start_play`).
    """
    if start is None:
        start = _fixed_start(state.rules)
    piles = tuple(sorted({**dict(state.piles_mask), LAYOUT: 0}.items()))
    return state.evolve(aux=FanTan(start=start), piles_mask=piles)


def fan_tan_record(state: State) -> FanTan:
    """The deal's :class:`FanTan` record: ``state.aux``, or a fresh one before it is set."""
    aux = state.aux
    if isinstance(aux, FanTan):
        return aux
    return FanTan(start=_fixed_start(state.rules))


def playable_mask(layout: int, start: Rank | None, deck: int) -> int:
    """The cards that may be laid out next: each row's next card either way, or an opening.

    ``layout`` is the mask of the cards laid out; ``start`` the start rank (``None``: any card
    opens, while nothing is laid out); ``deck`` the pack.
    """
    return layout_playable(layout, _opening(start), deck)


def _opening(start: Rank | None) -> int:
    """The cards that open the rows: the start rank's (none while the first card sets it)."""
    return 0 if start is None else RANK_MASKS[start]


class FanTanPlay(PhaseRules):
    """The PLAY phase of a fan-tan deal: lay a card out, or pass when none may be laid.

    Args:
        rules: the rules; reads the option ``fan_tan_start`` when the variant declares it.

    """

    def __init__(self, rules: Rules) -> None:
        """Keep the pack and the direction of play."""
        self.rules = rules
        self.deck = rules.deck.mask

    def layout(self, state: State) -> int:
        """The mask of the cards laid out."""
        return state.pile(LAYOUT).mask

    def legal_mask(self, state: State) -> int:
        """The cards of the player to move that may be laid out."""
        seat = state.to_move
        assert seat is not None
        record = fan_tan_record(state)
        return state.hands_mask[seat] & playable_mask(self.layout(state), record.start, self.deck)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """A ``Play`` for every card that may be laid out, else ``Pass()`` alone."""
        mask = self.legal_mask(state)
        if not mask:
            return (_PASS,)
        return tuple(PLAYS[card.index] for card in CardSet.from_mask(mask))

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say why a move is refused: a card not held, one that fits no row, a pass too soon."""
        seat = state.to_move
        assert seat is not None
        mask = self.legal_mask(state)
        if isinstance(move, Pass):
            if not mask:
                return None
            return f"seat {seat} can lay out {CardSet.from_mask(mask)}: pass only when none fits"
        if not isinstance(move, Play):
            return f"the cards are being laid out: play a card or pass, not {move}"
        card = move.card
        if not state.hands_mask[seat] & card.mask:
            return f"seat {seat} does not hold {card}"
        if mask & card.mask:
            return None
        record = fan_tan_record(state)
        if card.suit is None or record.start is None:
            return f"{card} fits no row of the layout"
        row = self.layout(state) & SUIT_MASKS[card.suit]
        suit = _SUIT_NAMES[card.suit]
        if not row:
            return (
                f"the row of {suit} is not open: it opens with the {Card(card.suit, record.start)}"
            )
        return f"{card} does not fit the row of {suit} ({CardSet.from_mask(row)})"

    def play_rest_at_random(self, state: State, draws: Sequence[Draws]) -> State | None:
        """The rest of the layout played at random on integers; the state that ends the deal.

        Each seat lays out the card it draws among those it may lay out (in the order of
        :meth:`legal_moves`), or passes: the moves and the end state are those of :meth:`apply`
        move by move, without a state for each move.
        """
        seat = state.to_move
        assert seat is not None
        record = fan_tan_record(state)
        start = record.start
        out = list(record.out)
        hands = list(state.hands_mask)
        played: list[int] = []
        layout, _ = lay_out(
            hands,
            seat,
            _opening(start),
            self.layout(state),
            self.deck,
            self.rules.step,
            out,
            played,
            list(draws),
        )
        moves = [_PASS if index < 0 else PLAYS[index] for index in played]
        if start is None and played:
            # The first card played set the rank (any card opens the empty layout).
            start = PLAYS[played[0]].card.rank
        piles = tuple(sorted({**dict(state.piles_mask), LAYOUT: layout}.items()))
        return state.after_moves(
            moves,
            hands_mask=tuple(hands),
            piles_mask=piles,
            aux=FanTan(start=start, out=tuple(out)),
            to_move=None,
        )

    def plays_deals_at_random(self) -> bool:
        """Whether :meth:`play_deal_at_random` may play a whole deal of the layout.

        It may when the moves and their effect are this class's own: the layout opens as
        :func:`begin_fan_tan` opens it.
        """
        kind = type(self)
        return kind.legal_moves is FanTanPlay.legal_moves and kind.apply is FanTanPlay.apply

    def play_deal_at_random(
        self, opening: Opening, dealer: int, hands: Sequence[int], draws: Sequence[Draws]
    ) -> tuple[tuple[int, ...], int]:
        """A whole layout played at random from ``hands``: each seat's price, and the moves made.

        The first player is the one the contract's trick rules name, and the start rank the
        one the rules fix, or the rank of the opening's ``Declare`` where it is declared
        (``"declare"``). The moves are those of :meth:`play_rest_at_random` from the layout's
        opening, and the points those of :func:`fan_tan_points` for the deal they end.
        """
        contract = opening.contract
        assert contract is not None
        rules = self.rules
        start = _fixed_start(rules)
        if rules.options.get("fan_tan_start") == "declare":
            start = next(
                m.rank for m in opening.moves if isinstance(m, Declare) and m.rank is not None
            )
        held = list(hands)
        first = first_leader(rules, contract, dealer, opening.maker, tuple(held))
        out: list[int] = []
        played: list[int] = []
        lay_out(held, first, _opening(start), 0, self.deck, rules.step, out, played, list(draws))
        return _prices_by_place(contract.trick_values, out, len(held)), len(played)

    def apply(self, state: State, move: Move) -> State:
        """Lay the card out (or pass); end the deal when all players but one are out."""
        seat = state.to_move
        assert seat is not None
        rules = self.rules
        record = fan_tan_record(state)
        hands = list(state.hands_mask)
        piles = state.piles_mask
        if isinstance(move, Play):
            card = move.card
            hands[seat] &= ~card.mask
            layout = self.layout(state) | card.mask
            piles = tuple(sorted({**dict(piles), LAYOUT: layout}.items()))
            if record.start is None:
                assert card.rank is not None
                record = attrs.evolve(record, start=card.rank)
            if not hands[seat]:
                record = attrs.evolve(record, out=(*record.out, seat))
        holders = [s for s, hand in enumerate(hands) if hand]
        if len(holders) <= 1:
            ended = state.after(
                move, hands_mask=tuple(hands), piles_mask=piles, aux=record, to_move=None
            )
            return finish_deal(ended, ended_early=False)
        nxt = rules.next_seat(seat)
        while not hands[nxt]:
            nxt = rules.next_seat(nxt)
        return state.after(move, hands_mask=tuple(hands), piles_mask=piles, aux=record, to_move=nxt)


def places(state: State) -> tuple[int, ...]:
    """The seats in the order they went out, the ones still holding cards last (by seat)."""
    return _places(fan_tan_record(state).out, state.rules.players)


def _places(out: Sequence[int], players: int) -> tuple[int, ...]:
    return (*out, *(seat for seat in range(players) if seat not in out))


def fan_tan_points(state: State) -> tuple[int, ...]:
    """The points of a finished fan-tan deal: the contract's price of each seat's place."""
    contract = state.contract_info
    assert contract is not None
    return _prices_by_place(contract.trick_values, fan_tan_record(state).out, state.rules.players)


def _prices_by_place(prices: Sequence[int], out: Sequence[int], players: int) -> tuple[int, ...]:
    """Each seat's price of its place, the seats ``out`` first in order, the others after."""
    points = [0] * players
    for place, seat in enumerate(_places(out, players)):
        if place < len(prices):
            points[seat] = prices[place]
    return tuple(points)


def fan_tan_layout(
    rules: Rules, view: View, moves: Sequence[Move | None] | None = None
) -> HiddenLayout:
    """Where the cards a seat has not seen lie in a fan-tan deal, for :meth:`View.sample`.

    The other seats' hands are hidden; every card laid out was dealt to the seat that laid it,
    which the turns tell: the first player moves first, and after each play or pass the next
    seat still holding cards moves. The deal began with the layout empty. ``moves`` are the
    moves of the layout, in order (by default the deal's moves: a variant whose deal makes
    other moves first, such as doubling rounds, gives the layout's alone).
    """
    seat = view.seat
    assert view.contract is not None
    sizes = dealt_sizes(rules, view)
    turn = first_leader(rules, rules.contracts[view.contract], view.dealer, None, tuple(sizes))
    laid = [0] * view.players
    held = list(sizes)
    # The view is of a live deal, so at least two seats hold cards after every move of it.
    for move in view.deal_moves if moves is None else moves:
        if isinstance(move, Play):
            laid[turn] |= move.card.mask
            held[turn] -= 1
        turn = rules.next_seat(turn)
        while not held[turn]:
            turn = rules.next_seat(turn)
    known = view.hand.mask
    for mask in laid:
        known |= mask
    pool = rules.deck.mask & ~known
    slots = tuple((hand_slot(s), n) for s, n in enumerate(view.hand_sizes) if s != seat and n)

    def start(placed: Mapping[str, int], rng: random.Random) -> DealStart:
        hands = tuple(
            (view.hand.mask if s == seat else placed.get(hand_slot(s), 0)) | laid[s]
            for s in range(view.players)
        )
        return DealStart(hands=hands)

    return HiddenLayout(pool=pool, slots=slots, start=start)


def _details(state: State) -> Sequence[tuple[str, Any]]:
    record = fan_tan_record(state)
    return (("places", places(state)), ("start_rank", record.start))


# --------------------------------------------------------------------- the hooks


@hookimpl
def kinglib_phases(rules: Rules) -> Mapping[str, PhaseRules]:
    """The fan-tan layout, as the play phase ``"fan_tan"``."""
    return {FAN_TAN: FanTanPlay(rules)}


@hookimpl
@for_contracts(FAN_TAN)
def kinglib_score_deal(rules: Rules, state: State) -> tuple[int, ...]:
    """Each seat scores the price of its place of going out."""
    return fan_tan_points(state)


@hookimpl
@for_contracts(FAN_TAN)
def kinglib_deal_details(rules: Rules, state: State) -> Sequence[tuple[str, Any]]:
    """The places (the order of going out, the last holder last) and the start rank."""
    return _details(state)


@hookimpl
@for_contracts(FAN_TAN)
def kinglib_visible_piles(rules: Rules, state: State, seat: int) -> Sequence[str]:
    """The layout lies face up."""
    return (LAYOUT,)


@hookimpl
@for_contracts(FAN_TAN)
def kinglib_view_extra(rules: Rules, state: State, seat: int) -> Mapping[str, Any]:
    """The start rank (``None`` until set) and the seats out, in order (``fan_tan``)."""
    record = fan_tan_record(state)
    start = None if record.start is None else record.start.letter
    return {"fan_tan": {"start_rank": start, "out": record.out}}
