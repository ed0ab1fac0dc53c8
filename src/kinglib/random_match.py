"""A match of random players, played without views: :func:`random_match`.

:func:`kinglib.simulate` with its default random bots spends most of its time building the
views the bots look at and re-checking the moves they return. A
:class:`~kinglib.bots.RandomBot` needs neither: it draws one of the legal moves with
``rng.choice``. :func:`random_match` draws the same move from the same generator and hands it
straight to the phase's unchecked ``apply``, so it reaches the very state that
:func:`kinglib.play` reaches with ``RandomBot(game_seed(seed, seat))`` in every seat.

When the PLAY phase is the stock :class:`~kinglib.tricks.TrickPlay` and no house rule filters
the moves, a whole deal's card play is handed to :func:`kinglib.kernel.play_deal`, which plays
it on plain integers with the same rules and the same draws; one :class:`State` is built when
the deal ends, equal to the one the card-by-card play reaches, and
:func:`~kinglib.flow.finish_deal` scores it and deals the next deal as usual, every hook
included. Other phases, subclasses of ``TrickPlay``, deals holding jokers and a trick already
begun are played move by move.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kinglib.cards import SUIT_MASKS, Card, Suit
from kinglib.flow import finish_deal
from kinglib.kernel import DRAWS_LIKE_CHOICE, SUITED, DealRules, play_deal
from kinglib.rules import Rules
from kinglib.seeding import game_seed
from kinglib.state import Phase, State, _after_deal_play, _trick
from kinglib.tricks import PLAYS, TrickPlay, seat_card_pairs

__all__ = ["random_match"]


def kernel_trick_play(rules: Rules) -> TrickPlay | None:
    """The PLAY phase's rules when a deal's card play may run in the kernel, else None.

    That is when they are the stock :class:`TrickPlay` (a subclass may change any rule), no
    house rule filters the legal moves, and the generators draw as the kernel does.
    """
    if rules.legal_moves_filter is not None or not DRAWS_LIKE_CHOICE:
        return None
    phase_rules = rules.phases.get(Phase.PLAY)
    if type(phase_rules) is TrickPlay:
        return phase_rules
    return None


def kernel_deal_rules(state: State, trick_play: TrickPlay) -> DealRules | None:
    """The kernel's :data:`~kinglib.kernel.DealRules` of the deal of ``state`` (in the PLAY phase).

    ``None`` when the deal holds jokers (they need their own rules).
    """
    remaining = 0
    for hand in state.hands_mask:
        remaining |= hand
    if remaining & ~SUITED:
        return None  # jokers: the stock rules do not place them
    contract = state.contract_info
    assert contract is not None
    trump = state.trump
    maker = state.maker
    trumps = SUIT_MASKS[trump] if trump.__class__ is Suit else 0
    return (
        trick_play.players,
        contract.no_heart_lead,
        contract.king_on_heart_lead,
        contract.king_on_void,
        trumps,
        trumps if trick_play.only_maker_leads_trump else 0,
        -1 if maker is None else maker,
        trump == "misere",
        trick_play.early_end,
        contract.last_scoring_trick,
        contract.scoring_mask,
    )


def kernel_deal_end(
    state: State,
    players: int,
    played: list[list[int]],
    winners: list[int],
    hands: list[int],
    taken: list[int],
) -> State:
    """The state that ends the deal of ``state`` after the kernel played the tricks ``played``.

    It equals the state :class:`~kinglib.tricks.TrickPlay` builds card by card after the deal's
    last trick: the moves are chained, the tricks recorded with their winners.
    """
    tricks = list(state.tricks)
    chain = state._chain
    pair = _pairs_by_code(players).__getitem__
    plays = PLAYS
    for codes, winner in zip(played, winners):
        for code in codes:
            chain = (chain, plays[code & 63])
        tricks.append(_trick(tuple(map(pair, codes)), winner))
    # The state TrickPlay.complete_trick builds after the deal's last trick.
    return _after_deal_play(state, winners[-1], tuple(hands), chain, tuple(taken), tuple(tricks))


def _play_deal(
    state: State,
    trick_play: TrickPlay,
    getbits: list[Callable[[int], int]],
) -> State | None:
    """Play the rest of the deal of ``state`` (in the PLAY phase, no trick begun) at random.

    The kernel plays the cards (:func:`kinglib.kernel.play_deal`); the state that ends the deal
    is built once and handed to :func:`~kinglib.flow.finish_deal`, which returns the first
    state of the next deal (or the final state). ``None`` when the deal holds jokers (they
    need their own rules).
    """
    deal_rules = kernel_deal_rules(state, trick_play)
    if deal_rules is None:
        return None
    hands = list(state.hands_mask)
    taken = list(state.taken_mask)
    leader = state.to_move
    assert leader is not None
    played, winners, ended_early = play_deal(
        hands, taken, leader, len(state.tricks), getbits, deal_rules
    )
    after = kernel_deal_end(state, trick_play.players, played, winners, hands, taken)
    return finish_deal(after, ended_early=ended_early)


# The shared (seat, card) pair of every play code of the kernel, by the number of players.
_PAIRS: dict[int, tuple[tuple[int, Card], ...]] = {}


def _pairs_by_code(players: int) -> tuple[tuple[int, Card], ...]:
    """The ``(seat, card)`` pairs of ``players`` seats, indexed by the kernel's play code."""
    found = _PAIRS.get(players)
    if found is None:
        by_seat = seat_card_pairs(players)
        filler = by_seat[0][0]
        found = _PAIRS[players] = tuple(
            by_seat[code >> 6][code & 63] if code & 63 < 54 else filler
            for code in range(players << 6)
        )
    return found


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
    getbits = [rng.getrandbits for rng in draws]
    phases = rules.phases
    raw = kernel_trick_play(rules)
    play_phase = Phase.PLAY
    house = rules.legal_moves_filter
    over = Phase.OVER
    state = rules.new_match(seed=seed)
    # The phase rarely changes from one move to the next: look its rules up only when it does.
    phase = state.phase
    phase_rules = phases[phase] if phase is not over else None
    while phase is not over:
        assert phase_rules is not None
        if phase is play_phase and raw is not None and not state.trick:
            done = _play_deal(state, raw, getbits)
            if done is None:
                raw = None  # play this match through the phase rules
                continue
            state = done
        else:
            seat = state.to_move
            assert seat is not None
            moves = phase_rules.legal_moves(state)
            if house is not None:
                moves = house(state, moves)
            state = phase_rules.apply(state, choices[seat](moves))
        if state.phase is not phase:
            phase = state.phase
            if phase is not over:
                phase_rules = phases[phase]
    return state
