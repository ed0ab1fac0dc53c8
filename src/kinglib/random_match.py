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

from kinglib.flow import finish_deal
from kinglib.kernel import DRAWS_LIKE_CHOICE, play_deal
from kinglib.rules import Rules
from kinglib.seeding import game_seed
from kinglib.state import Phase, State
from kinglib.tricks import TrickPlay, broken_suits

__all__ = ["kernel_trick_play", "play_rest_of_deal", "random_match"]


def kernel_trick_play(rules: Rules, state: State | None = None) -> TrickPlay | None:
    """The trick play whose deals the kernel may play whole, else None.

    That is when the phase playing the deal of ``state`` (the PLAY phase's trick play, when no
    state is given) changes nothing of the trick play the kernel knows, no house rule filters
    the legal moves, and the generators draw as the kernel does.
    """
    if rules.legal_moves_filter is not None or not DRAWS_LIKE_CHOICE:
        return None
    phase_rules = rules.phases.get(Phase.PLAY)
    if state is not None and phase_rules is not None:
        phase_rules = rules.phase_for(state)
    else:
        phase_rules = getattr(phase_rules, "trick_play", phase_rules)
    if isinstance(phase_rules, TrickPlay) and phase_rules.plays_whole_deals:
        return phase_rules
    return None


def play_rest_of_deal(
    state: State,
    trick_play: TrickPlay,
    getbits: list[Callable[[int], int]],
) -> tuple[State, bool]:
    """Play the rest of the deal of ``state`` (in the PLAY phase, no trick begun) at random.

    The kernel plays the cards (:func:`kinglib.kernel.play_deal`), each seat drawing with its
    ``getbits``; the state that ends the deal is built once. Returns it and whether the deal
    ended early.
    """
    rules = trick_play.deal_rules(state)
    stock, kitty = trick_play.kernel_start(state)
    hands = list(state.hands_mask)
    taken = list(state.taken_mask)
    leader = state.to_move
    assert leader is not None
    played, winners, ended_early, drawn, _ = play_deal(
        hands,
        taken,
        leader,
        len(state.tricks),
        broken_suits(state, rules),
        getbits,
        None,
        rules,
        stock,
        kitty,
    )
    end = trick_play.kernel_end(state, played, winners, drawn, hands, taken, stock)
    return end, ended_early


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
    house = rules.legal_moves_filter
    play_phase = Phase.PLAY
    over = Phase.OVER
    whole = kernel_trick_play(rules) is not None or bool(rules.play_phases)
    state = rules.new_match(seed=seed)
    while state.phase is not over:
        phase_rules = rules.phase_for(state)
        if (
            whole
            and state.phase is play_phase
            and not state.trick
            and isinstance(phase_rules, TrickPlay)
            and phase_rules.plays_whole_deals
            and house is None
        ):
            end, ended_early = play_rest_of_deal(state, phase_rules, getbits)
            state = finish_deal(end, ended_early=ended_early)
            continue
        seat = state.to_move
        assert seat is not None
        moves = phase_rules.legal_moves(state)
        if house is not None:
            moves = house(state, moves)
        state = phase_rules.apply(state, choices[seat](moves))
    return state
