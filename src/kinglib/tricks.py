"""Trick play: :class:`TrickPlay`, the rules of the PLAY phase of the King games.

Following suit, the no-heart-lead rule, the forced K♥, trumps (must trump when void, only the
maker leads trumps), misère ranking and early end are all read from the resolved
:class:`~kinglib.contracts.Contract` and the state's trump, with bit operations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kinglib.cards import SUIT_MASKS, Card, Suit
from kinglib.flow import finish_deal
from kinglib.kernel import (
    KING_OF_HEARTS,
    SUIT_OF,
    follow_mask,
    is_decided,
    lead_mask,
    next_to_play,
    winning_bit,
)
from kinglib.moves import _CHUNK_PLAYS, PLAYS, Move, Play, plays_of
from kinglib.phases import PhaseRules
from kinglib.state import State, _after_card, _after_trick, _card_play_fields, _trick

if TYPE_CHECKING:
    from kinglib.contracts import Contract
    from kinglib.rules import Rules

__all__ = ["PLAYS", "TrickPlay", "plays_of"]

# The (seat, card) pair of every play, by number of players, seat and card index: the plays
# of a trick are tuples of these, shared instead of built once a card.
_SEAT_CARDS: dict[int, tuple[tuple[tuple[int, Card], ...], ...]] = {}


def seat_card_pairs(players: int) -> tuple[tuple[tuple[int, Card], ...], ...]:
    """The shared ``(seat, card)`` pairs of ``players`` seats, by seat and card index."""
    pairs = _SEAT_CARDS.get(players)
    if pairs is None:
        cards = [Card.from_index(i) for i in range(54)]
        pairs = _SEAT_CARDS[players] = tuple(
            tuple((seat, card) for card in cards) for seat in range(players)
        )
    return pairs


_NAMES = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


def _trumps(trump: Suit | str | None) -> int:
    """The mask of the trump suit, or 0 when the deal has no trump suit."""
    return SUIT_MASKS[trump] if trump.__class__ is Suit else 0


def _legal_cards(
    only_maker_leads_trump: bool,
    seat: int,
    hand: int,
    trick: tuple[tuple[int, Card], ...],
    contract: Contract,
    trump: Suit | str | None,
    maker: int | None,
) -> int:
    """The mask of the cards of ``hand`` that ``seat`` may play to ``trick`` (the kernel's)."""
    if not trick:
        barred = _trumps(trump) if only_maker_leads_trump and seat != maker else 0
        return lead_mask(hand, contract.no_heart_lead, barred)
    return follow_mask(
        hand,
        SUIT_OF[trick[0][1].index],
        contract.king_on_heart_lead,
        contract.king_on_void,
        _trumps(trump),
    )


class TrickPlay(PhaseRules):
    """The PLAY phase of a trick-taking deal.

    Args:
        rules: the rules being built; reads the options ``only_maker_leads_trump`` (default
            true) and ``early_end`` (default true).

    """

    #: Whether the legal moves are exactly the ``Play`` of each card of :meth:`legal_mask`
    #: (true unless a subclass overrides :meth:`legal_moves`); then a move is checked against
    #: the mask alone, and :meth:`why_illegal` only explains a refusal.
    moves_are_mask: bool = True

    #: Whether the states this phase builds carry the legal cards of the player to move, so
    #: that :meth:`State.legal_moves` and :meth:`State.apply` read them instead of asking
    #: (true while the legality is the stock one and no house filter of legal moves is in
    #: force: an instance reads the filter from the rules it is built with).
    fills_legal: bool = True

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Note whether the subclass keeps the legal moves of :meth:`legal_mask`."""
        super().__init_subclass__(**kwargs)
        cls.moves_are_mask = cls.legal_moves is TrickPlay.legal_moves
        cls.fills_legal = cls.moves_are_mask and cls.legal_mask is TrickPlay.legal_mask

    def __init__(self, rules: Rules) -> None:
        """Resolve the options this phase reads."""
        self.players = rules.players
        self._pairs = seat_card_pairs(rules.players)
        self.only_maker_leads_trump = bool(rules.options.get("only_maker_leads_trump", True))
        self.early_end = bool(rules.options.get("early_end", True))
        # A house filter of legal moves may cut the cards this phase would carry to the next
        # state: with one, the state asks the phase and the filter instead.
        self.fills_legal = type(self).fills_legal and rules.legal_moves_filter is None

    # --------------------------------------------------------------- legality

    def legal_mask(self, state: State) -> int:
        """The mask of the cards the player to move may play."""
        seat, hands, trick, contract, trump, maker = _card_play_fields(state)
        return _legal_cards(
            self.only_maker_leads_trump, seat, hands[seat], trick, contract, trump, maker
        )

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """A ``Play`` for every legal card."""
        mask = self.legal_mask(state)
        found = _CHUNK_PLAYS.get(mask)
        return found if found is not None else plays_of(mask)

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say precisely why a card may not be played."""
        if not isinstance(move, Play):
            return f"cards are being played: play a card, not {move}"
        seat = state.to_move
        assert seat is not None
        card = move.card
        hand = state.hands_mask[seat]
        if not hand & card.mask:
            return f"seat {seat} does not hold {card}"
        legal = self.legal_mask(state)
        if legal & card.mask:
            return None
        contract = state.contract_info
        assert contract is not None
        if legal == KING_OF_HEARTS and state.trick:
            led = state.trick[0][1]
            if led.suit is not Suit.HEARTS:
                return f"{led} was led, seat {seat} has none of its suit and must play KH"
            if contract.king_on_heart_lead:
                return "hearts were led and the holder of KH must play it"
        if not state.trick:
            if card.suit is Suit.HEARTS and contract.no_heart_lead:
                return f"a heart may not be led in {contract.id} while holding another suit"
            return f"only the maker may lead a trump ({state.trump}) while holding another suit"
        led_card = state.trick[0][1]
        assert led_card.suit is not None
        if hand & SUIT_MASKS[led_card.suit]:
            suit = _NAMES[led_card.suit]
            return f"{led_card} was led and seat {seat} must follow with a card of {suit}"
        return f"seat {seat} cannot follow {led_card} and must play a trump ({state.trump})"

    def apply_if_legal(self, state: State, move: Move) -> State | None:
        """The state after ``move`` if it is legal, else ``None``, checking the mask once."""
        if not self.moves_are_mask:
            # The subclass's own legal moves decide.
            return self.apply(state, move) if move in self.legal_moves(state) else None
        if move.__class__ is not Play and not isinstance(move, Play):
            return None
        mask = state._legal
        if mask is None:
            mask = self.legal_mask(state)
        if move.card.mask & mask:
            return self.apply(state, move)
        return None

    # --------------------------------------------------------------- playing

    def trick_winner(self, state: State, plays: tuple[tuple[int, Card], ...]) -> int:
        """The seat that wins a complete trick."""
        mask = 0
        for _, card in plays:
            mask |= card.mask
        trump = state.trump
        best = winning_bit(mask, SUIT_OF[plays[0][1].index], _trumps(trump), trump == "misere")
        for seat, card in plays:
            if card.mask == best:
                return seat
        raise AssertionError("a trick without a winner")

    def apply(self, state: State, move: Move) -> State:
        """Play the card; complete the trick, and the deal, when it is the last card."""
        assert isinstance(move, Play)
        seat, hands_now, trick_now, contract, trump, _ = _card_play_fields(state)
        card = move.card
        hands = list(hands_now)
        hands[seat] ^= card.mask
        trick = (*trick_now, self._pairs[seat][card.index])
        # The next seat to play (seats with empty hands are passed over); the leader when the
        # trick is complete.
        nxt = next_to_play(hands, seat, trick[0][0], self.players)
        if nxt == trick[0][0]:
            return self.complete_trick(state, move, tuple(hands), trick)
        # The trick goes on: the next seat follows (the kernel's follow rule, called directly).
        legal = (
            follow_mask(
                hands[nxt],
                SUIT_OF[trick[0][1].index],
                contract.king_on_heart_lead,
                contract.king_on_void,
                SUIT_MASKS[trump] if trump.__class__ is Suit else 0,
            )
            if self.fills_legal
            else None
        )
        return _after_card(state, move, nxt, tuple(hands), trick, legal)

    def complete_trick(
        self,
        state: State,
        move: Move,
        hands: tuple[int, ...],
        trick: tuple[tuple[int, Card], ...],
    ) -> State:
        """Give the trick to its winner, then end the deal if nothing is left to decide."""
        winner = self.trick_winner(state, trick)
        won = 0
        for _, card in trick:
            won |= card.mask
        taken = list(state.taken_mask)
        taken[winner] |= won
        remaining = 0
        for h in hands:
            remaining |= h
        _, _, _, contract, trump, maker = _card_play_fields(state)
        legal = (
            _legal_cards(
                self.only_maker_leads_trump, winner, hands[winner], (), contract, trump, maker
            )
            if remaining and self.fills_legal
            else None
        )
        after = _after_trick(state, move, winner, hands, tuple(taken), _trick(trick, winner), legal)
        if not remaining:
            return finish_deal(after, ended_early=False)
        if self.early_end and self.is_decided(after, remaining):
            return finish_deal(after, ended_early=True)
        return after

    def is_decided(self, state: State, remaining: int) -> bool:
        """Whether the cards still in hands can no longer change anyone's score."""
        contract: Contract = state.contract_info  # type: ignore[assignment]
        return is_decided(
            len(state.tricks), contract.last_scoring_trick, remaining, contract.scoring_mask
        )
