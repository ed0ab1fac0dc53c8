"""domino — Кинг домино: hearts with a face-down stock ("базар").

Three to six players get six cards each; the rest of the pack is the **stock**. Any card may
be led, hearts included. A player who cannot follow suit while the stock holds cards must
:class:`~kinglib.values.moves.Draw`: cards come off the stock one at a time until one of the led
suit comes, and that card is then his only legal play (the follow-suit rule forces it, since he held
none of the suit before). If the stock runs out first, he may play any card. A player whose hand is
empty drops out; when at most one player still holds cards the deal ends: he adds his hand and
whatever is left of the stock to his taken cards; if nobody holds cards, a stock left over goes to
the winner of the last trick. Each heart taken costs a point; the match goes on until some total is
−31 or lower at the end of a deal.

The stock's order is fixed when the cards are dealt and kept in ``state.aux``
(:class:`DominoAux`); no view and no legal-move list shows it, only the stock's size and how
many cards each draw took. In a deal given with ``Rules.new_deal(..., stock="...")`` the stock
is drawn in the order written, first card first.

Options: ``deck`` (32 or 52; by default 32, or 52 for six players, since six hands of six
need 36 cards; ``deck=32`` with six players is refused) plus the common ``first_dealer`` and
``early_end``. Where the rules are silent: a player who plays his last card drops out at
once, even in the middle of a trick and with cards still in the stock (he cannot draw with an
empty hand); early end stops a deal only when no heart is left in any hand or in the stock.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from kinglib.engine.dealing import shuffle_cards
from kinglib.engine.flow import finish_deal
from kinglib.engine.kernel import DRAW_INDEX
from kinglib.engine.phases import PhaseRules
from kinglib.engine.rules import Rules
from kinglib.engine.sampling import HiddenLayout
from kinglib.engine.state import Phase, State, Trick
from kinglib.engine.tricks import TrickPlay, plays_of, start_play
from kinglib.engine.view import View
from kinglib.plugins.invariants import Invariants
from kinglib.values.cards import SUIT_MASKS, Card, CardSet, Suit, deck_mask, iter_indices
from kinglib.values.contracts import Contract
from kinglib.values.moves import Draw, Move, Play
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib.values.trick_rules import TrickRules
from kinglib_variants._hidden import domino_layout

__all__ = ["HAND_SIZE", "LOSING_TOTAL", "DominoAux", "DominoPlay", "stock_order"]

#: Cards dealt to each player.
HAND_SIZE = 6
#: The match ends at the end of a deal in which some total reaches this or lower.
LOSING_TOTAL = -31

_HEARTS = SUIT_MASKS[Suit.HEARTS]
_DRAW = Draw()
_SUIT_NAMES = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


def _deck_option(value: Any, players: int) -> int:
    """Resolve ``deck``: 32 or 52; unset means 32, or 52 for six players."""
    if value is None:
        return 52 if players * HAND_SIZE > 32 else 32
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or value not in (32, 52):
        raise ValueError(f"option 'deck' is 32 or 52, not {value!r}")
    need = players * HAND_SIZE
    if need > value:
        raise ValueError(
            f"{players} players need {need} cards ({players} hands of {HAND_SIZE}), more than "
            f"the {value}-card pack holds; use deck=52, the 52-card pack"
        )
    return int(value)


INFO = VariantInfo(
    name="domino",
    title="Кинг домино",
    english_title="Domino King",
    players=(3, 4, 5, 6),
    default_players=4,
    options=(
        Option(
            "deck",
            None,
            "the pack: 32 or 52 cards; unset (None) means 32, or 52 for six players",
            convert=_deck_option,
        ),
    ),
    description=(
        "Hearts with a stock: six cards each, the rest face down; a player who cannot follow "
        "draws until he can. Each heart taken costs a point; the match ends when a total "
        "reaches -31."
    ),
)


@attrs.frozen
class DominoAux:
    """The hidden and public extras of a domino deal, kept in ``state.aux``.

    Attributes:
        stock: the card indices left in the stock, the next card to be drawn first. Secret:
            never shown in a view.
        draws: one ``(seat, number of cards)`` pair per draw made in the deal, in order.
        drawn: per seat, the mask of the cards that seat has drawn (seen by it alone).

    """

    stock: tuple[int, ...]
    draws: tuple[tuple[int, int], ...] = ()
    drawn: tuple[int, ...] = ()


def stock_order(state: State) -> tuple[Card, ...]:
    """The cards of the stock in the order they will be drawn (for tests and tools, not views)."""
    aux = state.aux
    if not isinstance(aux, DominoAux):
        return ()
    return tuple(Card.from_index(i) for i in aux.stock)


class DominoPlay(TrickPlay):
    """The PLAY phase of domino: follow suit or draw, players going out, the stock at the end.

    The trick rules are the contract's (``TrickRules(void="draw")``: a player who cannot follow
    draws from the stock), decided by the kernel; this phase adds the draw move, the stock
    kept in ``state.aux`` and the end of a deal when at most one player still holds cards.
    The kernel plays its deals whole (:meth:`kernel_start`, :meth:`kernel_end`).
    """

    whole_deals = True
    # The opening (kinglib_begin_deal) is kinglib's, and the stock's order that of the deal.
    opens_whole_deals = True
    stock_pile = "stock"

    # --------------------------------------------------------------- legality

    def stock_left(self, state: State) -> bool:
        """Whether the stock still holds cards."""
        aux = state.aux
        assert isinstance(aux, DominoAux)
        return bool(aux.stock)

    def must_draw(self, state: State) -> bool:
        """Whether the player to move cannot follow suit while the stock still holds cards."""
        return bool(state.trick) and not self.legal_mask(state)

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """``Draw()`` alone when the player must draw, else a ``Play`` for every legal card."""
        mask = self.legal_mask(state)
        if not mask and state.trick:
            return (_DRAW,)
        return plays_of(mask)

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say precisely why a move is refused."""
        seat = state.to_move
        assert seat is not None
        must_draw = self.must_draw(state)
        if isinstance(move, Draw):
            if must_draw:
                return None
            if not state.trick:
                return "the leader plays any card; draw only when you cannot follow suit"
            led = state.trick[0][1]
            assert led.suit is not None
            if state.hands_mask[seat] & SUIT_MASKS[led.suit]:
                return f"{led} was led and seat {seat} can follow with {_SUIT_NAMES[led.suit]}"
            return "the stock is empty: play any card"
        if not isinstance(move, Play):
            return f"cards are being played: play a card or draw, not {move}"
        return super().why_illegal(state, move)

    # --------------------------------------------------------------- moving

    def apply(self, state: State, move: Move) -> State:
        """Draw, or play a card (completing the trick, and the deal, when it is the last)."""
        if isinstance(move, Draw):
            return self.draw(state, move)
        return super().apply(state, move)

    def draw(self, state: State, move: Move) -> State:
        """Take cards off the stock until one of the led suit comes or the stock runs out."""
        seat = state.to_move
        assert seat is not None
        aux = state.aux
        assert isinstance(aux, DominoAux)
        led = state.trick[0][1].suit
        assert led is not None
        suit_mask = SUIT_MASKS[led]
        taken = 0
        count = 0
        for index in aux.stock:
            count += 1
            taken |= 1 << index
            if (1 << index) & suit_mask:
                break
        hands = list(state.hands_mask)
        hands[seat] |= taken
        drawn = list(aux.drawn or (0,) * self.players)
        drawn[seat] |= taken
        new_aux = DominoAux(
            stock=aux.stock[count:],
            draws=(*aux.draws, (seat, count)),
            drawn=tuple(drawn),
        )
        return state.after(
            move,
            hands_mask=tuple(hands),
            piles_mask=_with_stock(state.piles_mask, _mask_of(new_aux.stock)),
            aux=new_aux,
        )

    def complete_trick(
        self,
        state: State,
        move: Move,
        hands: tuple[int, ...],
        trick: tuple[tuple[int, Card], ...],
    ) -> State:
        """Give the trick to its winner; end the deal when at most one player holds cards."""
        winner = self.trick_winner(state, trick)
        taken = list(state.taken_mask)
        for _, card in trick:
            taken[winner] |= card.mask
        tricks = (*state.tricks, Trick(trick, winner))
        aux = state.aux
        assert isinstance(aux, DominoAux)
        holders = [seat for seat, hand in enumerate(hands) if hand]
        if len(holders) <= 1:
            stock = _mask_of(aux.stock)
            new_hands = list(hands)
            receiver = winner
            if holders:
                receiver = holders[0]
                taken[receiver] |= new_hands[receiver]
                new_hands[receiver] = 0
            taken[receiver] |= stock
            ended = state.after(
                move,
                hands_mask=tuple(new_hands),
                taken_mask=tuple(taken),
                trick=(),
                tricks=tricks,
                to_move=None,
                piles_mask=_with_stock(state.piles_mask, 0),
                aux=attrs.evolve(aux, stock=()),
            )
            return finish_deal(ended, ended_early=False)
        leader = winner
        while not hands[leader]:
            leader = self.rules.next_seat(leader)
        after = state.after(
            move,
            hands_mask=hands,
            taken_mask=tuple(taken),
            trick=(),
            tricks=tricks,
            to_move=leader,
        )
        if self.early_end:
            remaining = _mask_of(aux.stock)
            for hand in hands:
                remaining |= hand
            contract = state.contract_info
            assert contract is not None
            if not remaining & contract.scoring_mask:
                return finish_deal(after, ended_early=True)
        return after

    # --------------------------------------------------------------- whole deals

    def kernel_start(self, state: State) -> tuple[list[int], int]:
        """The stock's card indices, next to be drawn first; domino has no kitty."""
        aux = state.aux
        assert isinstance(aux, DominoAux)
        return list(aux.stock), 0

    def kernel_end(
        self,
        state: State,
        played: list[list[int]],
        winners: list[int],
        drawn: list[int],
        hands: list[int],
        taken: list[int],
        stock: list[int],
    ) -> State:
        """The end of the tricks the kernel played, with the draws and the stock recorded."""
        end = super().kernel_end(state, played, winners, drawn, hands, taken, stock)
        aux = state.aux
        assert isinstance(aux, DominoAux)
        drawers = [code >> 6 for codes in played for code in codes if code & 63 == DRAW_INDEX]
        per_seat = list(aux.drawn or (0,) * self.players)
        draws = list(aux.draws)
        for seat, got in zip(drawers, drawn):
            per_seat[seat] |= got
            draws.append((seat, got.bit_count()))
        left = tuple(stock)
        new_aux = DominoAux(stock=left, draws=tuple(draws), drawn=tuple(per_seat))
        to_move = None
        if any(hands):  # an early end: the seat that would lead next, as card by card
            to_move = winners[-1]
            while not hands[to_move]:
                to_move = self.rules.next_seat(to_move)
        return end.evolve(
            piles_mask=_with_stock(end.piles_mask, _mask_of(left)),
            aux=new_aux,
            to_move=to_move,
        )


