"""A match of random players, played without views: :func:`random_match`.

:func:`kinglib.simulate` with its default random bots spends most of its time building the
views the bots look at and re-checking the moves they return. A
:class:`~kinglib.bots.RandomBot` needs neither: it draws one of the legal moves with
``rng.choice``. :func:`random_match` draws the same move from the same generator and hands it
straight to the phase's unchecked ``apply``, so it reaches the very state that
:func:`kinglib.play` reaches with ``RandomBot(game_seed(seed, seat))`` in every seat.

In a phase ruled by a :class:`~kinglib.tricks.TrickPlay` whose ``legal_moves`` is the stock one
(the cards of ``legal_mask`` in display order), the move is picked straight from the mask: the
generator draws an index below the number of legal cards exactly as ``choice`` does, and the
card is the set bit of that rank, lowest first, so no tuple of moves is built.

When that phase is the stock :class:`~kinglib.tricks.TrickPlay` itself and no house rule
filters the moves, a whole deal's card play runs on plain integers (:func:`_play_deal`): the
hands as a list of masks, the trick as a local list, the legality, trick winner and early end
computed as :class:`~kinglib.tricks.TrickPlay` computes them. One :class:`State` is built when
the deal ends, equal to the one the card-by-card play reaches (the same taken cards, the
same :class:`~kinglib.state.Trick` objects, the same chain of moves), and
:func:`~kinglib.flow.finish_deal` scores it and deals the next deal as usual, every hook
included. The other phases, the subclasses of ``TrickPlay``, deals holding jokers and a
trick already begun are played move by move as above.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kinglib.cards import SUIT_MASKS, Card, Rank, Suit
from kinglib.flow import finish_deal
from kinglib.moves import Move
from kinglib.rules import Rules
from kinglib.seeding import game_seed
from kinglib.state import _MAKER, _PHASE, Phase, State, Trick
from kinglib.tricks import PLAYS, TrickPlay, seat_card_pairs

__all__ = ["random_match"]


def _mask_pickers(rules: Rules) -> dict[Phase, Callable[[State], int]]:
    """The phases whose legal moves are the plain cards of a ``legal_mask``, by phase."""
    if rules.legal_moves_filter is not None:
        return {}
    pickers: dict[Phase, Callable[[State], int]] = {}
    for phase, phase_rules in rules.phases.items():
        if isinstance(phase_rules, TrickPlay) and (
            type(phase_rules).legal_moves is TrickPlay.legal_moves
        ):
            pickers[phase] = phase_rules.legal_mask
    return pickers


_HEARTS = SUIT_MASKS[Suit.HEARTS]
_NOT_HEARTS = ~_HEARTS
_KING_OF_HEARTS = Card(Suit.HEARTS, Rank.KING).mask
#: The card of every index of the 52 suited cards.
_CARDS: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(52))
#: The mask of the suit of every index of the 52 suited cards.
_SUIT_OF: tuple[int, ...] = tuple(
    next(mask for mask in SUIT_MASKS if mask & card.mask) for card in _CARDS
)
_SUITED = (1 << 52) - 1
_tuple_new = tuple.__new__
#: ``n.bit_length()`` for every count of legal cards.
_BIT_WIDTH: tuple[int, ...] = tuple(n.bit_length() for n in range(55))
# Whether random.Random.choice draws its index with the plain getrandbits method, whose draws
# _play_deal then repeats inline.
_PLAIN_RANDBELOW = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", object()
)


def _raw_play(rules: Rules) -> TrickPlay | None:
    """The PLAY phase's rules when a deal's card play may run on plain integers, else None.

    That is when they are the stock :class:`TrickPlay` (a subclass may change any rule) and no
    house rule filters the legal moves.
    """
    if rules.legal_moves_filter is not None:
        return None
    phase_rules = rules.phases.get(Phase.PLAY)
    if type(phase_rules) is TrickPlay:
        return phase_rules
    return None


def _play_deal(
    state: State,
    trick_play: TrickPlay,
    getbits: list[Callable[[int], int]],
) -> State | None:
    """Play the rest of the deal of ``state`` (in the PLAY phase, no trick begun) at random.

    Every card is drawn as :func:`random_match` draws it from the mask that
    :meth:`TrickPlay.legal_mask` gives, and the tricks are won and the deal ends early as
    :class:`TrickPlay` decides; the state that ends the deal is built once and handed to
    :func:`~kinglib.flow.finish_deal`, which returns the first state of the next deal (or the
    final state), or ``None`` when the deal holds jokers (they need their own rules).

    ``getbits`` holds the seats' ``getrandbits``; the index ``choice`` would draw is drawn
    inline as ``random.Random._randbelow_with_getrandbits`` draws it.
    """
    (seat, hands_t, _, chain, _, taken_t, tricks_t, _, _, contract, trump, maker) = state[
        : _MAKER + 1
    ]
    remaining = 0
    for hand in hands_t:
        remaining |= hand
    if remaining & ~_SUITED:
        return None  # jokers: the stock rules do not place them
    hands: list[int] = list(hands_t)
    taken: list[int] = list(taken_t)
    tricks: list[Trick] = list(tricks_t)
    players = trick_play.players
    # The other seats in playing order, after each leader.
    followers = _FOLLOWERS.get(players)
    if followers is None:
        followers = _FOLLOWERS[players] = tuple(
            tuple((leader + k) % players for k in range(1, players)) for leader in range(players)
        )
    plays = PLAYS
    cards = _CARDS
    seat_cards = seat_card_pairs(players)
    suit_of = _SUIT_OF
    no_heart_lead = contract.no_heart_lead
    king_on_heart_lead = contract.king_on_heart_lead
    king_on_void = contract.king_on_void
    trump_mask = SUIT_MASKS[trump] if trump.__class__ is Suit else 0
    # The leader must lead a non-trump while holding one, unless it is the maker.
    lead_trump_rule = trick_play.only_maker_leads_trump and trump_mask != 0
    misere = trump == "misere"
    early_end = trick_play.early_end
    last_scoring = contract.last_scoring_trick
    scoring_mask = contract.scoring_mask
    king = _KING_OF_HEARTS
    not_hearts = _NOT_HEARTS
    bit_width = _BIT_WIDTH
    new_trick = _tuple_new
    trick_type = Trick
    while True:
        # The lead: the legal cards as TrickPlay.legal_mask computes them for an empty trick.
        leader = seat
        hand = hands[seat]
        legal = hand & not_hearts if no_heart_lead and hand & not_hearts else hand
        if lead_trump_rule and seat != maker and legal & ~trump_mask:
            legal &= ~trump_mask
        # The index choice() would draw from the legal cards in display order, drawn as
        # random.Random._randbelow_with_getrandbits draws it; then skip that many cards.
        count = legal.bit_count()
        width = bit_width[count]
        draw = getbits[seat]
        skip = draw(width)
        while skip >= count:
            skip = draw(width)
        while skip:
            legal &= legal - 1
            skip -= 1
        trick_mask = legal & -legal
        index = trick_mask.bit_length() - 1
        chain = (chain, plays[index])
        hands[seat] ^= trick_mask
        trick = [seat_cards[seat][index]]
        led_mask = suit_of[index]
        heart_lead_king = king_on_heart_lead and led_mask == _HEARTS
        for seat in followers[leader]:
            hand = hands[seat]
            if not hand:
                continue  # a seat sitting out, or out of cards
            legal = hand & led_mask
            if legal:
                if heart_lead_king and hand & king:
                    legal = king
            elif king_on_void and hand & king:
                legal = king
            else:
                legal = hand & trump_mask or hand
            count = legal.bit_count()
            width = bit_width[count]
            draw = getbits[seat]
            skip = draw(width)
            while skip >= count:
                skip = draw(width)
            while skip:
                legal &= legal - 1
                skip -= 1
            bit = legal & -legal
            index = bit.bit_length() - 1
            chain = (chain, plays[index])
            hands[seat] ^= bit
            trick.append(seat_cards[seat][index])
            trick_mask |= bit
        # The trick is complete: its winner, as TrickPlay.trick_winner finds it.
        remaining ^= trick_mask
        candidates = trick_mask & trump_mask
        if candidates:
            best = candidates & -candidates
        else:
            candidates = trick_mask & led_mask
            best = 1 << (candidates.bit_length() - 1) if misere else candidates & -candidates
        best_card = cards[best.bit_length() - 1]
        for play_seat, card in trick:
            if card is best_card:
                seat = play_seat
                break
        taken[seat] |= trick_mask
        tricks.append(new_trick(trick_type, (tuple(trick), seat)))
        if not remaining:
            ended_early = False
            break
        if early_end and len(tricks) >= last_scoring and not remaining & scoring_mask:
            ended_early = True
            break
    # The state TrickPlay.complete_trick builds after the deal's last trick.
    after: State = _tuple_new(
        State, (seat, tuple(hands), (), chain, None, tuple(taken), tuple(tricks), *state[_PHASE:])
    )
    return finish_deal(after, ended_early=ended_early)


# The other seats in playing order after each leader, by the number of players.
_FOLLOWERS: dict[int, tuple[tuple[int, ...], ...]] = {}


def random_match(rules: Rules, seed: int = 0) -> State:
    """Play a match of ``rules`` dealt from ``seed`` by random players; return the final state.

    Seat ``s`` draws from ``random.Random(game_seed(seed, s))``: the final state equals
    ``kinglib.play(rules, [RandomBot(game_seed(seed, s)) for s in seats], seed)``, move for
    move, at a fraction of the cost (no views, no second legality check). House rules that
    restrict the legal moves are applied as :meth:`State.legal_moves` applies them.
    """
    players = rules.players
    draws = [random.Random(game_seed(seed, seat)) for seat in range(players)]
    choices = [rng.choice for rng in draws]
    # choice(seq) is seq[_randbelow(len(seq))] in CPython; randrange(n) draws the same.
    belows: list[Callable[[int], int]] = [
        getattr(rng, "_randbelow", rng.randrange) for rng in draws
    ]
    getbits = [rng.getrandbits for rng in draws]
    phases = rules.phases
    pickers = _mask_pickers(rules)
    # The whole-deal play repeats the draws of random.Random._randbelow_with_getrandbits.
    raw = _raw_play(rules) if _PLAIN_RANDBELOW else None
    play_phase = Phase.PLAY
    house = rules.legal_moves_filter
    plays = PLAYS
    over = Phase.OVER
    state = rules.new_match(seed=seed)
    # The phase rarely changes from one move to the next: look its rules up only when it does.
    phase = state.phase
    phase_rules = phases[phase] if phase is not over else None
    legal_mask = pickers.get(phase)
    while phase is not over:
        seat = state.to_move
        assert seat is not None and phase_rules is not None
        move: Move
        if phase is play_phase and raw is not None and not state.trick:
            done = _play_deal(state, raw, getbits)
            if done is None:
                raw = None  # play this match through the phase rules
                continue
            state = done
            if state.phase is not phase:
                phase = state.phase
                if phase is not over:
                    phase_rules = phases[phase]
                    legal_mask = pickers.get(phase)
            continue
        if legal_mask is not None:
            mask = legal_mask(state)
            # The index choice() would draw from the n legal moves; then skip that many cards.
            for _ in range(belows[seat](mask.bit_count())):
                mask &= mask - 1
            move = plays[(mask & -mask).bit_length() - 1]
        else:
            moves = phase_rules.legal_moves(state)
            if house is not None:
                moves = house(state, moves)
            move = choices[seat](moves)
        state = phase_rules.apply(state, move)
        if state.phase is not phase:
            phase = state.phase
            if phase is not over:
                phase_rules = phases[phase]
                legal_mask = pickers.get(phase)
    return state
