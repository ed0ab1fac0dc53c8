"""Trick play: :class:`TrickPlay`, the PLAY phase of every trick-taking contract.

Every rule of the trick play is data: the contract's :class:`~kinglib.values.trick_rules.TrickRules`
(leading, following, trump duties, forced cards, jokers, the kitty), the deal's trump and maker,
the direction of play and the option ``early_end``. :func:`deal_rules` turns them into the
kernel's :data:`~kinglib.engine.kernel.DealRules` once a deal, and the kernel's functions decide
every card; a refusal is explained in the words of the rule that decided it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kinglib.engine.flow import finish_deal
from kinglib.engine.kernel import (
    DRAW_INDEX,
    FOLLOW_DRAW,
    FOLLOW_DUTY,
    FOLLOW_OVERTRUMP,
    FOLLOW_TRUMP,
    FOLLOW_TRUMP_BEAT,
    FOLLOW_UNDER,
    FOLLOW_VOID_DUTY,
    MASK_BITS,
    OVER_ALWAYS,
    OVER_NEVER,
    OVER_TRUMP_LEAD,
    R_BROKEN,
    R_JOKERS,
    R_KITTY,
    R_MAKER_ONLY,
    R_NEVER,
    R_OVERTRUMP,
    R_TRUMPS,
    R_UNDER_DUTY,
    REASON_SHIFT,
    SUIT_OF,
    VOID_DISCARD,
    VOID_DRAW,
    VOID_TRUMP,
    DealRules,
    best_bit,
    broken_after,
    deal_rules_of,
    follow_rule,
    is_decided,
    lead_mask,
    led_mask,
    next_to_play,
    trick_winner,
)
from kinglib.engine.phases import PhaseRules
from kinglib.engine.state import (
    Phase,
    State,
    after_card,
    after_deal_play,
    after_trick,
    card_play_fields,
    carried_legal,
    make_trick,
    move_chain,
)
from kinglib.values.cards import JOKERS_MASK, SUIT_MASKS, Card, CardSet, Rank, Suit
from kinglib.values.moves import PLAYS, PLAYS_BY_MASK, Draw, Move, Play, plays_of

if TYPE_CHECKING:
    from kinglib.engine.rules import Rules
    from kinglib.values.contracts import Contract
    from kinglib.values.trick_rules import TrickRules

__all__ = ["PLAYS", "TrickPlay", "deal_rules", "first_leader", "plays_of", "start_play"]

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
_SINGULAR = {
    Suit.SPADES: "spade",
    Suit.HEARTS: "heart",
    Suit.DIAMONDS: "diamond",
    Suit.CLUBS: "club",
}
#: A phase's memo of a deal's rules: contract, trump, maker, the kernel's rules, whether the
#: trick's cards matter to a follower, whether the led suit is the first card's suit.
_Memo = tuple[Any, Any, Any, DealRules, bool, bool]
_NO_RULES: DealRules = deal_rules_of(1)

_VOID = {"trump": VOID_TRUMP, "discard": VOID_DISCARD, "draw": VOID_DRAW}
_OVERTRUMP = {"never": OVER_NEVER, "trump_lead": OVER_TRUMP_LEAD, "always": OVER_ALWAYS}
# The rank order from the top: a card "above" a rank has a lower index in its suit.
_RANKS_DOWN = tuple(sorted(Rank, reverse=True))


def _trumps(trump: Suit | str | None) -> int:
    """The mask of the trump suit, or 0 when the deal has no trump suit."""
    return SUIT_MASKS[trump] if trump.__class__ is Suit else 0


def deal_rules(
    rules: Rules, contract: Contract, trump: Suit | str | None, maker: int | None
) -> DealRules:
    """The kernel's rules of a deal of ``contract`` with this trump and maker.

    They are worked out once for each contract, trump and maker, and kept with the rules.
    """
    cache: dict[tuple[int, Any, int | None], tuple[Contract, DealRules]] = rules._deal_rules
    key = (id(contract), trump, maker)
    found = cache.get(key)
    if found is not None and found[0] is contract:
        return found[1]
    built = _build_deal_rules(rules, contract.trick_rules, contract, trump, maker)
    cache[key] = (contract, built)
    return built


def _build_deal_rules(
    rules: Rules,
    play: TrickRules,
    contract: Contract,
    trump: Suit | str | None,
    maker: int | None,
) -> DealRules:
    trumps = _trumps(trump)
    never, broken, maker_only = play.lead_masks(trumps)
    jokers = joker_suit = joker_high = 0
    if play.joker_suit is not None:
        jokers = rules.deck.mask & JOKERS_MASK
        joker_suit = SUIT_MASKS[play.joker_suit]
        for rank in _RANKS_DOWN:
            if rank < play.joker_rank:
                break
            joker_high |= Card(play.joker_suit, rank).mask
        joker_high &= rules.deck.mask
        # A joker leads as a card of its suit: it shares that suit's lead restriction.
        if never & joker_suit:
            never |= jokers
        if broken & joker_suit:
            broken |= jokers
        if maker_only & joker_suit:
            maker_only |= jokers
    return deal_rules_of(
        rules.players,
        step=rules.step,
        never=never,
        broken=broken,
        maker_only=maker_only,
        maker=-1 if maker is None else maker,
        trumps=trumps,
        void=_VOID[play.void],
        overtrump=_OVERTRUMP[play.overtrump],
        void_duty=play.void_duty.mask,
        follow_duty=play.follow_duty.mask,
        under_duty=play.under_duty.mask,
        misere=play.misere or trump == "misere",
        jokers=jokers,
        joker_suit=joker_suit,
        joker_high=joker_high,
        free=jokers if play.joker_free else 0,
        early_end=bool(rules.options.get("early_end", True)),
        last_scoring=contract.last_scoring_trick,
        scoring=contract.scoring_mask,
        kitty=play.kitty == "first_trick",
    )


def first_leader(
    rules: Rules,
    contract: Contract,
    dealer: int,
    maker: int | None,
    hands: tuple[int, ...],
) -> int:
    """The seat that leads the first trick of a deal of ``contract`` (its rule ``leader``).

    ``"eldest"``: the seat after the dealer; ``"maker"``: the maker, or the eldest when the
    deal has none; ``"after_maker"``: the seat after the maker (after the eldest without one);
    ``"dealer"``: the dealer. A seat without cards (sitting out) passes the lead on to the next.
    """
    rule = contract.trick_rules.leader
    if rule == "dealer":
        seat = dealer
    elif rule == "maker" and maker is not None:
        seat = maker
    else:
        seat = rules.next_seat(dealer if maker is None or rule == "eldest" else maker)
        if rule == "after_maker" and maker is None:
            seat = rules.next_seat(seat)
    for _ in range(rules.players):
        if hands[seat]:
            break
        seat = rules.next_seat(seat)
    return seat


def start_play(state: State, move: Move | None = None, **changes: Any) -> State:
    """The state that opens the trick play of the deal of ``state``, its first leader to move.

    ``changes`` are set as :meth:`State.evolve` sets them (the contract, trump, maker, hands,
    piles, aux...), then the phase becomes PLAY and the seat to move the one the contract's
    trick rules name (:func:`first_leader`). With ``move``, the move is recorded too (as
    :meth:`State.after` does). A variant's phases and openings call it to begin the card play.
    """
    contract = changes.get("contract_info", state.contract_info)
    if contract is None:
        raise ValueError("the trick play of a deal opens once its contract is known")
    rules = state.rules
    changes["phase"] = Phase.PLAY
    changes["to_move"] = first_leader(
        rules,
        contract,
        state.dealer,
        changes.get("maker", state.maker),
        changes.get("hands_mask", state.hands_mask),
    )
    if move is None:
        return state.evolve(**changes)
    return state.after(move, **changes)


def broken_suits(state: State, rules: DealRules) -> int:
    """The suits broken by the completed tricks of the deal of ``state`` (0 when no rule asks)."""
    if not rules[R_BROKEN]:
        return 0
    broken = 0
    for trick in state.tricks:
        plays = trick.plays
        mask = 0
        for _, card in plays:
            mask |= card.mask
        broken = broken_after(broken, mask, led_mask(plays[0][1].index, rules))
    return broken


def _cards_text(mask: int) -> str:
    cards = CardSet.from_mask(mask)
    return str(cards) if len(cards) == 1 else f"one of {cards}"


class TrickPlay(PhaseRules):
    """The PLAY phase of a trick-taking deal: the kernel's rules, read from the contract.

    Args:
        rules: the rules being built; reads the option ``early_end`` (default true).

    A variant writes a subclass only for what is no trick rule (domino's draw from the stock);
    every rule of leading, following and winning is a field of the contract's
    :class:`~kinglib.values.trick_rules.TrickRules`.

    """

    #: Whether the legal moves are exactly the ``Play`` of each card of :meth:`legal_mask`
    #: (true unless a subclass overrides :meth:`legal_moves`); then a move is checked against
    #: the mask alone, and :meth:`why_illegal` only explains a refusal.
    moves_are_mask: bool = True

    #: Whether the states this phase builds carry the legal cards of the player to move, so
    #: that :meth:`State.legal_moves` and :meth:`State.apply` read them instead of asking.
    #: Only the stock legality does: a subclass that overrides :meth:`legal_mask` or
    #: :meth:`legal_moves` never has its states carry cards it did not choose, whatever this
    #: attribute says, and neither does a phase under a house filter of legal moves.
    fills_legal: bool = True

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Note whether the subclass keeps the legal moves of :meth:`legal_mask`."""
        super().__init_subclass__(**kwargs)
        cls.moves_are_mask = cls.legal_moves is TrickPlay.legal_moves
        cls.fills_legal = cls.moves_are_mask and cls.legal_mask is TrickPlay.legal_mask

    def __init__(self, rules: Rules) -> None:
        """Resolve the options this phase reads."""
        self.rules = rules
        self.players = rules.players
        self._step = rules.step
        self._pairs = seat_card_pairs(rules.players)
        self._last: _Memo = (None, None, None, _NO_RULES, False, True)
        self.only_maker_leads_trump = bool(rules.options.get("only_maker_leads_trump", True))
        self.early_end = bool(rules.options.get("early_end", True))
        # The legal cards a state carries are this phase's own only when its legality is the
        # stock one (checked on the type, not on a flag a subclass could keep by mistake).
        kind = type(self)
        stock = (
            kind.legal_mask is TrickPlay.legal_mask and kind.legal_moves is TrickPlay.legal_moves
        )
        self.fills_legal = stock and rules.legal_moves_filter is None

    # --------------------------------------------------------------- the rules

    def deal_rules(self, state: State) -> DealRules:
        """The kernel's rules of the deal of ``state`` (its contract, trump and maker)."""
        contract = state.contract_info
        assert contract is not None
        return deal_rules(self.rules, contract, state.trump, state.maker)

    def stock_left(self, state: State) -> bool:
        """Whether the deal's stock still holds cards to draw (never, in plain trick play)."""
        return False

    # --------------------------------------------------------------- legality

    def legal_mask(self, state: State) -> int:
        """The mask of the cards the player to move may play."""
        seat, hands, trick, contract, trump, maker = card_play_fields(state)
        rules = deal_rules(self.rules, contract, trump, maker)
        if not trick:
            return lead_mask(hands[seat], seat, broken_suits(state, rules), rules)
        mask = 0
        for _, card in trick:
            mask |= card.mask
        led = led_mask(trick[0][1].index, rules)
        return follow_rule(hands[seat], led, mask, rules, self.stock_left(state)) & MASK_BITS

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """A ``Play`` for every legal card."""
        mask = self.legal_mask(state)
        found = PLAYS_BY_MASK.get(mask)
        return found if found is not None else plays_of(mask)

    def why_illegal(self, state: State, move: Move) -> str | None:
        """Say precisely why a card may not be played, in the words of the rule that says so."""
        if not isinstance(move, Play):
            return f"cards are being played: play a card, not {move}"
        seat = state.to_move
        assert seat is not None
        card = move.card
        hand = state.hands_mask[seat]
        if not hand & card.mask:
            return f"seat {seat} does not hold {card}"
        if self.legal_mask(state) & card.mask:
            return None
        if TrickPlay.legal_mask(self, state) & card.mask:
            # The trick rules allow the card: a subclass's own legality refuses it.
            return "it is not legal now"
        contract = state.contract_info
        assert contract is not None
        rules = self.deal_rules(state)
        if not state.trick:
            return self._why_not_led(state, card, rules, contract)
        return self._why_not_followed(state, seat, card, rules, contract)

    def _why_not_led(self, state: State, card: Card, rules: DealRules, contract: Contract) -> str:
        bit = card.mask
        suit = card.suit if card.suit is not None else contract.trick_rules.joker_suit
        cid = contract.id
        if bit & rules[R_MAKER_ONLY]:
            return f"only the maker may lead a trump ({state.trump}) while holding another suit"
        if bit & rules[R_NEVER]:
            if suit is Suit.HEARTS:
                return f"a heart may not be led in {cid} while holding another suit"
            if suit is None:
                return f"{card} may not be led in {cid} while holding another suit"
            return f"a card of {_NAMES[suit]} may not be led in {cid} while holding another suit"
        # Not broken yet: trumps, or a suit (with its jokers, which lead as cards of it).
        if bit & rules[R_TRUMPS]:
            what, one = "trumps", "a trump"
        else:
            assert suit is not None
            what, one = _NAMES[suit], f"a {_SINGULAR[suit]}"
        return (
            f"{what} are not broken yet in {cid}: {one} may be led once one has been played "
            "to an earlier trick led in another suit, or when the leader holds nothing else"
        )

    def _why_not_followed(
        self, state: State, seat: int, card: Card, rules: DealRules, contract: Contract
    ) -> str:
        trick = state.trick
        led_card = trick[0][1]
        hand = state.hands_mask[seat]
        mask = 0
        for _, played in trick:
            mask |= played.mask
        led = led_mask(led_card.index, rules)
        decided = follow_rule(hand, led, mask, rules, self.stock_left(state))
        legal = decided & MASK_BITS
        reason = decided >> REASON_SHIFT
        suit = led_card.suit if led_card.suit is not None else contract.trick_rules.joker_suit
        name = _NAMES[suit] if suit is not None else "the led suit"
        if reason == FOLLOW_DUTY:
            if legal == KING_OF_HEARTS_MASK and suit is Suit.HEARTS:
                return "hearts were led and the holder of KH must play it"
            return f"{led_card} was led and seat {seat} must play {_cards_text(legal)}"
        if reason == FOLLOW_VOID_DUTY:
            return (
                f"{led_card} was led, seat {seat} has none of its suit and must play "
                f"{_cards_text(legal)}"
            )
        if reason == FOLLOW_UNDER:
            best = CardSet.from_mask(mask & led & -(mask & led))
            return (
                f"seat {seat} holds {CardSet.from_mask(legal)} below the {best} and must play "
                f"{_cards_text(legal)}: a card that scores may not be withheld in {contract.id}"
            )
        if reason == FOLLOW_OVERTRUMP:
            high = mask & rules[R_TRUMPS]
            return (
                f"trumps were led and seat {seat} must beat the "
                f"{CardSet.from_mask(high & -high)} with {_cards_text(legal)}"
            )
        if reason == FOLLOW_DRAW:
            return f"seat {seat} cannot follow {led_card} and must draw from the stock"
        if reason == FOLLOW_TRUMP:
            return f"seat {seat} cannot follow {led_card} and must play a trump ({state.trump})"
        if reason == FOLLOW_TRUMP_BEAT:
            high = mask & rules[R_TRUMPS]
            beat = _cards_text(legal & rules[R_TRUMPS])
            return (
                f"seat {seat} cannot follow {led_card}, and a trump he plays must beat the "
                f"{CardSet.from_mask(high & -high)}: {beat}"
            )
        # FOLLOW_SUIT or FOLLOW_FREE: the player holds the led suit.
        # The jokers are in the pack only with a suit of theirs, and a lead of that suit counts
        # them as cards of it.
        if led & rules[R_JOKERS]:
            assert suit is not None
            singular = _SINGULAR[suit]
            return (
                f"{led_card} was led (a {singular} lead) and seat {seat} must follow with a "
                f"{singular} or a joker"
            )
        if card.is_joker and rules[R_JOKERS]:
            joker_suit = contract.trick_rules.joker_suit
            assert joker_suit is not None
            lead_of = _SINGULAR[joker_suit]
            return (
                f"{led_card} was led and seat {seat} holds {name}: a joker may only follow a "
                f"{lead_of} lead or be played when void in the led suit (option joker_free "
                "allows it)"
            )
        return f"{led_card} was led and seat {seat} must follow with a card of {name}"

    def apply_if_legal(self, state: State, move: Move) -> State | None:
        """The state after ``move`` if it is legal, else ``None``, checking the mask once."""
        if not self.moves_are_mask:
            # The subclass's own legal moves decide.
            return self.apply(state, move) if move in self.legal_moves(state) else None
        if move.__class__ is not Play and not isinstance(move, Play):
            return None
        mask = carried_legal(state)
        if mask is None:
            mask = self.legal_mask(state)
        if move.card.mask & mask:
            return self.apply(state, move)
        return None

    # --------------------------------------------------------------- playing

    def trick_winner(self, state: State, plays: tuple[tuple[int, Card], ...]) -> int:
        """The seat that wins a complete trick (trumps, misère and jokers as the rules say)."""
        return self._winner(plays, self._memo(state.contract_info, state.trump, state.maker))

    def _memo(self, contract: Any, trump: Any, maker: int | None) -> _Memo:
        """The deal's rules and what they need worked out, for this contract, trump and maker.

        The last one is kept on the phase (a card play asks for it again and again); the tuple
        is swapped whole, so threads sharing the rules never see half of one.
        """
        memo = self._last
        if memo[0] is contract and memo[1] == trump and memo[2] == maker:
            return memo
        rules = deal_rules(self.rules, contract, trump, maker)
        memo = (
            contract,
            trump,
            maker,
            rules,
            bool(rules[R_UNDER_DUTY] or rules[R_OVERTRUMP]),  # the trick's cards matter
            not rules[R_JOKERS],  # the led suit is the first card's suit
        )
        self._last = memo
        return memo

    @staticmethod
    def _winner(plays: tuple[tuple[int, Card], ...], memo: _Memo) -> int:
        rules = memo[3]
        mask = 0
        for _, card in plays:
            mask |= card.mask
        first = plays[0][1].index
        if memo[5]:  # no joker plays: the best card alone decides
            best = best_bit(mask, SUIT_OF[first], rules, 0)
            for seat, card in plays:
                if card.mask == best:
                    return seat
        codes = [seat << 6 | card.index for seat, card in plays]
        return trick_winner(codes, mask, led_mask(first, rules), rules)

    def apply(self, state: State, move: Move) -> State:
        """Play the card; complete the trick, and the deal, when it is the last card."""
        assert isinstance(move, Play)
        seat, hands_now, trick_now, contract, trump, maker = card_play_fields(state)
        card = move.card
        hands = list(hands_now)
        hands[seat] ^= card.mask
        trick = (*trick_now, self._pairs[seat][card.index])
        # The next seat to play (seats with empty hands are passed over); the leader when the
        # trick is complete.
        leader = trick[0][0]
        nxt = next_to_play(hands, seat, leader, self.players, self._step)
        if nxt == leader:
            return self.complete_trick(state, move, tuple(hands), trick)
        legal = None
        if self.fills_legal:
            memo = self._last
            if memo[0] is not contract or memo[1] != trump or memo[2] != maker:
                memo = self._memo(contract, trump, maker)
            rules = memo[3]
            first = trick[0][1].index
            mask = 0
            if memo[4]:
                for _, played in trick:
                    mask |= played.mask
            led = SUIT_OF[first] if memo[5] else led_mask(first, rules)
            legal = follow_rule(hands[nxt], led, mask, rules, False) & MASK_BITS
        return after_card(state, move, nxt, tuple(hands), trick, legal)

    def complete_trick(
        self,
        state: State,
        move: Move,
        hands: tuple[int, ...],
        trick: tuple[tuple[int, Card], ...],
    ) -> State:
        """Give the trick to its winner, then end the deal if nothing is left to decide."""
        contract = state.contract_info
        memo = self._last
        if memo[0] is not contract or memo[1] != state.trump or memo[2] != state.maker:
            memo = self._memo(contract, state.trump, state.maker)
        rules = memo[3]
        winner = self._winner(trick, memo)
        won = 0
        for _, card in trick:
            won |= card.mask
        taken = list(state.taken_mask)
        taken[winner] |= won
        if rules[R_KITTY] and not state.tricks:
            kitty = state.pile("kitty").mask
            if kitty:
                taken[winner] |= kitty
                state = state.evolve(
                    piles_mask=tuple((k, 0 if k == "kitty" else m) for k, m in state.piles_mask)
                )
        remaining = 0
        for h in hands:
            remaining |= h
        legal = None
        if remaining and self.fills_legal:
            broken = 0
            if rules[R_BROKEN]:
                broken = broken_after(
                    broken_suits(state, rules), won, led_mask(trick[0][1].index, rules)
                )
            legal = lead_mask(hands[winner], winner, broken, rules)
        after = after_trick(
            state, move, winner, hands, tuple(taken), make_trick(trick, winner), legal
        )
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

    # --------------------------------------------------------------- whole deals

    #: Whether the kernel's whole-deal play (:func:`kinglib.engine.kernel.play_deal`) may play the
    #: deals of this phase: ``None`` works it out (true for this class and for subclasses that
    #: change nothing of the trick play); a subclass with a move of its own that the kernel
    #: knows (domino's draw) sets it true and answers :meth:`kernel_start` and
    #: :meth:`kernel_end` for its extras.
    whole_deals: bool | None = None

    #: Whether the variant opens its deals as kinglib's own opening does (the scheduled
    #: contract, no trump, no maker, the leader its trick rules name) but for this phase's own
    #: record of its stock, which it makes from the stock as dealt: then a deal dealt by
    #: kinglib's own deal may be dealt, opened and played whole on integers even though the
    #: variant answers ``kinglib_begin_deal`` (domino's stock). A promise of the phase's,
    #: checked by the tests that compare whole deals with deals played card by card.
    opens_whole_deals: bool = False
    #: The pile this phase draws from (``"stock"`` in domino), in the order it was dealt; None
    #: for plain trick play.
    stock_pile: str | None = None

    @property
    def plays_whole_deals(self) -> bool:
        """Whether the kernel may play whole deals of this phase (no rule of its own)."""
        return _plays_whole_deals(type(self))

    def kernel_start(self, state: State) -> tuple[list[int], int]:
        """What the kernel needs besides the hands: the stock's card indices and the kitty.

        The kitty (the pile ``"kitty"``) counts only when the rules give it to the first
        trick's winner and no trick has been played yet.
        """
        contract = state.contract_info
        assert contract is not None
        kitty = 0
        if contract.trick_rules.kitty == "first_trick" and not state.tricks:
            kitty = state.pile("kitty").mask
        return [], kitty

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
        """The state at the end of the tricks the kernel played from ``state`` on.

        It equals the state this phase builds card by card after the same moves: the moves
        chained, the tricks recorded with their winners, the kitty given away.
        """
        tricks = list(state.tricks)
        chain = move_chain(state)
        pairs = self._pairs
        plays = PLAYS
        for codes, winner in zip(played, winners):
            cards: list[tuple[int, Card]] = []
            for code in codes:
                index = code & 63
                if index == DRAW_INDEX:
                    chain = (chain, _DRAW)
                    continue
                chain = (chain, plays[index])
                cards.append(pairs[code >> 6][index])
            tricks.append(make_trick(tuple(cards), winner))
        end = after_deal_play(state, winners[-1], tuple(hands), chain, tuple(taken), tuple(tricks))
        _, kitty = self.kernel_start(state)
        if kitty:
            end = end.evolve(
                piles_mask=tuple((k, 0 if k == "kitty" else m) for k, m in end.piles_mask)
            )
        return end


#: Whether the kernel may play whole deals of trick plays of a type, by type.
_WHOLE_DEALS: dict[type, bool] = {}


def _plays_whole_deals(kind: type[TrickPlay]) -> bool:
    """Whether the kernel may play whole deals of trick plays of type ``kind``."""
    known = _WHOLE_DEALS.get(kind)
    if known is None:
        if kind.whole_deals is not None:
            known = kind.whole_deals
        else:
            known = all(getattr(kind, name) is getattr(TrickPlay, name) for name in _TRICK_RULES)
        _WHOLE_DEALS[kind] = known
    return known


_DRAW = Draw()
# The methods in which the trick play's rules live: a subclass that overrides none of them
# plays its deals through the kernel whole.
_TRICK_RULES = (
    "legal_mask",
    "legal_moves",
    "apply",
    "apply_if_legal",
    "trick_winner",
    "complete_trick",
    "is_decided",
    "stock_left",
    "kernel_start",
    "kernel_end",
)


KING_OF_HEARTS_MASK = Card(Suit.HEARTS, Rank.KING).mask