def _mask_of(indices: tuple[int, ...]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def _with_stock(piles: tuple[tuple[str, int], ...], mask: int) -> tuple[tuple[str, int], ...]:
    return tuple((name, mask if name == "stock" else m) for name, m in piles)


def domino_contract(deck: int) -> Contract:
    """The one contract of domino: −1 for each heart taken."""
    hearts = _HEARTS & deck
    return Contract(
        id="domino",
        name="Кинг домино",
        title="domino",
        card_values=((hearts, -1),),
        total=-hearts.bit_count(),
        description="1 a heart, hearts in the stock included",
        trick_rules=TrickRules(void="draw"),
    )


def kinglib_deck(rules: Rules) -> CardSet:
    """The pack of the deal: 32 cards (sevens up) with ``deck=32``, else all 52 (twos up)."""
    return CardSet.from_mask(deck_mask(7 if rules.options["deck"] == 32 else 2))


def kinglib_contracts(rules: Rules) -> Mapping[str, Contract]:
    """The one contract ``"domino"``, priced on the hearts of the pack in use."""
    return {"domino": domino_contract(rules.deck.mask)}


def kinglib_schedule() -> Schedule:
    """Every deal plays ``"domino"``, until some total is :data:`LOSING_TOTAL` (−31) or lower."""
    return Schedule(repeat="domino", until=LOSING_TOTAL)


def kinglib_phases(rules: Rules) -> Mapping[Phase, PhaseRules]:
    """The only phase of a domino deal: trick play with drawing from the stock."""
    return {Phase.PLAY: DominoPlay(rules)}


def kinglib_deal_piles(rules: Rules) -> dict[str, int]:
    """The stock: every card but the six dealt to each player."""
    return {"stock": len(rules.deck) - HAND_SIZE * rules.players}


def domino_stock_order(rules: Rules, state: State) -> tuple[int, ...]:
    """The order the stock of a freshly dealt deal is drawn in, next card first.

    A given deal keeps the order its stock was written in (by index when none was written). A
    seeded deal replays the deal's own shuffle (the same generator, the same draws) and keeps
    the stock in shuffled order; any stock card that shuffle misses follows, by index.
    """
    stock = state.pile("stock").mask
    spec = state.deal_spec
    if spec is not None:
        written = spec.order_of("stock")
        return tuple(iter_indices(stock)) if written is None else written
    assert state.setup.seed is not None
    cards = list(_pack_indices(rules.deck.mask))
    shuffle_cards(cards, rules.rng(state.setup.seed, state.deal_number))
    shuffled = tuple(i for i in cards if stock >> i & 1)
    missing = stock & ~_mask_of(shuffled)
    return shuffled + tuple(iter_indices(missing))


@functools.lru_cache(maxsize=16)
def _pack_indices(deck: int) -> tuple[int, ...]:
    """The card indices of a pack, in index order (worked out once for each pack)."""
    return tuple(iter_indices(deck))


def kinglib_view_extra(state: State, seat: int) -> Mapping[str, Any]:
    """The view extras: every draw's ``(seat, cards)`` (public) and the cards ``seat`` drew.

    Nothing before the deal has begun (no :class:`DominoAux` yet).
    """
    aux = state.aux
    if not isinstance(aux, DominoAux):
        return {}
    drawn = aux.drawn[seat] if aux.drawn else 0
    return {"draws": aux.draws, "drawn": CardSet.from_mask(drawn)}


def kinglib_deal_details(state: State) -> Sequence[tuple[str, Any]]:
    """The deal's details: ``("draws", ...)``, how many cards each draw took, by whom."""
    aux = state.aux
    if not isinstance(aux, DominoAux):
        return ()
    return (("draws", aux.draws),)


def kinglib_invariants() -> Invariants:
    """Not zero-sum; each deal hands out its hearts; the match ends at :data:`LOSING_TOTAL`."""
    return Invariants(threshold=LOSING_TOTAL)


# --------------------------------------------------------------------- the hooks


def kinglib_variant_info() -> VariantInfo:
    """Describe domino."""
    return INFO


def kinglib_begin_deal(rules: Rules, state: State) -> State:
    """Open a domino deal: trick play of ``"domino"``, no trump, the eldest to lead.

    The stock's order (:func:`domino_stock_order`) goes into ``state.aux`` with no draws made:
    a given deal keeps the order its stock was written in, a seeded deal replays the deal's
    own shuffle (the same generator, the same draws) and keeps the stock in shuffled order.
    """
    order = domino_stock_order(rules, state)
    return start_play(
        state,
        contract_info=rules.contracts["domino"],
        trump=None,
        aux=DominoAux(stock=order, drawn=(0,) * rules.players),
    )


def kinglib_sample_hidden(rules: Rules, view: View) -> HiddenLayout:
    """Where the cards this view does not show may lie (see :mod:`kinglib.engine.sampling`)."""
    return domino_layout(rules, view)
